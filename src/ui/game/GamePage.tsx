import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { gameScreenLogic } from '../../effects/game-screen';
import { useAppActors } from '../app/AppActorsContext';
import { ConnectedPlayersBar } from './ConnectedPlayersBar';
import { gameMessages } from './messages';
import './game.css';

/**
 * /game?gameId=…&playerId=… (platform.md §2): the game's name, who is seated, the way back. The
 * table of table.md grows inside `.game-page__table`.
 */
export default function GamePage() {
  const [params] = useSearchParams();
  const { auth, socketFacts$, emitToSocket, inspect } = useAppActors();
  const navigate = useNavigate();
  const playerName = useSelector(auth, (snapshot) => snapshot.context.user?.displayName ?? '');
  const logic = useMemo(
    () => gameScreenLogic({ facts$: socketFacts$, emit: emitToSocket, goHome: () => navigate('/') }),
    [socketFacts$, emitToSocket, navigate],
  );
  const screen = useActorRef(logic, {
    input: { gameId: params.get('gameId') ?? '', playerId: params.get('playerId') ?? '', playerName },
    inspect,
  });
  const game = useSelector(screen, (snapshot) => snapshot.context.game);
  const players = useSelector(screen, (snapshot) => snapshot.context.players);
  const refusal = useSelector(screen, (snapshot) => snapshot.context.refusal);
  const state = useSelector(screen, (snapshot) => snapshot.value);

  return (
    <main className="game-page">
      <header className="game-page__header">
        <button type="button" className="secondary" onClick={() => screen.send({ type: 'table.leave' })}>
          {gameMessages.back}
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
      </header>
      {refusal && (
        <p className="game-page__refusal" role="alert">
          {refusal}
        </p>
      )}
      <p className="game-page__status" role="status">
        {state === 'loading' && gameMessages.loading}
        {state === 'entering' && gameMessages.entering}
        {state === 'refused' && gameMessages.goingHome}
      </p>
      <section className="game-page__table" aria-label={game?.name ?? gameMessages.loading} />
      {game && <ConnectedPlayersBar players={players} />}
    </main>
  );
}
