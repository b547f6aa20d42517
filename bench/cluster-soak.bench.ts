/**
 * The cluster's soak: the load one machine carries (docs/benchmarks.md: 1,000 socket.io clients
 * in games of 6, one token drop per client and second) for 5 minutes through HAProxy onto two
 * server processes sharing a PostgreSQL and a Redis (tests/helpers/cluster.ts, the fault suite's
 * cluster). Every 5 s it reads each process's memory — resident set from /proc, V8 heap in use from
 * its /metrics — and prints the slope of each over the run after the first minute's warm-up, in
 * MB per minute: a process that keeps something for every drop or every connection climbs, a
 * stable one stays near 0. Delivery latency and lost drops come with it. BENCH_SOAK_SECONDS,
 * BENCH_SOAK_CLIENTS and BENCH_SOAK_RATE shrink it for a try.
 */
import { availableParallelism, loadavg } from 'node:os';
import { startCluster, type Cluster } from '../tests/helpers/cluster';
import { runFanout } from './fanout/load-workers';
import { inBatches, type FanoutResult } from './fanout/table-clients';
import { createTable } from './fanout/tables';
import { linearSlope } from './lib/load';
import { figure, print } from './lib/report';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 1000);
const MOVES_PER_SECOND = Number(process.env.BENCH_SOAK_RATE ?? 1);
const GAME_SIZE = 6;
const GAMES = Math.ceil(CLIENTS / GAME_SIZE);
const SAMPLE_EVERY_MS = 5000;
/** The first minute (or fifth of a shorter run) fills caches, pools and V8's old space: not a trend. */
const WARM_UP_MS = Math.min(60_000, (SECONDS * 1000) / 5);
const LOAD_PROCESSES = 2;
const SETUP_WIDTH = 4;
const MB = 1024 * 1024;

interface Sample {
  atMs: number;
  rss: [number, number];
  heap: [number, number];
}

/** Reads both processes' memory every few seconds until `done` settles. */
async function sampleMemory(cluster: Cluster, done: Promise<unknown>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const started = performance.now();
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    const { servers } = cluster;
    samples.push({
      atMs: performance.now() - started,
      rss: [await servers[0].rssBytes(), await servers[1].rssBytes()],
      heap: [
        await cluster.metric(0, 'nodejs_heap_size_used_bytes'),
        await cluster.metric(1, 'nodejs_heap_size_used_bytes'),
      ],
    });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS))]);
  }
  return samples;
}

/** MB per minute after the warm-up. */
function slopeOf(samples: Sample[], pick: (sample: Sample) => number): number {
  const steady = samples.filter((sample) => sample.atMs >= WARM_UP_MS);
  return linearSlope(steady.map((sample) => [sample.atMs / 60_000, pick(sample) / MB] as const));
}

function describe(result: FanoutResult, samples: Sample[]): string {
  return [
    `${result.clients} clients in ${GAMES} games of ${GAME_SIZE} through HAProxy onto 2 processes (PostgreSQL + Redis), ${SECONDS} s`,
    `${Math.round(result.movesPerSecond)} drops/s sent (${result.acked} acked, ${result.refused} refused, ${result.unanswered} unanswered)`,
    `delivery p50 ${Math.round(result.p50Ms)} ms, p95 ${Math.round(result.p95Ms)} ms`,
    `${result.lostMoves} lost drop(s)`,
    `${samples.length} memory samples every ${SAMPLE_EVERY_MS / 1000} s, slope after ${WARM_UP_MS / 1000} s`,
    `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  ].join('; ');
}

export async function run(root: string): Promise<void> {
  // Registrations hash cheaply: only the set-up is faster, the soak's steady state is the same.
  const cluster = await startCluster(root, { TEST_FAST_PASSWORD_HASHING: 'true' });
  try {
    const games = await inBatches(
      Array.from({ length: GAMES }, (_, g) => g),
      SETUP_WIDTH,
      (g) => createTable(cluster.url, g, Math.min(GAME_SIZE, CLIENTS - g * GAME_SIZE) - 1),
    );
    console.error(`cluster-soak: ${GAMES} games set up through the proxy`);
    const running = runFanout(
      cluster.url,
      games,
      { movesPerSecond: MOVES_PER_SECOND, durationMs: SECONDS * 1000 },
      LOAD_PROCESSES,
    );
    const [result, samples] = await Promise.all([running, sampleMemory(cluster, running)]);
    const note = describe(result, samples);
    console.error(`cluster-soak: ${note}`);
    const first = samples[0]!;
    const last = samples.at(-1)!;
    for (const [index, name] of [
      [0, 'a'],
      [1, 'b'],
    ] as const) {
      const rss = (sample: Sample) => sample.rss[index];
      const heap = (sample: Sample) => sample.heap[index];
      print(
        figure(
          'cluster-soak',
          `rss-slope-${name}`,
          slopeOf(samples, rss),
          'MB/min',
          0,
          `${note}; target ≈ 0`,
        ),
      );
      print(
        figure(
          'cluster-soak',
          `heap-slope-${name}`,
          slopeOf(samples, heap),
          'MB/min',
          0,
          `${note}; target ≈ 0`,
        ),
      );
      print(
        figure(
          'cluster-soak',
          `rss-end-${name}`,
          rss(last) / MB,
          'MB',
          rss(first) / MB,
          `${note}; baseline = at the start of the load`,
        ),
      );
    }
    print(
      figure('cluster-soak', 'delivery-p95', result.p95Ms, 'ms', result.p50Ms, `${note}; baseline = p50`),
    );
    print(figure('cluster-soak', 'lost-drops', result.lostMoves, 'drops', 0, `${note}; target 0`));
  } finally {
    await cluster.close();
  }
}
