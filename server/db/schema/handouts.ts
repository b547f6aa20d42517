import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { files } from './files';
import { games } from './games';

/**
 * The handouts a game's MJ prepared (decision 0029): a title and either a text or a stored picture.
 * A picture's file going (the MJ deleted it) takes its handout with it.
 */
export const handouts = pgTable(
  'handouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('handouts_game_idx').on(table.gameId, table.createdAt),
    index('handouts_file_idx').on(table.fileId),
    check('handouts_content_check', sql`(${table.text} is null) <> (${table.fileId} is null)`),
  ],
);

/**
 * Who holds a handout now, and since when: a row per player it was shown to, deleted when the MJ
 * takes it back. What a player may read of it — its title, its text, its file — is asked here.
 */
export const handoutRecipients = pgTable(
  'handout_recipients',
  {
    handoutId: uuid('handout_id')
      .notNull()
      .references(() => handouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.handoutId, table.userId] }),
    index('handout_recipients_user_idx').on(table.userId),
  ],
);

export type HandoutRow = typeof handouts.$inferSelect;
