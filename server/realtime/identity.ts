import type { AuthUser } from '../modules/auth/access';
import { rooms } from './rooms';
import type { RealtimeSocket } from './types';

/**
 * Puts the socket in its user's and session's rooms, leaving the session room of a previous token
 * of the same user (a new login); a socket never changes user (session-events.ts).
 */
export async function adoptIdentity(socket: RealtimeSocket, user: AuthUser): Promise<void> {
  const previous = socket.data.user;
  if (previous && previous.sid !== user.sid) await socket.leave(rooms.session(previous.sid));
  socket.data.user = user;
  await socket.join([rooms.user(user.id), rooms.session(user.sid)]);
}
