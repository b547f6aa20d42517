import { z } from 'zod';
import {
  effortLevels,
  issueSeverities,
  webVitalRatings,
  type AnalysisIssue,
  type ApiMetrics,
  type ConnectedGame,
  type LatencyPercentiles,
  type MemoryUsage,
  type MetricsMinute,
  type MetricsSnapshot,
  type OptimizationReport,
  type PerformanceAnalysis,
  type RedundancyReport,
  type SystemMetrics,
  type WebsocketMetrics,
  type WebVitalSummary,
} from '../../domain/monitoring/figures';
import { webVitalMaxima, webVitalNames, webVitalPages } from '../../domain/monitoring/web-vital-names';

export * from '../../domain/monitoring/web-vital-names';
export * from '../../domain/monitoring/figures';

/**
 * The wire contract of table.md §3 "Metrics" and "Analysis" and §7 "Anomalies and monitoring"
 * (the `{API}/monitoring/…` routes). Every figure is measured by the server; the client only
 * reads. Endpoints are `METHOD /route/:template` below the API base, never raw paths.
 */

const count = z.number().int().nonnegative();
const figure = z.number().nonnegative();

/** Milliseconds at the 50th and 95th percentiles, `null` while nothing was measured. */
export const latencyPercentiles = z.object({
  p50: figure.nullable(),
  p95: figure.nullable(),
}) satisfies z.ZodType<LatencyPercentiles>;

/** A game with sockets at its table, as the dashboard's "active game connections" card lists it. */
export const connectedGame = z.object({
  name: z.string(),
  players: z.array(z.string()),
}) satisfies z.ZodType<ConnectedGame>;

export const websocketMetrics = z.object({
  activeConnections: count,
  totalConnections: count,
  messagesSent: count,
  messagesReceived: count,
  /** Failures of the app's own sockets: a refused call without acknowledgement, a transport failure. */
  errors: count,
  /**
   * Connections refused before they were the app's sockets: engine.io requests it turned down
   * (malformed handshake, unknown session) and socket.io handshakes without a valid token.
   */
  refusedConnections: count,
  /** Messages (sent and received) per minute over the sliding window. */
  averageMessagesPerMinute: figure,
  /** New connections per minute over the sliding window. */
  connectionRate: figure,
  /** The spec's map of game to player list, keyed by game id (game names are not unique). */
  gameConnections: z.record(z.string(), connectedGame),
}) satisfies z.ZodType<WebsocketMetrics>;

export const apiMetrics = z.object({
  totalRequests: count,
  activeRequests: count,
  /** Milliseconds, over the sliding window. */
  averageResponseTime: figure,
  /** Percent of the window's requests answered 5xx. */
  errorRate: figure,
  requestsPerMinute: figure,
  /** Responses 5xx since the last reset. */
  errors: count,
  /** Responses 4xx since the last reset (refusals: not the server's failures). */
  clientErrors: count,
  latency: latencyPercentiles,
  /** Requests since the last reset per `METHOD /template`. */
  requestsByEndpoint: z.record(z.string(), count),
  /** 5xx since the last reset per `METHOD /template` (normalised: ids are the template's). */
  normalizedErrorsByEndpoint: z.record(z.string(), count),
}) satisfies z.ZodType<ApiMetrics>;

export const memoryUsage = z.object({
  rss: figure,
  heapUsed: figure,
  heapTotal: figure,
  external: figure,
  maxHeap: figure,
}) satisfies z.ZodType<MemoryUsage>;

export const systemMetrics = z.object({
  /** Seconds since the oldest covered process started (the page shows minutes). */
  uptime: figure,
  /** Megabytes, summed over the covered processes. */
  memoryUsageMB: memoryUsage,
  /** Event-loop delay in milliseconds, the worst of the covered processes. */
  eventLoopDelay: z.object({ p50: figure, p99: figure }),
}) satisfies z.ZodType<SystemMetrics>;

/** One minute of the short history the dashboard's charts draw. */
export const metricsMinute = z.object({
  /** ISO time of the minute's start. */
  minute: z.string(),
  requests: count,
  errors: count,
  latency: latencyPercentiles,
  activeSockets: count,
}) satisfies z.ZodType<MetricsMinute>;

/**
 * The p75 of one vital on one page, rated by the server against web-vitals' thresholds, with what
 * it rests on: the reports, and the distinct visitors (network addresses) that sent them.
 */
export const webVitalSummary = z.object({
  page: z.enum(webVitalPages),
  name: z.enum(webVitalNames),
  p75: figure,
  count,
  /** Distinct visitors, counted up to WEB_VITAL_VISITORS_COUNTED (src/domain/monitoring/web-vitals.ts). */
  visitors: count,
  rating: z.enum(webVitalRatings),
}) satisfies z.ZodType<WebVitalSummary>;

/** `GET /monitoring/metrics` (table.md §3 "Metrics"), for the whole service. */
export const metricsSnapshot = z.object({
  websocket: websocketMetrics,
  api: apiMetrics,
  system: systemMetrics,
  recommendations: z.array(z.string()),
  /** ISO time the snapshot was taken. */
  timestamp: z.string(),
  /** How many server processes the figures cover. */
  processes: z.number().int().positive(),
  /** Length of the sliding window behind the per-minute rates, in minutes. */
  windowMinutes: z.number().int().positive(),
  history: z.array(metricsMinute),
  webVitals: z.array(webVitalSummary),
}) satisfies z.ZodType<MetricsSnapshot>;

export const webVitalsMessages = {
  repeated: 'Une seule mesure par indicateur dans un envoi.',
  implausible: 'Cette mesure dépasse ce qu’une page peut mesurer.',
} as const;

/**
 * `POST /monitoring/web-vitals`, sent by `navigator.sendBeacon` when the page is hidden (no
 * bearer header can ride a beacon: the route is public, rate-limited and bounded). The client
 * sends values only, one per vital and within its plausible maximum; the server rates them.
 */
export const webVitalsReport = z.object({
  page: z.enum(webVitalPages),
  metrics: z
    .array(
      z
        .object({
          name: z.enum(webVitalNames),
          /** Milliseconds, or the unitless layout shift for CLS. */
          value: z.number().nonnegative(),
        })
        .refine(({ name, value }) => value <= webVitalMaxima[name], webVitalsMessages.implausible),
    )
    .min(1)
    .max(webVitalNames.length)
    .refine(
      (metrics) => new Set(metrics.map(({ name }) => name)).size === metrics.length,
      webVitalsMessages.repeated,
    ),
});
export type WebVitalsReport = z.infer<typeof webVitalsReport>;

/** One finding of a rule in `src/domain/monitoring` (table.md §3 "Analysis"). */
export const analysisIssue = z.object({
  severity: z.enum(issueSeverities),
  /** The rule's stable name, e.g. `high-error-rate`. */
  type: z.string(),
  message: z.string(),
  recommendation: z.string(),
}) satisfies z.ZodType<AnalysisIssue>;

/** `GET /monitoring/analysis`. */
export const performanceAnalysis = z.object({
  summary: z.object({
    totalIssues: count,
    criticalIssues: count,
    recommendations: z.array(z.string()),
  }),
  websocket: z.array(analysisIssue),
  api: z.array(analysisIssue),
  system: z.array(analysisIssue),
  timestamp: z.string(),
}) satisfies z.ZodType<PerformanceAnalysis>;

/** `GET /monitoring/optimization-report`. */
export const optimizationReport = z.object({
  optimizationScore: z.number().int().min(0).max(100),
  priorityActions: z.array(
    z.object({
      priority: z.enum(['Haute', 'Moyenne', 'Basse']),
      impact: z.enum(effortLevels),
      effort: z.enum(effortLevels),
      action: z.string(),
      description: z.string(),
    }),
  ),
  /** Points of score each axis would gain if the actions were done (0–100). */
  estimatedImpact: z.object({
    performance: z.number().min(0).max(100),
    reliability: z.number().min(0).max(100),
    userExperience: z.number().min(0).max(100),
  }),
  timestamp: z.string(),
}) satisfies z.ZodType<OptimizationReport>;

/** `GET /monitoring/redundancies`: calls the client repeats for nothing. */
export const redundancyReport = z.object({
  redundancies: z.array(
    z.object({
      /** The rule's stable name, e.g. `repeated-get`. */
      type: z.string(),
      count,
      endpoint: z.string(),
      recommendation: z.string(),
    }),
  ),
  timestamp: z.string(),
}) satisfies z.ZodType<RedundancyReport>;
