/**
 * Spreads the fan-out's clients over load processes (bench/fanout/load-worker.ts), a game's
 * members always in one process since a drop's latency is measured from its sender's clock.
 * Every process seats its clients first; each load then starts in all of them at once.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { WorkerRequest } from './load-worker';
import {
  summarize,
  type FanoutGame,
  type FanoutOptions,
  type FanoutResult,
  type FanoutSample,
} from './table-clients';

type WorkerReply =
  { kind: 'seated' } | { kind: 'sample'; sample: FanoutSample } | { kind: 'failed'; error: string };

function ask(worker: ChildProcess, request: WorkerRequest): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`load process exited with ${code}`));
    worker.once('exit', exited);
    worker.once('message', (reply: WorkerReply) => {
      worker.off('exit', exited);
      if (reply.kind === 'failed') reject(new Error(reply.error));
      else resolve(reply);
    });
    worker.send(request);
  });
}

/** The games' clients seated in their load processes, ready to be driven once or several times. */
export interface Fanout {
  drive(options: FanoutOptions): Promise<FanoutResult>;
  /** One load, as each process measured it (`summarizeSlices` adds several up). */
  sample(options: FanoutOptions): Promise<FanoutSample[]>;
  close(): void;
}

export async function openFanout(url: string, games: FanoutGame[], processes: number): Promise<Fanout> {
  const shares = Array.from({ length: processes }, (_, i) =>
    games.filter((_, g) => g % processes === i),
  ).filter((share) => share.length > 0);
  const workers = shares.map(() =>
    fork(path.join(import.meta.dirname, 'load-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    }),
  );
  const close = () => workers.forEach((worker) => worker.kill());
  try {
    await Promise.all(workers.map((worker, i) => ask(worker, { kind: 'seat', url, games: shares[i]! })));
  } catch (error) {
    close();
    throw error;
  }
  async function sample(options: FanoutOptions): Promise<FanoutSample[]> {
    const replies = await Promise.all(workers.map((worker) => ask(worker, { kind: 'drive', options })));
    return replies.map((reply) => (reply as { sample: FanoutSample }).sample);
  }
  return {
    drive: async (options) => summarize(await sample(options)),
    sample,
    close,
  };
}

/** Seats the clients, drives the load once, and lets them go. */
export async function runFanout(
  url: string,
  games: FanoutGame[],
  options: FanoutOptions,
  processes: number,
): Promise<FanoutResult> {
  const fanout = await openFanout(url, games, processes);
  try {
    return await fanout.drive(options);
  } finally {
    fanout.close();
  }
}
