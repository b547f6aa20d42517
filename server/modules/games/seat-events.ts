import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { joinGamePayload, leaveGamePayload, type ConnectedPlayersUpdate } from '#shared/wire/games';
import type { Db } from '../../db/client';
import { games } from '../../db/schema/index';
import { reportInternalError } from '../../lib/errors';
import { rereadIdentity } from '../../realtime/identity';
import { rooms, tableRoomsOf } from '../../realtime/rooms';
import type { ConnectionHandler, RealtimeSocket } from '../../realtime/types';
import type { AccessGuard } from '../auth/access';
import type { GameAccess } from '../games/access';
import type { TablePresence } from './table-presence';

const gameRoomsOf = (socket: RealtimeSocket) =>
  [...socket.rooms].filter((room) => room.startsWith('game:')).map((room) => room.slice('game:'.length));

/**
 * joinGame and leaveGame (platform.md §7): a member's (or an admin's) socket enters or leaves the game's room; the
 * table hears who is seated, and the MJ the new count when it changed. The identity is the socket's user;
 * the payload's player id and name are the client's own business.
 */
export function seatSocketEvents({
  db,
  access,
  identity,
  presence,
  log,
}: {
  db: Db;
  access: GameAccess;
  identity: AccessGuard;
  presence: TablePresence;
  log: FastifyBaseLogger;
}): ConnectionHandler {
  async function announceIfChanged(gameId: string, before: number) {
    const mjUserId = (await access.find(gameId).catch(() => null))?.mjUserId;
    if (!mjUserId) return;
    const players = await presence.connectedUsers(gameId);
    if (players.length !== before) await presence.announce(gameId, mjUserId, { players });
  }

  return (socket, on) => {
    on('joinGame', joinGamePayload, async ({ gameId }): Promise<ConnectedPlayersUpdate> => {
      const { game } = await access.requireSeat(gameId, await rereadIdentity(socket, identity));
      const before = (await presence.connectedUsers(gameId)).length;
      await socket.join(rooms.game(gameId));
      await db.update(games).set({ lastConnectionAt: new Date() }).where(eq(games.id, gameId));
      const players = await presence.connectedUsers(gameId);
      // The newcomer needs the list even when their other tab was already seated.
      await presence.announce(gameId, game.mjUserId, { players, countChanged: players.length !== before });
      return { gameId, count: players.length, players };
    });

    on('leaveGame', leaveGamePayload, async ({ gameId }) => {
      const seated = socket.rooms.has(rooms.game(gameId));
      const before = seated ? (await presence.connectedUsers(gameId)).length : 0;
      // The table's log rooms too: a player who left hears nothing more of the game.
      await Promise.all(tableRoomsOf(gameId, socket.data.user.id).map((room) => socket.leave(room)));
      if (seated) await announceIfChanged(gameId, before);
    });

    // The rooms are gone once 'disconnect' fires: remember them, and the counts, while it is leaving.
    let leaving: Promise<Array<{ gameId: string; before: number }>> = Promise.resolve([]);
    socket.on('disconnecting', () => {
      leaving = Promise.all(
        gameRoomsOf(socket).map(async (gameId) => ({
          gameId,
          before: (await presence.connectedUsers(gameId)).length,
        })),
      );
    });
    socket.on('disconnect', () => {
      void leaving
        .then((left) => Promise.all(left.map(({ gameId, before }) => announceIfChanged(gameId, before))))
        .catch((error: unknown) => reportInternalError(log, error));
    });
  };
}
