/**
 * Login and verify throughput of the real server (scrypt hashing, a session check per request)
 * against a bare Fastify route served by the same process — on the embedded PGlite and, when
 * DATABASE_URL is set, on PostgreSQL. The bare route is loaded once unscored, so that its caller's
 * `fetch` is compiled before anything is measured: measured first, cold, it read 1,820–3,200 req/s
 * over four whole runs, and 3,400–5,100 warm over four runs of this bench, which made every ratio
 * look better than it was. Each driver's verify is then measured in rounds alternated with the
 * bare route, so both see the machine at the same moments (docs/benchmarks.md).
 */
import Fastify from 'fastify';
import { drivers, startTestServer, type RegisteredUser } from '../tests/helpers/server';
import { load, meanOf, type LoadResult } from './lib/load';
import { figure, print } from './lib/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const ROUNDS = 2;
const CONCURRENCY = 16;
const USERS = 20;

export async function run(): Promise<void> {
  const options = { concurrency: CONCURRENCY, durationMs: DURATION_MS };
  const round = { concurrency: CONCURRENCY, durationMs: DURATION_MS / ROUNDS };
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/ping`;
  // The baseline's caller reads and parses its answer as the server's callers do (`server.api`):
  // caller and servers share this process, and a body left unread made the baseline's requests
  // the cheaper ones on the client's side too.
  const bareRoute = () =>
    load(async () => {
      const response = await fetch(bareUrl);
      JSON.parse(await response.text());
      return response.ok;
    }, round);
  const note = (errors: number, rounds: string) =>
    `${CONCURRENCY} concurrent callers, ${rounds}, ${errors} error(s); baseline = bare Fastify route`;
  const bareRounds: LoadResult[] = [];
  try {
    // The process's fetch compiled before anything is measured: the first caller pays for it.
    await bareRoute();
    const measured: Array<{ driver: string; login: LoadResult; verify: LoadResult; baseline: LoadResult }> =
      [];
    for (const driver of drivers) {
      const server = await startTestServer({ driver, env: { AUTH_RATE_LIMIT_MAX: '100000000' } });
      try {
        const accounts: RegisteredUser[] = [];
        for (let i = 0; i < USERS; i++) accounts.push(await server.register());
        const login = await load(async (i) => {
          const { email, password } = accounts[i % USERS] as RegisteredUser;
          return (await server.api('POST', '/auth/login', { email, password })).status === 200;
        }, options);
        const driverBare: LoadResult[] = [];
        const verifyRounds: LoadResult[] = [];
        for (let index = 0; index < ROUNDS; index++) {
          driverBare.push(await bareRoute());
          verifyRounds.push(
            await load(async (i) => {
              const { token } = accounts[i % USERS] as RegisteredUser;
              return (await server.api('GET', '/auth/verify', undefined, token)).status === 200;
            }, round),
          );
        }
        bareRounds.push(...driverBare);
        measured.push({ driver, login, verify: meanOf(verifyRounds), baseline: meanOf(driverBare) });
      } finally {
        await server.close();
      }
    }
    const alternated = `${ROUNDS} rounds of ${DURATION_MS / ROUNDS} ms alternated with the bare route's`;
    const baseline = meanOf(bareRounds);
    print(
      figure(
        'auth',
        'bare-route-throughput',
        baseline.perSecond,
        'req/s',
        baseline.perSecond,
        note(
          baseline.errors,
          `${bareRounds.length} rounds of ${DURATION_MS / ROUNDS} ms, each driver's beside its verify`,
        ),
      ),
    );
    for (const { driver, login, verify, baseline: own } of measured) {
      const bench = `auth-${driver}`;
      const loginNote = `${note(login.errors, `${DURATION_MS} ms`)} (its rounds beside this driver's verify); scrypt N=16384 per login`;
      print(figure(bench, 'login-throughput', login.perSecond, 'req/s', own.perSecond, loginNote));
      print(figure(bench, 'login-p95', login.p95Ms, 'ms', own.p95Ms, loginNote));
      print(
        figure(
          bench,
          'verify-throughput',
          verify.perSecond,
          'req/s',
          own.perSecond,
          note(verify.errors, alternated),
        ),
      );
      print(figure(bench, 'verify-p95', verify.p95Ms, 'ms', own.p95Ms, note(verify.errors, alternated)));
    }
  } finally {
    await bare.close();
  }
}
