import { aliasedTable, and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { GameInvitation } from '#shared/wire/game-invitations';
import type { Db } from '../../db/client';
import { gameInvitations, games, users } from '../../db/schema/index';

const master = aliasedTable(users, 'master');
const invitee = aliasedTable(users, 'invitee');

/** Invitations as both lobbies read them: with the game, its MJ's name and the invitee's name. */
export async function readInvitations(db: Db, where: SQL | undefined): Promise<GameInvitation[]> {
  const rows = await db
    .select({
      invitation: gameInvitations,
      gameName: games.name,
      mjDisplayName: master.displayName,
      inviteeName: invitee.displayName,
    })
    .from(gameInvitations)
    .innerJoin(games, eq(games.id, gameInvitations.gameId))
    .innerJoin(master, eq(master.id, games.mjUserId))
    .innerJoin(invitee, eq(invitee.id, gameInvitations.toUserId))
    .where(where)
    .orderBy(desc(gameInvitations.createdAt));
  return rows.map(({ invitation, gameName, mjDisplayName, inviteeName }) => ({
    id: invitation.id,
    gameId: invitation.gameId,
    fromUserId: invitation.fromUserId,
    toUserId: invitation.toUserId,
    status: invitation.status,
    createdAt: invitation.createdAt.toISOString(),
    updatedAt: invitation.updatedAt.toISOString(),
    game: { id: invitation.gameId, name: gameName, mjDisplayName },
    toUser: { id: invitation.toUserId, display_name: inviteeName },
  }));
}

/** A revoked invitation never reached its invitee as far as they are concerned. */
export const receivedBy = (userId: string) =>
  and(eq(gameInvitations.toUserId, userId), ne(gameInvitations.status, 'revoked'));

export const sentFor = (masterId: string, gameId?: string) =>
  and(eq(games.mjUserId, masterId), gameId === undefined ? undefined : eq(gameInvitations.gameId, gameId));

export const invitationWithId = (id: string) => eq(gameInvitations.id, id);
