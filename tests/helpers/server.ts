import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import type { MetricsSource } from '../../server/modules/monitoring/metrics-source';
import { API_BASE, SOCKET_PATH } from '../../src/api/paths';
import type { RegisterResponse } from '../../src/api/schemas/auth';
import { openTestPglite } from './server-pglite-template';

export type Driver = 'pglite' | 'postgres';

/** The databases every server suite runs on: `describe.each(drivers)`. */
export const drivers: Driver[] = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];

/**
 * The databases two running server processes can share: PostgreSQL's only. An embedded PGlite is
 * one process's, the sole writer of its table (server/modules/table/writers/choice.ts): a second
 * server on it while the first runs is refused (a server stopped first may be restarted on it).
 */
export const sharedDrivers: Driver[] = drivers.filter((driver) => driver === 'postgres');

export interface TestServerOptions {
  /** 'pglite' (in memory, default) or 'postgres' (a throw-away database on DATABASE_URL's server). */
  driver?: Driver;
  /** Extra environment variables for `loadConfig` (AUTH_RATE_LIMIT_MAX, CLIENT_DIR…). */
  env?: Record<string, string>;
  /**
   * Start a second process of the same deployment: same database, secret and Redis channels. On
   * PGlite, `peerOf` must be stopped first: the new server restarts on its data and journal.
   */
  peerOf?: TestServer;
  /**
   * Start on this database, opened by the test (a restored one): its kind must be the one `env`
   * names (DATABASE_URL for PostgreSQL); the test closes it.
   */
  database?: Database;
  logger?: FastifyBaseLogger;
  /** The figures the anomalies read, a synthetic history; the server's own monitoring by default. */
  metricsSource?: MetricsSource;
  /** Routes of the test's own under API_BASE (`buildApp`'s `extraRoutes`). */
  extraRoutes?: FastifyPluginAsync;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RegisteredUser {
  token: string;
  refreshToken: string;
  userId: string;
  email: string;
  password: string;
  displayName: string;
}

/** `N` values of `T`, for destructuring without a possibly-undefined element. */
type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [T, ...R]>;

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** http://127.0.0.1:<port> */
  url: string;
  /** url + API_BASE */
  baseUrl: string;
  /** A JSON call to the API; a string body is sent as is (to send malformed JSON). */
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<ApiResponse<T>>;
  /** Registers a fresh user (unique e-mail and name unless overridden). */
  register(
    overrides?: Partial<Pick<RegisteredUser, 'email' | 'password' | 'displayName'>>,
  ): Promise<RegisteredUser>;
  /** `count` fresh users, registered side by side. */
  registerMany<N extends number>(count: N): Promise<Tuple<RegisteredUser, N>>;
  /** A connected socket.io client; rejects with the server's refusal. Closed with the server. */
  socket(token: string): Promise<Socket>;
  /**
   * Resolves once every table command of the game answered so far is in the database: PGlite's
   * sole writer answers once a command is journaled and logs the journal behind it.
   */
  flushTable(gameId: string): Promise<void>;
  /**
   * Stops this process (sockets, HTTP, in-memory state) but keeps its database, so
   * `startTestServer({ peerOf })` restarts the server on the same data; `close()` ends the rest.
   */
  stop(): Promise<void>;
  close(): Promise<void>;
}

const unique = () => randomBytes(4).toString('hex');

/**
 * Each test PGlite's table journal (a folder of its own, removed with the database), and whether
 * a server runs on it: its sole writer, alone.
 */
const pgliteTables = new WeakMap<Database, { journal: string; running: boolean }>();

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { peerOf, driver = 'pglite' } = options;
  const given = options.database;
  const throwAway = !peerOf && !given && driver === 'postgres' ? await createThrowAwayDatabase() : undefined;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: peerOf?.config.jwtSecret ?? randomBytes(32).toString('hex'),
    DATA_DIR: join(tmpdir(), 'sr-test-unused'),
    CLIENT_DIR: join(tmpdir(), 'sr-test-no-client'),
    AUTH_RATE_LIMIT_MAX: '10000',
    // Suites send a table's worth of chat lines at once; the flood limit has its own test.
    MESSAGE_BURST: '10000',
    // The same for the table's commands and an account's sockets (tests/server/table-floods.test.ts).
    TABLE_RATE_SCALE: '1000',
    SOCKETS_PER_ACCOUNT: '1000',
    // Suites send their table commands one after the other, each answered once logged: on
    // PostgreSQL a statement leaves at once instead of every 50 ms (the owners' tests set theirs).
    TABLE_COMMIT_EVERY_MS: '0',
    TEST_FAST_PASSWORD_HASHING: 'true',
    DATABASE_URL: throwAway?.url ?? peerOf?.config.databaseUrl,
    REDIS_URL: process.env.REDIS_URL,
    // Own channels, so test runs sharing the machine's Redis never see each other.
    REDIS_PREFIX: peerOf?.config.redisPrefix ?? `sr_test_${unique()}`,
    ...options.env,
  });

  const database =
    given ?? peerOf?.database ?? (throwAway ? await openDatabase(config) : await openTestPglite(config));
  const pgliteTable = database.driver === 'pglite' ? await tableOfPglite(database) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    tableJournal: pgliteTable?.journal,
    logger: options.logger,
    metricsSource: options.metricsSource,
    extraRoutes: options.extraRoutes,
  });
  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const baseUrl = `${url}${API_BASE}`;
  const sockets: Socket[] = [];
  let stopped: Promise<void> | undefined;

  const server: TestServer = {
    app,
    config,
    database,
    url,
    baseUrl,

    async api<T>(method: string, path: string, body?: unknown, token?: string) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json');
      const parsed: unknown = isJson ? JSON.parse(text) : text || null;
      return { status: response.status, body: parsed as T, headers: response.headers };
    },

    async register(overrides = {}) {
      const id = unique();
      const user = {
        email: `user-${id}@example.com`,
        password: 'motdepasse',
        displayName: `u${id}`,
        ...overrides,
      };
      const response = await server.api<RegisterResponse>('POST', '/auth/register', user);
      if (response.status !== 201 || !response.body.token || !response.body.refreshToken) {
        throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      return {
        ...user,
        token: response.body.token,
        refreshToken: response.body.refreshToken,
        userId: response.body.userId,
      };
    },

    async registerMany<N extends number>(count: N) {
      const users = await Promise.all(Array.from({ length: count }, () => server.register()));
      return users as Tuple<RegisteredUser, N>;
    },

    flushTable: (gameId) => app.table.flush(gameId),

    socket(token) {
      const socket = io(url, {
        path: SOCKET_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },

    stop() {
      stopped ??= (async () => {
        sockets.forEach((socket) => socket.disconnect());
        await app.close();
        if (pgliteTable) pgliteTable.running = false;
      })();
      return stopped;
    },

    async close() {
      await server.stop();
      if (peerOf) return;
      if (!given) await database.close();
      await throwAway?.drop();
      if (pgliteTable) await rm(pgliteTable.journal, { recursive: true, force: true });
    },
  };
  return server;
}

/** The table of a test PGlite, for the one server that may run on it. */
async function tableOfPglite(database: Database): Promise<{ journal: string; running: boolean }> {
  const known = pgliteTables.get(database);
  if (known?.running) {
    throw new Error(
      'two servers on one PGlite: it has one process, its sole writer; share PostgreSQL (sharedDrivers)',
    );
  }
  const table = known ?? { journal: await mkdtemp(join(tmpdir(), 'sr-test-journal-')), running: false };
  table.running = true;
  pgliteTables.set(database, table);
  return table;
}

/**
 * SQL straight to the test server's database, past every service: what another process or an
 * operator does, which this process hears of only through the database's notifications.
 */
export async function rawQuery(
  server: TestServer,
  text: string,
  params: unknown[] = [],
): Promise<Array<Record<string, unknown>>> {
  const { database } = server;
  return database.driver === 'pglite'
    ? (await database.client.query<Record<string, unknown>>(text, params)).rows
    : (await database.client.query<Record<string, unknown>>(text, params)).rows;
}

/** A database of its own on DATABASE_URL's server, dropped (connections and all) on close. */
export async function createThrowAwayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("the 'postgres' driver needs DATABASE_URL");
  const name = `sr_test_${unique()}${unique()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
