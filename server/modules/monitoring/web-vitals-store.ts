import type { WebVitalName, WebVitalPage, WebVitalsReport } from '#shared/wire/monitoring';
import {
  WEB_VITAL_VISITORS_COUNTED,
  webVitalBounds,
  webVitalBucket,
} from '#shared/domain/monitoring/web-vitals';
import type { ProcessFigures } from './process-figures';

interface VitalCounts {
  page: WebVitalPage;
  name: WebVitalName;
  counts: number[];
  visitors: Set<string>;
}

/**
 * The vitals the browsers reported to this process, counted in fixed buckets per page × vital,
 * with the first WEB_VITAL_VISITORS_COUNTED visitors who reported each: both lists are closed, so
 * the memory is the same after a million reports as after one, and the processes' counts and
 * visitors add up into the service's p75 and its visitors.
 */
export function createWebVitalsStore() {
  const counts = new Map<`${WebVitalPage} ${WebVitalName}`, VitalCounts>();

  return {
    /** `visitor`: the reporting visitor's key (visitor-key.ts). */
    record({ page, metrics }: WebVitalsReport, visitor: string): void {
      for (const { name, value } of metrics) {
        const key = `${page} ${name}` as const;
        let entry = counts.get(key);
        if (!entry) {
          entry = { page, name, counts: webVitalBounds[name].map(() => 0), visitors: new Set() };
          counts.set(key, entry);
        }
        const bucket = webVitalBucket(name, value);
        entry.counts[bucket] = (entry.counts[bucket] ?? 0) + 1;
        if (entry.visitors.size < WEB_VITAL_VISITORS_COUNTED) entry.visitors.add(visitor);
      }
    },
    figures: (): ProcessFigures['vitals'] =>
      [...counts.values()].map((entry) => ({
        ...entry,
        counts: [...entry.counts],
        visitors: [...entry.visitors],
      })),
    clear: () => counts.clear(),
  };
}

export type WebVitalsStore = ReturnType<typeof createWebVitalsStore>;
