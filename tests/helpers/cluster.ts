/**
 * The scale-out deployment on one machine: two server processes on a PostgreSQL and a Redis of
 * their own, behind HAProxy on deploy/haproxy.cfg. The fault suite breaks its pieces one at a
 * time; the soak measures it under load.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProxy, type Proxy } from '../../scripts/cluster/haproxy';
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
  proxy: Proxy;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  /** The database the processes share, on `postgres`. */
  database: { name: string; url: string };
  /** SIGKILLs process `index` (0 or 1). */
  kill(index: 0 | 1): Promise<void>;
  /** Starts process `index` again, on its port. */
  restart(index: 0 | 1): Promise<ChildServer>;
  /** Open Socket.IO connections each process holds, from its own `/metrics`. */
  socketsPerProcess(): Promise<[number, number]>;
  close(): Promise<void>;
}

const DATABASE = 'shatteredrealms';

export async function startCluster(root: string, env: Record<string, string> = {}): Promise<Cluster> {
  const [postgres, redis, dataDir] = await Promise.all([
    startPrivatePostgres(),
    startPrivateRedis(),
    mkdtemp(join(tmpdir(), 'sr-cluster-')),
  ]);
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
  const ports = await Promise.all([freePort(), freePort()]);
  const start = (index: 0 | 1) => startChildServer(root, 'server/main.ts', serverEnv, { port: ports[index] });
  const servers: [ChildServer, ChildServer] = await Promise.all([start(0), start(1)]);
  const proxy = await startProxy({
    port: await freePort(),
    servers: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
  });

  const connectionsOf = async (server: ChildServer) => {
    const response = await fetch(`${server.url}${API_BASE}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const line = (await response.text()).split('\n').find((row) => row.startsWith('socketio_connections_active'));
    return Number(line?.split(' ').at(-1) ?? 0);
  };

  return {
    url: proxy.url,
    servers,
    proxy,
    postgres,
    redis,
    database: { name: DATABASE, url: databaseUrl },
    kill: (index) => servers[index].kill(),
    async restart(index) {
      servers[index] = await start(index);
      return servers[index];
    },
    socketsPerProcess: async () => [await connectionsOf(servers[0]), await connectionsOf(servers[1])],
    async close() {
      await proxy.stop();
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all([redis.close(), postgres.close(), rm(dataDir, { recursive: true, force: true })]);
    },
  };
}
