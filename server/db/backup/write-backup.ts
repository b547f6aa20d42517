import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BACKUP_FORMAT, type BackupManifest } from '#shared/wire/backup';
import type { Db } from '../client';
import type { Executor } from './executor';
import { tablesOf, type BackupTable } from './catalogue';
import { migrationLevelOf } from './migration-level';
import { rowsOf } from './rows-of';

/** Where the lines go; resolves once the line is taken (a stream's back-pressure). */
export type LineSink = (line: string) => Promise<void>;

/** Rows per read: a stored file's chunk is 256 KB (512 KB as hex), any other row far less. */
const ROWS_PER_FETCH = 1000;
const WIDE_ROWS_PER_FETCH = 8;

/**
 * Writes the whole database as a backup (decision 0038), read in one repeatable-read transaction:
 * a cut of committed transactions, so a table's log batch, appended in one statement, is in it
 * whole or not at all, and every table agrees with every other (a game's head with its events,
 * a file with its chunks). Times are written in UTC, rows in their primary key's order: the same
 * rows make the same file, whichever database they were read from.
 */
export async function writeBackup(
  db: Db,
  source: BackupManifest['source'],
  write: LineSink,
): Promise<BackupManifest> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      const tables = await tablesOf(tx);
      const counts = rowsOf<{ name: string; rows: number }>(
        await tx.execute(
          sql.join(
            tables.map(
              ({ name }) =>
                sql`select ${name}::text as name, count(*)::int as rows from ${sql.identifier(name)}`,
            ),
            sql` union all `,
          ),
        ),
      );
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        source,
        migration: await migrationLevelOf(tx),
        tables: tables.map(({ name }) => ({
          name,
          rows: counts.find((count) => count.name === name)?.rows ?? 0,
        })),
      };
      await write(JSON.stringify(manifest));
      const checksums: Record<string, string> = {};
      for (const table of tables) checksums[table.name] = await writeRows(tx, table, write);
      await write(JSON.stringify({ checksums }));
      return manifest;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One table's rows through a cursor, a batch at a time; answers the SHA-256 of its lines. */
async function writeRows(tx: Executor, table: BackupTable, write: LineSink): Promise<string> {
  const hash = createHash('sha256');
  const order =
    table.key.length > 0
      ? sql.join(
          table.key.map((column) => sql.identifier(column)),
          sql`, `,
        )
      : sql`t::text`;
  await tx.execute(sql`declare backup_rows no scroll cursor for
    select row_to_json(t)::text as line from ${sql.identifier(table.name)} t order by ${order}`);
  const fetch = sql.raw(
    `fetch forward ${table.wide ? WIDE_ROWS_PER_FETCH : ROWS_PER_FETCH} from backup_rows`,
  );
  for (;;) {
    const lines = rowsOf<{ line: string }>(await tx.execute(fetch));
    for (const { line } of lines) {
      hash.update(line).update('\n');
      await write(line);
    }
    if (lines.length === 0) break;
  }
  await tx.execute(sql`close backup_rows`);
  return hash.digest('hex');
}
