import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Each table of the database, by name: `{rows}:{hash of its rows}`. */
export type DatabaseFingerprint = ReadonlyMap<string, string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The whole database in one statement: every table of the schema the server migrated (read from
 * information_schema, so a table added tomorrow is in it), its row count and a hash of its rows in
 * a fixed order. Two equal fingerprints mean no row was added, removed or changed anywhere: what
 * "a refusal changes nothing" asserts.
 */
export async function databaseFingerprint(db: Db): Promise<DatabaseFingerprint> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  ).map((table) => table.name);
  if (tables.length === 0) throw new Error('no table in the current schema');
  const perTable = tables.map(
    (name) => sql`select ${name}::text as name, count(*)::text || ':' ||
      coalesce(md5(string_agg(md5(row_text), ',' order by md5(row_text))), '') as print
      from (select t::text as row_text from ${sql.identifier(name)} t) rows`,
  );
  const prints = rowsOf<{ name: string; print: string }>(
    await db.execute(sql.join(perTable, sql` union all `)),
  );
  return new Map(prints.map((table) => [table.name, table.print]));
}

/** The tables whose rows differ between two fingerprints, but those `ignored` names. */
export function changedTables(
  before: DatabaseFingerprint,
  after: DatabaseFingerprint,
  ignored: ReadonlySet<string> = new Set(),
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => !ignored.has(name) && before.get(name) !== after.get(name)).sort();
}
