import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { acceptInvitation } from '../api/game-invitations';
import { getGame } from '../api/games';
import { connectedPlayersUpdate, gameAccessEnded } from '../api/schemas/games';
import { gameScreenMachine, type GameScreenEvent } from '../machines/game-screen.machine';
import type { SocketFact } from './socket';
import { serverEvents } from './server-events';

function tableNews(facts$: Observable<SocketFact>, gameId: string): Observable<GameScreenEvent> {
  return merge(
    serverEvents(facts$, 'connectedPlayersUpdate', connectedPlayersUpdate).pipe(
      filter((update) => update.gameId === gameId),
      map(({ players }) => ({ type: 'table.players.updated' as const, players })),
    ),
    serverEvents(facts$, 'gameAccessEnded', gameAccessEnded).pipe(
      filter((ended) => ended.gameId === gameId),
      map(({ reason }) => ({ type: 'table.access.ended' as const, reason })),
    ),
    facts$.pipe(
      filter((fact) => fact.type === 'socket.connected'),
      map(() => ({ type: 'socket.connected' as const })),
    ),
  );
}

/** The game page's effects: the game over REST, the table's news and seat over the app's socket. */
export function gameScreenLogic({
  facts$,
  emit,
  goHome,
  stripInvite,
}: {
  facts$: Observable<SocketFact>;
  emit: (event: string, payload?: unknown) => boolean;
  goHome: () => void;
  stripInvite: () => void;
}) {
  return gameScreenMachine.provide({
    actors: {
      'accept invitation': fromPromise(async ({ input }: { input: { invitationId: string } }) => {
        await acceptInvitation(input.invitationId);
      }),
      'load game': fromPromise(({ input, signal }: { input: { gameId: string }; signal: AbortSignal }) =>
        getGame(input.gameId, signal),
      ),
      'watch table news': fromEventObservable(({ input }: { input: { gameId: string } }) =>
        tableNews(facts$, input.gameId),
      ),
    },
    actions: {
      'emit playerConnected': (_, payload) => void emit('playerConnected', payload),
      'emit joinGame': (_, payload) => void emit('joinGame', payload),
      'emit leaveGame': (_, payload) => void emit('leaveGame', payload),
      'go home': goHome,
      'strip invite from address': stripInvite,
    },
  });
}
