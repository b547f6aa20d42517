/**
 * The bytes of the pictures served lately, kept in this process up to a total: a file never
 * changes under its id, so a kept copy can never be stale, and the six players of a table asking
 * for one map read the database once. Who may read is decided before any byte is looked for, and
 * a deleted file is no longer found then.
 */
export function servedBytesCache(maxBytes: number, largestKept: number) {
  const kept = new Map<string, Buffer>();
  let total = 0;
  return {
    async read(key: string, size: number, load: () => Promise<Buffer>): Promise<Buffer> {
      const found = kept.get(key);
      if (found) {
        // Most recently used last: Map keeps the order of insertion.
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const bytes = await load();
      // Two first reads at once: the second finds the first's copy kept.
      if (size > largestKept || kept.has(key)) return bytes;
      kept.set(key, bytes);
      total += bytes.length;
      for (const [oldest, old] of kept) {
        if (total <= maxBytes) break;
        kept.delete(oldest);
        total -= old.length;
      }
      return bytes;
    },
  };
}
