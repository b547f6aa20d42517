import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { games } from './games';

/**
 * The MJ's own lines about an evening (decision 0037), added to its recap. An evening is named by
 * its first event's seq: the log only grows, so that seq names the same evening for good.
 */
export const eveningNotes = pgTable(
  'evening_notes',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    firstSeq: integer('first_seq').notNull(),
    notes: text('notes').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.firstSeq] })],
);

/**
 * The last evening whose « La dernière fois… » a user read at a game: shown once per user and
 * evening, on whichever device they open the table with.
 */
export const lastTimeSeen = pgTable(
  'last_time_seen',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    firstSeq: integer('first_seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.gameId] })],
);
