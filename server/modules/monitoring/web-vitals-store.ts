import type { WebVitalName, WebVitalPage, WebVitalsReport } from '../../../src/api/schemas/monitoring';
import { webVitalBounds, webVitalBucket } from '../../../src/domain/monitoring/web-vitals';
import type { ProcessFigures } from './process-figures';

/**
 * The vitals the browsers reported to this process, counted in fixed buckets per page × vital:
 * both lists are closed, so the memory is the same after a million reports as after one, and
 * the processes' counts add up into the service's p75.
 */
export function createWebVitalsStore() {
  const counts = new Map<`${WebVitalPage} ${WebVitalName}`, ProcessFigures['vitals'][number]>();

  return {
    record({ page, metrics }: WebVitalsReport): void {
      for (const { name, value } of metrics) {
        const key = `${page} ${name}` as const;
        let entry = counts.get(key);
        if (!entry) {
          entry = { page, name, counts: webVitalBounds[name].map(() => 0) };
          counts.set(key, entry);
        }
        const bucket = webVitalBucket(name, value);
        entry.counts[bucket] = (entry.counts[bucket] ?? 0) + 1;
      }
    },
    figures: (): ProcessFigures['vitals'] =>
      [...counts.values()].map((entry) => ({ ...entry, counts: [...entry.counts] })),
    clear: () => counts.clear(),
  };
}

export type WebVitalsStore = ReturnType<typeof createWebVitalsStore>;
