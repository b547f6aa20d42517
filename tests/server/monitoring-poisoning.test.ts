import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersService } from '../../server/modules/users/service';
import { SOCKET_PATH } from '../../src/api/paths';
import {
  metricsSnapshot,
  optimizationReport,
  performanceAnalysis,
  webVitalPages,
  type MetricsSnapshot,
  type PerformanceAnalysis,
} from '../../src/api/schemas/monitoring';
import { analysisThresholds } from '../../src/domain/monitoring/analysis';
import { sharedDrivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

/** What anonymous callers send the public routes, and what the dashboard makes of it. */

async function adminOf(t: TestServer): Promise<RegisteredUser> {
  const admin = await t.register();
  await createUsersService(t.database.db).grantRole(admin.email, 'admin');
  return admin;
}

async function snapshotOf(t: TestServer, admin: RegisteredUser): Promise<MetricsSnapshot> {
  return metricsSnapshot.parse((await t.api('GET', '/monitoring/metrics', undefined, admin.token)).body);
}

async function analysisOf(t: TestServer, admin: RegisteredUser): Promise<PerformanceAnalysis> {
  return performanceAnalysis.parse((await t.api('GET', '/monitoring/analysis', undefined, admin.token)).body);
}

describe('monitoring: web-vitals beacons cannot invent issues', () => {
  let t: TestServer;
  let admin: RegisteredUser;
  beforeAll(async () => {
    // The test plays the proxy: each beacon's X-Forwarded-For is the visitor's address.
    t = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
    admin = await adminOf(t);
  });
  afterAll(() => t.close());

  const beacon = (from: string, report: unknown) =>
    fetch(`${t.baseUrl}/monitoring/web-vitals`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': from },
      body: JSON.stringify(report),
    });

  it('refuses the 27 beacons naming one vital five times at 600,000 ms: the score does not move', async () => {
    const scoreOf = async () =>
      optimizationReport.parse(
        (await t.api('GET', '/monitoring/optimization-report', undefined, admin.token)).body,
      ).optimizationScore;
    const before = await scoreOf();
    const targets = webVitalPages.flatMap((page) =>
      (['LCP', 'INP', 'FCP'] as const).map((name) => ({ page, name })),
    );
    expect(targets).toHaveLength(27);

    for (const { page, name } of targets) {
      const response = await beacon('203.0.113.7', {
        page,
        metrics: Array.from({ length: 5 }, () => ({ name, value: 600_000 })),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/mesure/);
    }

    expect((await snapshotOf(t, admin)).webVitals).toEqual([]);
    expect((await analysisOf(t, admin)).system.filter((found) => found.type === 'poor-web-vital')).toEqual(
      [],
    );
    expect(await scoreOf()).toBe(before);
  });

  it('refuses a value no page takes (over a minute, a CLS over 10), keeps one a page may take', async () => {
    for (const metric of [
      { name: 'LCP', value: 60_001 },
      { name: 'TTFB', value: 600_000 },
      { name: 'CLS', value: 10.5 },
    ]) {
      expect((await beacon('203.0.113.8', { page: '/view', metrics: [metric] })).status).toBe(400);
    }
    expect(
      (await beacon('203.0.113.8', { page: '/view', metrics: [{ name: 'LCP', value: 59_000 }] })).status,
    ).toBe(204);
    expect((await snapshotOf(t, admin)).webVitals).toMatchObject([{ page: '/view', name: 'LCP', count: 1 }]);
  });

  it('raises no issue on one visitor’s many reports, and one once enough visitors report it', async () => {
    const poorLcp = { page: '/game', metrics: [{ name: 'LCP', value: 9000 }] };
    for (let i = 0; i < 10; i++) expect((await beacon('198.51.100.1', poorLcp)).status).toBe(204);

    const alone = (await snapshotOf(t, admin)).webVitals.find((vital) => vital.page === '/game');
    expect(alone).toMatchObject({ name: 'LCP', rating: 'poor', count: 10, visitors: 1 });
    const poorIssues = async () =>
      (await analysisOf(t, admin)).system.filter((found) => found.type === 'poor-web-vital');
    expect(await poorIssues()).toEqual([]);

    const others = analysisThresholds.minVitalVisitors - 1;
    for (let i = 2; i <= others; i++) await beacon(`198.51.100.${i}`, poorLcp);
    expect(await poorIssues()).toEqual([]);
    await beacon(`198.51.100.${others + 1}`, poorLcp);

    const [issue] = await poorIssues();
    const count = 10 + others;
    expect(issue?.message).toContain(
      `${count}\u00a0mesures de ${analysisThresholds.minVitalVisitors}\u00a0visiteurs`,
    );
    expect((await snapshotOf(t, admin)).webVitals.find((vital) => vital.page === '/game')).toMatchObject({
      count,
      visitors: analysisThresholds.minVitalVisitors,
    });
  });

  it('counts the addresses of one IPv6 /64 as one visitor, under one rate limit', async () => {
    const report = { page: '/creation', metrics: [{ name: 'INP', value: 900 }] };
    const statuses: number[] = [];
    for (let i = 1; i <= t.config.webVitalsRateLimitMax + 1; i++) {
      statuses.push((await beacon(`2001:db8:0:7::${i.toString(16)}`, report)).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(t.config.webVitalsRateLimitMax);
    expect(statuses.at(-1)).toBe(429);
    expect((await snapshotOf(t, admin)).webVitals.find((vital) => vital.page === '/creation')).toMatchObject({
      visitors: 1,
    });
  });
});

describe.each(sharedDrivers)(
  'monitoring: web-vitals visitors of two server processes on one %s database',
  (driver) => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ driver, env: { TRUST_PROXY: '127.0.0.1' } });
      b = await startTestServer({ peerOf: a, env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('counts a visitor who reported to both processes once', async () => {
      const admin = await adminOf(a);
      const beacon = (server: TestServer, from: string) =>
        fetch(`${server.baseUrl}/monitoring/web-vitals`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify({ page: '/', metrics: [{ name: 'TTFB', value: 300 }] }),
        });
      for (const [server, from] of [
        [a, '192.0.2.1'],
        [b, '192.0.2.1'],
        [b, '192.0.2.2'],
      ] as const) {
        expect((await beacon(server, from)).status).toBe(204);
      }
      await b.app.monitoring.publish();

      expect((await snapshotOf(a, admin)).webVitals).toMatchObject([
        { page: '/', name: 'TTFB', count: 3, visitors: 2 },
      ]);
    });
  },
);

describe('monitoring: refused socket.io connections are not the app’s socket errors', () => {
  let t: TestServer;
  let admin: RegisteredUser;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await adminOf(t);
  });
  afterAll(() => t.close());

  it('counts 20 polls of a bogus session as refused connections, and raises no socket-error issue', async () => {
    const before = (await snapshotOf(t, admin)).websocket;
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${t.url}${SOCKET_PATH}?EIO=4&transport=polling&sid=bogus`);
      expect(response.status).toBe(400);
      await response.body?.cancel();
    }
    await expect(t.socket('pas-un-jeton')).rejects.toThrow();

    const after = (await snapshotOf(t, admin)).websocket;
    expect(after.errors).toBe(before.errors);
    expect(after.refusedConnections - before.refusedConnections).toBe(21);
    expect((await analysisOf(t, admin)).websocket.map((found) => found.type)).not.toContain('socket-errors');
  });

  it('still counts a refused call of an app socket as its error', async () => {
    const before = (await snapshotOf(t, admin)).websocket;
    const socket = await t.socket(admin.token);
    socket.emit('itemChange', { gameId: 'pas-un-uuid' });
    await new Promise((resolve) => socket.once('error', resolve));

    const after = (await snapshotOf(t, admin)).websocket;
    expect(after.errors - before.errors).toBe(1);
    expect(after.refusedConnections).toBe(before.refusedConnections);
    socket.disconnect();
  });

  it('counts an app socket lost to a transport error as its error', async () => {
    const before = (await snapshotOf(t, admin)).websocket;
    const socket = await t.socket(admin.token);
    const lost = new Promise((resolve) => socket.once('disconnect', resolve));
    // A ping from the client breaks engine.io's protocol (the server pings): a transport error.
    socket.io.engine.transport.send([{ type: 'ping' }]);
    await lost;

    await expect.poll(async () => (await snapshotOf(t, admin)).websocket.errors - before.errors).toBe(1);
  });
});
