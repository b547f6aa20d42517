/**
 * Login and verify throughput of the real server (PGlite in memory, scrypt hashing, session check
 * per request) against a bare Fastify route served by the same process in the same run.
 */
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { load } from './lib/load';
import { figure, print } from './lib/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;
const USERS = 20;

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sr-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '100000000',
    PORT: '0',
  });
  const database = await openDatabase(config, { inMemory: true });
  const app = await buildApp({ config, db: database.db });
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  try {
    const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/ping`;
    const api = `${appAddress}/shatteredrealms/api`;

    const accounts: { email: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench-${i}@example.test`;
      const answer = await post(`${api}/auth/register`, {
        email,
        password: 'bench-password',
        displayName: `Bench${i}`,
      });
      const body = (await answer.json()) as { token: string };
      accounts.push({ email, token: body.token });
    }

    const options = { concurrency: CONCURRENCY, durationMs: DURATION_MS };
    const baseline = await load(async () => (await fetch(bareUrl)).ok, options);
    const login = await load(async (i) => {
      const account = accounts[i % USERS] as { email: string };
      return (await post(`${api}/auth/login`, { email: account.email, password: 'bench-password' })).ok;
    }, options);
    const verify = await load(async (i) => {
      const account = accounts[i % USERS] as { token: string };
      const answer = await fetch(`${api}/auth/verify`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      await answer.arrayBuffer();
      return answer.ok;
    }, options);

    const note = (errors: number) =>
      `${CONCURRENCY} concurrent callers, ${DURATION_MS} ms, ${errors} error(s); baseline = bare Fastify route`;
    print(
      figure(
        'auth',
        'bare-route-throughput',
        baseline.perSecond,
        'req/s',
        baseline.perSecond,
        note(baseline.errors),
      ),
    );
    print(
      figure(
        'auth',
        'login-throughput',
        login.perSecond,
        'req/s',
        baseline.perSecond,
        `${note(login.errors)}; scrypt N=16384 per login`,
      ),
    );
    print(figure('auth', 'login-p95', login.p95Ms, 'ms', baseline.p95Ms, note(login.errors)));
    print(
      figure('auth', 'verify-throughput', verify.perSecond, 'req/s', baseline.perSecond, note(verify.errors)),
    );
    print(figure('auth', 'verify-p95', verify.p95Ms, 'ms', baseline.p95Ms, note(verify.errors)));
  } finally {
    await bare.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
