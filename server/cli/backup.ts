import { access } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { API_BASE } from '#shared/paths';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { gzipLines, saveStream } from '../db/backup/backup-file';
import { writeBackup } from '../db/backup/write-backup';
import { createLogger } from '../lib/logger';
import { replayJournal, tableJournalIn } from '../modules/table/writers/sole-writer/journal';

/**
 * `npm run backup -- [fichier]`: the whole database in one file (decision 0038), with the server's
 * own configuration, while it runs. PostgreSQL is read directly, in one repeatable-read
 * transaction beside the servers. An embedded PGlite belongs to its server's process: the backup
 * is asked of that server (`BACKUP_TOKEN`, at `BACKUP_SERVER_URL` or this machine's `PORT`), and
 * only when no server answers there is its folder opened here, its table journal logged first as a
 * start would.
 */
async function main(args: string[]): Promise<number> {
  const config = loadConfig(process.env);
  const file = args[0] ?? `shattered-realms-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`;
  if (
    await access(file).then(
      () => true,
      () => false,
    )
  ) {
    console.error(`${file} existe déjà : choisissez un autre nom.`);
    return 1;
  }
  const started = performance.now();
  const stream = config.databaseUrl ? readDatabase(config) : await fromServerOrFolder(config);
  if (typeof stream === 'string') {
    console.error(stream);
    return 1;
  }
  await saveStream(stream, file);
  console.log(`Sauvegarde écrite dans ${file} en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

/** The backup read here from the database the configuration names, closed once written. */
function readDatabase(config: Config): Readable {
  return gzipLines(async (write) => {
    const database = await openDatabase(config, { migrate: false });
    try {
      if (database.driver === 'pglite') {
        await replayJournal(database.db, tableJournalIn(config.dataDir), createLogger(config));
      }
      await writeBackup(database.db, database.driver, write);
    } finally {
      await database.close();
    }
  });
}

/** The running server's backup, or the folder's when no server listens; a refusal in words. */
async function fromServerOrFolder(config: Config): Promise<Readable | string> {
  const base = process.env.BACKUP_SERVER_URL ?? `http://127.0.0.1:${config.port}`;
  const response = await fetch(`${base}${API_BASE}/operations/backup`, {
    headers: config.backupToken ? { authorization: `Bearer ${config.backupToken}` } : {},
  }).catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw error;
  });
  if (!response) return readDatabase(config);
  if (!response.ok || !response.body) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    return `Le serveur de ${base} refuse la sauvegarde (${response.status}) : ${error ?? 'sans explication'}`;
  }
  return Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
