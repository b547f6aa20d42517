import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { games } from './games';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** One stored size of a file, as `files.variants` lists them. */
export interface FileVariantRow {
  name: 'full' | 'phone' | 'thumb' | 'original';
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * The files a game's MJ brought in (decision 0026): one row per distinct content of a kind in a
 * game, its bytes in `file_chunks`. `sha256` is the hash of the bytes received, so the same
 * upload twice is found before anything is decoded; `stored_bytes` adds up every variant, what
 * the game's quota counts.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sha256: text('sha256').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<FileVariantRow[]>().notNull(),
    storedBytes: integer('stored_bytes').notNull(),
    /** The name it was first uploaded under (`storedFileName`); null for files stored before names were kept. */
    originalName: text('original_name'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Also the game's index: the quota's sum and a game's listing read by its first column.
    uniqueIndex('files_game_kind_sha256_idx').on(table.gameId, table.kind, table.sha256),
    check('files_kind_check', sql`${table.kind} in ('map', 'portrait', 'character', 'handout', 'audio')`),
  ],
);

/**
 * A file's bytes in rows of at most 256 KB, per variant, in order: every process reads them from
 * the shared database, a range is read from the chunks it covers, and they go with their file.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.variant, table.seq] })],
);

export type FileRow = typeof files.$inferSelect;
