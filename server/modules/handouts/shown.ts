import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { handoutRecipients, handouts } from '../../db/schema/index';

/**
 * Whether some handout naming the file is shown to the user now (decision 0029): what lets a
 * player read a handout's picture, until the MJ takes it back.
 */
export async function isHandoutFileShown(db: Db, fileId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: handouts.id })
    .from(handouts)
    .innerJoin(handoutRecipients, eq(handoutRecipients.handoutId, handouts.id))
    .where(and(eq(handouts.fileId, fileId), eq(handoutRecipients.userId, userId)))
    .limit(1);
  return row !== undefined;
}
