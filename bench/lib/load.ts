/**
 * A closed-loop load generator: `concurrency` callers each send the next request as soon as the
 * previous one answers, for `durationMs`. Same generator for the measured route and its baseline,
 * so the ratio compares servers, not clients.
 */
export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
}

/** Alternated rounds of one load taken together: mean throughput and p95, errors summed. */
export function meanOf(results: readonly LoadResult[]): LoadResult {
  const mean = (pick: (result: LoadResult) => number) =>
    results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  return {
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    perSecond: mean((result) => result.perSecond),
    p50Ms: mean((result) => result.p50Ms),
    p95Ms: mean((result) => result.p95Ms),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** The least-squares slope of y over x: how fast y grows per unit of x. */
export function linearSlope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

export async function load(
  send: (i: number) => Promise<boolean>,
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await send(counter++).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
  };
}
