/**
 * A server under test in its own process, so the clients' work in the bench process does not
 * slow it down (or the other way round) more than sharing the machine's cores does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { SOCKET_PATH } from '../../src/api/paths';

export interface ChildServer {
  url: string;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
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

/** Starts `node --import tsx <script>` with PORT set and waits until socket.io answers on it. */
export async function startChildServer(
  root: string,
  script: string,
  env: Record<string, string | undefined>,
): Promise<ChildServer> {
  const port = await freePort();
  // BENCH_PROFILE_DIR: each server under test writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const answered = await fetch(`${url}${SOCKET_PATH}?EIO=4&transport=polling`)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async cpuSeconds() {
      const fields = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
