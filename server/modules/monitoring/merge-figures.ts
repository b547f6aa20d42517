import type { MetricsFigures } from '#shared/domain/monitoring/analysis';
import { addCounts, histogramQuantile } from '#shared/domain/monitoring/histogram-quantile';
import { coveredMinutes, MINUTE_MS, minuteOf, perMinute, windowStart } from '#shared/domain/monitoring/rates';
import {
  rateWebVital,
  WEB_VITAL_VISITORS_COUNTED,
  webVitalBounds,
} from '#shared/domain/monitoring/web-vitals';
import {
  webVitalNames,
  webVitalPages,
  type MetricsMinute,
  type WebVitalSummary,
} from '#shared/wire/monitoring';
import { LATENCY_BUCKETS } from './http-metrics';
import { HISTORY_MINUTES, type MinuteFigures, type ProcessFigures } from './process-figures';

export interface MergeOptions {
  nowMs: number;
  windowMinutes: number;
  /** The service's last reset: a process that has not applied it yet brings its gauges only. */
  resetEpoch: number;
  /** Game id → name, for the games the processes' sockets sit at. */
  gameNames: ReadonlyMap<string, string>;
}

export interface ServiceFigures {
  figures: MetricsFigures;
  repeatedGets: Map<string, number>;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

function addInto(into: Map<string, number>, record: Record<string, number>): void {
  for (const [key, value] of Object.entries(record)) into.set(key, (into.get(key) ?? 0) + value);
}

const latencyOf = (counts: number[]) => {
  const quantile = (q: number) => {
    const seconds = histogramQuantile(q, LATENCY_BUCKETS, counts);
    return seconds === null ? null : Math.round(seconds * 1000 * 10) / 10;
  };
  return { p50: quantile(0.5), p95: quantile(0.95) };
};

/**
 * The whole service's figures from each process's: counters and minutes add up, gauges add up
 * (memory, connections) or take the worst (event-loop delay) or the oldest (uptime), games join
 * their players, the vitals' buckets add up before their p75 is read.
 */
export function mergeFigures(processes: readonly ProcessFigures[], options: MergeOptions): ServiceFigures {
  const { nowMs, windowMinutes, resetEpoch, gameNames } = options;
  const counted = processes.filter((figures) => figures.resetEpoch >= resetEpoch);

  const requests = new Map<string, number>();
  const serverErrors = new Map<string, number>();
  const repeatedGets = new Map<string, number>();
  const minutes = new Map<number, MinuteFigures>();
  const vitals = new Map<string, { counts: number[]; visitors: Set<string> }>();
  let clientErrors = 0;
  const sockets = { opened: 0, sent: 0, received: 0, errors: 0, refused: 0 };
  for (const figures of counted) {
    addInto(requests, figures.requests);
    addInto(serverErrors, figures.serverErrors);
    addInto(repeatedGets, figures.repeatedGets);
    clientErrors += figures.clientErrors;
    sockets.opened += figures.sockets.opened;
    sockets.sent += figures.sockets.sent;
    sockets.received += figures.sockets.received;
    sockets.errors += figures.sockets.errors;
    sockets.refused += figures.sockets.refused;
    for (const minute of figures.minutes) {
      const into = minutes.get(minute.minute);
      if (!into) minutes.set(minute.minute, { ...minute, latencyCounts: [...minute.latencyCounts] });
      else {
        into.requests += minute.requests;
        into.errors += minute.errors;
        into.latencySum += minute.latencySum;
        addCounts(into.latencyCounts, minute.latencyCounts);
        into.activeSockets += minute.activeSockets;
        into.socketMessages += minute.socketMessages;
        into.socketConnections += minute.socketConnections;
      }
    }
    for (const vital of figures.vitals) {
      const key = `${vital.page} ${vital.name}`;
      const into = vitals.get(key) ?? { counts: [], visitors: new Set<string>() };
      addCounts(into.counts, vital.counts);
      for (const visitor of vital.visitors) into.visitors.add(visitor);
      vitals.set(key, into);
    }
  }

  const from = windowStart(nowMs, windowMinutes);
  const inWindow = [...minutes.values()].filter((minute) => minute.minute >= from);
  const total = (pick: (minute: MinuteFigures) => number) =>
    inWindow.reduce((sum, minute) => sum + pick(minute), 0);
  const windowRequests = total((minute) => minute.requests);
  const windowLatency = inWindow.reduce<number[]>(
    (into, minute) => addCounts(into, minute.latencyCounts),
    [],
  );
  const oldestSince = Math.min(nowMs, ...counted.map((figures) => figures.since));
  const covered = coveredMinutes(nowMs, oldestSince, windowMinutes);

  const sumOf = (pick: (figures: ProcessFigures) => number) =>
    processes.reduce((sum, figures) => sum + pick(figures), 0);

  return {
    figures: {
      websocket: {
        activeConnections: sumOf((figures) => figures.sockets.active),
        totalConnections: sockets.opened,
        messagesSent: sockets.sent,
        messagesReceived: sockets.received,
        errors: sockets.errors,
        refusedConnections: sockets.refused,
        averageMessagesPerMinute: perMinute(
          total((minute) => minute.socketMessages),
          covered,
        ),
        connectionRate: perMinute(
          total((minute) => minute.socketConnections),
          covered,
        ),
        gameConnections: gameConnectionsOf(processes, gameNames),
      },
      api: {
        totalRequests: sum(requests),
        activeRequests: sumOf((figures) => figures.inFlight),
        averageResponseTime:
          windowRequests === 0 ? 0 : (total((minute) => minute.latencySum) / windowRequests) * 1000,
        errorRate: windowRequests === 0 ? 0 : (total((minute) => minute.errors) / windowRequests) * 100,
        requestsPerMinute: perMinute(windowRequests, covered),
        errors: sum(serverErrors),
        clientErrors,
        latency: latencyOf(windowLatency),
        requestsByEndpoint: Object.fromEntries(requests),
        normalizedErrorsByEndpoint: Object.fromEntries(serverErrors),
      },
      system: {
        uptime: Math.max(0, ...processes.map((figures) => (nowMs - figures.startedAt) / 1000)),
        memoryUsageMB: {
          rss: megabytes(sumOf((figures) => figures.memory.rss)),
          heapUsed: megabytes(sumOf((figures) => figures.memory.heapUsed)),
          heapTotal: megabytes(sumOf((figures) => figures.memory.heapTotal)),
          external: megabytes(sumOf((figures) => figures.memory.external)),
          maxHeap: megabytes(sumOf((figures) => figures.memory.maxHeap)),
        },
        eventLoopDelay: {
          p50: Math.max(0, ...processes.map((figures) => figures.eventLoop.p50)),
          p99: Math.max(0, ...processes.map((figures) => figures.eventLoop.p99)),
        },
      },
      timestamp: new Date(nowMs).toISOString(),
      processes: Math.max(1, processes.length),
      windowMinutes,
      history: historyOf(minutes, nowMs),
      webVitals: summariesOf(vitals),
    },
    repeatedGets,
  };
}

const sum = (values: Map<string, number>) => [...values.values()].reduce((total, value) => total + value, 0);

function historyOf(minutes: Map<number, MinuteFigures>, nowMs: number): MetricsMinute[] {
  const oldest = minuteOf(nowMs) - (HISTORY_MINUTES - 1) * MINUTE_MS;
  return [...minutes.values()]
    .filter((minute) => minute.minute >= oldest)
    .sort((a, b) => a.minute - b.minute)
    .map((minute) => ({
      minute: new Date(minute.minute).toISOString(),
      requests: minute.requests,
      errors: minute.errors,
      latency: latencyOf(minute.latencyCounts),
      activeSockets: minute.activeSockets,
    }));
}

function gameConnectionsOf(
  processes: readonly ProcessFigures[],
  gameNames: ReadonlyMap<string, string>,
): MetricsFigures['websocket']['gameConnections'] {
  const players = new Map<string, Map<string, string>>();
  for (const figures of processes) {
    for (const [gameId, users] of Object.entries(figures.games)) {
      const into = players.get(gameId) ?? new Map<string, string>();
      for (const [userId, displayName] of Object.entries(users)) into.set(userId, displayName);
      players.set(gameId, into);
    }
  }
  return Object.fromEntries(
    [...players].flatMap(([gameId, users]) => {
      const name = gameNames.get(gameId);
      if (name === undefined) return [];
      const names = [...users.values()].sort((a, b) => a.localeCompare(b, 'fr'));
      return [[gameId, { name, players: names }] as const];
    }),
  );
}

function summariesOf(vitals: Map<string, { counts: number[]; visitors: Set<string> }>): WebVitalSummary[] {
  return webVitalPages.flatMap((page) =>
    webVitalNames.flatMap((name) => {
      const vital = vitals.get(`${page} ${name}`);
      if (!vital) return [];
      const { counts, visitors } = vital;
      const p75 = histogramQuantile(0.75, webVitalBounds[name], counts);
      if (p75 === null) return [];
      const rounded = name === 'CLS' ? Math.round(p75 * 1000) / 1000 : Math.round(p75);
      return [
        {
          page,
          name,
          p75: rounded,
          count: counts.reduce((total, count) => total + count, 0),
          visitors: Math.min(visitors.size, WEB_VITAL_VISITORS_COUNTED),
          rating: rateWebVital(name, p75),
        },
      ];
    }),
  );
}

/** The names of the games in the processes' figures, to look up once. */
export function gameIdsOf(processes: readonly ProcessFigures[]): string[] {
  return [...new Set(processes.flatMap((figures) => Object.keys(figures.games)))];
}
