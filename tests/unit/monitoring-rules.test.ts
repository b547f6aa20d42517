import { describe, expect, it } from 'vitest';
import {
  performanceAnalysis,
  optimizationReport,
  redundancyReport,
  webVitalMaxima,
  webVitalNames,
  webVitalsMessages,
  webVitalsReport,
} from '../../src/api/schemas/monitoring';
import {
  analysisThresholds as T,
  analyzeMetrics,
  connectionChurn,
  eventLoopDelay,
  failingEndpoints,
  highErrorRate,
  highMessageRate,
  manyClientErrors,
  memoryPressure,
  poorWebVitals,
  slowResponses,
  socketErrors,
  type MetricsFigures,
} from '../../src/domain/monitoring/analysis';
import { addCounts, histogramQuantile } from '../../src/domain/monitoring/histogram-quantile';
import { optimizationReportFrom, optimizationScore } from '../../src/domain/monitoring/optimization';
import { coveredMinutes, perMinute, windowStart } from '../../src/domain/monitoring/rates';
import { isRepeatedGet, redundanciesFrom } from '../../src/domain/monitoring/redundancies';
import {
  rateWebVital,
  WEB_VITAL_VISITORS_COUNTED,
  webVitalBounds,
  webVitalBucket,
} from '../../src/domain/monitoring/web-vitals';

const NOW = Date.parse('2026-11-24T20:30:30.000Z');
const MIN = 60_000;

/** Quiet figures: nothing any rule reports. `requests` spreads that many over the window's minute. */
function figures(changes: { requests?: number } & Partial<MetricsFigures> = {}): MetricsFigures {
  const { requests = 0, ...rest } = changes;
  return {
    websocket: {
      activeConnections: 0,
      totalConnections: 0,
      messagesSent: 0,
      messagesReceived: 0,
      errors: 0,
      refusedConnections: 0,
      averageMessagesPerMinute: 0,
      connectionRate: 0,
      gameConnections: {},
    },
    api: {
      totalRequests: requests,
      activeRequests: 0,
      averageResponseTime: 0,
      errorRate: 0,
      requestsPerMinute: requests,
      errors: 0,
      clientErrors: 0,
      latency: { p50: null, p95: null },
      requestsByEndpoint: {},
      normalizedErrorsByEndpoint: {},
    },
    system: {
      uptime: 60,
      memoryUsageMB: { rss: 100, heapUsed: 50, heapTotal: 80, external: 2, maxHeap: 2000 },
      eventLoopDelay: { p50: 1, p99: 5 },
    },
    timestamp: new Date(NOW).toISOString(),
    processes: 1,
    windowMinutes: 5,
    history: [
      // Outside the window: never counted by the rules.
      {
        minute: new Date(NOW - 10 * MIN).toISOString(),
        requests: 1000,
        errors: 0,
        latency: { p50: null, p95: null },
        activeSockets: 0,
      },
      {
        minute: new Date(windowStart(NOW, 5)).toISOString(),
        requests,
        errors: 0,
        latency: { p50: null, p95: null },
        activeSockets: 0,
      },
    ],
    webVitals: [],
    ...rest,
  };
}

const api = (changes: Partial<MetricsFigures['api']>, requests = 100) =>
  figures({ requests, api: { ...figures({ requests }).api, ...changes } });
const websocket = (changes: Partial<MetricsFigures['websocket']>) =>
  figures({ websocket: { ...figures().websocket, ...changes } });
const system = (changes: Partial<MetricsFigures['system']>) =>
  figures({ system: { ...figures().system, ...changes } });
const severities = (issues: Array<{ severity: string }>) => issues.map((found) => found.severity);

describe('histogram quantile (as Prometheus’ histogram_quantile)', () => {
  const bounds = [0.1, 0.5, 1];
  it('interpolates inside the bucket the rank falls in', () => {
    expect(histogramQuantile(0.5, bounds, [0, 4, 0, 0])).toBeCloseTo(0.3);
    expect(histogramQuantile(0.75, bounds, [2, 0, 2, 0])).toBeCloseTo(0.75);
    expect(histogramQuantile(1, bounds, [1, 1, 0, 0])).toBeCloseTo(0.5);
  });
  it('answers the last bound for the bucket above it, null for nothing', () => {
    expect(histogramQuantile(0.95, bounds, [0, 0, 0, 3])).toBe(1);
    expect(histogramQuantile(0.5, bounds, [0, 0, 0, 0])).toBeNull();
    expect(histogramQuantile(0.5, bounds, [])).toBeNull();
  });
  it('adds histograms bucket by bucket', () => {
    expect(addCounts([1, 2], [3, 4, 5])).toEqual([4, 6, 5]);
  });
});

describe('per-minute rates over the window', () => {
  it('divides by the minutes the window covers, at least one', () => {
    expect(windowStart(NOW, 5)).toBe(Date.parse('2026-11-24T20:26:00.000Z'));
    expect(coveredMinutes(NOW, 0, 5)).toBeCloseTo(4.5);
    expect(coveredMinutes(NOW, NOW - 2 * MIN, 5)).toBeCloseTo(2);
    expect(coveredMinutes(NOW, NOW - 1000, 5)).toBe(1);
    expect(perMinute(90, 4.5)).toBe(20);
    expect(perMinute(3, 0)).toBe(0);
  });
});

describe('web-vitals ratings (the library’s thresholds)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d → %s', (name, value, rating) => {
    expect(rateWebVital(name, value)).toBe(rating);
  });

  it('counts a value in the first bucket at or above it, every threshold being a bound', () => {
    expect(webVitalBucket('LCP', 2500)).toBe(webVitalBounds.LCP.indexOf(2500));
    expect(webVitalBucket('LCP', 2501)).toBe(webVitalBounds.LCP.indexOf(2500) + 1);
    expect(webVitalBucket('CLS', 0)).toBe(0);
    expect(webVitalBucket('TTFB', 60_000)).toBe(webVitalBounds.TTFB.length - 1);
    for (const [good, poor] of [
      [2500, 4000],
      [200, 500],
      [1800, 3000],
      [800, 1800],
    ]) {
      expect(webVitalBounds.LCP).toEqual(expect.arrayContaining([good, poor]));
    }
    expect(webVitalBounds.CLS).toEqual(expect.arrayContaining([0.1, 0.25]));
  });

  it('ends each vital’s buckets at its largest plausible value', () => {
    for (const name of webVitalNames) expect(webVitalBounds[name].at(-1)).toBe(webVitalMaxima[name]);
  });
});

describe('web-vitals report (the beacon’s contract)', () => {
  const refusal = (metrics: Array<{ name: string; value: number }>) =>
    webVitalsReport.safeParse({ page: '/game', metrics }).error?.issues.map((found) => found.message);

  it('takes one value per vital, each within its plausible maximum', () => {
    expect(refusal(webVitalNames.map((name) => ({ name, value: webVitalMaxima[name] })))).toBeUndefined();
  });

  it('refuses a vital named twice, and a value no page takes', () => {
    expect(
      refusal([
        { name: 'LCP', value: 900 },
        { name: 'LCP', value: 950 },
      ]),
    ).toEqual([webVitalsMessages.repeated]);
    expect(refusal([{ name: 'INP', value: 60_001 }])).toEqual([webVitalsMessages.implausible]);
    expect(refusal([{ name: 'CLS', value: 10.01 }])).toEqual([webVitalsMessages.implausible]);
  });
});

describe('analysis rules', () => {
  it('high-error-rate: from 1 % of the window’s requests, critical from 5 %, never on a handful', () => {
    expect(highErrorRate(api({ errorRate: 0.9 }))).toEqual([]);
    expect(severities(highErrorRate(api({ errorRate: 1 })))).toEqual(['high']);
    expect(severities(highErrorRate(api({ errorRate: 5 })))).toEqual(['critical']);
    expect(highErrorRate(api({ errorRate: 50 }, T.minWindowRequests - 1))).toEqual([]);
  });

  it('slow-responses: p95 from 500 ms, high from 1 s', () => {
    expect(slowResponses(api({ latency: { p50: 10, p95: 499 } }))).toEqual([]);
    expect(severities(slowResponses(api({ latency: { p50: 10, p95: 500 } })))).toEqual(['medium']);
    const [found] = slowResponses(api({ latency: { p50: 10, p95: 1200 } }));
    expect(found).toMatchObject({ severity: 'high', type: 'slow-responses' });
    expect(found?.message).toContain('1\u202f200\u00a0ms');
    expect(slowResponses(api({ latency: { p50: null, p95: null } }))).toEqual([]);
  });

  it('failing-endpoint: more than 5 errors, ranked like an anomaly (Haute above 10)', () => {
    const found = failingEndpoints(
      api({ normalizedErrorsByEndpoint: { 'GET /a': 5, 'GET /b': 6, 'POST /c/:id': 11 } }),
    );
    expect(found.map((issue) => [issue.severity, issue.message])).toEqual([
      ['high', '11\u00a0erreurs serveur sur «\u00a0POST /c/:id\u00a0» depuis la réinitialisation'],
      ['medium', '6\u00a0erreurs serveur sur «\u00a0GET /b\u00a0» depuis la réinitialisation'],
    ]);
  });

  it('many-client-errors: 20 % refused once there are 50 requests', () => {
    expect(manyClientErrors(api({ totalRequests: 49, clientErrors: 40 }))).toEqual([]);
    expect(manyClientErrors(api({ totalRequests: 100, clientErrors: 19 }))).toEqual([]);
    expect(severities(manyClientErrors(api({ totalRequests: 100, clientErrors: 20 })))).toEqual(['low']);
  });

  it('socket-errors: 10 errors and 5 % of the messages received, high from 20 %', () => {
    expect(socketErrors(websocket({ errors: 9, messagesReceived: 10 }))).toEqual([]);
    expect(socketErrors(websocket({ errors: 10, messagesReceived: 1000 }))).toEqual([]);
    expect(severities(socketErrors(websocket({ errors: 10, messagesReceived: 200 })))).toEqual(['medium']);
    expect(severities(socketErrors(websocket({ errors: 10, messagesReceived: 50 })))).toEqual(['high']);
    // Refused connections are anyone's junk, not the app's sockets failing.
    expect(socketErrors(websocket({ refusedConnections: 2000, messagesReceived: 0 }))).toEqual([]);
  });

  it('high-message-rate: 600 messages a minute per connection', () => {
    expect(highMessageRate(websocket({ activeConnections: 2, averageMessagesPerMinute: 1199 }))).toEqual([]);
    expect(
      severities(highMessageRate(websocket({ activeConnections: 2, averageMessagesPerMinute: 1200 }))),
    ).toEqual(['medium']);
    expect(highMessageRate(websocket({ activeConnections: 0, averageMessagesPerMinute: 5000 }))).toEqual([]);
  });

  it('connection-churn: 10 new connections a minute, more than twice those open', () => {
    expect(connectionChurn(websocket({ connectionRate: 9, activeConnections: 0 }))).toEqual([]);
    expect(connectionChurn(websocket({ connectionRate: 20, activeConnections: 10 }))).toEqual([]);
    expect(severities(connectionChurn(websocket({ connectionRate: 21, activeConnections: 10 })))).toEqual([
      'medium',
    ]);
  });

  it('memory-pressure: heap at 70 % of its limit, critical from 85 %', () => {
    const heap = (heapUsed: number) =>
      system({ memoryUsageMB: { rss: 1, heapUsed, heapTotal: heapUsed, external: 0, maxHeap: 1000 } });
    expect(memoryPressure(heap(699))).toEqual([]);
    expect(severities(memoryPressure(heap(700)))).toEqual(['high']);
    expect(severities(memoryPressure(heap(850)))).toEqual(['critical']);
  });

  it('event-loop-delay: p99 from 50 ms, high from 200 ms', () => {
    const loop = (p99: number) => system({ eventLoopDelay: { p50: 1, p99 } });
    expect(eventLoopDelay(loop(49))).toEqual([]);
    expect(severities(eventLoopDelay(loop(50)))).toEqual(['medium']);
    expect(severities(eventLoopDelay(loop(200)))).toEqual(['high']);
  });

  it('poor-web-vital: a poor p75 reported by 5 visitors, however many reports one sent', () => {
    const vital = (rating: 'poor' | 'needs-improvement', count: number, visitors: number) =>
      figures({ webVitals: [{ page: '/game', name: 'CLS', p75: 0.4, count, visitors, rating }] });
    expect(poorWebVitals(vital('poor', 4, 4))).toEqual([]);
    expect(poorWebVitals(vital('poor', 500, 4))).toEqual([]);
    expect(poorWebVitals(vital('needs-improvement', 50, 50))).toEqual([]);
    const [found] = poorWebVitals(vital('poor', 12, 5));
    expect(found?.message).toBe(
      'CLS médiocre sur «\u00a0/game\u00a0»\u00a0: p75 de 0,4 sur 12\u00a0mesures de 5\u00a0visiteurs',
    );
    const [broad] = poorWebVitals(vital('poor', 900, WEB_VITAL_VISITORS_COUNTED));
    expect(broad?.message).toContain(
      `900\u00a0mesures d’au moins ${WEB_VITAL_VISITORS_COUNTED}\u00a0visiteurs`,
    );
  });

  it('gathers every rule, most severe first, and their recommendations once each', () => {
    const quiet = analyzeMetrics(figures());
    expect(quiet.summary).toEqual({ totalIssues: 0, criticalIssues: 0, recommendations: [] });

    const troubled = figures({
      requests: 100,
      api: {
        ...figures().api,
        totalRequests: 100,
        errorRate: 6,
        normalizedErrorsByEndpoint: { 'GET /a': 6, 'GET /b': 7 },
      },
      system: { ...figures().system, eventLoopDelay: { p50: 1, p99: 60 } },
    });
    const analysis = performanceAnalysis.parse(analyzeMetrics(troubled));
    expect(severities(analysis.api)).toEqual(['critical', 'medium', 'medium']);
    expect(severities(analysis.system)).toEqual(['medium']);
    expect(analysis.summary.totalIssues).toBe(4);
    expect(analysis.summary.criticalIssues).toBe(1);
    expect(analysis.summary.recommendations).toHaveLength(4);
  });
});

describe('optimisation report', () => {
  it('takes 25, 15, 8 and 3 points per critical, high, medium and low issue, down to 0', () => {
    const issue = (severity: 'critical' | 'high' | 'medium' | 'low') => ({
      severity,
      type: 't',
      message: 'm',
      recommendation: 'r',
    });
    expect(optimizationScore([])).toBe(100);
    expect(optimizationScore([issue('critical'), issue('high'), issue('medium'), issue('low')])).toBe(49);
    expect(optimizationScore(Array.from({ length: 5 }, () => issue('critical')))).toBe(0);
  });

  it('turns each issue into an action on its axis, most severe first', () => {
    const analysis = analyzeMetrics(
      figures({
        requests: 100,
        api: { ...figures().api, errorRate: 2, totalRequests: 100, clientErrors: 30 },
        system: { ...figures().system, eventLoopDelay: { p50: 1, p99: 250 } },
      }),
    );
    const report = optimizationReport.parse(optimizationReportFrom(analysis));
    expect(report.optimizationScore).toBe(100 - 15 - 15 - 3);
    expect(
      report.priorityActions.map(({ priority, impact, effort, action }) => [
        priority,
        impact,
        effort,
        action,
      ]),
    ).toEqual([
      ['Haute', 'Élevé', 'Moyen', 'Corriger les erreurs serveur'],
      ['Haute', 'Élevé', 'Élevé', 'Libérer la boucle d’événements'],
      ['Basse', 'Faible', 'Faible', 'Corriger les appels refusés'],
    ]);
    expect(report.estimatedImpact).toEqual({ performance: 15, reliability: 15, userExperience: 3 });
  });
});

describe('redundancies', () => {
  it('a GET repeated within 5 s of the previous one is a repeat', () => {
    expect(isRepeatedGet(undefined, NOW)).toBe(false);
    expect(isRepeatedGet(NOW - 5000, NOW)).toBe(true);
    expect(isRepeatedGet(NOW - 5001, NOW)).toBe(false);
  });

  it('reports the endpoints with 3 repeats or more, most repeated first', () => {
    const report = redundancyReport.parse(
      redundanciesFrom(
        new Map([
          ['GET /a', 2],
          ['GET /b', 3],
          ['GET /c/:id', 9],
        ]),
        new Date(NOW).toISOString(),
      ),
    );
    expect(report.redundancies.map(({ type, endpoint, count }) => [type, endpoint, count])).toEqual([
      ['repeated-get', 'GET /c/:id', 9],
      ['repeated-get', 'GET /b', 3],
    ]);
  });
});
