import type { GameAccessEnded } from '#shared/wire/games';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/types';
import { invitationWithId, readInvitations } from './read-model';

/**
 * Live news of invitations, to both sides: `newInvitation` reaches the invitee's lobby without a
 * reload, `invitationUpdated` reaches the MJ and the invitee after every answer, revocation, kick
 * or departure, `invitationDeclined` tells the MJ alone that a player said no (the one answer
 * they would otherwise learn only by opening the game's invitations), and `gameAccessEnded` tells
 * the invitees of a deleted game.
 */
export function createInvitationNotifier(db: Db, realtime: Realtime) {
  return {
    async created(invitationId: string): Promise<void> {
      const [invitation] = await readInvitations(db, invitationWithId(invitationId));
      if (!invitation) return;
      realtime.toUser(invitation.toUserId).emit('newInvitation', invitation);
      realtime.toUser(invitation.fromUserId).emit('invitationUpdated', invitation);
    },

    async changed(invitationId: string): Promise<void> {
      const [invitation] = await readInvitations(db, invitationWithId(invitationId));
      if (!invitation) return;
      realtime.toUser(invitation.toUserId).emit('invitationUpdated', invitation);
      realtime.toUser(invitation.fromUserId).emit('invitationUpdated', invitation);
      if (invitation.status === 'declined') {
        realtime.toUser(invitation.fromUserId).emit('invitationDeclined', invitation);
      }
    },

    gameDeleted(userId: string, gameId: string): void {
      realtime
        .toUser(userId)
        .emit('gameAccessEnded', { gameId, reason: 'deleted' } satisfies GameAccessEnded);
    },
  };
}

export type InvitationNotifier = ReturnType<typeof createInvitationNotifier>;
