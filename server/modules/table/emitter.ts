import { isDeepStrictEqual } from 'node:util';
import { socketEventOf } from '../../../src/api/schemas/table';
import { tokensOfMap } from '../../../src/domain/table/records';
import { projectEvent } from '../../../src/domain/table/visibility';
import type { TableActor, TableEvent, TableState } from '../../../src/domain/table/types';
import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';

/** One logged event with the server's state around it: what projecting it needs. */
export interface Transition {
  event: TableEvent;
  before: TableState;
  after: TableState;
}

/** A player owning nothing: what every player receives unless the event touches a hidden token of theirs. */
const anyPlayer: TableActor = { userId: '', role: 'player', characterIds: [] };

/**
 * Whether some player may see this event differently from `anyPlayer`: only a hidden player token
 * on the event's map can be seen by one player (its owner) and not the others.
 */
function touchesHiddenPlayerToken({ event, before, after }: Transition): boolean {
  const map = 'map' in event.payload ? event.payload.map : undefined;
  if (typeof map !== 'string') return false;
  return [before, after].some((state) =>
    Object.values(tokensOfMap(state, map)).some((token) => token.isPlayer && !token.visibility),
  );
}

/**
 * Sends each event to every reader of the game's table as they may see it, through rooms only, so
 * it works unchanged over the Redis adapter: the MJ and admins' room gets it as logged, the
 * players' room the projection of a player owning nothing, except the players whose own
 * projection differs (the owner of a hidden token), who get theirs in their own room.
 */
export function createTableEmitter(realtime: Realtime, playersOf: (gameId: string) => Promise<TableActor[]>) {
  const { io } = realtime;
  return async function emit(gameId: string, transitions: readonly Transition[]): Promise<void> {
    let players: TableActor[] | undefined;
    for (const transition of transitions) {
      const { event, before, after } = transition;
      const name = socketEventOf(event.type);
      const shared = projectEvent(event, before, after, anyPlayer);
      const apart: string[] = [];
      if (touchesHiddenPlayerToken(transition)) {
        players ??= await playersOf(gameId);
        for (const player of players) {
          const own = projectEvent(event, before, after, player);
          if (isDeepStrictEqual(own, shared)) continue;
          const room = rooms.tablePlayer(gameId, player.userId);
          io.to(room).emit(name, own);
          apart.push(room);
        }
      }
      const managersRoom = rooms.tableManagers(gameId);
      const playersRoom = rooms.tablePlayers(gameId);
      // Most events read the same for everyone (projectEvent returns the event itself): one
      // broadcast, encoded once, reaches both rooms.
      if (shared === event) {
        io.to([managersRoom, playersRoom]).except(apart).emit(name, event);
      } else {
        io.to(managersRoom).emit(name, event);
        io.to(playersRoom).except(apart).emit(name, shared);
      }
    }
  };
}
