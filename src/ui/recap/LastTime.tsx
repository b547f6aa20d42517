import { useActorRef, useSelector } from '@xstate/react';
import { eveningName } from '../../domain/table/evenings';
import { recapLogic } from '../../effects/recap';
import { useAppActors } from '../app/AppActorsContext';
import { Dialog } from '../components/Dialog';
import { recapTexts as texts } from './messages';
import { RecapView } from './RecapView';
import './recap.css';

/**
 * « La dernière fois… » as the table opens: the previous evening's recap, once per user and
 * evening; nothing at all when there is nothing new to tell.
 */
export function LastTime({ gameId }: { gameId: string }) {
  const { inspect } = useAppActors();
  const recap = useActorRef(recapLogic, { input: { gameId, mode: 'lastTime' }, inspect });
  const shown = useSelector(recap, (snapshot) =>
    snapshot.matches({ lastTime: 'shown' }) ? snapshot.context.shown : null,
  );
  if (!shown) return null;
  const close = () => recap.send({ type: 'recap.close' });
  return (
    <Dialog title={texts.lastTime} closeLabel={texts.close} onClose={close} size="wide" className="recap">
      <h2 className="recap__evening">{eveningName(shown.evening)}</h2>
      <RecapView recap={recap} shown={{ ...shown, mayWriteNotes: false }} />
      <div className="recap__actions">
        <button type="button" onClick={close}>
          {texts.understood}
        </button>
      </div>
    </Dialog>
  );
}
