/** platform.md §9: GET answers are kept 5 minutes, and a sweep every 5 minutes drops expired ones. */
export const RESPONSE_TTL_MS = 300_000;
export const SWEEP_EVERY_MS = 300_000;

interface Entry {
  path: string;
  body: unknown;
  expiresAt: number;
}

export interface ResponseCache {
  /** The stored answer body, or undefined when absent or expired. */
  get(key: string): unknown;
  set(key: string, path: string, body: unknown): void;
  /** Drops the entries whose path contains `pathFragment`, or every entry. */
  clear(pathFragment?: string): void;
  readonly size: number;
  stopSweeping(): void;
}

export interface ResponseCacheOptions {
  ttlMs?: number;
  sweepEveryMs?: number;
  now?: () => number;
}

/**
 * GET answers by method, path and query. The sweep timer only runs while something is stored and
 * never keeps a Node process alive, so tests and server-side imports need no teardown.
 */
export function createResponseCache({
  ttlMs = RESPONSE_TTL_MS,
  sweepEveryMs = SWEEP_EVERY_MS,
  now = Date.now,
}: ResponseCacheOptions = {}): ResponseCache {
  const entries = new Map<string, Entry>();
  let sweeper: ReturnType<typeof setInterval> | undefined;

  function stopSweeping(): void {
    clearInterval(sweeper);
    sweeper = undefined;
  }

  function sweep(): void {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    if (entries.size === 0) stopSweeping();
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt > now()) return entry.body;
      entries.delete(key);
      return undefined;
    },
    set(key, path, body) {
      entries.set(key, { path, body, expiresAt: now() + ttlMs });
      if (sweeper === undefined) {
        sweeper = setInterval(sweep, sweepEveryMs);
        (sweeper as { unref?: () => void }).unref?.();
      }
    },
    clear(pathFragment) {
      for (const [key, entry] of entries) {
        if (pathFragment === undefined || entry.path.includes(pathFragment)) entries.delete(key);
      }
      if (entries.size === 0) stopSweeping();
    },
    get size() {
      return entries.size;
    },
    stopSweeping,
  };
}
