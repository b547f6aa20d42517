import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './child-server';

const root = resolve(import.meta.dirname, '../..');
export const deployedConfig = join(root, 'deploy/prometheus/prometheus.yml');
export const deployedRules = join(root, 'deploy/prometheus/rules.yml');

/** promtool's answer: its exit status and what it printed. */
export function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.env.PROMTOOL_PATH ?? '/usr/bin/promtool', args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The shipped configuration pointed at one test server: its address, a token file of the test's,
 * the rules by their absolute path, and scrapes and evaluations every second so a test sees a
 * burn within seconds. Everything else (the job, the path, the bearer) is the shipped file's.
 */
async function configFor(folder: string, target: string, token: string): Promise<string> {
  const tokenFile = join(folder, 'metrics-token');
  await writeFile(tokenFile, token, { mode: 0o600 });
  const shipped = await readFile(deployedConfig, 'utf8');
  const scrapeStart = shipped.indexOf('    static_configs:');
  return `${shipped.slice(0, scrapeStart)}    static_configs:\n      - targets: ['${target}']\n`
    .replace(/scrape_interval: \S+/, 'scrape_interval: 1s')
    .replace(/evaluation_interval: \S+/, 'evaluation_interval: 1s')
    .replace(/^ {2}- rules\.yml$/m, `  - ${deployedRules}`)
    .replace(/credentials_file: \S+/, `credentials_file: ${tokenFile}`);
}

export interface RunningPrometheus {
  url: string;
  configFile: string;
  /** `GET /api/v1/<path>`'s `data`. */
  api<T>(path: string, query?: Record<string, string>): Promise<T>;
  /** The value of an instant query's first sample, or null when it has none. */
  value(expression: string): Promise<number | null>;
  stop(): Promise<void>;
}

/** Debian's Prometheus on a free port, scraping `target` with `token`, on a data folder of its own. */
export async function startPrometheus(target: string, token: string): Promise<RunningPrometheus> {
  const folder = await mkdtemp(join(tmpdir(), 'sr-prometheus-'));
  const configFile = join(folder, 'prometheus.yml');
  await writeFile(configFile, await configFor(folder, target, token));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = `${log}${chunk.toString()}`.slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const api = async <T>(path: string, query: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${url}/api/v1/${path}?${new URLSearchParams(query)}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? response.status}`);
    return body.data;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await rm(folder, { recursive: true, force: true });
  };

  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || attempt > 300) {
      await stop();
      throw new Error(`Prometheus did not start:\n${log}`);
    }
    await new Promise((tick) => setTimeout(tick, 100));
  }

  return {
    url,
    configFile,
    api,
    async value(expression) {
      const data = await api<{ result: { value: [number, string] }[] }>('query', { query: expression });
      const first = data.result[0];
      return first === undefined ? null : Number(first.value[1]);
    },
    stop,
  };
}
