import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersService } from '../../server/modules/users/service';
import type { Role } from '../../src/api/schemas/auth';
import { analysisThresholds } from '../../src/domain/monitoring/analysis';
import {
  metricsSnapshot,
  optimizationReport,
  performanceAnalysis,
  redundancyReport,
  type MetricsSnapshot,
} from '../../src/api/schemas/monitoring';
import { failingRoute } from '../helpers/failing-route';
import { insertAcceptedPlayer, insertGame } from '../helpers/game-fixtures';
import { sharedDrivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';
import { holdEventLoop } from '../helpers/hold-event-loop';

async function withRole(t: TestServer, role: Role): Promise<RegisteredUser> {
  const user = await t.register();
  if (role !== 'player') await createUsersService(t.database.db).grantRole(user.email, role);
  return user;
}

async function snapshotOf(t: TestServer, token: string): Promise<MetricsSnapshot> {
  const response = await t.api('GET', '/monitoring/metrics', undefined, token);
  expect(response.status).toBe(200);
  return metricsSnapshot.parse(response.body);
}

const historyRequests = (snapshot: MetricsSnapshot) =>
  snapshot.history.reduce((sum, minute) => sum + minute.requests, 0);

describe('monitoring dashboard: figures from the real traffic', () => {
  let t: TestServer;
  let admin: RegisteredUser;
  beforeAll(async () => {
    t = await startTestServer({ extraRoutes: failingRoute });
    admin = await withRole(t, 'admin');
  });
  afterAll(() => t.close());

  it('counts requests by route template, a real 5xx per endpoint and 4xx apart, over the window', async () => {
    const other = await t.register();
    await t.api('GET', `/users/${other.userId}`, undefined, admin.token);
    await t.api('GET', `/users/${admin.userId}`, undefined, admin.token);
    expect((await t.api('GET', '/test/panne/1', undefined, admin.token)).status).toBe(500);
    expect((await t.api('GET', '/test/panne/2', undefined, admin.token)).status).toBe(500);
    expect((await t.api('GET', '/users/pas-un-uuid', undefined, admin.token)).status).toBeLessThan(500);
    expect((await t.api('GET', '/auth/verify')).status).toBe(401);

    const snapshot = await snapshotOf(t, admin.token);
    expect(snapshot.processes).toBe(1);
    expect(snapshot.windowMinutes).toBe(5);
    expect(snapshot.api.requestsByEndpoint['GET /users/:id']).toBe(3);
    expect(Object.keys(snapshot.api.requestsByEndpoint).join()).not.toContain(other.userId);
    expect(snapshot.api.normalizedErrorsByEndpoint).toEqual({ 'GET /test/panne/:id': 2 });
    expect(snapshot.api.errors).toBe(2);
    expect(snapshot.api.clientErrors).toBeGreaterThanOrEqual(2);
    // Every request answered so far is in the minutes too; this one is still in flight.
    expect(historyRequests(snapshot)).toBe(snapshot.api.totalRequests);
    expect(snapshot.api.activeRequests).toBeGreaterThanOrEqual(1);
    expect(snapshot.api.errorRate).toBeCloseTo((2 / snapshot.api.totalRequests) * 100);
    expect(snapshot.api.requestsPerMinute).toBeGreaterThan(0);
    expect(snapshot.api.latency.p50).not.toBeNull();
    expect(snapshot.system.memoryUsageMB.rss).toBeGreaterThan(0);
    expect(snapshot.system.memoryUsageMB.maxHeap).toBeGreaterThan(snapshot.system.memoryUsageMB.heapUsed);
    expect(snapshot.system.uptime).toBeGreaterThan(0);
    expect(new Date(snapshot.timestamp).getTime()).not.toBeNaN();
  });

  it('lists the games with sockets at their table and who sits there, until they leave', async () => {
    const [mj, player] = await t.registerMany(2);
    const gameId = await insertGame(t.database.db, mj.userId, 'La Crypte');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, player.userId);
    const sockets = await Promise.all([t.socket(mj.token), t.socket(player.token), t.socket(player.token)]);
    for (const socket of sockets) await socket.timeout(5000).emitWithAck('joinGame', { gameId });

    const snapshot = await snapshotOf(t, admin.token);
    expect(snapshot.websocket.gameConnections[gameId]).toEqual({
      name: 'La Crypte',
      players: [mj.displayName, player.displayName].sort((a, b) => a.localeCompare(b, 'fr')),
    });
    expect(snapshot.websocket.activeConnections).toBeGreaterThanOrEqual(3);
    expect(snapshot.websocket.totalConnections).toBeGreaterThanOrEqual(3);
    expect(snapshot.websocket.messagesReceived).toBeGreaterThanOrEqual(3);
    expect(snapshot.websocket.messagesSent).toBeGreaterThanOrEqual(3);
    expect(snapshot.websocket.connectionRate).toBeGreaterThan(0);

    for (const socket of sockets) socket.disconnect();
    await expect
      .poll(async () => (await snapshotOf(t, admin.token)).websocket.gameConnections[gameId])
      .toBeUndefined();
  });

  it('reads the rules over the same figures: a failing endpoint is an issue, a recommendation, an action', async () => {
    for (let i = 0; i < 6; i++) await t.api('GET', `/test/panne/${i}`, undefined, admin.token);

    const analysis = performanceAnalysis.parse(
      (await t.api('GET', '/monitoring/analysis', undefined, admin.token)).body,
    );
    const failing = analysis.api.find((found) => found.type === 'failing-endpoint');
    expect(failing?.message).toContain('GET /test/panne/:id');
    expect(analysis.summary.totalIssues).toBeGreaterThanOrEqual(1);
    expect(analysis.summary.recommendations).toContain(failing?.recommendation);

    const snapshot = await snapshotOf(t, admin.token);
    expect(snapshot.recommendations).toContain(failing?.recommendation);

    const report = optimizationReport.parse(
      (await t.api('GET', '/monitoring/optimization-report', undefined, admin.token)).body,
    );
    expect(report.optimizationScore).toBeLessThan(100);
    expect(report.priorityActions.map((action) => action.description)).toContainEqual(
      expect.stringContaining('GET /test/panne/:id'),
    );
    expect(report.estimatedImpact.reliability).toBeGreaterThan(0);
  });

  it('scores Optimisation on the snapshot Analyse read a moment before, not on a newer one', async () => {
    const analysis = performanceAnalysis.parse(
      (await t.api('GET', '/monitoring/analysis', undefined, admin.token)).body,
    );
    // New traffic since, so a snapshot taken now would differ.
    for (let i = 0; i < 12; i++) await t.api('GET', `/users/${admin.userId}`, undefined, admin.token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const report = optimizationReport.parse(
      (await t.api('GET', '/monitoring/optimization-report', undefined, admin.token)).body,
    );
    expect(report.timestamp).toBe(analysis.timestamp);
  });

  it('sees a stall of the event loop without Prometheus scraping, and reports it', async () => {
    const reported = analysisThresholds.eventLoopMedium;
    holdEventLoop(3 * reported);
    // The delay's timer fires late once the loop is free again.
    await new Promise((resolve) => setTimeout(resolve, 2 * reported));

    const snapshot = await snapshotOf(t, admin.token);
    expect(snapshot.system.eventLoopDelay.p99).toBeGreaterThanOrEqual(reported);
    const analysis = performanceAnalysis.parse(
      (await t.api('GET', '/monitoring/analysis', undefined, admin.token)).body,
    );
    expect(analysis.system.map((found) => found.type)).toContain('event-loop-delay');
  });

  it('reports the same GET repeated by one user within seconds, per endpoint', async () => {
    const url = `/users/${admin.userId}`;
    for (let i = 0; i < 4; i++) await t.api('GET', url, undefined, admin.token);

    const report = redundancyReport.parse(
      (await t.api('GET', '/monitoring/redundancies', undefined, admin.token)).body,
    );
    const repeated = report.redundancies.find((found) => found.endpoint === 'GET /users/:id');
    expect(repeated).toMatchObject({ type: 'repeated-get' });
    expect(repeated?.count).toBeGreaterThanOrEqual(3);
  });

  it('starts the counters again on reset, without taking Prometheus’ counters back', async () => {
    await t.api('GET', `/users/${admin.userId}`, undefined, admin.token);
    const before = await snapshotOf(t, admin.token);
    expect(before.api.totalRequests).toBeGreaterThan(5);

    const reset = await t.api('POST', '/monitoring/metrics/reset', undefined, admin.token);
    expect(reset.status).toBe(200);

    const after = await snapshotOf(t, admin.token);
    // Only the reset itself was answered since.
    expect(after.api.requestsByEndpoint).toEqual({ 'POST /monitoring/metrics/reset': 1 });
    expect(after.api.errors).toBe(0);
    expect(after.api.normalizedErrorsByEndpoint).toEqual({});
    expect(historyRequests(after)).toBe(1);
    expect(after.webVitals).toEqual([]);
    const redundancies = redundancyReport.parse(
      (await t.api('GET', '/monitoring/redundancies', undefined, admin.token)).body,
    );
    expect(redundancies.redundancies).toEqual([]);

    const text = String((await t.api('GET', '/metrics', undefined, admin.token)).body);
    const failures = Number(
      /http_requests_total\{[^}]*route="[^"]*\/test\/panne\/:id",status="500"\} (\d+)/.exec(text)?.[1],
    );
    expect(failures).toBe(8);
  });
});

describe('monitoring: web-vitals beacons', () => {
  let t: TestServer;
  let admin: RegisteredUser;
  beforeAll(async () => {
    t = await startTestServer({ env: { WEB_VITALS_RATE_LIMIT_MAX: '6' } });
    admin = await withRole(t, 'admin');
  });
  afterAll(() => t.close());

  const beacon = (body: string, contentType: string) =>
    fetch(`${t.baseUrl}/monitoring/web-vitals`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('takes sendBeacon’s text/plain and application/json bodies without a token, and rates each p75', async () => {
    const report = (lcp: number, inp: number) =>
      JSON.stringify({
        page: '/game',
        metrics: [
          { name: 'LCP', value: lcp },
          { name: 'INP', value: inp },
        ],
      });
    expect((await beacon(report(900, 600), 'text/plain;charset=UTF-8')).status).toBe(204);
    expect((await beacon(report(950, 700), 'application/json')).status).toBe(204);
    expect((await beacon(report(1000, 650), 'text/plain;charset=UTF-8')).status).toBe(204);
    expect((await beacon(report(9000, 800), 'text/plain;charset=UTF-8')).status).toBe(204);

    const vitals = (await snapshotOf(t, admin.token)).webVitals;
    expect(vitals).toEqual([
      { page: '/game', name: 'LCP', p75: 1000, count: 4, visitors: 1, rating: 'good' },
      { page: '/game', name: 'INP', p75: 725, count: 4, visitors: 1, rating: 'poor' },
    ]);
  });

  it('refuses in French what is not a report, and counts nothing of it', async () => {
    const refused = [
      await beacon(JSON.stringify({ page: '/ailleurs', metrics: [{ name: 'LCP', value: 1 }] }), 'text/plain'),
      await beacon(JSON.stringify({ page: '/', metrics: [{ name: 'LCP', value: -1 }] }), 'application/json'),
    ];
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/[a-zé]/);
    }
    const vitals = (await snapshotOf(t, admin.token)).webVitals;
    expect(vitals.map((vital) => vital.page)).toEqual(['/game', '/game']);
  });

  it('limits the beacons per address, in French', async () => {
    const response = await beacon('pas du JSON', 'text/plain');
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: string }).error).toBe(
      'Trop de tentatives, veuillez réessayer plus tard.',
    );
  });
});

describe('monitoring: who may read it', () => {
  const t = serverForSuite({ env: { METRICS_TOKEN: 'jeton-de-scrape-prometheus-assez-long-0123' } });

  const routes = [
    ['GET', '/metrics'],
    ['GET', '/monitoring/metrics'],
    ['POST', '/monitoring/metrics/reset'],
    ['GET', '/monitoring/analysis'],
    ['GET', '/monitoring/optimization-report'],
    ['GET', '/monitoring/redundancies'],
  ] as const;

  it('answers an admin, refuses an MJ and a player (403) and an anonymous caller (401), in French', async () => {
    const [admin, mj, player] = await Promise.all([
      withRole(t, 'admin'),
      withRole(t, 'mj'),
      withRole(t, 'player'),
    ]);
    const seen: string[] = [];
    for (const [method, path] of routes) {
      const statuses = [];
      for (const token of [admin.token, mj.token, player.token, undefined]) {
        const response = await t.api<{ error?: string }>(method, path, undefined, token);
        statuses.push(response.status);
        if (response.status >= 400)
          expect(response.body.error).toMatch(/^(Réservé aux administrateurs|Authentification requise)$/);
      }
      seen.push(`${method} ${path} ${statuses.join(' ')}`);
    }
    expect(seen).toEqual(routes.map(([method, path]) => `${method} ${path} 200 403 403 401`));
  });

  it('lets Prometheus scrape /metrics with METRICS_TOKEN, and nothing else with it', async () => {
    const token = 'jeton-de-scrape-prometheus-assez-long-0123';
    const scrape = await t.api('GET', '/metrics', undefined, token);
    expect(scrape.status).toBe(200);
    expect(String(scrape.body)).toContain('http_requests_total');
    expect((await t.api('GET', '/metrics', undefined, `${token}x`)).status).toBe(401);
    expect((await t.api('GET', '/monitoring/metrics', undefined, token)).status).toBe(401);
  });
});

describe.each(sharedDrivers)('monitoring: two server processes on one %s database', (driver) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ driver });
    b = await startTestServer({ peerOf: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('shows the whole service whichever process answers, and resets both', async () => {
    const admin = await withRole(a, 'admin');
    const user = await b.register();
    for (let i = 0; i < 3; i++) await b.api('GET', `/users/${user.userId}`, undefined, user.token);
    await a.api('GET', `/users/${user.userId}`, undefined, admin.token);
    await b.app.monitoring.publish();

    const both = await snapshotOf(a, admin.token);
    expect(both.processes).toBe(2);
    expect(both.api.requestsByEndpoint['GET /users/:id']).toBe(4);
    expect(both.api.requestsByEndpoint['POST /auth/register']).toBe(2);

    expect((await b.api('POST', '/monitoring/metrics/reset', undefined, admin.token)).status).toBe(200);
    await a.app.monitoring.publish();
    const reset = await snapshotOf(b, admin.token);
    expect(reset.processes).toBe(2);
    expect(reset.api.requestsByEndpoint).toEqual({ 'POST /monitoring/metrics/reset': 1 });

    await b.stop();
    expect((await snapshotOf(a, admin.token)).processes).toBe(1);
  });
});
