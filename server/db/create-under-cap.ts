import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { games, users } from './schema/index';
import { httpError } from '../lib/errors';

/** Whose row stands for what is capped: a user's macros and games, a game's resources. */
export type CapHolder = { userId: string } | { gameId: string };

/**
 * `no key update` serialises the creations under one cap and still lets rows that merely reference
 * the holder (a character joining the game, a session of the user) be written meanwhile.
 */
async function holdRow(tx: Db, holder: CapHolder): Promise<void> {
  if ('userId' in holder) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.userId)).for('no key update');
  } else {
    await tx.select({ id: games.id }).from(games).where(eq(games.id, holder.gameId)).for('no key update');
  }
}

/**
 * Runs `create` in a transaction that holds the holder's row, once `count` says it owns fewer than
 * `cap`; else 409 with `refusal`. Holding the row makes two creations at the same moment count one
 * after the other, so neither overshoots the cap.
 */
export function createUnderCap<T>(
  db: Db,
  { holder, cap, refusal }: { holder: CapHolder; cap: number; refusal: string },
  count: (tx: Db) => Promise<number>,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await holdRow(tx, holder);
    if ((await count(tx)) >= cap) throw httpError(409, refusal);
    return create(tx);
  });
}
