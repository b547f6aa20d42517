import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './lib/logger';
import { tableJournalIn } from './modules/table/writers/sole-writer/journal';

/** Past this, a shutdown that still waits on something is cut short. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config);
  const database = await openDatabase(config, { logger: log });
  // The embedded database is this process's alone: no other process can open its directory.
  const tableJournal = database.driver === 'pglite' ? tableJournalIn(config.dataDir) : undefined;
  const app = await buildApp({ config, db: database.db, tableJournal, logger: log }).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      // Sockets and Redis close in the app's preClose hook, then HTTP; the database goes last.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
