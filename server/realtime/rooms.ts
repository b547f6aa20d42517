/** Room names: a user's sockets, one session's sockets (to end it), a game's table. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  session: (sid: string) => `session:${sid}`,
  game: (gameId: string) => `game:${gameId}`,
};
