import { and, eq, ilike, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CreateGameInvitationRequest,
  GameInvitation,
  GameInvitationStatus,
  InviteCandidate,
} from '#shared/wire/game-invitations';
import type { Db } from '../../db/client';
import { gameInvitations, games, users } from '../../db/schema/index';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';
import type { TablePresence } from '../games/table-presence';
import { invitationMessages as texts } from './messages';
import type { InvitationNotifier } from './notifier';
import { refuseTooSoon } from './re-invitations';
import { invitationWithId, readInvitations, receivedBy, sentFor } from './read-model';

export interface GameInvitationsServiceDeps {
  db: Db;
  access: GameAccess;
  presence: TablePresence;
  notifier: InvitationNotifier;
}

const uuid = z.guid();
const CANDIDATES_LIMIT = 10;

/** Which side may make a move, from which status, and what refuses the other side. */
const moves = {
  accept: { by: 'invitee', from: 'pending', to: 'accepted', forbidden: texts.notAllowedToAnswer },
  decline: { by: 'invitee', from: 'pending', to: 'declined', forbidden: texts.notAllowedToAnswer },
  revoke: { by: 'master', from: 'pending', to: 'revoked', forbidden: texts.notAllowedToRevoke },
  kick: { by: 'master', from: 'accepted', to: 'kicked', forbidden: texts.notAllowedToKick },
} as const satisfies Record<
  string,
  { by: 'invitee' | 'master'; from: GameInvitationStatus; to: GameInvitationStatus; forbidden: string }
>;
export type InvitationMove = keyof typeof moves;

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The invitation lifecycle of platform.md §4, enforced: only the game's MJ invites, revokes
 * (pending) and kicks (accepted); only the invitee accepts or declines (pending). Someone who is
 * neither sees no invitation at all (404), so its existence never leaks.
 */
export function createGameInvitationsService({ db, access, presence, notifier }: GameInvitationsServiceDeps) {
  async function seenBy(actor: AuthUser, invitationId: string): Promise<GameInvitation> {
    const [invitation] = uuid.safeParse(invitationId).success
      ? await readInvitations(db, invitationWithId(invitationId))
      : [];
    if (!invitation || (invitation.toUserId !== actor.id && invitation.fromUserId !== actor.id)) {
      throw httpError(404, texts.notFound);
    }
    return invitation;
  }

  return {
    async invite(
      actor: AuthUser,
      { gameId, playerId }: CreateGameInvitationRequest,
    ): Promise<GameInvitation> {
      const game = await access.find(gameId);
      if (game.mjUserId !== actor.id) throw httpError(403, texts.notAllowedToInvite);
      if (playerId === actor.id) throw httpError(400, texts.cannotInviteSelf);
      const [player] = uuid.safeParse(playerId).success
        ? await db.select({ id: users.id }).from(users).where(eq(users.id, playerId))
        : [];
      if (!player) throw httpError(404, texts.playerNotFound);

      const [open] = await db
        .select({ status: gameInvitations.status })
        .from(gameInvitations)
        .where(
          and(
            eq(gameInvitations.gameId, gameId),
            eq(gameInvitations.toUserId, playerId),
            inArray(gameInvitations.status, ['pending', 'accepted']),
          ),
        );
      if (open) throw httpError(400, open.status === 'pending' ? texts.alreadyPending : texts.alreadyPlaying);
      await refuseTooSoon(db, gameId, playerId);

      let created: { id: string } | undefined;
      try {
        [created] = await db
          .insert(gameInvitations)
          .values({ gameId, fromUserId: actor.id, toUserId: playerId })
          .returning({ id: gameInvitations.id });
      } catch (error) {
        // Two invitations racing: the unique index lets one through.
        if (violatedUniqueIndex(error) === 'game_invitations_open_unique') {
          throw httpError(400, texts.alreadyPending);
        }
        throw error;
      }
      if (!created) throw new Error('invitation insert returned no row');
      await notifier.created(created.id);
      const [invitation] = await readInvitations(db, invitationWithId(created.id));
      return invitation as GameInvitation;
    },

    received: (actor: AuthUser) => readInvitations(db, receivedBy(actor.id)),

    async sent(actor: AuthUser, gameId?: string): Promise<GameInvitation[]> {
      if (gameId !== undefined) await access.requireGameMaster(gameId, actor.id);
      return readInvitations(db, sentFor(actor.id, gameId));
    },

    /**
     * Users matching the typed name, but the MJ: those already invited or playing come with their
     * invitation's status, so the MJ reads why they cannot be invited rather than not finding them.
     */
    async candidates(actor: AuthUser, gameId: string, query: string): Promise<InviteCandidate[]> {
      await access.requireGameMaster(gameId, actor.id);
      const rows = await db
        .select({ id: users.id, display_name: users.displayName, invitation: gameInvitations.status })
        .from(users)
        .leftJoin(
          gameInvitations,
          and(
            eq(gameInvitations.gameId, gameId),
            eq(gameInvitations.toUserId, users.id),
            // At most one: the open-invitation unique index.
            inArray(gameInvitations.status, ['pending', 'accepted']),
          ),
        )
        .where(and(ilike(users.displayName, `%${likeEscaped(query)}%`), ne(users.id, actor.id)))
        .orderBy(users.displayName)
        .limit(CANDIDATES_LIMIT);
      return rows.map(({ invitation, ...user }) => ({
        ...user,
        invitation: invitation === 'pending' || invitation === 'accepted' ? invitation : null,
      }));
    },

    /**
     * One move of the lifecycle. The update only applies from the expected status, so of two
     * racing moves one wins and the other finds the invitation 'déjà traitée'.
     */
    async move(actor: AuthUser, invitationId: string, name: InvitationMove): Promise<GameInvitation> {
      const move = moves[name];
      const invitation = await seenBy(actor, invitationId);
      const mjUserId = (
        await db.select({ id: games.mjUserId }).from(games).where(eq(games.id, invitation.gameId))
      )[0]?.id;
      const side = invitation.toUserId === actor.id ? 'invitee' : mjUserId === actor.id ? 'master' : null;
      if (side !== move.by) throw httpError(403, move.forbidden);
      const [updated] = await db
        .update(gameInvitations)
        .set({ status: move.to, updatedAt: new Date() })
        .where(and(eq(gameInvitations.id, invitationId), eq(gameInvitations.status, move.from)))
        .returning({ id: gameInvitations.id });
      if (!updated) throw httpError(404, texts.notFound);
      if (name === 'kick' && mjUserId) {
        presence.expel(invitation.toUserId, invitation.gameId, 'kicked');
        await presence.announce(invitation.gameId, mjUserId, { gone: invitation.toUserId });
      }
      await notifier.changed(invitationId);
      return (await seenBy(actor, invitationId)) satisfies GameInvitation;
    },
  };
}

export type GameInvitationsService = ReturnType<typeof createGameInvitationsService>;
