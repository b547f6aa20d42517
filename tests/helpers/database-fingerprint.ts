import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Each table of the database, by name: `{rows}:{hash of its rows}`. */
export type DatabaseFingerprint = ReadonlyMap<string, string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The tables do not change while a server runs: read once per database. */
const tablesOf = new WeakMap<Db, Promise<string[]>>();

async function readTables(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_catalog.pg_tables
      where schemaname = current_schema() order by tablename`),
  ).map((table) => table.name);
  if (tables.length === 0) throw new Error('no table in the current schema');
  return tables;
}

/**
 * The whole database in one statement: every table of the schema the server migrated (read from
 * the catalogue, so a table added tomorrow is in it), its row count and a hash of its rows. Two
 * equal fingerprints mean no row was added, removed or changed anywhere: what "a refusal changes
 * nothing" asserts. The rows' hash is the sum of each row's 64-bit hash, so it does not depend on
 * the order the rows come in: as good as hashing them sorted, at a sixth of the cost on PGlite,
 * where sorting every table dominates.
 */
export async function databaseFingerprint(db: Db): Promise<DatabaseFingerprint> {
  if (!tablesOf.has(db)) tablesOf.set(db, readTables(db));
  const perTable = (await tablesOf.get(db)!).map(
    (name) => sql`select ${name}::text as name, count(*)::text || ':' ||
      coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text as print
      from ${sql.identifier(name)} t`,
  );
  const prints = rowsOf<{ name: string; print: string }>(
    await db.execute(sql.join(perTable, sql` union all `)),
  );
  return new Map(prints.map((table) => [table.name, table.print]));
}

/**
 * Tables a running server writes on its own, whatever the requests: each process's monitoring
 * figures, rewritten every few seconds (docs/monitoring.md "Several processes").
 */
const MOVING_ON_THEIR_OWN = ['monitoring_processes'];

/** The tables whose rows differ between two fingerprints, but those `ignored` names. */
export function changedTables(
  before: DatabaseFingerprint,
  after: DatabaseFingerprint,
  ignored: ReadonlySet<string> = new Set(),
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => !MOVING_ON_THEIR_OWN.includes(name) && !ignored.has(name))
    .filter((name) => before.get(name) !== after.get(name))
    .sort();
}
