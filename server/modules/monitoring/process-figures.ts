import { z } from 'zod';
import { webVitalNames, webVitalPages } from '#shared/wire/monitoring';
import { WEB_VITAL_VISITORS_COUNTED, webVitalBounds } from '#shared/domain/monitoring/web-vitals';

/**
 * One process's figures as it shares them with the others (a jsonb row, docs/monitoring.md):
 * counters since the service's last reset, its minutes, its gauges, and what it saw of the games,
 * the vitals and the repeated calls. Read back through this schema, so a row written by another
 * version of the server is skipped rather than trusted.
 */

export const HISTORY_MINUTES = 60;

const count = z.number().nonnegative();

export const minuteFigures = z.object({
  /** Epoch milliseconds of the minute's start. */
  minute: z.number().int(),
  requests: count,
  errors: count,
  /** Seconds. */
  latencySum: count,
  /** Per latency bucket (LATENCY_BUCKETS, then above the last). */
  latencyCounts: z.array(count),
  activeSockets: count,
  socketMessages: count,
  socketConnections: count,
});
export type MinuteFigures = z.infer<typeof minuteFigures>;

export const processFigures = z.object({
  /** Epoch milliseconds. */
  startedAt: z.number(),
  /** Epoch milliseconds the counters start from: the process's start or the reset it applied. */
  since: z.number(),
  /** The service reset this process applied (epoch milliseconds of it, 0 for none). */
  resetEpoch: z.number(),
  requests: z.record(z.string(), count),
  serverErrors: z.record(z.string(), count),
  clientErrors: count,
  inFlight: count,
  sockets: z.object({
    active: count,
    opened: count,
    sent: count,
    received: count,
    errors: count,
    refused: count,
  }),
  minutes: z.array(minuteFigures).max(HISTORY_MINUTES + 1),
  /** Game id → user id → display name, from this process's sockets in each game's room. */
  games: z.record(z.string(), z.record(z.string(), z.string())),
  /** Bytes. */
  memory: z.object({ rss: count, heapUsed: count, heapTotal: count, external: count, maxHeap: count }),
  /** Milliseconds. */
  eventLoop: z.object({ p50: count, p99: count }),
  vitals: z.array(
    z
      .object({
        page: z.enum(webVitalPages),
        name: z.enum(webVitalNames),
        counts: z.array(count),
        /** Keys of the distinct visitors who reported it (web-vitals-store.ts), at most WEB_VITAL_VISITORS_COUNTED. */
        visitors: z.array(z.string()).max(WEB_VITAL_VISITORS_COUNTED),
      })
      // Buckets of other bounds would be added to the wrong ones.
      .refine(({ name, counts }) => counts.length === webVitalBounds[name].length),
  ),
  /** Repeated GETs (src/domain/monitoring/redundancies.ts) per endpoint. */
  repeatedGets: z.record(z.string(), count),
});
export type ProcessFigures = z.infer<typeof processFigures>;
