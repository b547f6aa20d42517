/**
 * The metrics' cost on the request path: the same route's throughput on two Fastify apps in this
 * process, one bare and one with the monitoring's hooks (prom-client counter, latency histogram
 * and in-flight gauge by route template; the repeated-GET tracker for a signed-in user), measured
 * alternately in the same run so both see the same machine.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AuthUser } from '../server/modules/auth/access';
import { useHttpMetrics } from '../server/modules/monitoring/http-metrics';
import {
  createRedundancyTracker,
  useRedundancyTracking,
} from '../server/modules/monitoring/redundancy-tracker';
import { load, meanOf, type LoadResult } from './lib/load';
import { figure, print } from './lib/report';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;
const ROUNDS = 2;
const USERS = 50;

async function serve(instrumented: boolean): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  // Every request is a signed-in user's, so the tracker does its whole work.
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = { id: `u${Number(request.headers['x-user'])}` } as AuthUser;
  });
  if (instrumented) {
    useHttpMetrics(app);
    useRedundancyTracking(app, createRedundancyTracker());
  }
  app.get('/items/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

export async function run(): Promise<void> {
  const bare = await serve(false);
  const instrumented = await serve(true);
  try {
    const hit = (url: string) => (i: number) =>
      fetch(`${url}/items/${i % 1000}`, { headers: { 'x-user': String(i % USERS) } }).then((response) =>
        response.json().then(() => response.ok),
      );
    const options = { concurrency: CONCURRENCY, durationMs: DURATION_MS };
    const bareResults: LoadResult[] = [];
    const instrumentedResults: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareResults.push(await load(hit(bare.url), options));
      instrumentedResults.push(await load(hit(instrumented.url), options));
    }
    const baseline = meanOf(bareResults);
    const measured = meanOf(instrumentedResults);
    const note = `${CONCURRENCY} concurrent callers, ${ROUNDS} alternated rounds of ${DURATION_MS} ms, ${measured.errors + baseline.errors} error(s); baseline = the same route without the metrics' hooks`;
    print(
      figure(
        'metrics-overhead',
        'instrumented-throughput',
        measured.perSecond,
        'req/s',
        baseline.perSecond,
        note,
      ),
    );
    print(figure('metrics-overhead', 'instrumented-p95', measured.p95Ms, 'ms', baseline.p95Ms, note));
  } finally {
    await Promise.all([bare.app.close(), instrumented.app.close()]);
  }
}
