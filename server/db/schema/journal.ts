import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { games } from './games';

/**
 * A game's journal pages (decision 0030): the MJ's private ones and the shared ones the players
 * read, and write where the MJ allows. `version` counts saves, so a save names what it was based on.
 */
export const journalPages = pgTable(
  'journal_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    playersMayWrite: boolean('players_may_write').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('journal_pages_game_id_idx').on(table.gameId, table.createdAt)],
);

export type JournalPageRow = typeof journalPages.$inferSelect;
