import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameInvitations } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { invitationMessages as texts } from './messages';

/** After a player declines, their game's MJ waits this long before inviting them to it again. */
export const REINVITE_AFTER_DECLINE_MINUTES = 60;
/** Invitations of one player to one game in 24 hours, whatever became of them. */
export const INVITATIONS_PER_PLAYER_PER_DAY = 3;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Every invitation reaches the player as a notice, so an MJ could otherwise send them one after
 * each decline, for ever: a decline buys the player an hour of quiet, and whatever the
 * MJ does (re-inviting after a revoke or a kick too), three a day is the most a player receives
 * for one game. 429, as any attempt repeated too soon. Two invitations racing cannot both pass: the
 * open-invitation unique index keeps one.
 */
export async function refuseTooSoon(
  db: Db,
  gameId: string,
  playerId: string,
  now = Date.now(),
): Promise<void> {
  const since = new Date(now - DAY);
  const [pair] = await db
    .select({
      lastDeclinedAt:
        sql`max(${gameInvitations.updatedAt}) filter (where ${gameInvitations.status} = 'declined')`.mapWith(
          gameInvitations.updatedAt,
        ),
      sentToday: sql`count(*) filter (where ${gameInvitations.createdAt} > ${since})`.mapWith(Number),
    })
    .from(gameInvitations)
    .where(and(eq(gameInvitations.gameId, gameId), eq(gameInvitations.toUserId, playerId)));
  const declinedAt = pair?.lastDeclinedAt;
  if (declinedAt && declinedAt.getTime() > now - REINVITE_AFTER_DECLINE_MINUTES * MINUTE) {
    throw httpError(429, texts.declinedRecently);
  }
  if ((pair?.sentToday ?? 0) >= INVITATIONS_PER_PLAYER_PER_DAY) throw httpError(429, texts.tooManyToday);
}
