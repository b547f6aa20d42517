import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anomalies } from '../../server/db/schema/index';
import { watchBurnRate } from '../../server/modules/anomalies/burn-rate-watcher';
import { SERVICE_ENDPOINT } from '../../server/modules/anomalies/reports';
import { anomalyRouteMessages } from '../../server/modules/anomalies/routes';
import { commonMessages } from '../../server/lib/errors';
import {
  ANOMALY_LIST_LIMIT,
  anomalyServiceMessages,
  createAnomaliesService,
} from '../../server/modules/anomalies/service';
import type { MetricsSource } from '../../server/modules/monitoring/metrics-source';
import { createUsersService } from '../../server/modules/users/service';
import {
  ANOMALY_TITLE_MAX,
  anomalyMessages,
  type Anomaly,
  type AnomalyStats,
  type CreatedAnomalies,
} from '../../src/api/schemas/anomalies';
import { nulCharacterRefused } from '../../src/api/schemas/common';
import type { MetricsMinute, MetricsSnapshot } from '../../src/api/schemas/monitoring';
import { timeline, type Pace } from '../helpers/metrics-history';
import { FAILING_ENDPOINT, failingRoute } from '../helpers/failing-route';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';

const NOW = Date.parse('2026-03-14T03:00:30.000Z');

/** A snapshot as the monitoring module builds it, with the 5xx per endpoint and history given. */
function snapshotOf(errors: Record<string, number>, history: MetricsMinute[] = []): MetricsSnapshot {
  return {
    websocket: {
      activeConnections: 4,
      totalConnections: 12,
      messagesSent: 300,
      messagesReceived: 280,
      errors: 2,
      refusedConnections: 0,
      averageMessagesPerMinute: 58,
      connectionRate: 0.4,
      gameConnections: {},
    },
    api: {
      totalRequests: 1500,
      activeRequests: 1,
      averageResponseTime: 42,
      errorRate: 1.6,
      requestsPerMinute: 25,
      errors: Object.values(errors).reduce((sum, count) => sum + count, 0),
      clientErrors: 3,
      latency: { p50: 20, p95: 120 },
      requestsByEndpoint: {},
      normalizedErrorsByEndpoint: errors,
    },
    system: {
      uptime: 3600,
      memoryUsageMB: { rss: 180, heapUsed: 90, heapTotal: 120, external: 4, maxHeap: 2048 },
      eventLoopDelay: { p50: 10, p99: 25 },
    },
    recommendations: [],
    timestamp: new Date(NOW).toISOString(),
    processes: 1,
    windowMinutes: 5,
    history,
    webVitals: [],
  };
}

/** A test double of the monitoring module's source: the test says what the service measured. */
function syntheticSource(initial: MetricsSnapshot): MetricsSource & { current: MetricsSnapshot } {
  return {
    current: initial,
    snapshot() {
      return Promise.resolve(this.current);
    },
  };
}

const report = { endpoint: 'GET /games/:id', title: 'Partie lente à charger', errorCount: 3 };

describe.each(drivers)('anomalies (%s)', (driver) => {
  let t: TestServer;
  let source: ReturnType<typeof syntheticSource>;
  let admin: RegisteredUser;
  let mj: RegisteredUser;
  let player: RegisteredUser;

  beforeAll(async () => {
    source = syntheticSource(snapshotOf({}));
    t = await startTestServer({ driver, metricsSource: source });
    [admin, mj, player] = await t.registerMany(3);
    const users = createUsersService(t.database.db);
    await users.grantRole(admin.email, 'admin');
    await users.grantRole(mj.email, 'mj');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(anomalies);
    source.current = snapshotOf({});
  });

  const stats = async () =>
    (await t.api<AnomalyStats>('GET', '/anomalies/stats', undefined, admin.token)).body;
  const createAnomalies = () =>
    t.api<CreatedAnomalies>('POST', '/monitoring/create-anomalies', undefined, admin.token);

  it('runs a whole lifecycle: report, list, count, take in hand, resolve, delete', async () => {
    const created = await t.api<Anomaly>(
      'POST',
      '/anomalies',
      { ...report, steps: ['Ouvrir la partie'], tags: ['test'] },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      endpoint: 'GET /games/:id',
      errorCount: 3,
      priority: 'Basse',
      status: 'Nouvelle',
      title: 'Partie lente à charger',
      description: '',
      steps: ['Ouvrir la partie'],
      context: {},
      tags: ['test'],
      resolved: false,
      resolved_at: null,
      resolution: null,
    });
    const { id } = created.body;
    expect(Date.parse(created.body.detected_at)).not.toBeNaN();

    expect((await t.api<Anomaly[]>('GET', '/anomalies', undefined, admin.token)).body).toEqual([
      created.body,
    ]);
    expect(await stats()).toEqual({
      total: 1,
      active: 1,
      new: 1,
      inProgress: 0,
      resolved: 0,
      byPriority: { Haute: 0, Moyenne: 0, Basse: 1 },
    });

    const inHand = await t.api<Anomaly>(
      'PUT',
      `/anomalies/${id}/status`,
      { status: 'En cours' },
      admin.token,
    );
    expect(inHand.body).toMatchObject({ status: 'En cours', resolved: false });
    expect(await stats()).toMatchObject({ active: 1, new: 0, inProgress: 1 });
    const back = await t.api<Anomaly>('PUT', `/anomalies/${id}/status`, { status: 'Nouvelle' }, admin.token);
    expect(back.body.status).toBe('Nouvelle');

    const resolved = await t.api<Anomaly>(
      'PUT',
      `/anomalies/${id}/resolve`,
      { resolution: anomalyMessages.quickResolution },
      admin.token,
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: 'Résolue',
      resolved: true,
      resolution: 'Résolu automatiquement',
    });
    expect(Date.parse(resolved.body.resolved_at!)).toBeGreaterThanOrEqual(
      Date.parse(resolved.body.detected_at),
    );
    expect(await stats()).toMatchObject({ total: 1, active: 0, new: 0, inProgress: 0, resolved: 1 });

    // Resolved anomalies lose their action buttons (table.md §4): the server refuses the actions.
    for (const [path, body] of [
      [`/anomalies/${id}/status`, { status: 'En cours' }],
      [`/anomalies/${id}/resolve`, { resolution: 'Encore' }],
    ] as const) {
      expect(await t.api('PUT', path, body, admin.token)).toMatchObject({
        status: 409,
        body: { error: anomalyServiceMessages.resolvedIsFinal },
      });
    }
    expect((await t.api<Anomaly[]>('GET', '/anomalies', undefined, admin.token)).body).toEqual([
      resolved.body,
    ]);

    expect(await t.api('DELETE', `/anomalies/${id}`, undefined, admin.token)).toMatchObject({
      status: 200,
      body: { message: anomalyServiceMessages.deleted },
    });
    expect((await t.api('GET', '/anomalies', undefined, admin.token)).body).toEqual([]);
    expect(await t.api('DELETE', `/anomalies/${id}`, undefined, admin.token)).toMatchObject({
      status: 404,
      body: { error: anomalyMessages.notFound },
    });
  });

  it('lists the newest first, capped, while the stats count them all', async () => {
    const db = t.database.db;
    const base = Date.parse('2026-01-01T00:00:00Z');
    await db.insert(anomalies).values(
      Array.from({ length: ANOMALY_LIST_LIMIT + 5 }, (_, index) => ({
        endpoint: `GET /route-${index}`,
        priority: 'Basse' as const,
        title: `Anomalie ${index}`,
        detectedAt: new Date(base + index * 1000),
      })),
    );
    const list = (await t.api<Anomaly[]>('GET', '/anomalies', undefined, admin.token)).body;
    expect(list).toHaveLength(ANOMALY_LIST_LIMIT);
    expect(list[0]!.title).toBe(`Anomalie ${ANOMALY_LIST_LIMIT + 4}`);
    expect(list.at(-1)!.title).toBe('Anomalie 5');
    expect((await stats()).total).toBe(ANOMALY_LIST_LIMIT + 5);
  });

  it('opens one anomaly per endpoint in error, prioritised by its count, with the server’s context', async () => {
    source.current = snapshotOf({
      'GET /a': 5,
      'GET /b': 6,
      'POST /c': 11,
      'GET /healthy': 0,
    });
    const response = await createAnomalies();
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Anomalies créées avec succès !');
    const byEndpoint = new Map(response.body.created.map((anomaly) => [anomaly.endpoint, anomaly]));
    expect([...byEndpoint.keys()]).toEqual(['POST /c', 'GET /b', 'GET /a']);
    expect(byEndpoint.get('GET /a')).toMatchObject({ errorCount: 5, priority: 'Basse', status: 'Nouvelle' });
    expect(byEndpoint.get('GET /b')).toMatchObject({ errorCount: 6, priority: 'Moyenne' });
    expect(byEndpoint.get('POST /c')).toMatchObject({
      errorCount: 11,
      priority: 'Haute',
      title: 'Erreurs serveur sur POST /c',
      description: '11 réponses 5xx sur POST /c depuis la dernière remise à zéro des métriques.',
      tags: ['automatique', 'erreurs serveur'],
      context: {
        systemMetrics: source.current.system,
        websocketErrors: 2,
        apiErrorRate: 1.6,
        totalRequests: 1500,
        averageResponseTime: 42,
        requestsPerMinute: 25,
      },
    });
    expect(byEndpoint.get('POST /c')!.steps.length).toBeGreaterThan(0);
    expect(await stats()).toMatchObject({ total: 3, byPriority: { Haute: 1, Moyenne: 1, Basse: 1 } });
  });

  it('opens no duplicate while an endpoint’s anomaly is unresolved, and a new one after its resolution', async () => {
    source.current = snapshotOf({ 'GET /a': 2, 'GET /b': 7 });
    const first = (await createAnomalies()).body.created;
    expect(first).toHaveLength(2);

    source.current = snapshotOf({ 'GET /a': 9, 'GET /b': 12 });
    expect((await createAnomalies()).body).toEqual({ message: anomalyRouteMessages.noneNeeded, created: [] });
    expect(await t.api('POST', '/anomalies', { ...report, endpoint: 'GET /a' }, admin.token)).toMatchObject({
      status: 409,
      body: { error: anomalyServiceMessages.alreadyOpen },
    });

    const a = first.find((anomaly) => anomaly.endpoint === 'GET /a')!;
    await t.api('PUT', `/anomalies/${a.id}/status`, { status: 'En cours' }, admin.token);
    expect((await createAnomalies()).body.created).toEqual([]);
    await t.api('PUT', `/anomalies/${a.id}/resolve`, { resolution: 'Index ajouté' }, admin.token);

    const again = (await createAnomalies()).body.created;
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      endpoint: 'GET /a',
      errorCount: 9,
      priority: 'Moyenne',
      status: 'Nouvelle',
    });
    expect(await stats()).toMatchObject({ total: 3, active: 2, resolved: 1 });
  });

  it('keeps one row per endpoint when openings race (two dashboards, two processes)', async () => {
    const snapshot = snapshotOf({ 'GET /a': 3, 'GET /b': 8, 'GET /c': 20 });
    const service = createAnomaliesService(t.database.db);
    const [one, two] = await Promise.all([
      service.openForEndpoints(snapshot),
      service.openForEndpoints(snapshot),
    ]);
    expect(one.length + two.length).toBe(3);

    source.current = snapshotOf({ 'GET /a': 3, 'GET /d': 1 });
    const answers = await Promise.all([createAnomalies(), createAnomalies(), createAnomalies()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((answer) => answer.body.created.map((anomaly) => anomaly.endpoint))).toEqual([
      'GET /d',
    ]);

    const rows = await t.database.db.select({ endpoint: anomalies.endpoint }).from(anomalies);
    expect(rows.map((row) => row.endpoint).sort()).toEqual(['GET /a', 'GET /b', 'GET /c', 'GET /d']);
  });

  describe('from-metrics', () => {
    it('keeps the admin’s words and puts the server’s figures in place of theirs', async () => {
      source.current = snapshotOf({ 'GET /games/:id': 7 });
      const response = await t.api<Anomaly>(
        'POST',
        '/anomalies/from-metrics',
        {
          ...report,
          errorCount: 999,
          priority: 'Haute',
          description: 'Vu par un joueur',
          steps: ['Ouvrir une partie'],
          context: { totalRequests: 1, apiErrorRate: 99 },
          tags: ['manuel'],
        },
        admin.token,
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        endpoint: 'GET /games/:id',
        title: 'Partie lente à charger',
        description: 'Vu par un joueur',
        steps: ['Ouvrir une partie'],
        tags: ['manuel'],
        errorCount: 7,
        priority: 'Moyenne',
        context: { totalRequests: 1500, apiErrorRate: 1.6, websocketErrors: 2 },
      });
      expect(await t.api('POST', '/anomalies/from-metrics', report, admin.token)).toMatchObject({
        status: 409,
        body: { error: anomalyServiceMessages.alreadyOpen },
      });
    });

    it('refuses an endpoint the server saw no error on, whatever its name', async () => {
      source.current = snapshotOf({ 'GET /healthy': 0, 'GET /other': 4 });
      for (const endpoint of ['GET /healthy', 'GET /unknown', 'constructor', '__proto__', 'toString']) {
        expect(
          await t.api('POST', '/anomalies/from-metrics', { ...report, endpoint }, admin.token),
        ).toMatchObject({
          status: 409,
          body: { error: anomalyServiceMessages.noErrorsSeen },
        });
      }
      expect((await stats()).total).toBe(0);
    });
  });

  it('refuses bad input in French and changes nothing', async () => {
    const { body: existing } = await t.api<Anomaly>('POST', '/anomalies', report, admin.token);
    const list = async () => (await t.api('GET', '/anomalies', undefined, admin.token)).body;
    const before = await list();
    const refused: [string, string, unknown, string][] = [
      ['POST', '/anomalies', { endpoint: 'GET /x' }, ''],
      ['POST', '/anomalies', { endpoint: 'GET /x', title: '   ' }, anomalyMessages.titleRequired],
      ['POST', '/anomalies', { title: 'Sans endpoint', endpoint: '' }, anomalyMessages.endpointRequired],
      ['POST', '/anomalies', { title: 'Sans endpoint' }, ''],
      ['POST', '/anomalies/from-metrics', { endpoint: 'GET /x', title: '' }, anomalyMessages.titleRequired],
      ['PUT', `/anomalies/${existing.id}/resolve`, { resolution: '' }, anomalyMessages.resolutionRequired],
      ['PUT', `/anomalies/${existing.id}/resolve`, {}, ''],
      [
        'PUT',
        `/anomalies/${existing.id}/resolve`,
        { resolution: ' \n ' },
        anomalyMessages.resolutionRequired,
      ],
      ['PUT', `/anomalies/${existing.id}/status`, { status: 'Résolue' }, ''],
      ['PUT', `/anomalies/${existing.id}/status`, { status: 'Fermée' }, ''],
      ['POST', '/anomalies', { ...report, title: 'x'.repeat(ANOMALY_TITLE_MAX + 1) }, ''],
      ['POST', '/anomalies', { ...report, endpoint: 'x'.repeat(100_000) }, ''],
      ['POST', '/anomalies', { ...report, steps: Array.from({ length: 51 }, () => 'étape') }, ''],
      ['POST', '/anomalies', { ...report, errorCount: -1 }, ''],
      ['POST', '/anomalies', { ...report, priority: 'Critique' }, ''],
      ['POST', '/anomalies', { ...report, context: { totalRequests: 1e13 } }, ''],
      ['POST', '/anomalies', { ...report, title: 'Nul\u0000' }, nulCharacterRefused],
      ['POST', '/anomalies', { ...report, tags: ['a\u0000b'] }, nulCharacterRefused],
      ['PUT', `/anomalies/${existing.id}/resolve`, { resolution: 'fin\u0000' }, nulCharacterRefused],
    ];
    for (const [method, path, body, error] of refused) {
      const response = await t.api<{ error: string }>(method, path, body, admin.token);
      expect([method, path, response.status]).toEqual([method, path, 400]);
      expect(typeof response.body.error).toBe('string');
      if (error) expect(response.body.error).toBe(error);
    }
    for (const id of ['pas-un-uuid', '1', randomUUID(), `${existing.id}x`]) {
      for (const [method, suffix, body] of [
        ['PUT', '/status', { status: 'En cours' }],
        ['PUT', '/resolve', { resolution: 'Corrigé' }],
        ['DELETE', '', undefined],
      ] as const) {
        expect(
          await t.api(method, `/anomalies/${encodeURIComponent(id)}${suffix}`, body, admin.token),
        ).toMatchObject({
          status: 404,
          body: { error: anomalyMessages.notFound },
        });
      }
    }
    expect(await list()).toEqual(before);
  });

  it('serves the admin alone: 403 to an MJ and a player, 401 without a token', async () => {
    source.current = snapshotOf({ 'GET /a': 1 });
    const { body: existing } = await t.api<Anomaly>('POST', '/anomalies', report, admin.token);
    const routes: [string, string, unknown][] = [
      ['GET', '/anomalies', undefined],
      ['GET', '/anomalies/stats', undefined],
      ['POST', '/anomalies', { ...report, endpoint: 'GET /autre' }],
      ['POST', '/anomalies/from-metrics', { ...report, endpoint: 'GET /a' }],
      ['PUT', `/anomalies/${existing.id}/status`, { status: 'En cours' }],
      ['POST', '/monitoring/create-anomalies', undefined],
      ['PUT', `/anomalies/${existing.id}/resolve`, { resolution: 'Corrigé' }],
      ['DELETE', `/anomalies/${existing.id}`, undefined],
    ];
    const list = async () => (await t.api('GET', '/anomalies', undefined, admin.token)).body;
    const before = await list();
    for (const [method, path, body] of routes) {
      expect(await t.api(method, path, body)).toMatchObject({
        status: 401,
        body: { error: 'Authentification requise' },
      });
      for (const user of [mj, player]) {
        expect(await t.api(method, path, body, user.token)).toMatchObject({
          status: 403,
          body: { error: commonMessages.adminOnly },
        });
      }
    }
    expect(await list()).toEqual(before);
    const statuses = [];
    for (const [method, path, body] of routes)
      statuses.push((await t.api(method, path, body, admin.token)).status);
    expect(statuses).toEqual([200, 200, 201, 201, 200, 200, 200, 200]);
  });

  describe('burn-rate watcher', () => {
    const failing: Pace = { requests: 100, errors: 40, p95: 150 };
    const healthy: Pace = { requests: 100, errors: 0, p95: 80 };

    function watcher(watched: MetricsSource) {
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
      const service = createAnomaliesService(t.database.db);
      return { lines, watching: watchBurnRate({ source: watched, service, log }) };
    }

    it('records a sustained failure once, and again after its resolution if it goes on', async () => {
      const watched = syntheticSource(snapshotOf({}, timeline(NOW, [60, healthy])));
      const { lines, watching } = watcher(watched);
      try {
        expect(await watching.tick()).toBeNull();
        watched.current = snapshotOf({}, timeline(NOW, [50, healthy], [10, failing]));
        expect(await watching.tick()).toBeNull();

        watched.current = snapshotOf({ 'GET /games/:id': 900 }, timeline(NOW, [30, healthy], [30, failing]));
        const opened = await watching.tick();
        expect(opened).toMatchObject({
          endpoint: SERVICE_ENDPOINT,
          priority: 'Haute',
          status: 'Nouvelle',
          errorCount: 1200,
          title: 'Taux d’erreurs du service au-dessus de son budget',
          tags: ['automatique', 'burn rate', 'erreurs'],
          context: { totalRequests: 1500, websocketErrors: 2 },
        });
        expect(lines.some((line) => line.includes(opened!.id))).toBe(true);
        expect(await Promise.all([watching.tick(), watching.tick()])).toEqual([null, null]);

        await t.api(
          'PUT',
          `/anomalies/${opened!.id}/resolve`,
          { resolution: 'Base redémarrée' },
          admin.token,
        );
        watched.current = snapshotOf({}, timeline(NOW, [55, failing], [5, healthy]));
        expect(await watching.tick()).toBeNull();
        watched.current = snapshotOf({}, timeline(NOW, [60, { requests: 40, errors: 0, p95: 2500 }]));
        expect(await watching.tick()).toMatchObject({
          endpoint: SERVICE_ENDPOINT,
          priority: 'Moyenne',
          errorCount: 0,
          title: 'Latence du service au-dessus de son seuil',
          tags: ['automatique', 'burn rate', 'latence'],
        });
        expect(await stats()).toMatchObject({ total: 2, active: 1, resolved: 1 });
      } finally {
        await watching.stop();
      }
    });

    it('logs a source that fails and goes on watching', async () => {
      const broken: MetricsSource = { snapshot: () => Promise.reject(new Error('registre indisponible')) };
      const { lines, watching } = watcher(broken);
      try {
        expect(await watching.tick()).toBeNull();
        expect(lines.some((line) => line.includes('registre indisponible'))).toBe(true);
        expect(await watching.tick()).toBeNull();
      } finally {
        await watching.stop();
      }
      expect((await stats()).total).toBe(0);
    });
  });
});

describe('anomalies from the server’s own figures', () => {
  const t = serverForSuite({ extraRoutes: failingRoute });

  it('opens one for a failing endpoint, with the errors the server counted', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    for (let i = 0; i < 7; i += 1) {
      expect((await t.api('GET', `/test/panne/${i}`, undefined, admin.token)).status).toBe(500);
    }
    // A client's figures are never taken: from-metrics reads the server's own.
    const reported = await t.api<Anomaly>(
      'POST',
      '/anomalies/from-metrics',
      { ...report, endpoint: FAILING_ENDPOINT, errorCount: 999, priority: 'Haute' },
      admin.token,
    );
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ endpoint: FAILING_ENDPOINT, errorCount: 7, priority: 'Moyenne' });

    const again = await t.api<CreatedAnomalies>(
      'POST',
      '/monitoring/create-anomalies',
      undefined,
      admin.token,
    );
    expect(again.status).toBe(200);
    expect(again.body.created).toEqual([]);
    await t.api('PUT', `/anomalies/${reported.body.id}/resolve`, { resolution: 'Corrigé' }, admin.token);
    const reopened = await t.api<CreatedAnomalies>(
      'POST',
      '/monitoring/create-anomalies',
      undefined,
      admin.token,
    );
    expect(reopened.body).toMatchObject({
      message: anomalyRouteMessages.created,
      created: [{ endpoint: FAILING_ENDPOINT, errorCount: 7, status: 'Nouvelle' }],
    });
  });
});
