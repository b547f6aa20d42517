import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { seatOf } from '../../domain/table/seat';
import { gameScreenLogic } from '../../effects/game-screen';
import { useAppActors } from '../app/AppActorsContext';
import { PortraitOverlay } from '../landing/scene/PortraitOverlay';
import { LiveTable } from './LiveTable';
import { gameMessages } from './messages';
import './game-styles';
import { Notice } from '../components/Notice';

const nobody = { id: '', role: 'player' as const, displayName: '', email: '' };

/**
 * /game?gameId=…&playerId=…[&invite=…] (table.md §2): the game's name, the way back, and the live
 * table once the game is loaded. The player id may come as `id` too; an MJ sits under their own.
 */
export default function GamePage() {
  const [params] = useSearchParams();
  const { auth, socketFacts$, emitToSocket, inspect } = useAppActors();
  const navigate = useNavigate();
  const user = useSelector(auth, (snapshot) => snapshot.context.user) ?? nobody;
  const addressPlayerId = params.get('playerId') ?? params.get('id') ?? '';
  const logic = useMemo(
    () =>
      gameScreenLogic({
        facts$: socketFacts$,
        emit: emitToSocket,
        goHome: () => navigate('/'),
        stripInvite: () => {
          const kept = new URLSearchParams(window.location.search);
          kept.delete('invite');
          navigate({ search: `?${kept.toString()}` }, { replace: true });
        },
      }),
    [socketFacts$, emitToSocket, navigate],
  );
  const entrySeat = seatOf(user, null, addressPlayerId);
  const screen = useActorRef(logic, {
    input: {
      gameId: params.get('gameId') ?? '',
      playerId: entrySeat.playerId,
      playerName: entrySeat.playerName,
      invite: params.get('invite'),
    },
    inspect,
  });
  const game = useSelector(screen, (snapshot) => snapshot.context.game);
  const players = useSelector(screen, (snapshot) => snapshot.context.players);
  const refusal = useSelector(screen, (snapshot) => snapshot.context.refusal);
  const notice = useSelector(screen, (snapshot) => snapshot.context.notice);
  const state = useSelector(screen, (snapshot) => snapshot.value);
  const seat = seatOf(user, game, addressPlayerId);
  // table.md §2: for the MJ, /game carries their own id as the player id.
  useEffect(() => {
    if (seat.role !== 'mj' || addressPlayerId === seat.playerId) return;
    const kept = new URLSearchParams(window.location.search);
    kept.delete('id');
    kept.set('playerId', seat.playerId);
    navigate({ search: `?${kept.toString()}` }, { replace: true });
  }, [seat.role, seat.playerId, addressPlayerId, navigate]);
  const atTable = game !== null && (state === 'entering' || state === 'seated');

  return (
    <main className="game-page">
      <header className="game-page__header">
        <button
          type="button"
          className="secondary"
          aria-label={gameMessages.back}
          onClick={() => screen.send({ type: 'table.leave' })}
        >
          <span aria-hidden="true">←</span> <span className="game-page__back-label">{gameMessages.back}</span>
        </button>
        {game && (
          <div className="game-page__title">
            <h1>{game.name}</h1>
            <p>
              {gameMessages.code} <span className="game-page__code">{game.id}</span> · {gameMessages.master}{' '}
              {game.mjDisplayName}
            </p>
          </div>
        )}
        {notice && (
          <p className={`game-page__notice game-page__notice--${notice.tone}`} role="status">
            {notice.text}
          </p>
        )}
      </header>
      {refusal && (
        <Notice tone="error" className="game-page__refusal">
          {refusal}
        </Notice>
      )}
      {/* At the table its toolbar says how the connection goes: a line here would push the table down when it ends. */}
      <p className="game-page__status" role="status">
        {state === 'acceptingInvitation' && gameMessages.loading}
        {state === 'loading' && gameMessages.loading}
        {state === 'refused' && gameMessages.goingHome}
      </p>
      {atTable && game && <LiveTable gameId={game.id} seat={seat} userId={user.id} players={players} />}
      <PortraitOverlay />
    </main>
  );
}
