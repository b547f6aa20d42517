import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';

/**
 * Creating a PGlite cluster costs seconds; loading a dump of an already migrated one costs half
 * a second. The dump is kept in the temp folder, keyed on the migrations, and shared by every
 * test process; a dump that no longer loads (PGlite upgraded) is simply made again.
 */

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

let template: Promise<Blob> | undefined;

export function openTestPglite(config: Config): Promise<Database> {
  return openFromTemplate(config, true);
}

/**
 * Fills the empty folder `config.dataDir` with the template, so a server process started on it
 * (the crash test) skips creating and migrating a cluster.
 */
export async function seedPgliteDataDir(config: DatabaseConfig): Promise<void> {
  const database = await openFromTemplate(config, false);
  await database.close();
}

async function openFromTemplate(config: DatabaseConfig, inMemory: boolean): Promise<Database> {
  template ??= cachedTemplate(config);
  try {
    return await openDatabase(config, { inMemory, loadDataDir: await template });
  } catch {
    // Half a cluster may have been written: the fresh template goes into an empty folder again.
    if (!inMemory) await rm(config.dataDir, { recursive: true, force: true });
    template = freshTemplate(config, await templateFile());
    return openDatabase(config, { inMemory, loadDataDir: await template });
  }
}

async function cachedTemplate(config: DatabaseConfig): Promise<Blob> {
  const file = await templateFile();
  try {
    return new Blob([await readFile(file)]);
  } catch {
    return freshTemplate(config, file);
  }
}

async function freshTemplate(config: DatabaseConfig, file: string): Promise<Blob> {
  const database = await openDatabase(config, { inMemory: true });
  if (database.driver !== 'pglite') throw new Error('the PGlite template needs the pglite driver');
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  // Written aside then renamed, so a parallel test process never reads half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file).catch(() => rm(partial, { force: true }));
  return dump;
}

async function templateFile(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsDir, { recursive: true })).sort();
  for (const name of files) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(await readFile(join(migrationsDir, name)));
  }
  return join(tmpdir(), `sr-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}
