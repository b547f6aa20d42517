import type { MetricsMinute } from '../../src/api/schemas/monitoring';

/** One minute's traffic in a synthetic history. */
export interface Pace {
  requests: number;
  errors: number;
  p95: number | null;
}

const MINUTE_MS = 60_000;

/**
 * A per-minute history as the monitoring module keeps it: consecutive minutes, the last one being
 * `now`'s; each stretch is [how many minutes, their pace].
 */
export function timeline(now: number, ...stretches: [number, Pace][]): MetricsMinute[] {
  const paces = stretches.flatMap(([count, pace]) => Array.from({ length: count }, () => pace));
  const lastStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return paces.map((pace, index) => ({
    minute: new Date(lastStart - (paces.length - 1 - index) * MINUTE_MS).toISOString(),
    requests: pace.requests,
    errors: pace.errors,
    latency: { p50: pace.p95 === null ? null : pace.p95 / 2, p95: pace.p95 },
    activeSockets: 2,
  }));
}
