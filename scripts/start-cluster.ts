/**
 * `npm run start:cluster`: the scale-out deployment on this machine, serving the built client:
 * two server processes on one PostgreSQL and one Redis, behind HAProxy with sticky sessions
 * (deploy/haproxy.cfg). Ctrl-C stops all three. Settings from the environment:
 *   DATABASE_URL   default postgres://postgres@127.0.0.1:5432/shatteredrealms (created if missing)
 *   REDIS_URL      default redis://127.0.0.1:6379
 *   CLUSTER_PORT   the proxy's port, default 8080; the processes take 3001 and 3002
 *                  (CLUSTER_SERVER_PORTS=3001,3002)
 *   DATA_DIR       default ./data: both processes sign with the secret kept there
 * Every other server setting (JWT_SECRET, LOG_LEVEL…) is passed on to both processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { BASE_PATH } from '../src/api/paths';
import { startProxy, type Proxy } from './cluster/haproxy';
import { ensureClientBuild } from './client-build.mjs';
import { buildServer, serverNodeFlags } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/shatteredrealms';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const proxyPort = Number(process.env.CLUSTER_PORT || 8080);
const serverPorts = (process.env.CLUSTER_SERVER_PORTS || '3001,3002').split(',').map(Number) as [
  number,
  number,
];
/** A slow machine's first start migrates the database. */
const SERVERS_START_TIMEOUT_MS = 120_000;

/** The database named in the URL, created on its server when it is not there yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function startServer(bundle: string, port: number): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags, bundle], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The client addresses (rate limits, logs) are the ones HAProxy forwards.
      TRUST_PROXY: '127.0.0.1',
    },
  });
}

ensureClientBuild();
await ensureDatabase(databaseUrl);
const bundle = await buildServer();
const servers = serverPorts.map((port) => startServer(bundle, port));
let proxy: Proxy | undefined;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  stopping = true;
  await proxy?.stop();
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          if (server.exitCode !== null || server.signalCode !== null) return resolve(undefined);
          server.once('exit', resolve);
          server.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));
for (const [index, server] of servers.entries()) {
  server.once('exit', (code) => {
    if (stopping) return;
    console.error(`Le processus ${index + 1} s’est arrêté (code ${code})\u00a0: arrêt de la grappe.`);
    void stopAll(1);
  });
}

try {
  proxy = await startProxy({
    port: proxyPort,
    servers: [`127.0.0.1:${serverPorts[0]}`, `127.0.0.1:${serverPorts[1]}`],
    stdio: 'inherit',
  });
  void proxy.exited.then((code) => {
    if (stopping) return;
    console.error(`HAProxy s’est arrêté (code ${code})\u00a0: arrêt de la grappe.`);
    void stopAll(1);
  });
  await proxy.serving('a', SERVERS_START_TIMEOUT_MS);
  await proxy.serving('b', SERVERS_START_TIMEOUT_MS);
} catch (error) {
  console.error(error);
  await stopAll(1);
}
console.log(
  `Shattered Realms en grappe (2 processus derrière HAProxy)\u00a0: ${proxy!.url}${BASE_PATH}/ — Ctrl-C pour tout arrêter.`,
);
