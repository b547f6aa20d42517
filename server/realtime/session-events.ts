import { authenticateUserPayload, playerConnectedPayload } from '../../src/api/schemas/realtime';
import type { AccessGuard } from '../modules/auth/access';
import { adoptIdentity } from './identity';
import type { ConnectionHandler } from './types';

/** The socket's own events: swapping in a refreshed token, and the player card the client shows. */
export function sessionEvents(access: AccessGuard): ConnectionHandler {
  return (socket, on) => {
    on('authenticateUser', authenticateUserPayload, async ({ token }) => {
      await adoptIdentity(socket, await access.userFromToken(token));
    });

    on('playerConnected', playerConnectedPayload, (player) => {
      socket.data.player = player;
    });
  };
}
