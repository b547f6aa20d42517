import { z } from 'zod';
import {
  anomalyPriorities,
  anomalyStatuses,
  type Anomaly,
  type AnomalyContext,
  type AnomalyStats,
} from '../../domain/monitoring/anomaly';
import { systemMetrics } from './monitoring';

export * from '../../domain/monitoring/anomaly';

/**
 * The wire contract of table.md §3 "Anomaly" and §7 "Anomalies and monitoring" (the
 * `{API}/anomalies…` routes, the spec's `/api/anomalies` below the app's base path).
 */

export const ANOMALY_TITLE_MAX = 200;
export const ANOMALY_TEXT_MAX = 5000;
export const ANOMALY_ENDPOINT_MAX = 300;
export const ANOMALY_LIST_MAX = 50;
export const ANOMALY_ITEM_MAX = 500;

export const anomalyMessages = {
  titleRequired: 'Le titre de l’anomalie est obligatoire',
  endpointRequired: 'L’endpoint de l’anomalie est obligatoire',
  resolutionRequired: 'Décrivez la résolution de l’anomalie',
  notFound: 'Anomalie introuvable',
  /** table.md §4 "Anomaly status": the quick resolve's text. */
  quickResolution: 'Résolu automatiquement',
} as const;

const figure = z.number().nonnegative().max(1e12);

/** What the platform looked like when the anomaly was detected. */
export const anomalyContext = z.object({
  systemMetrics: systemMetrics.partial().optional(),
  websocketErrors: figure.optional(),
  apiErrorRate: figure.optional(),
  totalRequests: figure.optional(),
  averageResponseTime: figure.optional(),
  requestsPerMinute: figure.optional(),
}) satisfies z.ZodType<AnomalyContext>;

export const anomaly = z.object({
  id: z.string(),
  endpoint: z.string(),
  errorCount: z.number().int().nonnegative(),
  priority: z.enum(anomalyPriorities),
  status: z.enum(anomalyStatuses),
  title: z.string(),
  description: z.string(),
  steps: z.array(z.string()),
  context: anomalyContext,
  tags: z.array(z.string()),
  detected_at: z.string(),
  resolved: z.boolean(),
  resolved_at: z.string().nullable(),
  resolution: z.string().nullable(),
}) satisfies z.ZodType<Anomaly>;
export const anomalyList = z.array(anomaly);

/** `GET /anomalies/stats`: what the stat cards count (and toggle as filters). */
export const anomalyStats = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  new: z.number().int().nonnegative(),
  inProgress: z.number().int().nonnegative(),
  resolved: z.number().int().nonnegative(),
  byPriority: z.object({
    Haute: z.number().int().nonnegative(),
    Moyenne: z.number().int().nonnegative(),
    Basse: z.number().int().nonnegative(),
  }),
}) satisfies z.ZodType<AnomalyStats>;

const shortText = (max: number) => z.string().trim().max(max);

/**
 * `POST /anomalies` (an admin's own report, e.g. the dashboard's test anomaly) and
 * `POST /anomalies/from-metrics` (same shape; the server replaces the count, priority and context
 * with its own figures for the endpoint).
 */
export const createAnomalyRequest = z.object({
  endpoint: shortText(ANOMALY_ENDPOINT_MAX).min(1, { error: anomalyMessages.endpointRequired }),
  errorCount: z.number().int().nonnegative().max(1e9).default(0),
  priority: z.enum(anomalyPriorities).default('Basse'),
  title: shortText(ANOMALY_TITLE_MAX).min(1, { error: anomalyMessages.titleRequired }),
  description: shortText(ANOMALY_TEXT_MAX).default(''),
  steps: z.array(shortText(ANOMALY_ITEM_MAX)).max(ANOMALY_LIST_MAX).default([]),
  context: anomalyContext.default({}),
  tags: z.array(shortText(60)).max(20).default([]),
});
export type CreateAnomalyRequest = z.input<typeof createAnomalyRequest>;

/** `PUT /anomalies/{id}/status`. Résolue goes through resolve, which needs its text. */
export const anomalyStatusRequest = z.object({ status: z.enum(['Nouvelle', 'En cours']) });
/** `PUT /anomalies/{id}/resolve`. */
export const resolveAnomalyRequest = z.object({
  resolution: shortText(ANOMALY_TEXT_MAX).min(1, { error: anomalyMessages.resolutionRequired }),
});

/** `POST /monitoring/create-anomalies`: the spec's `message`, and what was opened. */
export const createdAnomalies = z.object({ message: z.string(), created: anomalyList });
export type CreatedAnomalies = z.infer<typeof createdAnomalies>;
