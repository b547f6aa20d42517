import type { SystemMetrics } from './figures';

/**
 * An anomaly as the rules read it (table.md §3 "Anomaly"). The domain owns these types; the
 * wire's zod schemas (src/api/schemas/anomalies.ts) satisfy them.
 */

export const anomalyPriorities = ['Haute', 'Moyenne', 'Basse'] as const;
export type AnomalyPriority = (typeof anomalyPriorities)[number];
export const anomalyStatuses = ['Nouvelle', 'En cours', 'Résolue'] as const;
export type AnomalyStatus = (typeof anomalyStatuses)[number];

/** What the platform looked like when the anomaly was detected. */
export interface AnomalyContext {
  systemMetrics?: Partial<SystemMetrics>;
  websocketErrors?: number;
  apiErrorRate?: number;
  totalRequests?: number;
  averageResponseTime?: number;
  requestsPerMinute?: number;
}

export interface Anomaly {
  id: string;
  endpoint: string;
  errorCount: number;
  priority: AnomalyPriority;
  status: AnomalyStatus;
  title: string;
  description: string;
  steps: string[];
  context: AnomalyContext;
  tags: string[];
  detected_at: string;
  resolved: boolean;
  resolved_at: string | null;
  resolution: string | null;
}

/** `GET /anomalies/stats`: what the stat cards count (and toggle as filters). */
export interface AnomalyStats {
  total: number;
  active: number;
  new: number;
  inProgress: number;
  resolved: number;
  byPriority: Record<AnomalyPriority, number>;
}
