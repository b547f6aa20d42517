import { rooms } from '../../realtime/rooms';
import type { RealtimeServer } from '../../realtime/types';
import type { ProcessFigures } from './process-figures';

const GAME_ROOM = rooms.game('');

/**
 * The games this process's sockets sit at and who they are (the socket's own user), read from the
 * adapter's local rooms: no round trip, and each process shares its own.
 */
export function localGameConnections(io: RealtimeServer): ProcessFigures['games'] {
  const namespace = io.of('/');
  const games = new Map<string, Map<string, string>>();
  for (const [room, socketIds] of namespace.adapter.rooms) {
    if (!room.startsWith(GAME_ROOM)) continue;
    const players = new Map<string, string>();
    for (const id of socketIds) {
      const user = namespace.sockets.get(id)?.data.user;
      if (user) players.set(user.id, user.displayName);
    }
    if (players.size > 0) games.set(room.slice(GAME_ROOM.length), players);
  }
  return Object.fromEntries([...games].map(([id, players]) => [id, Object.fromEntries(players)]));
}
