import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import { seatOf } from '../../domain/table/seat';
import { replayLogic } from '../../effects/replay';
import { useAppActors } from '../app/AppActorsContext';
import { Notice } from '../components/Notice';
import { gamePageAddress } from '../home/game-address';
import './replay-link.css';
import '../game/game-styles';
import '../game-chat/game-chat.css';
import { replayTexts as texts } from './messages';
import { ReplayChat } from './ReplayChat';
import { ReplayDocuments } from './ReplayDocuments';
import { ReplayMap } from './ReplayMap';
import { ReplayTimeline } from './ReplayTimeline';
import { ReplayTurnOrder } from './ReplayTurnOrder';
import './replay.css';

const nobody = { id: '', role: 'player' as const, displayName: '', email: '' };

/**
 * /game/replay?gameId=…&playerId=… (docs/live-table.md "Replay"): the game's table as the member saw
 * it at any point of its log, played on at a speed. Read-only: the server answers with this member's
 * copy alone, and nothing here sends a command to the table.
 */
export default function ReplayPage() {
  const [params] = useSearchParams();
  const { auth, inspect } = useAppActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user) ?? nobody;
  const gameId = params.get('gameId') ?? '';
  const playerId = params.get('playerId') ?? '';
  const seat = seatOf(user, null, playerId);
  const replay = useActorRef(replayLogic, { input: { gameId }, inspect });
  const table = useSelector(replay, (snapshot) => snapshot.context.state);
  const chat = useSelector(replay, (snapshot) => snapshot.context.chat);
  const error = useSelector(replay, (snapshot) => snapshot.context.error);
  const loading = useSelector(replay, (snapshot) => snapshot.matches('loading'));

  return (
    <main className="replay-page">
      <header className="replay-page__header">
        <Link className="replay-page__back" to={gamePageAddress({ gameId, playerId: seat.playerId })}>
          <span aria-hidden="true">←</span> {texts.back}
        </Link>
        <div className="replay-page__title">
          <h1>{texts.title}</h1>
          <p>{texts.readOnly}</p>
        </div>
      </header>
      {error && (
        <Notice tone="error">
          {error}{' '}
          <button type="button" className="secondary" onClick={() => replay.send({ type: 'replay.retry' })}>
            {texts.retry}
          </button>
        </Notice>
      )}
      {loading && <p role="status">{texts.loading}</p>}
      <ReplayTimeline replay={replay} />
      {table && (
        <div className="replay-page__table">
          <ReplayMap gameId={gameId} table={table} role={seat.role} />
          <aside className="replay-page__side">
            <ReplayTurnOrder table={table} />
            <ReplayDocuments table={table} />
            <ReplayChat chat={chat} />
          </aside>
        </div>
      )}
    </main>
  );
}
