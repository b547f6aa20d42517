/**
 * A PostgreSQL and a Redis of the test's own, in a temporary folder on free ports: a test that
 * stops Redis or cuts PostgreSQL's connections does it to these, never to the machine's shared
 * servers (127.0.0.1:5432 and :6379), which other suites and agents use at the same time.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './child-server';

const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const START_TIMEOUT_MS = 30_000;

/** PostgreSQL refuses to run as root: then its files and processes belong to the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

async function waitFor(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface PrivatePostgres {
  /** The `postgres` database on it, trusted, over TCP. */
  url: string;
  /** A fresh database on it. */
  createDatabase(name: string): Promise<string>;
  /** `pg_terminate_backend` on every connection to `database` but the caller's; how many were cut. */
  terminateConnections(database: string): Promise<number>;
  close(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'sr-pg-'));
  const owner = postgresUser();
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
    await chmod(dir, 0o700);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const as: SpawnOptions = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const pgCtl = (args: string[]) => run(join(POSTGRES_BIN, 'pg_ctl'), ['-D', data, ...args], as);
  await run(
    join(POSTGRES_BIN, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--no-instructions'],
    as,
  );
  // Durability is not what these tests try: fsync off keeps them quick on a shared machine.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  await pgCtl(['-w', '-l', join(dir, 'log'), '-o', settings, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    url,
    async createDatabase(name) {
      await query(`create database ${pg.escapeIdentifier(name)}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async terminateConnections(database) {
      const rows = await query<{ cut: boolean }>(
        'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return rows.filter((row) => row.cut).length;
    },
    async close() {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Shuts it down (every client loses its connection); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      probe.once('error', () => resolve(false));
      probe.once('exit', () => resolve(out.trim() === 'PONG'));
    });
  const start = async () => {
    // Pub/sub only: nothing to keep, so nothing is written to disk.
    server = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor('redis-server', answers);
  };
  const stop = async () => {
    const stopping = server;
    server = undefined;
    if (!stopping || stopping.exitCode !== null) return;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}
