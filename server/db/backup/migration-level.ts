import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { BackupManifest } from '#shared/wire/backup';
import { migrationsFolder } from '../client';
import type { Executor } from './executor';
import { rowsOf } from './rows-of';

export type MigrationLevel = BackupManifest['migration'];

interface JournalEntry {
  tag: string;
  when: number;
}

async function readJournal(): Promise<{ entries: JournalEntry[] } & Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/** The last migration `db` took, as drizzle's own table records it, named by the code's journal. */
export async function migrationLevelOf(db: Executor): Promise<MigrationLevel> {
  const [last] = rowsOf<{ hash: string; created_at: string }>(
    await db.execute(sql`select hash, created_at::text from drizzle.__drizzle_migrations
      order by created_at desc limit 1`),
  );
  if (!last) throw new Error('La base de données n’a pris aucune migration.');
  const createdAt = Number(last.created_at);
  const entry = (await readJournal()).entries.find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? 'inconnue', hash: last.hash, createdAt };
}

/**
 * A migrations folder that stops at `level`: an empty database migrated from it has the schema the
 * backup was read from, so its rows fit; the migrations after it run once they are in. A level
 * this code does not know (a backup of a newer version, or of a changed migration) is refused.
 */
export async function migrationsUpTo(
  level: MigrationLevel,
): Promise<{ folder: string; dispose(): Promise<void> }> {
  const journal = await readJournal();
  const known = readMigrationFiles({ migrationsFolder }).find(
    (migration) => migration.folderMillis === level.createdAt && migration.hash === level.hash,
  );
  if (!known) {
    throw new Error(
      `La sauvegarde est au niveau de migration « ${level.tag} », que cette version ne connaît pas : ` +
        'restaurez-la avec la version qui l’a faite.',
    );
  }
  const entries = journal.entries.filter((entry) => entry.when <= level.createdAt);
  const folder = await mkdtemp(path.join(tmpdir(), 'sr-restore-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}
