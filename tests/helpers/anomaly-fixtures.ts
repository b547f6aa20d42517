import { anomaly, anomalyStats, type Anomaly } from '../../src/api/schemas/anomalies';
import { metricsSnapshot, type MetricsSnapshot } from '../../src/api/schemas/monitoring';

/** Anomalies and figures as the server sends them: parsed through the wire contract. */

export function anAnomaly(overrides: Partial<Anomaly> = {}): Anomaly {
  return anomaly.parse({
    id: 'A1',
    endpoint: 'GET /games/:id',
    errorCount: 12,
    priority: 'Haute',
    status: 'Nouvelle',
    title: 'Erreurs sur GET /games/:id',
    description: 'Douze réponses 500 en cinq minutes.',
    steps: ['Ouvrir une partie'],
    context: { apiErrorRate: 4.5, totalRequests: 260 },
    tags: ['api'],
    detected_at: '2026-11-24T10:00:00.000Z',
    resolved: false,
    resolved_at: null,
    resolution: null,
    ...overrides,
  });
}

export const statsOf = (anomalies: Anomaly[]) =>
  anomalyStats.parse({
    total: anomalies.length,
    active: anomalies.filter((one) => one.status !== 'Résolue').length,
    new: anomalies.filter((one) => one.status === 'Nouvelle').length,
    inProgress: anomalies.filter((one) => one.status === 'En cours').length,
    resolved: anomalies.filter((one) => one.status === 'Résolue').length,
    byPriority: { Haute: 1, Moyenne: 0, Basse: 0 },
  });

export function aSnapshot(overrides: Partial<MetricsSnapshot> = {}): MetricsSnapshot {
  return metricsSnapshot.parse({
    websocket: {
      activeConnections: 3,
      totalConnections: 10,
      messagesSent: 40,
      messagesReceived: 38,
      errors: 0,
      refusedConnections: 4,
      averageMessagesPerMinute: 7.5,
      connectionRate: 0.5,
      gameConnections: { g1: { name: 'La Crypte', players: ['Ana', 'Bo'] } },
    },
    api: {
      totalRequests: 1200,
      activeRequests: 1,
      averageResponseTime: 42,
      errorRate: 0.5,
      requestsPerMinute: 80,
      errors: 6,
      clientErrors: 4,
      latency: { p50: 20, p95: 180 },
      requestsByEndpoint: {
        'GET /games': 500,
        'GET /games/:id': 300,
        'POST /auth/login': 100,
        'GET /friends': 90,
        'GET /messages': 80,
        'GET /store': 10,
      },
      normalizedErrorsByEndpoint: { 'GET /games/:id': 6 },
    },
    system: {
      uptime: 7260,
      memoryUsageMB: { rss: 120.5, heapUsed: 60, heapTotal: 90, external: 3, maxHeap: 2048 },
      eventLoopDelay: { p50: 10, p99: 25 },
    },
    recommendations: ['Ajouter un cache sur GET /games'],
    timestamp: '2026-11-24T10:05:00.000Z',
    processes: 2,
    windowMinutes: 5,
    history: [
      {
        minute: '2026-11-24T10:03:00.000Z',
        requests: 70,
        errors: 1,
        latency: { p50: 18, p95: 150 },
        activeSockets: 2,
      },
      {
        minute: '2026-11-24T10:04:00.000Z',
        requests: 90,
        errors: 5,
        latency: { p50: null, p95: null },
        activeSockets: 3,
      },
    ],
    webVitals: [{ page: '/', name: 'LCP', p75: 2100, count: 12, visitors: 7, rating: 'good' }],
    ...overrides,
  });
}
