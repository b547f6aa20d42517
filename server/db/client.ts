import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../config';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema/index';

/**
 * One database type for both drivers, so services never know whether they run on the embedded
 * PGlite or on a PostgreSQL server. Inside `db.transaction(async (tx) => …)` use `tx` only:
 * PGlite has a single connection and a query on the outer handle would wait for ever.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The PostgreSQL pool under `db`, or undefined on PGlite. */
export function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * The stamp of the embedded database's writes (`PgliteThread.writeStamp`), or undefined on
 * PostgreSQL, where other processes write unseen.
 */
export function writeStampOf(db: Db): (() => number) | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PgliteThread ? () => client.writeStamp : undefined;
}

export type Database = { db: Db; close(): Promise<void> } & (
  { driver: 'pglite'; client: PgliteThread } | { driver: 'postgres'; client: pg.Pool }
);

export interface OpenDatabaseOptions {
  /** PGlite only: keep everything in memory (tests) instead of `config.dataDir`. */
  inMemory?: boolean;
  /** PGlite only: start from a `dumpDataDir()` archive, far faster than creating a cluster. */
  loadDataDir?: Blob;
  logger?: FastifyBaseLogger;
  /** Migrate from this folder instead of the code's: a restore stops at its backup's level first. */
  migrationsFolder?: string;
  /** False: open the schema as it is (a backup reads a database, it does not change it). */
  migrate?: boolean;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_351_102;

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`, and brings its schema up to date. */
export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const folder = options.migrate === false ? undefined : (options.migrationsFolder ?? migrationsFolder);
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, folder, options.logger)
    : openPglite(options.inMemory ? 'memory://' : config.dataDir, folder, options.loadDataDir);
}

async function openPglite(
  dataDir: string,
  migrations: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const client = await PgliteThread.create({ dataDir, loadDataDir });
  // drizzle's PGlite session calls `query` and `transaction` only, which the thread answers.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  try {
    if (migrations) await migratePglite(db, { migrationsFolder: migrations });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, driver: 'pglite', client, close: () => client.close() };
}

async function openPostgres(
  url: string,
  migrations: string | undefined,
  logger?: FastifyBaseLogger,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL client failed'));
  // The pool listens only to its idle clients. One checked out but between two statements (a
  // transaction deciding a batch) when its connection is cut (`pg_terminate_backend`, a restart)
  // emits 'error' to nobody, which ends the process. Heard here, it fails only its own work: the
  // next statement rejects, and the client released with that error leaves the pool.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL connection lost'));
  });
  try {
    if (migrations) await migrateUnderLock(pool, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzleNodePg({ client: pool, schema }),
    driver: 'postgres',
    client: pool,
    close: () => pool.end(),
  };
}

/** Several processes may start together on one database: only one migrates at a time. */
async function migrateUnderLock(pool: pg.Pool, migrations: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrations });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
