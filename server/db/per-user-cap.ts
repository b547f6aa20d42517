import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema/index';
import { httpError } from '../lib/errors';

/**
 * Runs `create` in a transaction that holds the user's row, once `count` says they own fewer than
 * `cap`; else 409 with `refusal`. Holding the row makes two creations at the same moment count one
 * after the other, so neither overshoots the cap.
 */
export function createUnderCap<T>(
  db: Db,
  { userId, cap, refusal }: { userId: string; cap: number; refusal: string },
  count: (tx: Db) => Promise<number>,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if ((await count(tx)) >= cap) throw httpError(409, refusal);
    return create(tx);
  });
}
