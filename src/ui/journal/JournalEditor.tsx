import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { journalEditorLogic } from '../../effects/journal';
import type { JournalPagesEvent } from '../../machines/journal-pages.machine';
import { useAppActors } from '../app/AppActorsContext';
import { Notice } from '../components/Notice';
import { journalTexts as texts } from './messages';
import { JournalText } from './JournalText';

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * One page of the journal: read with its formatting, or written in a plain field saved as one types
 * (decision 0030); the MJ's sharing and deletion beside it.
 */
export function JournalEditor({
  pageId,
  userId,
  isMaster,
  send,
}: {
  pageId: string;
  userId: string;
  isMaster: boolean;
  /** To the list: sharing and deletion are its calls. */
  send: (event: JournalPagesEvent) => void;
}) {
  const { socketFacts$, inspect } = useAppActors();
  const editor = useActorRef(journalEditorLogic(socketFacts$, userId), {
    input: { pageId, isMaster },
    inspect,
  });
  const page = useSelector(editor, (snapshot) => snapshot.context.page);
  const draft = useSelector(editor, (snapshot) => snapshot.context.draft);
  const view = useSelector(editor, (snapshot) => snapshot.context.view);
  const notice = useSelector(editor, (snapshot) => snapshot.context.notice);
  const error = useSelector(editor, (snapshot) => snapshot.context.error);
  const state = useSelector(editor, (snapshot) =>
    snapshot.matches('loading')
      ? 'loading'
      : snapshot.matches('failed')
        ? 'failed'
        : snapshot.matches('gone')
          ? 'gone'
          : snapshot.hasTag('failed')
            ? 'unsaved'
            : snapshot.hasTag('pending')
              ? 'saving'
              : 'saved',
  );
  const [confirming, setConfirming] = useState(false);
  const bodyId = useId();

  // Leaving the page (a reload, another tab's navigation) sends what is typed at once.
  useEffect(() => {
    const flush = () => editor.send({ type: 'journal.flush' });
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [editor]);

  if (state === 'loading') return <p className="journal__status">{texts.loading}</p>;
  if (state === 'gone') return <Notice tone="info">{texts.gone}</Notice>;
  if (state === 'failed' || !page) {
    return (
      <div className="journal__failed">
        <Notice tone="error">{error}</Notice>
        <button type="button" className="secondary" onClick={() => editor.send({ type: 'journal.reload' })}>
          {texts.retry}
        </button>
      </div>
    );
  }
  const mayWrite = isMaster || (page.shared && page.playersMayWrite);
  const editing = mayWrite && view === 'edit';

  return (
    <article className="journal-page" aria-label={draft.title}>
      <header className="journal-page__header">
        {editing ? (
          <input
            className="journal-page__title-field"
            aria-label={texts.pageTitle}
            value={draft.title}
            maxLength={80}
            onChange={(event) => editor.send({ type: 'journal.edit', title: event.target.value })}
            onBlur={() => editor.send({ type: 'journal.flush' })}
          />
        ) : (
          <h3 className="journal-page__title">{draft.title}</h3>
        )}
        {mayWrite && (
          <button
            type="button"
            className="secondary"
            onClick={() => editor.send({ type: 'journal.view.toggle' })}
          >
            {editing ? texts.read : texts.edit}
          </button>
        )}
      </header>
      <p className={`journal-page__state journal-page__state--${state}`} role="status">
        {!mayWrite
          ? texts.readOnly
          : state === 'saved'
            ? texts.saved
            : state === 'saving'
              ? texts.saving
              : ''}
        {page.updatedBy && ` · ${texts.updatedBy(page.updatedBy, when.format(new Date(page.updatedAt)))}`}
      </p>
      {state === 'unsaved' && (
        <div className="journal__failed">
          <Notice tone="error">{error}</Notice>
          <button type="button" className="secondary" onClick={() => editor.send({ type: 'journal.flush' })}>
            {texts.retry}
          </button>
        </div>
      )}
      {notice && (
        <Notice
          tone="info"
          onDismiss={() => editor.send({ type: 'journal.notice.dismiss' })}
          dismissLabel={texts.dismiss}
        >
          {notice}
        </Notice>
      )}
      {isMaster && (
        <div className="journal-page__sharing">
          <label>
            <input
              type="checkbox"
              checked={page.shared}
              onChange={(event) =>
                send({
                  type: 'journal.share',
                  id: page.id,
                  sharing: { shared: event.target.checked, playersMayWrite: page.playersMayWrite },
                })
              }
            />{' '}
            {texts.share}
          </label>
          <label>
            <input
              type="checkbox"
              checked={page.playersMayWrite}
              disabled={!page.shared}
              onChange={(event) =>
                send({
                  type: 'journal.share',
                  id: page.id,
                  sharing: { shared: true, playersMayWrite: event.target.checked },
                })
              }
            />{' '}
            {texts.playersMayWrite}
          </label>
          <button
            type="button"
            className="secondary journal-page__delete"
            onClick={() => (confirming ? send({ type: 'journal.delete', id: page.id }) : setConfirming(true))}
            onBlur={() => setConfirming(false)}
          >
            {confirming ? texts.confirmDelete : texts.delete}
          </button>
        </div>
      )}
      {editing ? (
        <>
          <label className="visually-hidden" htmlFor={bodyId}>
            {texts.body}
          </label>
          <textarea
            id={bodyId}
            className="journal-page__body-field"
            value={draft.body}
            onChange={(event) => editor.send({ type: 'journal.edit', body: event.target.value })}
            onBlur={() => editor.send({ type: 'journal.flush' })}
          />
          <p className="journal-page__hint">{texts.formatHint}</p>
        </>
      ) : draft.body.trim() === '' ? (
        <p className="journal__status">{texts.blank}</p>
      ) : (
        <JournalText text={draft.body} />
      )}
    </article>
  );
}
