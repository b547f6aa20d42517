import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useHttpMetrics } from '../../server/modules/monitoring/http-metrics';
import { mergeFigures } from '../../server/modules/monitoring/merge-figures';
import { createProcessRecorder } from '../../server/modules/monitoring/process-recorder';
import type { ProcessFigures } from '../../server/modules/monitoring/process-figures';
import { watchEventLoopDelay } from '../../server/modules/monitoring/event-loop-delay';
import { createRedundancyTracker } from '../../server/modules/monitoring/redundancy-tracker';
import { analysisThresholds } from '../../src/domain/monitoring/analysis';
import { webVitalBounds, webVitalBucket } from '../../src/domain/monitoring/web-vitals';
import { holdEventLoop } from '../helpers/hold-event-loop';

const MIN = 60_000;
const T0 = Date.parse('2026-11-24T20:00:10.000Z');

describe('process recorder: the registry sampled into minutes', () => {
  it('adds each sample’s change to its minute, and a reset takes a baseline instead of touching the registry', async () => {
    const app = Fastify();
    const metrics = useHttpMetrics(app);
    const { registry } = metrics;
    app.get('/ok/:id', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    let now = T0;
    const recorder = createProcessRecorder(metrics, () => now);
    const send = async (url: string, times: number) => {
      for (let i = 0; i < times; i++) await app.inject({ method: 'GET', url });
    };
    try {
      await send('/ok/1', 2);
      await send('/boom', 1);
      let figures = await recorder.figures();
      expect(figures.requests).toEqual({ 'GET /ok/:id': 2, 'GET /boom': 1 });
      expect(figures.serverErrors).toEqual({ 'GET /boom': 1 });
      expect(figures.minutes.map(({ minute, requests, errors }) => [minute - T0, requests, errors])).toEqual([
        [-10_000, 3, 1],
      ]);
      expect(figures.minutes[0]?.latencyCounts.reduce((a, b) => a + b)).toBe(3);

      now += 2 * MIN;
      await send('/ok/2', 4);
      figures = await recorder.figures();
      expect(figures.minutes.map(({ requests }) => requests)).toEqual([3, 4]);

      expect(await recorder.adopt(1000)).toBe(false);
      now += 1000;
      expect(await recorder.adopt(2000)).toBe(true);
      await send('/ok/3', 1);
      figures = await recorder.figures();
      expect(figures.requests).toEqual({ 'GET /ok/:id': 1 });
      expect(figures.serverErrors).toEqual({});
      expect(figures.since).toBe(now);
      expect(figures.resetEpoch).toBe(2000);
      expect(figures.minutes.map(({ requests }) => requests)).toEqual([1]);
      expect(await registry.getSingleMetricAsString('http_requests_total')).toMatch(
        /route="\/ok\/:id",status="200"\} 7/,
      );

      // Only the last hour is kept.
      now += 61 * MIN;
      figures = await recorder.figures();
      expect(figures.minutes.map(({ minute }) => minute)).toEqual([Math.floor(now / MIN) * MIN]);
    } finally {
      await app.close();
    }
  });
});

describe('the event loop’s delay as the dashboard reads it', () => {
  // The smallest delay the analysis reports, and the watcher's tick.
  const reported = analysisThresholds.eventLoopMedium;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reads an idle loop as almost no delay, not as its tick (Node’s own histogram reads the tick)', async () => {
    const delay = watchEventLoopDelay(reported);
    try {
      expect(delay.read()).toEqual({ p50: 0, p99: 0 });
      await sleep(6 * reported);
      // The median of the six ticks: one of them descheduled on a busy machine (46 ms once, the
      // server suite's two workers sharing two cores) is the machine, not the watcher; a watcher
      // reading its tick reads it at every tick.
      expect(delay.read().p50).toBeLessThan(reported / 2);
    } finally {
      delay.stop();
    }
  });

  it('reads a stall as the time it held the loop, over and over: reading resets nothing', async () => {
    const delay = watchEventLoopDelay(reported);
    try {
      await sleep(1.5 * reported);
      holdEventLoop(3 * reported);
      await sleep(2 * reported);
      // The tick due during the stall fires at its end: at least two ticks late.
      const first = delay.read();
      expect(first.p99).toBeGreaterThanOrEqual(2 * reported - 1);
      expect(first.p50).toBeLessThan(reported / 2);
      expect(delay.read().p99).toBe(first.p99);
    } finally {
      delay.stop();
    }
  });
});

function processFigures(changes: Partial<ProcessFigures>): ProcessFigures {
  return {
    startedAt: T0 - 10 * MIN,
    since: T0 - 10 * MIN,
    resetEpoch: 0,
    requests: {},
    serverErrors: {},
    clientErrors: 0,
    inFlight: 0,
    sockets: { active: 0, opened: 0, sent: 0, received: 0, errors: 0, refused: 0 },
    minutes: [],
    games: {},
    memory: { rss: 100 * 1024 * 1024, heapUsed: 0, heapTotal: 0, external: 0, maxHeap: 0 },
    eventLoop: { p50: 1, p99: 2 },
    vitals: [],
    repeatedGets: {},
    ...changes,
  };
}

const minute = (at: number, requests: number, errors = 0) => ({
  minute: Math.floor(at / MIN) * MIN,
  requests,
  errors,
  latencySum: requests * 0.02,
  // All in the (5 ms, 10 ms] bucket.
  latencyCounts: [0, requests, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  activeSockets: 1,
  socketMessages: 2 * requests,
  socketConnections: 1,
});

describe('merging the processes’ figures', () => {
  const lcp = (value: number, times: number, visitors: string[]) => {
    const counts = webVitalBounds.LCP.map(() => 0);
    counts[webVitalBucket('LCP', value)] = times;
    return { page: '/game' as const, name: 'LCP' as const, counts, visitors };
  };
  const a = processFigures({
    requests: { 'GET /a': 10 },
    serverErrors: { 'GET /a': 2 },
    clientErrors: 1,
    inFlight: 1,
    sockets: { active: 2, opened: 3, sent: 4, received: 5, errors: 1, refused: 7 },
    minutes: [minute(T0 - 20 * MIN, 100), minute(T0 - 2 * MIN, 6, 2), minute(T0, 4)],
    games: { G1: { u1: 'Zoé' }, GONE: { u9: 'Fantôme' } },
    eventLoop: { p50: 1, p99: 30 },
    vitals: [lcp(1000, 3, ['v1', 'v2'])],
    repeatedGets: { 'GET /a': 3 },
  });
  const b = processFigures({
    startedAt: T0 - 60 * MIN,
    requests: { 'GET /a': 5, 'POST /b': 1 },
    sockets: { active: 1, opened: 1, sent: 0, received: 0, errors: 0, refused: 2 },
    minutes: [minute(T0, 6)],
    games: { G1: { u1: 'Zoé', u2: 'Aël' } },
    eventLoop: { p50: 3, p99: 10 },
    vitals: [lcp(5000, 1, ['v2'])],
    repeatedGets: { 'GET /a': 1 },
  });
  const options = { nowMs: T0, windowMinutes: 5, resetEpoch: 0, gameNames: new Map([['G1', 'La Crypte']]) };

  it('adds counters and minutes, reads rates and latency over the window only', () => {
    const { figures, repeatedGets } = mergeFigures([a, b], options);
    expect(figures.processes).toBe(2);
    expect(figures.api).toMatchObject({
      totalRequests: 16,
      activeRequests: 1,
      errors: 2,
      clientErrors: 1,
      requestsByEndpoint: { 'GET /a': 15, 'POST /b': 1 },
      normalizedErrorsByEndpoint: { 'GET /a': 2 },
    });
    // Window: 19:56 to 20:00:10 covered for 4 min 10 s; 16 requests, the 100 of 20:40 outside it.
    const covered = (T0 - (Math.floor(T0 / MIN) * MIN - 4 * MIN)) / MIN;
    expect(figures.api.requestsPerMinute).toBeCloseTo(16 / covered);
    expect(figures.api.errorRate).toBeCloseTo((2 / 16) * 100);
    expect(figures.api.averageResponseTime).toBeCloseTo(20);
    expect(figures.api.latency.p50).toBeCloseTo(7.5);
    expect(figures.websocket).toMatchObject({
      activeConnections: 3,
      totalConnections: 4,
      messagesSent: 4,
      messagesReceived: 5,
      errors: 1,
      refusedConnections: 9,
      gameConnections: { G1: { name: 'La Crypte', players: ['Aël', 'Zoé'] } },
    });
    expect(figures.websocket.averageMessagesPerMinute).toBeCloseTo(32 / covered);
    expect(figures.system.uptime).toBe(3600);
    expect(figures.system.memoryUsageMB.rss).toBe(200);
    expect(figures.system.eventLoopDelay).toEqual({ p50: 3, p99: 30 });
    expect(figures.history.map(({ requests }) => requests)).toEqual([100, 6, 10]);
    // A visitor who reported to both processes is one.
    expect(figures.webVitals).toEqual([
      { page: '/game', name: 'LCP', p75: 1000, count: 4, visitors: 2, rating: 'good' },
    ]);
    expect(repeatedGets).toEqual(new Map([['GET /a', 4]]));
  });

  it('takes only the gauges of a process that has not applied the last reset yet', () => {
    const { figures } = mergeFigures([{ ...a, resetEpoch: 5 }, b], { ...options, resetEpoch: 5 });
    expect(figures.api.requestsByEndpoint).toEqual({ 'GET /a': 10 });
    expect(figures.api.errors).toBe(2);
    expect(figures.websocket.activeConnections).toBe(3);
    expect(figures.history.map(({ requests }) => requests)).toEqual([100, 6, 4]);
    expect(figures.webVitals.map(({ count }) => count)).toEqual([3]);
  });

  it('counts a process alone from its start, never by less than a minute', () => {
    const fresh = processFigures({ since: T0 - 1000, requests: { 'GET /a': 3 }, minutes: [minute(T0, 3)] });
    expect(mergeFigures([fresh], options).figures.api.requestsPerMinute).toBe(3);
  });
});

describe('redundancy tracker', () => {
  it('counts a user’s repeats per endpoint and forgets the oldest calls past its bound', () => {
    const tracker = createRedundancyTracker();
    for (let i = 0; i < 4; i++) tracker.note('u1', 'GET /users/:id', '/users/1', T0 + i * 1000);
    tracker.note('u2', 'GET /users/:id', '/users/1', T0 + 4000);
    tracker.note('u1', 'GET /users/:id', '/users/1', T0 + 20_000);
    expect(tracker.repeats()).toEqual(new Map([['GET /users/:id', 3]]));

    for (let i = 0; i < 5000; i++) tracker.note('u3', 'GET /x/:id', `/x/${i}`, T0);
    expect(tracker.tracked()).toBe(1000);
    tracker.clear();
    expect(tracker.tracked()).toBe(0);
    expect(tracker.repeats().size).toBe(0);
  });
});
