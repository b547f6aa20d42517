import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { backupManifest, backupTrailer, type BackupManifest } from '#shared/wire/backup';
import type { Database, OpenDatabaseOptions } from '../client';
import { foreignKeysOf, tablesOf, type BackupTable } from './catalogue';
import { migrationLevelOf, migrationsUpTo } from './migration-level';
import { rowsOf } from './rows-of';
import type { Executor } from './executor';

/** A refusal of the restore, said to the operator as it is. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** Rows per insert, and the most JSON text one carries (a stored file's chunk is 512 KB as hex). */
const ROWS_PER_INSERT = 1000;
const TEXT_PER_INSERT = 2 * 1024 * 1024;

type Lines = AsyncIterator<string>;

async function nextLine(lines: Lines, what: string): Promise<string> {
  const next = await lines.next();
  if (next.done) throw new RestoreError(`La sauvegarde s’arrête avant ${what} : le fichier est tronqué.`);
  return next.value;
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  line: string,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new RestoreError(`${what} illisible : ce fichier n’est pas une sauvegarde de Shattered Realms.`);
  }
  const result = schema.safeParse(value);
  if (!result.success)
    throw new RestoreError(`${what} invalide : ce fichier n’est pas une sauvegarde de Shattered Realms.`);
  return result.data;
}

/**
 * Brings a backup (decision 0038) into an empty database: migrated to the backup's level first,
 * so its rows fit; loaded in one transaction, which a wrong count or checksum rolls back whole;
 * then migrated to this version's level. `open` opens the target with the options given (the
 * restore CLI opens what the configuration names).
 */
export async function restoreBackup(
  lines: Lines,
  open: (options: Pick<OpenDatabaseOptions, 'migrationsFolder'>) => Promise<Database>,
): Promise<BackupManifest> {
  const manifest = parsed(backupManifest, await nextLine(lines, 'son en-tête'), 'En-tête');
  const upTo = await migrationsUpTo(manifest.migration).catch((error: unknown) => {
    throw new RestoreError(error instanceof Error ? error.message : String(error));
  });
  try {
    const database = await open({ migrationsFolder: upTo.folder });
    try {
      const level = await migrationLevelOf(database.db);
      if (level.createdAt !== manifest.migration.createdAt) {
        throw new RestoreError(
          `La base de données cible est déjà au niveau de migration « ${level.tag} », après celui de la ` +
            `sauvegarde (« ${manifest.migration.tag} ») : restaurez dans une base vide.`,
        );
      }
      await database.db.transaction(async (tx) => {
        const tables = await tablesOf(tx);
        await refuseUnlessEmpty(tx, tables);
        await load(tx, tables, manifest, lines);
      });
    } finally {
      await database.close();
    }
  } finally {
    await upTo.dispose();
  }
  await (await open({})).close();
  return manifest;
}

async function refuseUnlessEmpty(tx: Executor, tables: BackupTable[]): Promise<void> {
  const filled = rowsOf<{ name: string }>(
    await tx.execute(
      sql.join(
        tables.map(
          ({ name }) =>
            sql`select ${name}::text as name where exists (select 1 from ${sql.identifier(name)})`,
        ),
        sql` union all `,
      ),
    ),
  ).map(({ name }) => name);
  if (filled.length > 0) {
    throw new RestoreError(
      `La base de données cible n’est pas vide (${filled.join(', ')}) : une restauration ne se fait que dans une base vide.`,
    );
  }
}

/**
 * The rows, with the foreign keys set aside: two tables name each other (a resource and the store
 * entry it came from), so no order of tables satisfies them as rows arrive. Added back at the end,
 * they check every row, as pg_restore does.
 */
async function load(
  tx: Executor,
  tables: BackupTable[],
  manifest: BackupManifest,
  lines: Lines,
): Promise<void> {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const missing = manifest.tables.filter(({ name }) => !byName.has(name)).map(({ name }) => name);
  if (missing.length > 0) throw new RestoreError(`Tables inconnues de cette base : ${missing.join(', ')}.`);
  const keys = await foreignKeysOf(tx);
  for (const key of keys) {
    await tx.execute(
      sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`,
    );
  }
  const checksums: Record<string, string> = {};
  for (const { name, rows } of manifest.tables) {
    checksums[name] = await loadRows(tx, byName.get(name)!, rows, lines);
  }
  const trailer = parsed(
    backupTrailer,
    await nextLine(lines, 'ses sommes de contrôle'),
    'Fin de la sauvegarde',
  );
  const wrong = manifest.tables
    .filter(({ name }) => trailer.checksums[name] !== checksums[name])
    .map(({ name }) => name);
  if (wrong.length > 0) {
    throw new RestoreError(
      `Somme de contrôle fausse pour ${wrong.join(', ')} : le fichier est abîmé, rien n’est restauré.`,
    );
  }
  if (!(await lines.next()).done)
    throw new RestoreError('Des lignes suivent la fin de la sauvegarde : rien n’est restauré.');
  for (const key of keys) {
    await tx.execute(
      sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
}

async function loadRows(tx: Executor, table: BackupTable, rows: number, lines: Lines): Promise<string> {
  const hash = createHash('sha256');
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  let batch: string[] = [];
  let size = 0;
  const insert = async () => {
    if (batch.length === 0) return;
    await tx.execute(sql`insert into ${sql.identifier(table.name)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${batch.join(',')}]`}::json)`);
    batch = [];
    size = 0;
  };
  for (let i = 0; i < rows; i += 1) {
    const line = await nextLine(lines, `la fin de la table ${table.name}`);
    hash.update(line).update('\n');
    batch.push(line);
    size += line.length;
    if (batch.length >= ROWS_PER_INSERT || size >= TEXT_PER_INSERT) await insert();
  }
  await insert();
  return hash.digest('hex');
}
