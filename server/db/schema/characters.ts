import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { games } from './games';

/**
 * A character (the spec's "player", table.md §3): built at creation from point budgets, then
 * carried into a game. The numbers are stored as created; the server recomputes and refuses any
 * sheet the rules of src/domain do not allow before it lands here.
 */
export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Creation may happen outside a game (the legacy selection flow lists those).
    gameId: text('game_id').references(() => games.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pv: integer('pv').notNull(),
    force: integer('force').notNull(),
    agilite: integer('agilite').notNull(),
    endurance: integer('endurance').notNull(),
    eloquence: integer('eloquence').notNull(),
    sagesse: integer('sagesse').notNull(),
    instinct: integer('instinct').notNull(),
    autre: integer('autre').notNull().default(10),
    soulEssence: integer('soul_essence').notNull(),
    defense: integer('defense').notNull(),
    deplacement: integer('deplacement').notNull(),
    inspiration: integer('inspiration').notNull().default(0),
    divineGift: integer('divine_gift').notNull().default(1),
    soulCore: integer('soul_core').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    rune: integer('rune').notNull().default(0),
    aspect: integer('aspect').notNull().default(0),
    forceWeapon: integer('force_weapon').notNull().default(0),
    agilityWeapon: integer('agility_weapon').notNull().default(0),
    perceptionWeapon: integer('perception_weapon').notNull().default(0),
    /** Allocated points per skill (athletisme … medecine), 0–3 each. */
    skills: jsonb('skills').$type<Record<string, number>>().notNull(),
    assetLink: text('asset_link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('characters_user_idx').on(table.userId),
    index('characters_game_idx').on(table.gameId),
    check('characters_soul_core_range', sql`${table.soulCore} between 0 and 1000`),
  ],
);

export type CharacterRow = typeof characters.$inferSelect;
