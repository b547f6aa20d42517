import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { handoutRecipients, handouts } from '../../db/schema/index';

/**
 * Whether some handout naming the file is shown to the user now (decision 0029): what lets a
 * player read a handout's picture, until the MJ takes it back. A condition, read in the same
 * statement as the file it guards.
 */
export const handoutFileShownCondition = (fileId: SQLWrapper, userId: SQLWrapper | string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${handouts} inner join ${handoutRecipients} on ${and(
    eq(handoutRecipients.handoutId, handouts.id),
    eq(handoutRecipients.userId, userId),
  )} where ${handouts.fileId} = ${fileId})`;
