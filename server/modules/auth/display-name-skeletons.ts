import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayNameSkeleton } from '#shared/domain/display-name';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { violatedUniqueIndex } from '../../db/unique-violation';

/**
 * Gives the accounts made before the skeleton column theirs, at start (a migration cannot: the
 * skeleton is JavaScript). Of two old names that already look alike, the first keeps the skeleton
 * and the other stays without one: it keeps its name, and no new name can imitate either.
 */
export async function backfillDisplayNameSkeletons(db: Db, log: FastifyBaseLogger): Promise<void> {
  const missing = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(isNull(users.displayNameSkeleton))
    .orderBy(users.createdAt);
  for (const user of missing) {
    try {
      await db
        .update(users)
        .set({ displayNameSkeleton: displayNameSkeleton(user.displayName) })
        .where(and(eq(users.id, user.id), isNull(users.displayNameSkeleton)));
    } catch (error) {
      if (!violatedUniqueIndex(error)) throw error;
      log.warn({ userId: user.id }, 'display name looks like an older one: left without a skeleton');
    }
  }
}
