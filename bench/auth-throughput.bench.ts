/**
 * Login and verify throughput of the real server (scrypt hashing, a session check per request)
 * against a bare Fastify route served by the same process in the same run — on the embedded
 * PGlite and, when DATABASE_URL is set, on PostgreSQL.
 */
import Fastify from 'fastify';
import { drivers, startTestServer, type RegisteredUser } from '../tests/helpers/server';
import { load } from './lib/load';
import { figure, print } from './lib/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;
const USERS = 20;

export async function run(): Promise<void> {
  const options = { concurrency: CONCURRENCY, durationMs: DURATION_MS };
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/ping`;
  try {
    // The baseline's caller reads and parses its answer as the server's callers do (`server.api`):
    // caller and servers share this process, and a body left unread made the baseline's requests
    // the cheaper ones on the client's side too.
    const baseline = await load(async () => {
      const response = await fetch(bareUrl);
      JSON.parse(await response.text());
      return response.ok;
    }, options);
    const note = (errors: number) =>
      `${CONCURRENCY} concurrent callers, ${DURATION_MS} ms, ${errors} error(s); baseline = bare Fastify route`;
    print(figure('auth', 'bare-route-throughput', baseline.perSecond, 'req/s', baseline.perSecond, note(0)));

    for (const driver of drivers) {
      const server = await startTestServer({ driver, env: { AUTH_RATE_LIMIT_MAX: '100000000' } });
      try {
        const accounts: RegisteredUser[] = [];
        for (let i = 0; i < USERS; i++) accounts.push(await server.register());
        const login = await load(async (i) => {
          const { email, password } = accounts[i % USERS] as RegisteredUser;
          return (await server.api('POST', '/auth/login', { email, password })).status === 200;
        }, options);
        const verify = await load(async (i) => {
          const { token } = accounts[i % USERS] as RegisteredUser;
          return (await server.api('GET', '/auth/verify', undefined, token)).status === 200;
        }, options);
        const bench = `auth-${driver}`;
        print(
          figure(
            bench,
            'login-throughput',
            login.perSecond,
            'req/s',
            baseline.perSecond,
            `${note(login.errors)}; scrypt N=16384 per login`,
          ),
        );
        print(figure(bench, 'login-p95', login.p95Ms, 'ms', baseline.p95Ms, note(login.errors)));
        print(
          figure(
            bench,
            'verify-throughput',
            verify.perSecond,
            'req/s',
            baseline.perSecond,
            note(verify.errors),
          ),
        );
        print(figure(bench, 'verify-p95', verify.p95Ms, 'ms', baseline.p95Ms, note(verify.errors)));
      } finally {
        await server.close();
      }
    }
  } finally {
    await bare.close();
  }
}
