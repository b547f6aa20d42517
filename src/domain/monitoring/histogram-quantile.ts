/**
 * The q-quantile of a histogram, interpolated linearly inside the bucket it falls in, as
 * Prometheus' `histogram_quantile` does. `bounds` are the buckets' upper bounds in increasing
 * order; `counts` holds one count per bound (observations in that bucket alone, not cumulative)
 * and may hold one more for the bucket above the last bound, whose quantile is that last bound
 * (nothing is known beyond it). `null` when the histogram is empty.
 */
export function histogramQuantile(
  q: number,
  bounds: readonly number[],
  counts: readonly number[],
): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      const upper = bounds[i];
      if (upper === undefined) return bounds[bounds.length - 1] ?? null;
      const lower = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      return lower + (upper - lower) * ((rank - below) / count);
    }
    below += count;
  }
  return bounds[bounds.length - 1] ?? null;
}

/** Adds histograms of the same buckets, bucket by bucket. */
export function addCounts(into: number[], counts: readonly number[]): number[] {
  counts.forEach((count, i) => {
    into[i] = (into[i] ?? 0) + count;
  });
  return into;
}
