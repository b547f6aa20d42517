import { and, count, eq } from 'drizzle-orm';
import type { ResourceCategory } from '#shared/domain/resources/categories';
import type { Db } from '../../db/client';
import { createUnderCap } from '../../db/create-under-cap';
import { gameResources } from '../../db/schema/index';
import { resourcesMessages } from './messages';

/**
 * Resources of each category one game may hold: a campaign uses a few hundred of a kind
 * at most, so these are far past real use and short of letting one MJ fill the database. Maps are
 * fewer: each is a picture the table's selector lists.
 */
export const RESOURCES_PER_GAME: Readonly<Record<ResourceCategory, number>> = {
  memory: 500,
  rune: 500,
  echo: 500,
  aspectAbility: 500,
  enchantment: 500,
  item: 500,
  monster: 500,
  map: 200,
  attack: 500,
};

/**
 * Inserts a resource into a game — created there or imported from the store — once the game holds
 * fewer than its cap of that category; else 409. Counted under the game's row lock, so racing
 * creations cannot overshoot.
 */
export function insertUnderGameCap<T>(
  db: Db,
  gameId: string,
  category: ResourceCategory,
  insert: (tx: Db) => Promise<T>,
): Promise<T> {
  const cap = RESOURCES_PER_GAME[category];
  return createUnderCap(
    db,
    { holder: { gameId }, cap, refusal: resourcesMessages.tooMany(category, cap) },
    async (tx) =>
      (
        await tx
          .select({ n: count() })
          .from(gameResources)
          .where(and(eq(gameResources.gameId, gameId), eq(gameResources.category, category)))
      )[0]?.n ?? 0,
    insert,
  );
}
