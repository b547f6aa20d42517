import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TableState } from '#shared/domain/table/types';
import type { TurnMark } from '#shared/domain/table/replay';
import { games } from './games';

/**
 * The live table's log (docs/live-table.md): one append-only run of events per game, seq gapless from 1.
 * `table_heads` holds each game's last seq; the append transaction locks that row (an upsert,
 * which takes the row lock), so two processes on one PostgreSQL never take the same seq nor leave a hole.
 * On PostgreSQL one process at a time decides a game (docs/live-table.md "Owners"): `epoch` counts its
 * owners, and an append is taken only under the epoch its owner was given, so a process that lost
 * the game can no longer log into it; `owner` names the process that holds it now.
 */
export const tableHeads = pgTable('table_heads', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  epoch: integer('epoch').notNull().default(0),
  owner: text('owner'),
});

export const tableEvents = pgTable(
  'table_events',
  {
    // No foreign keys here: their checks, one per row, took half of each append's cost (docs/live-table.md
    // "The log's keys"). The append statements check the game and the author themselves, and
    // migration 0011's triggers on games and users delete a game's events and forget an author.
    gameId: text('game_id').notNull(),
    seq: integer('seq').notNull(),
    /** The owner's epoch that decided it: a client holding another event under this seq holds a lost one. */
    epoch: integer('epoch').notNull().default(0),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // A deleted account keeps its lines in the log, without their author.
    userId: uuid('user_id'),
    /**
     * The client's id of the command, on its first event: a command sent again under it is
     * answered as done, even by a process that took the game over (docs/live-table.md "Command ids").
     */
    commandId: uuid('command_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.seq] }),
    // The chat history reads a game's chat lines newest first, skipping the token moves.
    index('table_events_chat_idx')
      .on(table.gameId, table.seq)
      .where(sql`${table.type} in ('chat.posted', 'chat.system', 'dice.rolled')`),
  ],
);

/** The folded state every N events, so a join or a restart does not fold the whole log. */
export const tableSnapshots = pgTable(
  'table_snapshots',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    state: jsonb('state').$type<TableState>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);

export type TableEventRow = typeof tableEvents.$inferSelect;

/**
 * The server's state every REPLAY_CHECKPOINT_EVERY events, kept for good, so a replay jumps
 * anywhere without folding the log from its start (decision 0036); with the turns given since the
 * checkpoint before. The first replay of a game writes them, up to its head.
 */
export const tableReplayCheckpoints = pgTable(
  'table_replay_checkpoints',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    state: jsonb('state').$type<TableState>().notNull(),
    turns: jsonb('turns').$type<TurnMark[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seq] })],
);
