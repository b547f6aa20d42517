import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Observable } from 'rxjs';
import { paragraphsOf, type ShownHandout } from '../../domain/handouts';
import { documentsLogic } from '../../effects/handouts';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';
import { documentsFailures } from '../../machines/documents.machine';
import { handoutMessages } from './messages';
import './handouts.css';

/**
 * A player's « Documents » (decisions 0029, 0041): a button in the table's toolbar with how many
 * they hold, the list of what the MJ showed them, newest first, and the viewer, which opens by
 * itself when a handout arrives. `held$`: the documents of their copy of the table.
 */
export function DocumentsPanel({ gameId, held$ }: { gameId: string; held$: Observable<ShownHandout[]> }) {
  const { socketFacts$, inspect } = useAppActors();
  const logic = useMemo(() => documentsLogic(socketFacts$, held$), [socketFacts$, held$]);
  const documents = useActorRef(logic, { input: { gameId }, inspect });
  const held = useSelector(documents, (snapshot) => snapshot.context.documents);
  const panelOpen = useSelector(documents, (snapshot) => snapshot.matches({ panel: 'open' }));
  const openId = useSelector(documents, (snapshot) => snapshot.context.openId);
  const viewer = useSelector(documents, (snapshot) =>
    snapshot.matches({ viewer: { open: { picture: 'reading' } } })
      ? 'reading'
      : snapshot.matches({ viewer: { open: { picture: 'unreadable' } } })
        ? 'unreadable'
        : 'ready',
  );
  const pictureUrl = useSelector(documents, (snapshot) => snapshot.context.pictureUrl);
  const open = held.find((document) => document.id === openId);

  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-pressed={panelOpen}
        onClick={() => documents.send({ type: 'panel.toggle' })}
      >
        {handoutMessages.documentsCount(held.length)}
      </button>
      {panelOpen && (
        <Dialog
          title={handoutMessages.documents}
          closeLabel={handoutMessages.close}
          onClose={() => documents.send({ type: 'panel.close' })}
          closeOnBackdrop
        >
          {held.length === 0 ? (
            <p className="handouts__empty">{handoutMessages.noDocuments}</p>
          ) : (
            <ul className="handouts__list" aria-label={handoutMessages.documents}>
              {held.map((document) => (
                <li key={document.id}>
                  <button
                    type="button"
                    className="secondary handouts__open"
                    onClick={() => documents.send({ type: 'document.open', id: document.id })}
                  >
                    <span className="handouts__title">{document.title}</span>
                    <span className="handouts__meta">
                      {document.fileId === null ? handoutMessages.letter : handoutMessages.picture} ·{' '}
                      {handoutMessages.shownOn(document.shownAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      )}
      {open && (
        <Dialog
          title={open.title}
          closeLabel={handoutMessages.closeViewer}
          onClose={() => documents.send({ type: 'viewer.close' })}
          size="wide"
          closeOnBackdrop
          className="handouts__viewer"
        >
          <DocumentContent document={open} state={viewer} pictureUrl={pictureUrl} />
        </Dialog>
      )}
    </>
  );
}

function DocumentContent({
  document,
  state,
  pictureUrl,
}: {
  document: ShownHandout;
  state: 'reading' | 'unreadable' | 'ready';
  pictureUrl: string | null;
}) {
  if (document.text !== null) {
    return (
      <div className="handouts__letter">
        {paragraphsOf(document.text).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    );
  }
  if (state === 'reading') return <p role="status">{handoutMessages.readingPicture}</p>;
  if (state === 'unreadable' || pictureUrl === null)
    return <Notice tone="error">{documentsFailures.picture}</Notice>;
  return <img className="handouts__picture" src={pictureUrl} alt={document.title} />;
}
