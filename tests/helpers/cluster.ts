/**
 * The scale-out deployment on one machine: two server processes on a PostgreSQL and a Redis of
 * their own, behind HAProxy on deploy/haproxy.cfg. The fault suite breaks its pieces one at a
 * time; the soak measures it under load.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxy } from '../../scripts/cluster/haproxy';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { API_BASE } from '../../src/api/paths';
import { freePort, startChildServer, type ChildServer } from './child-server';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './private-services';

export interface Cluster {
  /** The proxy's address: what every client opens. */
  url: string;
  /** The two processes, a and b, by their own addresses (to reach one past the proxy). */
  servers: [ChildServer, ChildServer];
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  /** The database the processes share, on `postgres`. */
  database: { name: string; url: string };
  /** SIGKILLs process `index` (0 or 1). */
  kill(index: 0 | 1): Promise<void>;
  /** Starts process `index` again, on its port, and waits until the proxy hands it visitors. */
  restart(index: 0 | 1): Promise<ChildServer>;
  /** Open Socket.IO connections each process holds, from its own `/metrics`. */
  socketsPerProcess(): Promise<[number, number]>;
  /** One gauge of process `index`'s `/metrics` (`nodejs_heap_size_used_bytes`…). */
  metric(index: 0 | 1, name: string): Promise<number>;
  close(): Promise<void>;
}

const DATABASE = 'shatteredrealms';

export async function startCluster(root: string, env: Record<string, string> = {}): Promise<Cluster> {
  // Whatever started before a failing step is stopped again: nothing outlives a failed start.
  const started: Array<() => Promise<unknown>> = [];
  const undo = () => Promise.allSettled(started.reverse().map((stop) => stop()));
  try {
    return await startPieces(root, env, started, undo);
  } catch (error) {
    await undo();
    throw error;
  }
}

async function startPieces(
  root: string,
  env: Record<string, string>,
  started: Array<() => Promise<unknown>>,
  undo: () => Promise<unknown>,
): Promise<Cluster> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sr-cluster-'));
  started.push(() => rm(dataDir, { recursive: true, force: true }));
  const postgres = await startPrivatePostgres();
  started.push(() => postgres.close());
  const redis = await startPrivateRedis();
  started.push(() => redis.close());
  const databaseUrl = await postgres.createDatabase(DATABASE);
  const metricsToken = randomBytes(32).toString('hex');
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: metricsToken,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_MAX: '100000',
    MESSAGE_BURST: '100000',
    CLIENT_DIR: join(dataDir, 'no-client'),
    ...env,
  };
  const ports = [await freePort(), await freePort()] as const;
  const servers: ChildServer[] = [];
  started.push(() => Promise.all(servers.map((server) => server.kill())));
  const start = async (index: 0 | 1) => {
    servers[index] = await startChildServer(root, 'server/main.ts', serverEnv, { port: ports[index] });
    return servers[index];
  };
  await Promise.all([start(0), start(1)]);
  const proxy = await startProxy({
    port: await freePort(),
    servers: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
  });
  started.push(() => proxy.stop());
  await proxy.serving('a');
  await proxy.serving('b');

  const metric = async (index: 0 | 1, name: string) => {
    const response = await fetch(`${servers[index]!.url}${API_BASE}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const line = (await response.text()).split('\n').find((row) => row.startsWith(`${name} `));
    return Number(line?.split(' ').at(-1) ?? Number.NaN);
  };

  return {
    url: proxy.url,
    servers: servers as [ChildServer, ChildServer],
    postgres,
    redis,
    database: { name: DATABASE, url: databaseUrl },
    kill: (index) => servers[index]!.kill(),
    async restart(index) {
      const server = await start(index);
      await proxy.serving(index === 0 ? 'a' : 'b');
      return server;
    },
    socketsPerProcess: async () => [
      await metric(0, 'socketio_connections_active'),
      await metric(1, 'socketio_connections_active'),
    ],
    metric,
    close: async () => {
      // Gracefully first, so the processes close their sockets and connections in order.
      await proxy.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await undo();
    },
  };
}

/** What a cluster suite shares: the cluster, a client of its database, and the sockets its tests open. */
export interface ClusterSuite {
  readonly cluster: Cluster;
  readonly database: Database;
  readonly sockets: Socket[];
}

/**
 * A cluster for the enclosing `describe`: started before its tests with `env`, and after them its
 * tests' sockets closed, its database client and the cluster itself.
 */
export function clusterSuite(root: string, env: Record<string, string> = {}): ClusterSuite {
  let cluster: Cluster | undefined;
  let database: Database | undefined;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    cluster = await startCluster(root, env);
    database = await openDatabase({ dataDir: '', databaseUrl: cluster.database.url });
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await database?.close();
    await cluster?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the cluster has not started');
    return value;
  };
  return {
    get cluster() {
      return started(cluster);
    },
    get database() {
      return started(database);
    },
    sockets,
  };
}
