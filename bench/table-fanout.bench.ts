/**
 * The live table's fan-out: 1,000 socket.io clients in games of 6 (an MJ and 5 players), each
 * dropping its token 5 times a second, against the real server (its own process, real accounts,
 * games, invitations and characters made through the REST API, every drop checked, logged and
 * emitted) and against a bare socket.io relay of the same traffic to the same rooms, in the same
 * run. Latency is send → every other member of the game received the `itemUpdate`.
 * BENCH_FANOUT_CLIENTS, BENCH_FANOUT_SECONDS, BENCH_FANOUT_RATE (drops per client and second) and
 * BENCH_FANOUT_PROCESSES (load processes) change its size.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { createThrowAwayDatabase, drivers, type Driver } from '../tests/helpers/server';
import { startChildServer, type ChildServer } from '../tests/helpers/child-server';
import { runFanout } from './fanout/load-workers';
import { inBatches, type FanoutGame, type FanoutResult } from './fanout/table-clients';
import { createTable } from './fanout/tables';
import { figure, print } from './lib/report';

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 30);
const GAME_SIZE = 6;
const MOVES_PER_SECOND = Number(process.env.BENCH_FANOUT_RATE ?? 5);
const TARGET_RATIO = 1.5;
/** Processes the clients are spread over: one event loop alone cannot make the full load. */
const LOAD_PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2);
/** Games set up at once: each registration is a scrypt hash, the server's slowest call. */
const SETUP_WIDTH = 4;

const GAMES = Math.ceil(CLIENTS / GAME_SIZE);
const load = { movesPerSecond: MOVES_PER_SECOND, durationMs: SECONDS * 1000 };

/** The traffic's shape and how loaded the machine was, for every figure's note. */
function describe(result: FanoutResult, serverCpu: number): string {
  return [
    `${result.clients} clients in ${GAMES} games of ${GAME_SIZE}, ${SECONDS} s`,
    `${Math.round(result.movesPerSecond)} drops/s sent (${result.acked} acked, ${result.refused} refused, ${result.unanswered} unanswered)`,
    `ack p50 ${Math.round(result.ackP50Ms)} ms, p95 ${Math.round(result.ackP95Ms)} ms`,
    `${result.lostMoves} lost drop(s) / ${result.lostDeliveries} lost deliveries`,
    `server ${serverCpu.toFixed(2)} CPU, clients ${result.clientCpu.toFixed(2)} CPU, client loop lag p99 ${Math.round(result.clientLagP99Ms)} ms, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  ].join('; ');
}

async function measured(
  server: ChildServer,
  games: FanoutGame[],
): Promise<{ result: FanoutResult; serverCpu: number }> {
  const cpuBefore = await server.cpuSeconds();
  const started = performance.now();
  const result = await runFanout(server.url, games, load, LOAD_PROCESSES);
  const serverCpu = (await server.cpuSeconds()) - cpuBefore;
  return { result, serverCpu: serverCpu / ((performance.now() - started) / 1000) };
}

function bareGames(): FanoutGame[] {
  return Array.from({ length: GAMES }, (_, g) => ({
    gameId: `BARE${g}`,
    members: Array.from({ length: Math.min(GAME_SIZE, CLIENTS - g * GAME_SIZE) }, (_, m) => ({
      itemId: m === 0 ? `monster-${g}` : `character-${g}-${m}`,
      isPlayer: m > 0,
      name: m === 0 ? 'Gobelin' : `Héros ${m}`,
    })),
  }));
}

/** The real server on one database: returns the figures' inputs and the drops the log holds. */
async function againstServer(
  root: string,
  driver: Driver,
): Promise<{ result: FanoutResult; serverCpu: number; logged: number }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sr-bench-fanout-'));
  const throwAway = driver === 'postgres' ? await createThrowAwayDatabase() : undefined;
  const config = { dataDir, databaseUrl: throwAway?.url };
  try {
    const server = await startChildServer(root, 'server/main.ts', {
      DATA_DIR: dataDir,
      DATABASE_URL: throwAway?.url ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      AUTH_RATE_LIMIT_MAX: '100000000',
    });
    let outcome: { result: FanoutResult; serverCpu: number };
    try {
      const setupStarted = performance.now();
      const games = await inBatches(
        Array.from({ length: GAMES }, (_, g) => g),
        SETUP_WIDTH,
        (g) => createTable(server.url, g, Math.min(GAME_SIZE, CLIENTS - g * GAME_SIZE) - 1),
      );
      console.error(
        `${driver}: ${GAMES} games set up through the API in ${Math.round((performance.now() - setupStarted) / 1000)} s`,
      );
      outcome = await measured(server, games);
    } finally {
      await server.stop();
    }
    // Read once the server has stopped: the embedded database has a single owner at a time.
    const database = await openDatabase(config);
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from table_events where type = 'token.moved'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return { ...outcome, logged: rows[0]?.n ?? 0 };
    } finally {
      await database.close();
    }
  } finally {
    await throwAway?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(root: string): Promise<void> {
  const bare = await startChildServer(root, 'bench/fanout/bare-relay.ts', {});
  let baseline: FanoutResult;
  try {
    const { result, serverCpu } = await measured(bare, bareGames());
    baseline = result;
    const note = `${describe(result, serverCpu)}; baseline = itself`;
    console.error(`bare relay: ${note}`);
    print(figure('table-fanout-bare', 'delivery-p50', result.p50Ms, 'ms', result.p50Ms, note));
    print(figure('table-fanout-bare', 'delivery-p95', result.p95Ms, 'ms', result.p95Ms, note));
    print(figure('table-fanout-bare', 'delivery-p99', result.p99Ms, 'ms', result.p99Ms, note));
  } finally {
    await bare.stop();
  }

  for (const driver of drivers) {
    const bench = `table-fanout-${driver}`;
    const { result, serverCpu, logged } = await againstServer(root, driver);
    const note = `${describe(result, serverCpu)}; baseline = bare socket.io relay, same clients and rooms`;
    if (result.refusals.length > 0) console.error(`${bench}: refusals: ${result.refusals.join(' | ')}`);
    print(figure(bench, 'delivery-p50', result.p50Ms, 'ms', baseline.p50Ms, note));
    print(
      figure(
        bench,
        'delivery-p95',
        result.p95Ms,
        'ms',
        baseline.p95Ms,
        `${note}; target ratio ≤ ${TARGET_RATIO}`,
      ),
    );
    print(figure(bench, 'delivery-p99', result.p99Ms, 'ms', baseline.p99Ms, note));
    print(figure(bench, 'lost-drops', result.lostMoves, 'drops', 0, `${note}; target 0`));
    print(
      figure(
        bench,
        'answered-drops',
        result.acked,
        'drops',
        result.sent,
        `drops answered { ok: true } within 20 s; baseline = drops sent; ${note}`,
      ),
    );
    print(
      figure(
        bench,
        'logged-drops',
        logged,
        'events',
        result.acked,
        'token.moved rows in table_events; baseline = drops the server acked (ratio 1 = every acked drop logged)',
      ),
    );
  }
}
