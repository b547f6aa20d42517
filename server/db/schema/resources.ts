import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { characters } from './characters';
import { games } from './games';

/**
 * Game resources (platform.md §3): one table for the nine categories, a `category` discriminator
 * and the category's own fields in `fields` (jsonb). Why one table rather than nine: every rule
 * that matters across categories — who may read, export, import, link — reads the common columns,
 * so the service and the game's id lists are one query each instead of nine; the per-category
 * fields are checked by the same zod schema (src/api/schemas/resources.ts) on every write, and
 * links are tied to their category by a composite foreign key, so a memory link can never point
 * at a rune.
 */

const categoryCheck = (column: AnyPgColumn) =>
  sql`${column} in ('memory', 'rune', 'echo', 'aspectAbility', 'enchantment', 'item', 'monster', 'map', 'attack')`;

export const gameResources = pgTable(
  'game_resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rarity: text('rarity'),
    price: doublePrecision('price'),
    weight: doublePrecision('weight'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    exportedToGlobal: boolean('exported_to_global').notNull().default(false),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportedBy: uuid('exported_by').references(() => users.id, { onDelete: 'set null' }),
    importedFromGlobal: boolean('imported_from_global').notNull().default(false),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    importSourceId: uuid('import_source_id').references((): AnyPgColumn => storeEntries.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('game_resources_game_category_idx').on(table.gameId, table.category),
    // The target of the links' composite foreign keys.
    unique('game_resources_id_category_unique').on(table.id, table.category),
    // A store entry is imported into a game at most once.
    uniqueIndex('game_resources_import_unique')
      .on(table.gameId, table.importSourceId)
      .where(sql`${table.importSourceId} is not null`),
    check('game_resources_category_known', categoryCheck(table.category)),
    check('game_resources_export_marked', sql`${table.exportedToGlobal} = (${table.exportedAt} is not null)`),
    check(
      'game_resources_import_marked',
      sql`${table.importedFromGlobal} = (${table.importedAt} is not null)`,
    ),
  ],
);

/**
 * The global store: a copy of a resource taken at export, so it outlives its game and later
 * edits in the game do not change what others import.
 */
export const storeEntries = pgTable(
  'store_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rarity: text('rarity'),
    price: doublePrecision('price'),
    weight: doublePrecision('weight'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    exportedBy: uuid('exported_by').references(() => users.id, { onDelete: 'set null' }),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
    sourceGameId: text('source_game_id').references(() => games.id, { onDelete: 'set null' }),
    sourceResourceId: uuid('source_resource_id').references((): AnyPgColumn => gameResources.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('store_entries_category_idx').on(table.category),
    // A resource is in the store once.
    uniqueIndex('store_entries_source_unique')
      .on(table.sourceResourceId)
      .where(sql`${table.sourceResourceId} is not null`),
    check('store_entries_category_known', categoryCheck(table.category)),
  ],
);

/**
 * One link table per category a character holds, named for what it holds. One row per
 * (character, resource); the fixed `category` column and the composite key make the link's
 * category impossible to get wrong. Links go with their character or their resource.
 */
function characterLinkTable<C extends string>(
  name: string,
  category: C,
  extra: { equipped?: true; quantity?: true } = {},
) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      characterId: uuid('character_id')
        .notNull()
        .references(() => characters.id, { onDelete: 'cascade' }),
      resourceId: uuid('resource_id').notNull(),
      category: text('category').$type<C>().notNull().default(category),
      // Present on every link table so one query shape reads them all; meaningful where named.
      equipped: boolean('equipped').notNull().default(false),
      quantity: integer('quantity').notNull().default(1),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
      foreignKey({
        name: `${name}_resource_fk`,
        columns: [table.resourceId, table.category],
        foreignColumns: [gameResources.id, gameResources.category],
      }).onDelete('cascade'),
      uniqueIndex(`${name}_character_resource_unique`).on(table.characterId, table.resourceId),
      index(`${name}_resource_idx`).on(table.resourceId),
      check(`${name}_category_fixed`, sql`${table.category} = ${sql.raw(`'${category}'`)}`),
      check(
        `${name}_quantity_valid`,
        extra.quantity ? sql`${table.quantity} >= 1` : sql`${table.quantity} = 1`,
      ),
      ...(extra.equipped ? [] : [check(`${name}_never_equipped`, sql`${table.equipped} = false`)]),
    ],
  );
}

export const characterRunes = characterLinkTable('character_runes', 'rune');
export const characterMemories = characterLinkTable('character_memories', 'memory', { equipped: true });
export const characterEchoes = characterLinkTable('character_echoes', 'echo');
export const characterItems = characterLinkTable('character_items', 'item', { quantity: true });
export const characterAspectAbilities = characterLinkTable('character_aspect_abilities', 'aspectAbility');

export type GameResourceRow = typeof gameResources.$inferSelect;
export type StoreEntryRow = typeof storeEntries.$inferSelect;
