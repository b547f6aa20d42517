/**
 * The live table's fan-out: socket.io clients in games of 6 (an MJ and 5 players), each dropping
 * its token 5 times a second, against the real server (its own process, real accounts, games,
 * invitations and characters made through the REST API, every drop checked, logged and emitted)
 * on PGlite and on PostgreSQL (when DATABASE_URL is set), and against a bare socket.io relay of
 * the same traffic to the same rooms, in the same run. Latency is send → every other member of
 * the game received the `itemUpdate`.
 *
 * By default the load is one this 2-core machine carries beside its clients: 200 clients, 1,000
 * drops/s for 20 s. Every server is started and its clients seated first; each then runs 5 s of
 * that load unmeasured (BENCH_FANOUT_WARMUP_SECONDS: its hot path compiled, its games read), then
 * the 20 s are measured in 4 slices (BENCH_FANOUT_ROUNDS) taking turns — relay, PGlite,
 * PostgreSQL, relay… — so a machine that slows down or speeds up during the run weighs on all of
 * them alike. Then each server is stepped up (BENCH_FANOUT_STEPS drops per client and second,
 * BENCH_FANOUT_STEP_SECONDS each), after the same warm-up again (the relay steps first, and a
 * server left idle while it did met its first step cold), until its delivery p95 passes 50 ms:
 * the highest rate below is its saturation point. BENCH_FANOUT_CLIENTS=1000
 * BENCH_FANOUT_SECONDS=30 is the full-size run (docs/benchmarks.md); BENCH_FANOUT_RATE and
 * BENCH_FANOUT_PROCESSES (load processes) change the rest. BENCH_FANOUT_FOG=1 has each MJ paint
 * a fog of 50 shapes on the game's map (`paintedFog`), which the tokens walk in and out of: the
 * servers then project every drop through it, per player when a player's token is in it, while
 * the relay's traffic stays the same; their figures are named `table-fanout-fog-<database>`.
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
import { openFanout, type Fanout } from './fanout/load-workers';
import {
  inBatches,
  summarize,
  summarizeSlices,
  type FanoutGame,
  type FanoutResult,
  type FanoutSample,
} from './fanout/table-clients';
import { createTable, FOG_SHAPES } from './fanout/tables';
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
/** The carried load is measured in this many slices per server, the servers taking turns. */
const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 4);
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
const FOG = process.env.BENCH_FANOUT_FOG === '1';

/** One server's figures: the carried load, its CPU and its saturation point. */
interface Measured {
  result: FanoutResult;
  /** CPU seconds per second of load: the server's, and its database's own processes'. */
  serverCpu: number;
  databaseCpu: number;
  /** CPU per drop delivered to every other member, µs. */
  cpuPerDropUs: number;
  /**
   * Of the server's own (not its PostgreSQL backends'), µs per drop: its main thread's, which runs
   * the sockets, the decisions and the emission, and its other threads' (PGlite's, V8's helpers).
   */
  mainThreadUsPerDrop: number;
  otherThreadsUsPerDrop: number;
  /** The highest stepped rate (drops/s) whose delivery p95 stayed under SATURATION_P95_MS. */
  saturation: number;
  steps: string;
  /** Drops acked over the warm-up, the load and the steps, which the log must all hold. */
  ackedInAll: number;
  /** Drops some member never received, over the warm-ups and the load. */
  lostInAll: number;
  /** Each slice's own figures, in the order the slices were driven. */
  slices: SliceFigures[];
}

interface SliceFigures {
  cpuPerDropUs: number;
  p95Ms: number;
}

/** The traffic's shape and how loaded the machine was, for every figure's note. */
function describe(measured: Measured): string {
  const { result, serverCpu, databaseCpu, steps, mainThreadUsPerDrop, otherThreadsUsPerDrop } = measured;
  return [
    `${result.clients} clients in ${GAMES} games of ${GAME_SIZE}${FOG ? `, each map with a fog of ${FOG_SHAPES} shapes (not the relay's)` : ''}, ${SECONDS} s in ${ROUNDS} slices alternated with the other servers', after ${WARMUP_SECONDS} s of warm-up`,
    `${Math.round(result.movesPerSecond)} drops/s sent (${result.acked} acked, ${result.refused} refused, ${result.unanswered} unanswered)`,
    `ack p50 ${result.ackP50Ms.toFixed(1)} ms, p95 ${result.ackP95Ms.toFixed(1)} ms`,
    `${result.lostMoves} lost drop(s) / ${result.lostDeliveries} lost deliveries`,
    `server ${serverCpu.toFixed(3)} CPU (per drop: main thread ${Math.round(mainThreadUsPerDrop)} µs, other threads ${Math.round(otherThreadsUsPerDrop)} µs)${databaseCpu > 0 ? ` + PostgreSQL backends ${databaseCpu.toFixed(3)} CPU` : ''}, clients ${result.clientCpu.toFixed(2)} CPU, client loop lag p99 ${Math.round(result.clientLagP99Ms)} ms`,
    `steps (drops/s: p95 ms) ${steps}`,
    `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  ].join('; ');
}

/**
 * The ratio of each slice to the relay's slice of the same round: how far one run's figure can
 * be trusted, the machine's drift during the run showing as their spread.
 */
function sliceRatios(server: Measured, relay: Measured, pick: keyof SliceFigures): string {
  const ratios = server.slices.map((slice, round) => slice[pick] / relay.slices[round]![pick]);
  return `ratio slice by slice × ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`;
}

/** A server with its clients seated, measured slice by slice in turn with the others. */
interface Target {
  server: ChildServer;
  fanout: Fanout;
  databaseUrl?: string;
  /** Stops the server and lets its clients go; the `token.moved` rows its log holds (the relay has none). */
  finish(): Promise<number | undefined>;
}

/** What a target's slices add up to. */
interface Slices {
  samples: FanoutSample[][];
  /** Each slice's CPU, the server's and its database's. */
  sliceCpuSeconds: number[];
  cpuSeconds: number;
  mainThreadSeconds: number;
  databaseSeconds: number;
  wallSeconds: number;
}

/** One slice of the carried load on one target, its CPU (and its database's) counted around it. */
async function driveSlice(target: Target, slices: Slices): Promise<void> {
  const cpuBefore = await target.server.cpuSeconds();
  const mainBefore = await target.server.mainThreadCpuSeconds();
  const database = target.databaseUrl ? await countDatabaseCpu(target.databaseUrl) : undefined;
  const started = performance.now();
  slices.samples.push(
    await target.fanout.sample({ movesPerSecond: MOVES_PER_SECOND, durationMs: (SECONDS * 1000) / ROUNDS }),
  );
  const serverSeconds = (await target.server.cpuSeconds()) - cpuBefore;
  slices.mainThreadSeconds += (await target.server.mainThreadCpuSeconds()) - mainBefore;
  const databaseSeconds = (await database?.stop()) ?? 0;
  slices.sliceCpuSeconds.push(serverSeconds + databaseSeconds);
  slices.cpuSeconds += serverSeconds;
  slices.databaseSeconds += databaseSeconds;
  slices.wallSeconds += (performance.now() - started) / 1000;
}

/** The carried load, unmeasured: a target's hot path compiled and its games read before it is measured. */
function warmUp(target: Target): Promise<FanoutResult | undefined> {
  if (WARMUP_SECONDS <= 0) return Promise.resolve(undefined);
  return target.fanout.drive({ movesPerSecond: MOVES_PER_SECOND, durationMs: WARMUP_SECONDS * 1000 });
}

/**
 * The steps up to saturation on one target, on its clients seated once, warmed up again first:
 * the targets step one after the other, and the last ones would start cold from their wait.
 */
async function saturate(target: Target, carried: FanoutResult) {
  const carries = (sample: FanoutResult) =>
    sample.p95Ms < SATURATION_P95_MS && sample.unanswered === 0 && sample.lostMoves === 0;
  let saturation = carries(carried) ? carried.clients * MOVES_PER_SECOND : 0;
  const warmup = saturation > 0 && STEPS.length > 0 ? await warmUp(target) : undefined;
  let acked = warmup?.acked ?? 0;
  const steps: string[] = [];
  for (const rate of saturation > 0 ? STEPS : []) {
    const step = await target.fanout.drive({
      movesPerSecond: rate,
      durationMs: STEP_SECONDS * 1000,
      drainMs: 2_000,
    });
    acked += step.acked;
    steps.push(`${carried.clients * rate}: ${Math.round(step.p95Ms)}`);
    if (!carries(step)) break;
    saturation = carried.clients * rate;
  }
  return { saturation, acked, lost: warmup?.lostMoves ?? 0, steps: steps.join(', ') || 'none' };
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

async function openRelay(root: string): Promise<Target> {
  const server = await startChildServer(root, 'bench/fanout/bare-relay.ts', {});
  try {
    const fanout = await openFanout(server.url, bareGames(), LOAD_PROCESSES);
    return {
      server,
      fanout,
      async finish() {
        fanout.close();
        await server.stop();
        return undefined;
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The real server on one database, its games set up through the API and their clients seated. */
async function openServer(root: string, driver: Driver): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sr-bench-fanout-'));
  const throwAway = driver === 'postgres' ? await createThrowAwayDatabase() : undefined;
  const config = { dataDir, databaseUrl: throwAway?.url };
  const cleanUp = async () => {
    await throwAway?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let server: ChildServer | undefined;
  try {
    server = await startChildServer(root, 'server/main.ts', {
      DATA_DIR: dataDir,
      DATABASE_URL: throwAway?.url ?? '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      AUTH_RATE_LIMIT_MAX: '100000000',
    });
    const { url } = server;
    const setupStarted = performance.now();
    const games = await inBatches(
      Array.from({ length: GAMES }, (_, g) => g),
      SETUP_WIDTH,
      (g) => createTable(url, g, Math.min(GAME_SIZE, CLIENTS - g * GAME_SIZE) - 1, FOG),
    );
    console.error(
      `${driver}: ${GAMES} games set up through the API in ${Math.round((performance.now() - setupStarted) / 1000)} s`,
    );
    const fanout = await openFanout(url, games, LOAD_PROCESSES);
    const running = server;
    return {
      server: running,
      fanout,
      databaseUrl: throwAway?.url,
      async finish() {
        fanout.close();
        await running.stop();
        try {
          // Read once the server has stopped: the embedded database has a single owner at a time.
          const database = await openDatabase(config);
          try {
            const { rows } = (await database.db.execute(
              sql`select count(*)::int as n from table_events where type = 'token.moved'`,
            )) as unknown as { rows: Array<{ n: number }> };
            return rows[0]?.n ?? 0;
          } finally {
            await database.close();
          }
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await server?.stop();
    await cleanUp();
    throw error;
  }
}

/**
 * Every target warmed up, then measured in alternated slices (relay, PGlite, PostgreSQL, relay…),
 * so a machine that slows down or speeds up during the run weighs on each alike and the ratios
 * stay the servers' own; then each one's steps up to saturation.
 */
async function measureAll(targets: readonly Target[]): Promise<Measured[]> {
  const warmups = [];
  for (const target of targets) warmups.push(await warmUp(target));
  const slices: Slices[] = targets.map(() => ({
    samples: [],
    sliceCpuSeconds: [],
    cpuSeconds: 0,
    mainThreadSeconds: 0,
    databaseSeconds: 0,
    wallSeconds: 0,
  }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) await driveSlice(target, slices[index]!);
  }
  const measured: Measured[] = [];
  for (const [index, target] of targets.entries()) {
    const { samples, sliceCpuSeconds, cpuSeconds, mainThreadSeconds, databaseSeconds, wallSeconds } =
      slices[index]!;
    const result = summarizeSlices(samples);
    const perDrop = (seconds: number) => (seconds / Math.max(1, result.delivered)) * 1e6;
    const warmup = warmups[index];
    const { saturation, acked, lost, steps } = await saturate(target, result);
    measured.push({
      result,
      serverCpu: cpuSeconds / wallSeconds,
      databaseCpu: databaseSeconds / wallSeconds,
      cpuPerDropUs: perDrop(cpuSeconds + databaseSeconds),
      mainThreadUsPerDrop: perDrop(mainThreadSeconds),
      otherThreadsUsPerDrop: perDrop(cpuSeconds - mainThreadSeconds),
      saturation,
      steps,
      ackedInAll: (warmup?.acked ?? 0) + result.acked + acked,
      lostInAll: (warmup?.lostMoves ?? 0) + result.lostMoves + lost,
      slices: samples.map((slice, round) => {
        const { delivered, p95Ms } = summarize(slice);
        return { cpuPerDropUs: (sliceCpuSeconds[round]! / Math.max(1, delivered)) * 1e6, p95Ms };
      }),
    });
  }
  return measured;
}

export async function run(root: string): Promise<void> {
  const targets: Target[] = [];
  let all: Measured[];
  const logs: Array<number | undefined> = [];
  try {
    targets.push(await openRelay(root));
    for (const driver of drivers) targets.push(await openServer(root, driver));
    all = await measureAll(targets);
  } finally {
    for (const target of targets) logs.push(await target.finish());
  }
  const [baseline, ...servers] = all;
  if (!baseline) throw new Error('the relay was not measured');
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

  for (const [index, driver] of drivers.entries()) {
    const bench = `table-fanout-${FOG ? 'fog-' : ''}${driver}`;
    const measured = servers[index]!;
    const { result } = measured;
    const logged = logs[index + 1] ?? 0;
    const note = `${describe(measured)}; baseline = bare socket.io relay, same clients and rooms`;
    console.error(`${driver}: ${note}`);
    if (result.refusals.length > 0) console.error(`${bench}: refusals: ${result.refusals.join(' | ')}`);
    const target = `${note}; target ratio ≤ ${TARGET_RATIO}`;
    print(figure(bench, 'delivery-p50', result.p50Ms, 'ms', relay.p50Ms, note));
    print(
      figure(
        bench,
        'delivery-p95',
        result.p95Ms,
        'ms',
        relay.p95Ms,
        `${sliceRatios(measured, baseline, 'p95Ms')}; ${target}`,
      ),
    );
    print(figure(bench, 'delivery-p99', result.p99Ms, 'ms', relay.p99Ms, note));
    print(
      figure(
        bench,
        'cpu-per-drop',
        measured.cpuPerDropUs,
        'µs',
        baseline.cpuPerDropUs,
        `CPU per drop delivered to every other member: the server's${driver === 'postgres' ? ' and its PostgreSQL backends’' : ''}; ${sliceRatios(measured, baseline, 'cpuPerDropUs')}; ${target}`,
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
        `over the warm-ups and the load; ${note}; target 0`,
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
