import type { ConnectedUser, GameAccessEnded } from '#shared/wire/games';
import { rooms, tableRoomsOf } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';

/**
 * Who is at a game's table, counted from the game's socket room on every process (fetchSockets
 * spans the Redis adapter), one entry per user however many tabs they have open. Nothing is
 * stored: the room is the truth, so a crashed process cannot leave ghosts behind.
 */
export function createTablePresence(realtime: Realtime) {
  const { io } = realtime;

  /**
   * Takes every socket of the user out of `roomNames`: this process's at once, before the caller
   * answers (over Redis the adapter applies even its own sockets only after a round trip), the
   * other processes' when the adapter reaches them.
   */
  function leaveEverywhere(userId: string, roomNames: string[]): void {
    io.local.in(rooms.user(userId)).socketsLeave(roomNames);
    io.in(rooms.user(userId)).socketsLeave(roomNames);
  }

  async function connectedUsers(gameId: string): Promise<ConnectedUser[]> {
    const sockets = await io.in(rooms.game(gameId)).fetchSockets();
    const byId = new Map<string, ConnectedUser>();
    for (const socket of sockets) {
      const { user } = socket.data;
      if (user && !byId.has(user.id)) byId.set(user.id, { id: user.id, displayName: user.displayName });
    }
    return [...byId.values()].sort((a, b) => a.displayName.localeCompare(b.displayName, 'fr'));
  }

  return {
    connectedUsers,

    /**
     * Players at the table per game, for many games at once, in one round trip: the game's MJ,
     * seated at their own table, is not one of them.
     */
    async countsOf(games: Array<{ id: string; mjUserId: string }>): Promise<Map<string, number>> {
      const counts = new Map(games.map(({ id }) => [id, 0]));
      if (games.length === 0) return counts;
      const masters = new Map(games.map(({ id, mjUserId }) => [id, mjUserId]));
      const users = new Map(games.map(({ id }) => [id, new Set<string>()]));
      const sockets = await io.in(games.map(({ id }) => rooms.game(id))).fetchSockets();
      for (const socket of sockets) {
        for (const room of socket.rooms) {
          const gameId = room.slice('game:'.length);
          const seen = users.get(gameId);
          const user = socket.data.user;
          if (room.startsWith('game:') && seen && user && user.id !== masters.get(gameId)) seen.add(user.id);
        }
      }
      for (const [id, seen] of users) counts.set(id, seen.size);
      return counts;
    },

    /**
     * Tells the table who is there now, and the game's MJ how many players (themselves left out)
     * when it changed. `gone` is a user just expelled: across processes their sockets leave the
     * room a moment later, so they are not counted meanwhile.
     */
    async announce(
      gameId: string,
      mjUserId: string,
      {
        players,
        gone,
        countChanged = true,
      }: { players?: ConnectedUser[]; gone?: string; countChanged?: boolean } = {},
    ): Promise<void> {
      const present = (players ?? (await connectedUsers(gameId))).filter((user) => user.id !== gone);
      realtime
        .toGame(gameId)
        .emit('connectedPlayersUpdate', { gameId, count: present.length, players: present });
      if (countChanged) {
        const count = present.filter((user) => user.id !== mjUserId).length;
        realtime.toUser(mjUserId).emit('gamePlayersUpdate', { gameId, count });
      }
    },

    /** Takes every socket of a user away from a game's table, on every process, and says why. */
    expel(userId: string, gameId: string, reason: GameAccessEnded['reason']): void {
      realtime.toUser(userId).emit('gameAccessEnded', { gameId, reason } satisfies GameAccessEnded);
      leaveEverywhere(userId, tableRoomsOf(gameId, userId));
    },

    /** The user's characters in the game changed: every socket of theirs reads its seat again. */
    reseat(userId: string, gameId: string): void {
      leaveEverywhere(userId, [rooms.tableSeat(gameId, userId)]);
    },

    /** Empties a game's table (the game is gone). */
    closeTable(gameId: string): void {
      realtime
        .toGame(gameId)
        .emit('gameAccessEnded', { gameId, reason: 'deleted' } satisfies GameAccessEnded);
      const tableRooms = [rooms.game(gameId), rooms.tableManagers(gameId), rooms.tablePlayers(gameId)];
      io.in(tableRooms).socketsLeave(tableRooms);
    },
  };
}

export type TablePresence = ReturnType<typeof createTablePresence>;
