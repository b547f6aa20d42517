/**
 * A backup and a restore of a game of 100,000 table events (the replay bench's realistic log),
 * on each database: the backup asked of the running server (`GET /operations/backup`, as
 * `npm run backup` does on PGlite), the restore into an empty database of the same kind. Baselines
 * in the same run: on PostgreSQL pg_dump and pg_restore (custom format) of the same database; on
 * PGlite its own physical copy (`dumpDataDir`) and a start from it. While the backup runs, a
 * health check every 50 ms says how long a request waits for the database meanwhile.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { linesOfBackupFile } from '../server/db/backup/backup-file';
import { restoreBackup } from '../server/db/backup/restore-backup';
import { openDatabase } from '../server/db/client';
import { PgliteThread } from '../server/db/pglite-thread';
import { rowsJson } from '../server/modules/table/log/rows';
import { downloadBackup } from '../tests/helpers/backup-file';
import { insertGame } from '../tests/helpers/game-fixtures';
import { createThrowAwayDatabase, drivers, startTestServer, type TestServer } from '../tests/helpers/server';
import { seedPgliteDataDir } from '../tests/helpers/server-pglite-template';
import { tableLog } from './lib/table-log';
import { figure, print } from './lib/report';

const EVENTS = Number(process.env.BENCH_BACKUP_EVENTS ?? 100_000);
const INSERT_BATCH = 5000;
const HEALTH_EVERY_MS = 50;
const execFileAsync = promisify(execFile);

async function fillGame(server: TestServer): Promise<string> {
  const mj = await server.register();
  const gameId = await insertGame(server.database.db, mj.userId);
  const events = tableLog(EVENTS).map((event) => ({ ...event, userId: null }));
  for (let from = 0; from < events.length; from += INSERT_BATCH) {
    const rows = rowsJson(events.slice(from, from + INSERT_BATCH).map((event) => ({ gameId, event })));
    await server.database.db
      .execute(sql`insert into table_events (game_id, seq, epoch, type, payload, user_id, created_at)
      select game_id, seq, epoch, type, payload, user_id, created_at from jsonb_to_recordset(${rows}::jsonb)
      as t(game_id text, seq int, epoch int, type text, payload jsonb, user_id uuid, created_at timestamptz)`);
  }
  await server.database.db.execute(sql`insert into table_heads (game_id, seq) values (${gameId}, ${EVENTS})`);
  return gameId;
}

/** Times `work` while a health check runs every 50 ms; answers its time and the slowest check. */
async function timedBesideHealth(server: TestServer, work: () => Promise<void>): Promise<[number, number]> {
  let running = true;
  let slowest = 0;
  const health = (async () => {
    while (running) {
      const asked = performance.now();
      await server.api('GET', '/health');
      slowest = Math.max(slowest, performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  running = false;
  await health;
  return [took, slowest];
}

export async function run(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sr-bench-backup-'));
  const token = randomBytes(24).toString('hex');
  try {
    for (const driver of drivers) {
      const server = await startTestServer({ driver, env: { BACKUP_TOKEN: token } });
      const bench = `backup-${driver}`;
      try {
        await fillGame(server);
        const file = path.join(folder, `${driver}.ndjson.gz`);
        const [backupMs, slowestHealth] = await timedBesideHealth(server, () =>
          downloadBackup(server.baseUrl, token, file),
        );
        const size = (await stat(file)).size;

        const throwAway = driver === 'postgres' ? await createThrowAwayDatabase() : undefined;
        const target = { databaseUrl: throwAway?.url, dataDir: path.join(folder, `restored-${driver}`) };
        if (!throwAway) await seedPgliteDataDir(target);
        let started = performance.now();
        await restoreBackup(linesOfBackupFile(file), (options) => openDatabase(target, options));
        const restoreMs = performance.now() - started;
        await throwAway?.drop();

        let baseBackupMs: number;
        let baseRestoreMs: number;
        let baseline: string;
        if (server.database.driver === 'postgres') {
          const url = server.config.databaseUrl!;
          const dump = path.join(folder, 'pg.dump');
          started = performance.now();
          await execFileAsync('pg_dump', ['-Fc', '-f', dump, url]);
          baseBackupMs = performance.now() - started;
          const into = await createThrowAwayDatabase();
          started = performance.now();
          await execFileAsync('pg_restore', ['--no-owner', '-d', into.url, dump]);
          baseRestoreMs = performance.now() - started;
          await into.drop();
          baseline = `pg_dump -Fc (${((await stat(dump)).size / 1024 / 1024).toFixed(1)} MB) and pg_restore`;
        } else {
          const thread = server.database.client;
          started = performance.now();
          const copy = await thread.dumpDataDir('none');
          baseBackupMs = performance.now() - started;
          started = performance.now();
          await (await PgliteThread.create({ dataDir: 'memory://', loadDataDir: copy })).close();
          baseRestoreMs = performance.now() - started;
          baseline = `PGlite's dumpDataDir (${(copy.size / 1024 / 1024).toFixed(1)} MB) and a start from it`;
        }
        const note = `${EVENTS.toLocaleString('en')} events of one game, file ${(size / 1024 / 1024).toFixed(1)} MB gzip; baseline = ${baseline}`;
        print(figure(bench, 'backup', backupMs, 'ms', baseBackupMs, note));
        print(figure(bench, 'restore', restoreMs, 'ms', baseRestoreMs, note));
        print(
          figure(
            bench,
            'health-during-backup-max',
            slowestHealth,
            'ms',
            backupMs,
            'the slowest GET /health asked every 50 ms during the backup; baseline = the backup',
          ),
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
