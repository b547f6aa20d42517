import { sql } from 'drizzle-orm';
import type { Executor } from './executor';
import { rowsOf } from './rows-of';

/** What a backup needs to know of a table, read from the database's own catalogue. */
export interface BackupTable {
  name: string;
  /** The primary key's columns: rows are written in its order, so two backups of equal tables are equal. */
  key: string[];
  /** Columns a restore writes: a generated one (`users.display_name_lower`) is computed again. */
  columns: string[];
  /** Holds bytes (a stored file's chunks, 256 KB each): read a few rows at a time. */
  wide: boolean;
}

/**
 * Every table of the schema the migrations made, by name: read from the catalogue, so a table a
 * later migration adds is in the next backup without a change here.
 */
export async function tablesOf(db: Executor): Promise<BackupTable[]> {
  const rows = rowsOf<{ name: string; key: string[] | null; columns: string[]; wide: boolean }>(
    await db.execute(sql`
      select c.relname as name,
        (select array_agg(a.attname::text order by k.ordinality)
           from pg_index i, unnest(i.indkey) with ordinality k(attnum, ordinality), pg_attribute a
          where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid and a.attnum = k.attnum) as key,
        (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
          and not a.attisdropped and a.atttypid = 'bytea'::regtype) as wide
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      order by c.relname`),
  );
  return rows.map((row) => ({ ...row, key: row.key ?? [] }));
}

/** A foreign key as `pg_get_constraintdef` writes it, to drop before a load and add back after. */
export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

export async function foreignKeysOf(db: Executor): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    await db.execute(sql`
      select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace
      order by c.relname, k.conname`),
  );
}
