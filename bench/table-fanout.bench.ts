/**
 * The live table's fan-out: socket.io clients in games of 6 (an MJ and 5 players), each dropping
 * its token 5 times a second, against the real server (its own process, real accounts, games,
 * invitations and characters made through the REST API, every drop checked, logged and emitted)
 * on PGlite and on PostgreSQL (when DATABASE_URL is set), and against a bare socket.io relay of
 * the same traffic to the same rooms, in the same run. Latency is send → every other member of
 * the game received the `itemUpdate`.
 *
 * By default the load is one this 2-core machine carries beside its clients: 200 clients, 1,000
 * drops/s for 20 s, measured after 5 s of the same load (BENCH_FANOUT_WARMUP_SECONDS) that lets
 * each server compile its hot path and load its games, so the figures are its steady state. Then each server is stepped up (BENCH_FANOUT_STEPS drops per client and
 * second, BENCH_FANOUT_STEP_SECONDS each) until its delivery p95 passes 50 ms: the highest rate
 * below is its saturation point. BENCH_FANOUT_CLIENTS=1000 BENCH_FANOUT_SECONDS=30 is the
 * full-size run (README "Benchmarks"); BENCH_FANOUT_RATE and BENCH_FANOUT_PROCESSES (load
 * processes) change the rest.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { createThrowAwayDatabase, drivers, type Driver } from '../tests/helpers/server';
import { startChildServer, type ChildServer } from '../tests/helpers/child-server';
import { countDatabaseCpu } from './fanout/database-cpu';
import { openFanout } from './fanout/load-workers';
import { inBatches, type FanoutGame, type FanoutResult } from './fanout/table-clients';
import { createTable } from './fanout/tables';
import { figure, print } from './lib/report';

const numbers = (value: string | undefined, fallback: number[]) =>
  value === undefined ? fallback : value.split(',').filter(Boolean).map(Number);

const CLIENTS = Number(process.env.BENCH_FANOUT_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 20);
const GAME_SIZE = 6;
const MOVES_PER_SECOND = Number(process.env.BENCH_FANOUT_RATE ?? 5);
/** Drops per client and second of the saturation steps; empty (`BENCH_FANOUT_STEPS=`) skips them. */
const STEPS = numbers(process.env.BENCH_FANOUT_STEPS, [10, 15, 20, 25, 30]);
const STEP_SECONDS = Number(process.env.BENCH_FANOUT_STEP_SECONDS ?? 4);
/** The carried load run first and not measured, on the relay as on the servers. */
const WARMUP_SECONDS = Number(process.env.BENCH_FANOUT_WARMUP_SECONDS ?? 5);
/** A step is carried while its delivery p95 stays under this. */
const SATURATION_P95_MS = 50;
const TARGET_RATIO = 1.5;
/** Processes the clients are spread over: one event loop alone cannot make the full load. */
const LOAD_PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2);
/** Games set up at once: each registration is a scrypt hash, the server's slowest call. */
const SETUP_WIDTH = 4;

const GAMES = Math.ceil(CLIENTS / GAME_SIZE);

/** One server's figures: the carried load, its CPU and its saturation point. */
interface Measured {
  result: FanoutResult;
  /** CPU seconds per second of load: the server's, and its database's own processes'. */
  serverCpu: number;
  databaseCpu: number;
  /** CPU per drop delivered to every other member, µs. */
  cpuPerDropUs: number;
  /** The highest stepped rate (drops/s) whose delivery p95 stayed under SATURATION_P95_MS. */
  saturation: number;
  steps: string;
  /** Drops acked over the warm-up, the load and the steps, which the log must all hold. */
  ackedInAll: number;
  /** Drops some member never received, over the warm-up and the load. */
  lostInAll: number;
}

/** The traffic's shape and how loaded the machine was, for every figure's note. */
function describe({ result, serverCpu, databaseCpu, steps }: Measured): string {
  return [
    `${result.clients} clients in ${GAMES} games of ${GAME_SIZE}, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up`,
    `${Math.round(result.movesPerSecond)} drops/s sent (${result.acked} acked, ${result.refused} refused, ${result.unanswered} unanswered)`,
    `ack p50 ${result.ackP50Ms.toFixed(1)} ms, p95 ${result.ackP95Ms.toFixed(1)} ms`,
    `${result.lostMoves} lost drop(s) / ${result.lostDeliveries} lost deliveries`,
    `server ${serverCpu.toFixed(2)} CPU${databaseCpu > 0 ? ` + PostgreSQL backends ${databaseCpu.toFixed(2)} CPU` : ''}, clients ${result.clientCpu.toFixed(2)} CPU, client loop lag p99 ${Math.round(result.clientLagP99Ms)} ms`,
    `steps (drops/s: p95 ms) ${steps}`,
    `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  ].join('; ');
}

/** The carried load, then the steps up to saturation, on clients seated once. */
async function measure(server: ChildServer, games: FanoutGame[], databaseUrl?: string): Promise<Measured> {
  const fanout = await openFanout(server.url, games, LOAD_PROCESSES);
  try {
    const warmup =
      WARMUP_SECONDS > 0
        ? await fanout.drive({ movesPerSecond: MOVES_PER_SECOND, durationMs: WARMUP_SECONDS * 1000 })
        : undefined;
    const cpuBefore = await server.cpuSeconds();
    const database = databaseUrl ? await countDatabaseCpu(databaseUrl) : undefined;
    const started = performance.now();
    const result = await fanout.drive({ movesPerSecond: MOVES_PER_SECOND, durationMs: SECONDS * 1000 });
    const cpu = (await server.cpuSeconds()) - cpuBefore;
    const databaseSeconds = (await database?.stop()) ?? 0;
    const seconds = (performance.now() - started) / 1000;

    const carries = (sample: FanoutResult) =>
      sample.p95Ms < SATURATION_P95_MS && sample.unanswered === 0 && sample.lostMoves === 0;
    // The carried load is the first step; the others are only tried while it holds.
    let saturation = carries(result) ? result.clients * MOVES_PER_SECOND : 0;
    let ackedInAll = (warmup?.acked ?? 0) + result.acked;
    const steps: string[] = [];
    for (const rate of saturation > 0 ? STEPS : []) {
      const step = await fanout.drive({
        movesPerSecond: rate,
        durationMs: STEP_SECONDS * 1000,
        drainMs: 2_000,
      });
      ackedInAll += step.acked;
      steps.push(`${result.clients * rate}: ${Math.round(step.p95Ms)}`);
      if (!carries(step)) break;
      saturation = result.clients * rate;
    }
    return {
      result,
      serverCpu: cpu / seconds,
      databaseCpu: databaseSeconds / seconds,
      cpuPerDropUs: ((cpu + databaseSeconds) / Math.max(1, result.delivered)) * 1e6,
      saturation,
      steps: steps.join(', ') || 'none',
      ackedInAll,
      lostInAll: (warmup?.lostMoves ?? 0) + result.lostMoves,
    };
  } finally {
    fanout.close();
  }
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

/** The real server on one database: its figures and the drops its log holds. */
async function againstServer(root: string, driver: Driver): Promise<Measured & { logged: number }> {
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
    let measured: Measured;
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
      measured = await measure(server, games, throwAway?.url);
    } finally {
      await server.stop();
    }
    // Read once the server has stopped: the embedded database has a single owner at a time.
    const database = await openDatabase(config);
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from table_events where type = 'token.moved'`,
      )) as unknown as { rows: Array<{ n: number }> };
      return { ...measured, logged: rows[0]?.n ?? 0 };
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
  let baseline: Measured;
  try {
    baseline = await measure(bare, bareGames());
  } finally {
    await bare.stop();
  }
  const bareNote = `${describe(baseline)}; baseline = itself`;
  console.error(`bare relay: ${bareNote}`);
  const { result: relay } = baseline;
  print(figure('table-fanout-bare', 'delivery-p50', relay.p50Ms, 'ms', relay.p50Ms, bareNote));
  print(figure('table-fanout-bare', 'delivery-p95', relay.p95Ms, 'ms', relay.p95Ms, bareNote));
  print(figure('table-fanout-bare', 'delivery-p99', relay.p99Ms, 'ms', relay.p99Ms, bareNote));
  print(
    figure('table-fanout-bare', 'cpu-per-drop', baseline.cpuPerDropUs, 'µs', baseline.cpuPerDropUs, bareNote),
  );
  print(
    figure('table-fanout-bare', 'saturation', baseline.saturation, 'drops/s', baseline.saturation, bareNote),
  );

  for (const driver of drivers) {
    const bench = `table-fanout-${driver}`;
    const measured = await againstServer(root, driver);
    const { result, logged } = measured;
    const note = `${describe(measured)}; baseline = bare socket.io relay, same clients and rooms`;
    console.error(`${driver}: ${note}`);
    if (result.refusals.length > 0) console.error(`${bench}: refusals: ${result.refusals.join(' | ')}`);
    const target = `${note}; target ratio ≤ ${TARGET_RATIO}`;
    print(figure(bench, 'delivery-p50', result.p50Ms, 'ms', relay.p50Ms, note));
    print(figure(bench, 'delivery-p95', result.p95Ms, 'ms', relay.p95Ms, target));
    print(figure(bench, 'delivery-p99', result.p99Ms, 'ms', relay.p99Ms, note));
    print(
      figure(
        bench,
        'cpu-per-drop',
        measured.cpuPerDropUs,
        'µs',
        baseline.cpuPerDropUs,
        `CPU per drop delivered to every other member: the server's${driver === 'postgres' ? ' and its PostgreSQL backends’' : ''}; ${target}`,
      ),
    );
    print(
      figure(
        bench,
        'saturation',
        measured.saturation,
        'drops/s',
        baseline.saturation,
        `highest stepped rate whose delivery p95 stays under ${SATURATION_P95_MS} ms (ratio = fraction of the relay's); ${note}`,
      ),
    );
    print(
      figure(
        bench,
        'lost-drops',
        measured.lostInAll,
        'drops',
        0,
        `over the warm-up and the load; ${note}; target 0`,
      ),
    );
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
        measured.ackedInAll,
        'token.moved rows in table_events; baseline = drops the server acked over the warm-up, the load and the steps (ratio 1 = every acked drop logged; a drop left unanswered in a saturated step may be logged too)',
      ),
    );
  }
}
