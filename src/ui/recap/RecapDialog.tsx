import { useActorRef, useSelector } from '@xstate/react';
import { eveningName } from '../../domain/table/evenings';
import { recapLogic } from '../../effects/recap';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';
import { recapTexts as texts } from './messages';
import { RecapView } from './RecapView';
import './recap.css';

/** « Résumé de la séance » on demand: any evening of the game, its export, the MJ's lines. */
export function RecapDialog({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const { inspect } = useAppActors();
  const recap = useActorRef(recapLogic, { input: { gameId, mode: 'onDemand' }, inspect });
  const evenings = useSelector(recap, (snapshot) => snapshot.context.evenings);
  const shown = useSelector(recap, (snapshot) => snapshot.context.shown);
  const error = useSelector(recap, (snapshot) => snapshot.context.error);
  const state = useSelector(recap, (snapshot) =>
    snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : shown ? 'shown' : 'loading',
  );
  const busy = useSelector(recap, (snapshot) => snapshot.hasTag('busy'));

  return (
    <Dialog title={texts.title} closeLabel={texts.close} onClose={onClose} size="wide" className="recap">
      {state === 'loading' && <p role="status">{texts.loading}</p>}
      {state === 'empty' && <p>{texts.noEvening}</p>}
      {state === 'failed' && (
        <div className="recap__actions">
          <Notice tone="error">{error}</Notice>
          <button type="button" className="secondary" onClick={() => recap.send({ type: 'recap.retry' })}>
            {texts.retry}
          </button>
        </div>
      )}
      {state === 'shown' && shown && (
        <>
          {error && (
            <Notice
              tone="error"
              onDismiss={() => recap.send({ type: 'error.dismiss' })}
              dismissLabel={texts.dismiss}
            >
              {error}
            </Notice>
          )}
          <div className="recap__toolbar">
            <label>
              {texts.evening}
              <select
                value={shown.evening.number}
                disabled={busy}
                onChange={(event) =>
                  recap.send({ type: 'evening.choose', evening: Number(event.target.value) })
                }
              >
                {[...evenings].reverse().map((evening) => (
                  <option key={evening.number} value={evening.number}>
                    {eveningName(evening)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => recap.send({ type: 'evening.export', format: 'md' })}
            >
              {texts.exportMarkdown}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => recap.send({ type: 'evening.export', format: 'json' })}
            >
              {texts.exportJson}
            </button>
          </div>
          <h2 className="recap__evening">{eveningName(shown.evening)}</h2>
          <RecapView recap={recap} shown={shown} />
        </>
      )}
    </Dialog>
  );
}
