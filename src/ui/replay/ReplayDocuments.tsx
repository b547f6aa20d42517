import { paragraphsOf } from '../../domain/handouts';
import { handoutsShown, lastShownAt } from '../../domain/table/handouts';
import type { TableState } from '../../domain/table/types';
import { handoutMessages } from '../game/messages';
import { replayTexts as texts } from './messages';
import { ReplayPanel } from './ReplayPanel';

/**
 * The handouts held at the replayed point (decision 0041), as the viewer's copy holds them: every
 * one for the MJ, a player's own. A letter reads in place; a picture is named only, since its file
 * is readable while it is shown, not in a replay of it.
 */
export function ReplayDocuments({ table }: { table: TableState }) {
  const documents = handoutsShown(table.handouts);
  return (
    <ReplayPanel
      id="replay-documents"
      title={texts.documents}
      empty={documents.length === 0 ? texts.noDocuments : null}
    >
      <ul className="replay-documents" data-testid="replay-documents">
        {documents.map((document) => (
          <li key={document.id}>
            <details>
              <summary>
                <span className="replay-documents__title">{document.title}</span>{' '}
                <span className="replay-documents__meta">
                  {document.fileId === null ? handoutMessages.letter : handoutMessages.picture} ·{' '}
                  {handoutMessages.shownOn(lastShownAt(document))}
                </span>
              </summary>
              {document.text === null ? (
                <p className="replay-documents__picture">{texts.pictureNotReplayed}</p>
              ) : (
                paragraphsOf(document.text).map((paragraph, index) => <p key={index}>{paragraph}</p>)
              )}
            </details>
          </li>
        ))}
      </ul>
    </ReplayPanel>
  );
}
