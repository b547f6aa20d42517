import type { WebVitalName, WebVitalPage } from './web-vital-names';

/**
 * The monitoring's figures as the rules read them (table.md §3 "Metrics" and "Analysis"). The
 * domain owns these types; the wire's zod schemas (src/api/schemas/monitoring.ts) satisfy them.
 */

/** Milliseconds at the 50th and 95th percentiles, `null` while nothing was measured. */
export interface LatencyPercentiles {
  p50: number | null;
  p95: number | null;
}

/** A game with sockets at its table, as the dashboard's "active game connections" card lists it. */
export interface ConnectedGame {
  name: string;
  players: string[];
}

export interface WebsocketMetrics {
  activeConnections: number;
  totalConnections: number;
  messagesSent: number;
  messagesReceived: number;
  /** Failures of the app's own sockets: a refused call without acknowledgement, a transport failure. */
  errors: number;
  /**
   * Connections refused before they were the app's sockets: engine.io requests it turned down
   * (malformed handshake, unknown session) and socket.io handshakes without a valid token.
   */
  refusedConnections: number;
  /** Messages (sent and received) per minute over the sliding window. */
  averageMessagesPerMinute: number;
  /** New connections per minute over the sliding window. */
  connectionRate: number;
  /** The spec's map of game to player list, keyed by game id (game names are not unique). */
  gameConnections: Record<string, ConnectedGame>;
}

export interface ApiMetrics {
  totalRequests: number;
  activeRequests: number;
  /** Milliseconds, over the sliding window. */
  averageResponseTime: number;
  /** Percent of the window's requests answered 5xx. */
  errorRate: number;
  requestsPerMinute: number;
  /** Responses 5xx since the last reset. */
  errors: number;
  /** Responses 4xx since the last reset (refusals: not the server's failures). */
  clientErrors: number;
  latency: LatencyPercentiles;
  /** Requests since the last reset per `METHOD /template`. */
  requestsByEndpoint: Record<string, number>;
  /** 5xx since the last reset per `METHOD /template` (normalised: ids are the template's). */
  normalizedErrorsByEndpoint: Record<string, number>;
}

/** Megabytes. */
export interface MemoryUsage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  maxHeap: number;
}

export interface SystemMetrics {
  /** Seconds since the oldest covered process started (the page shows minutes). */
  uptime: number;
  /** Megabytes, summed over the covered processes. */
  memoryUsageMB: MemoryUsage;
  /** Event-loop delay in milliseconds, the worst of the covered processes. */
  eventLoopDelay: { p50: number; p99: number };
}

/** One minute of the short history the dashboard's charts draw. */
export interface MetricsMinute {
  /** ISO time of the minute's start. */
  minute: string;
  requests: number;
  errors: number;
  latency: LatencyPercentiles;
  activeSockets: number;
}

export const webVitalRatings = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof webVitalRatings)[number];

/**
 * The p75 of one vital on one page, rated by the server against web-vitals' thresholds, with what
 * it rests on: the reports, and the distinct visitors (network addresses) that sent them.
 */
export interface WebVitalSummary {
  page: WebVitalPage;
  name: WebVitalName;
  p75: number;
  count: number;
  /** Distinct visitors, counted up to WEB_VITAL_VISITORS_COUNTED (web-vitals.ts). */
  visitors: number;
  rating: WebVitalRating;
}

/** `GET /monitoring/metrics` (table.md §3 "Metrics"), for the whole service. */
export interface MetricsSnapshot {
  websocket: WebsocketMetrics;
  api: ApiMetrics;
  system: SystemMetrics;
  recommendations: string[];
  /** ISO time the snapshot was taken. */
  timestamp: string;
  /** How many server processes the figures cover. */
  processes: number;
  /** Length of the sliding window behind the per-minute rates, in minutes. */
  windowMinutes: number;
  history: MetricsMinute[];
  webVitals: WebVitalSummary[];
}

export const issueSeverities = ['critical', 'high', 'medium', 'low'] as const;
export type IssueSeverity = (typeof issueSeverities)[number];

/** One finding of a rule (table.md §3 "Analysis"). */
export interface AnalysisIssue {
  severity: IssueSeverity;
  /** The rule's stable name, e.g. `high-error-rate`. */
  type: string;
  message: string;
  recommendation: string;
}

/** `GET /monitoring/analysis`. */
export interface PerformanceAnalysis {
  summary: { totalIssues: number; criticalIssues: number; recommendations: string[] };
  websocket: AnalysisIssue[];
  api: AnalysisIssue[];
  system: AnalysisIssue[];
  timestamp: string;
}

/** `GET /monitoring/redundancies`: calls the client repeats for nothing. */
export interface RedundancyReport {
  redundancies: Array<{
    /** The rule's stable name, e.g. `repeated-get`. */
    type: string;
    count: number;
    endpoint: string;
    recommendation: string;
  }>;
  timestamp: string;
}

export const effortLevels = ['Élevé', 'Moyen', 'Faible'] as const;
export type EffortLevel = (typeof effortLevels)[number];

/** `GET /monitoring/optimization-report`. */
export interface OptimizationReport {
  /** 0–100. */
  optimizationScore: number;
  priorityActions: Array<{
    priority: 'Haute' | 'Moyenne' | 'Basse';
    impact: EffortLevel;
    effort: EffortLevel;
    action: string;
    description: string;
  }>;
  /** Points of score each axis would gain if the actions were done (0–100). */
  estimatedImpact: { performance: number; reliability: number; userExperience: number };
  timestamp: string;
}
