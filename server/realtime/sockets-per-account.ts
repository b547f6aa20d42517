import type { ExtendedError } from 'socket.io';
import type { RealtimeSocket } from './types';

/**
 * Sockets one account may hold open on a process (`SOCKETS_PER_ACCOUNT`, 10 by default): a phone,
 * a computer and a few tabs. Past it a hostile client would multiply what is held per socket (the
 * engine's buffers, a seat's reads) at no cost (docs/server.md "Sockets per account").
 */
export const tooManySocketsRefused = (max: number) =>
  `Trop de connexions ouvertes pour ce compte (${max} au plus) : fermez un onglet puis réessayez.`;

/** The handshake's last step: counts the account's open sockets and refuses one past the cap. */
export function socketsPerAccount(max: number) {
  const open = new Map<string, number>();
  return (socket: RealtimeSocket, next: (error?: ExtendedError) => void): void => {
    const userId = socket.data.user.id;
    const count = open.get(userId) ?? 0;
    if (count >= max) {
      next(new Error(tooManySocketsRefused(max)));
      return;
    }
    open.set(userId, count + 1);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const left = (open.get(userId) ?? 1) - 1;
      if (left === 0) open.delete(userId);
      else open.set(userId, left);
    };
    // Its connection's close too: socket.io drops without a disconnect a socket whose client left
    // between the handshake and the connection, whose place would otherwise be lost for good.
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    next();
  };
}
