/**
 * Room names: a user's sockets, one session's sockets (to end it), a game's table (presence), and
 * the table's log readers, split by what they may see (docs/live-table.md "Emission"): the MJ and
 * admins get every event as logged, players a projection, per user when theirs differs.
 */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sid: string) => `session:${sid}`,
  game: (gameId: string) => `game:${gameId}`,
  tableManagers: (gameId: string) => `table:${gameId}:managers`,
  tablePlayers: (gameId: string) => `table:${gameId}:players`,
  tablePlayer: (gameId: string, userId: string) => `table:${gameId}:user:${userId}`,
  /**
   * Held by a socket while its copy of the user's seat (role, characters) at the table is good:
   * leaving it, on any process, makes the next command read the seat again.
   */
  tableSeat: (gameId: string, userId: string) => `table:${gameId}:seat:${userId}`,
};

/** Every room through which a user's socket hears a game's table. */
export const tableRoomsOf = (gameId: string, userId: string) => [
  rooms.game(gameId),
  rooms.tableManagers(gameId),
  rooms.tablePlayers(gameId),
  rooms.tablePlayer(gameId, userId),
  rooms.tableSeat(gameId, userId),
];
