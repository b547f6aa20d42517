/** table.md §9 "Monitoring": the top lists show 5 entries. */
export const TOP_LIST_SIZE = 5;

/** The endpoints with the highest counts, highest first (ties by name, so the list holds still). */
export function topEndpoints(
  counts: Readonly<Record<string, number>>,
  size = TOP_LIST_SIZE,
): Array<{ endpoint: string; count: number }> {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, size)
    .map(([endpoint, count]) => ({ endpoint, count }));
}
