import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { journalPagesLogic } from '../../effects/journal';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';
import { JournalEditor } from './JournalEditor';
import { journalTexts as texts } from './messages';
import './journal.css';

/**
 * The game's journal in a dialog (decision 0030): the pages the user may read, one open beside the
 * list; the MJ adds pages there.
 */
export function JournalDialog({
  gameId,
  userId,
  isMaster,
  onClose,
}: {
  gameId: string;
  userId: string;
  isMaster: boolean;
  onClose: () => void;
}) {
  const { socketFacts$, inspect } = useAppActors();
  const list = useActorRef(journalPagesLogic(socketFacts$), { input: { gameId }, inspect });
  const pages = useSelector(list, (snapshot) => snapshot.context.pages);
  const selectedId = useSelector(list, (snapshot) => snapshot.context.selectedId);
  const error = useSelector(list, (snapshot) => snapshot.context.error);
  const loading = useSelector(list, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(list, (snapshot) => snapshot.matches('failed'));
  const busy = useSelector(list, (snapshot) => snapshot.hasTag('busy'));
  const [newTitle, setNewTitle] = useState('');
  const [newShared, setNewShared] = useState(false);

  const create = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: 'journal.create', title: newTitle, shared: newShared });
    setNewTitle('');
    // Each page starts private unless shared on purpose: a secret must not follow a shared page out.
    setNewShared(false);
  };

  return (
    <Dialog title={texts.title} closeLabel={texts.close} onClose={onClose} size="wide" className="journal">
      {error && !failed && (
        <Notice
          tone="error"
          onDismiss={() => list.send({ type: 'journal.error.dismiss' })}
          dismissLabel={texts.dismiss}
        >
          {error}
        </Notice>
      )}
      {failed ? (
        <div className="journal__failed">
          <Notice tone="error">{error}</Notice>
          <button type="button" className="secondary" onClick={() => list.send({ type: 'journal.reload' })}>
            {texts.retry}
          </button>
        </div>
      ) : (
        <div className="journal__layout">
          <nav className="journal__index" aria-label={texts.pages}>
            {loading ? (
              <p className="journal__status">{texts.loading}</p>
            ) : pages.length === 0 ? (
              <p className="journal__status">{isMaster ? texts.empty : texts.emptyForPlayers}</p>
            ) : (
              <ul className="journal__pages">
                {pages.map((page) => (
                  <li key={page.id}>
                    <button
                      type="button"
                      className="journal__page-button"
                      aria-current={page.id === selectedId ? 'page' : undefined}
                      onClick={() => list.send({ type: 'journal.select', id: page.id })}
                    >
                      <span className="journal__page-title">{page.title}</span>
                      {isMaster && (
                        <span
                          className={`journal__badge journal__badge--${page.shared ? 'shared' : 'private'}`}
                        >
                          {page.shared
                            ? page.playersMayWrite
                              ? texts.writable
                              : texts.shared
                            : texts.private}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {isMaster && (
              <form className="journal__new" onSubmit={create}>
                <input
                  aria-label={texts.newTitle}
                  placeholder={texts.newTitle}
                  value={newTitle}
                  maxLength={80}
                  onChange={(event) => setNewTitle(event.target.value)}
                />
                <label>
                  <input
                    type="checkbox"
                    checked={newShared}
                    onChange={(event) => setNewShared(event.target.checked)}
                  />{' '}
                  {texts.newShared}
                </label>
                <button type="submit" disabled={busy || newTitle.trim() === ''}>
                  {texts.create}
                </button>
              </form>
            )}
          </nav>
          <div className="journal__open">
            {selectedId ? (
              <JournalEditor
                key={selectedId}
                pageId={selectedId}
                userId={userId}
                isMaster={isMaster}
                send={list.send}
              />
            ) : (
              !loading && <p className="journal__status">{texts.choose}</p>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
