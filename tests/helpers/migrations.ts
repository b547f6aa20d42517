import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema/index';
import { createThrowAwayDatabase, type Driver } from './server';

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

interface Journal {
  entries: Array<{ tag: string }>;
}

/** A copy of the migrations folder that stops at `lastTag`, for the migrator to go that far only. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = await mkdtemp(join(tmpdir(), 'sr-migrations-'));
  await mkdir(join(folder, 'meta'));
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    await copyFile(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  return folder;
}

export interface PartlyMigrated {
  db: Db;
  /** Applies the migrations after the first step, as a server starting on this database does. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh database migrated up to `lastTag` included, so a data migration can be tested on rows
 * written as the schema stood before it.
 */
export async function databaseMigratedTo(driver: Driver, lastTag: string): Promise<PartlyMigrated> {
  const firstStep = await migrationsUpTo(lastTag);
  try {
    if (driver === 'pglite') {
      const client = await PGlite.create();
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: firstStep });
      return {
        db,
        migrateRest: () => migratePglite(db, { migrationsFolder }),
        close: () => client.close(),
      };
    }
    const throwAway = await createThrowAwayDatabase();
    const pool = new pg.Pool({ connectionString: throwAway.url });
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder: firstStep });
    return {
      db,
      migrateRest: () => migrateNodePg(db, { migrationsFolder }),
      async close() {
        await pool.end();
        await throwAway.drop();
      },
    };
  } finally {
    await rm(firstStep, { recursive: true, force: true });
  }
}
