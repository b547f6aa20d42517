/**
 * Answers read from the database, kept while it has changed nothing since: `stamp` moves with
 * every write (`writeStampOf`), and an answer is kept only when its read began and ended under the
 * same stamp, so one that raced a write is never kept. Without a stamp (PostgreSQL, where other
 * processes write unseen) every read goes to the database. At most `maxEntries`, the least
 * recently used dropped first.
 */
export function unchangedReads<T>(stamp: (() => number) | undefined, maxEntries: number) {
  const kept = new Map<string, T>();
  let keptUnder: number | undefined;
  return {
    async read(key: string, load: () => Promise<T>): Promise<T> {
      if (!stamp) return load();
      const before = stamp();
      if (before !== keptUnder) {
        kept.clear();
        keptUnder = before;
      }
      if (kept.has(key)) {
        const found = kept.get(key) as T;
        // Most recently used last: Map keeps the order of insertion.
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const value = await load();
      if (stamp() !== before) return value;
      kept.set(key, value);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      return value;
    },
  };
}
