import { authenticateUserPayload, playerConnectedPayload } from '#shared/wire/realtime';
import { httpError } from '../lib/errors';
import type { AccessGuard } from '../modules/auth/access';
import { adoptIdentity } from './identity';
import type { ConnectionHandler } from './types';

export const sessionMessages = {
  otherAccount: 'Ce jeton appartient à un autre compte : reconnectez-vous avec ce compte.',
} as const;

/** The socket's own events: swapping in a refreshed token, and the player card the client shows. */
export function sessionEvents(access: AccessGuard): ConnectionHandler {
  return (socket, on) => {
    on('authenticateUser', authenticateUserPayload, async ({ token }) => {
      const user = await access.userFromToken(token);
      // A connection belongs to one account: its presence, game rooms and table seats were all
      // taken as that account. Another account connects anew, so each of them is left and
      // announced as on any disconnection.
      if (user.id !== socket.data.user.id) throw httpError(403, sessionMessages.otherAccount);
      await adoptIdentity(socket, user);
    });

    on('playerConnected', playerConnectedPayload, (player) => {
      socket.data.player = player;
    });
  };
}
