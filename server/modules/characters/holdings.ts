import { asc, eq } from 'drizzle-orm';
import type { CharacterHoldings } from '#shared/wire/characters';
import type { Db } from '../../db/client';
import { gameResources } from '../../db/schema/index';
import { linkTables, type LinkTable } from '../resources/links';
import { categoryFields } from '../resources/views';

/** One link table's resources for a character, with the link's own columns, sorted by name. */
async function heldFrom(db: Db, table: LinkTable, characterId: string) {
  const rows = await db
    .select({
      id: gameResources.id,
      category: gameResources.category,
      name: gameResources.name,
      description: gameResources.description,
      fields: gameResources.fields,
      equipped: table.equipped,
      quantity: table.quantity,
    })
    .from(table)
    .innerJoin(gameResources, eq(gameResources.id, table.resourceId))
    .where(eq(table.characterId, characterId))
    .orderBy(asc(gameResources.name), asc(gameResources.id));
  return rows.map(({ category, fields, ...row }) => ({ ...categoryFields(category, fields), ...row }));
}

/** Everything a character holds (table.md §3 "Player (character)": memories … items with quantity). */
export async function holdingsOf(db: Db, characterId: string): Promise<CharacterHoldings> {
  const [memories, items, echoes, runes, aspectAbilities] = await Promise.all([
    heldFrom(db, linkTables.memory, characterId),
    heldFrom(db, linkTables.item, characterId),
    heldFrom(db, linkTables.echo, characterId),
    heldFrom(db, linkTables.rune, characterId),
    heldFrom(db, linkTables.aspectAbility, characterId),
  ]);
  // Each list carries the link columns it has no use for; the sheet's schema leaves them out.
  return { memories, items, echoes, runes, aspectAbilities } as unknown as CharacterHoldings;
}
