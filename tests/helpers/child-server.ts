/**
 * A server in its own OS process, bundled and run by plain `node` as `npm start` runs it
 * (scripts/server-build.mjs): the benches use it so the clients' work does not share the server's
 * event loop, and the crash test so the server can be killed outright (SIGKILL: no shutdown hook,
 * no final flush).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { buildServer, serverNodeFlags } from '../../scripts/server-build.mjs';
import { SOCKET_PATH } from '../../src/api/paths';

export interface ChildServer {
  url: string;
  port: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): Promise<number>;
  /** Of which its main thread's, the one that runs the event loop; the rest is its other threads'. */
  mainThreadCpuSeconds(): Promise<number>;
  /** The memory the process holds now (resident set), bytes. */
  rssBytes(): Promise<number>;
  /** SIGTERM: the server's graceful shutdown (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** SIGKILL: the process dies where it stands, as in a crash or an OOM kill. */
  kill(): Promise<void>;
}

export interface ChildServerOptions {
  /** Listen on this port (a restart on the address the clients reconnect to); a free one by default. */
  port?: number;
  /** What the process writes to stderr: shown (default) or dropped. */
  stderr?: 'inherit' | 'ignore';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) from a /proc `stat` file: a process's, or one of its threads'. */
async function cpuSecondsIn(statFile: string): Promise<number> {
  const fields = (await readFile(statFile, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds (user + system) process `pid` has used so far, from /proc. */
export const cpuSecondsOf = (pid: number): Promise<number> => cpuSecondsIn(`/proc/${pid}/stat`);

const START_TIMEOUT_MS = 120_000;

/** Bundles `script`, starts it with PORT set and waits until socket.io answers on it. */
export async function startChildServer(
  root: string,
  script: string,
  env: Record<string, string | undefined>,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  // BENCH_PROFILE_DIR: each server started here writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const bundle = await buildServer(script);
  const child = spawn(process.execPath, [...profile, ...serverNodeFlags, bundle], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (ended()) throw new Error(`${script} exited with ${child.exitCode ?? child.signalCode}`);
    const answered = await fetch(`${url}${SOCKET_PATH}?EIO=4&transport=polling`)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    // The main thread's id is the process's.
    mainThreadCpuSeconds: () => cpuSecondsIn(`/proc/${child.pid}/task/${child.pid}/stat`),
    async rssBytes() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async stop() {
      if (ended()) return;
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    },
    async kill() {
      if (ended()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
