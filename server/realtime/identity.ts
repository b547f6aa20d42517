import type { AccessGuard, AuthUser } from '../modules/auth/access';
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

/**
 * Reads the socket's account again (role, name) and keeps it on the socket; throws 401 when its
 * session ended. The handshake read it once, and a role changed since (`npm run user:role`, from
 * any process) must not outlive the change: a demoted admin would keep admin powers until they
 * reconnect.
 */
export async function rereadIdentity(socket: RealtimeSocket, access: AccessGuard): Promise<AuthUser> {
  const { sid, id } = socket.data.user;
  socket.data.user = await access.userOfSession(sid, id);
  return socket.data.user;
}
