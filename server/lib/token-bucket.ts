/**
 * Token buckets, one per key: `capacity` actions at once, then `perSecond` more every second. Pure
 * but for the clock, which is a parameter so tests need no waiting.
 */
export interface TokenBuckets {
  /** Takes a token from the key's bucket when one is left; false when the caller must be refused. */
  take(key: string): boolean;
  /** Buckets held: only those not yet full again. */
  readonly size: number;
}

export function createTokenBuckets(
  capacity: number,
  perSecond: number,
  now: () => number = Date.now,
): TokenBuckets {
  const buckets = new Map<string, { tokens: number; filledAt: number }>();
  // A bucket full again is a fresh one: forgetting it changes nothing, and keeps only the keys
  // that acted within the last refill in memory. Looked over once per refill time.
  const refillMs = (capacity / perSecond) * 1000;
  let sweptAt = now();
  const level = (bucket: { tokens: number; filledAt: number }, time: number) =>
    Math.min(capacity, bucket.tokens + ((time - bucket.filledAt) / 1000) * perSecond);

  return {
    take(key) {
      const time = now();
      if (time - sweptAt >= refillMs) {
        sweptAt = time;
        for (const [held, bucket] of buckets) if (level(bucket, time) >= capacity) buckets.delete(held);
      }
      const bucket = buckets.get(key) ?? { tokens: capacity, filledAt: time };
      const tokens = level(bucket, time);
      if (tokens < 1) {
        buckets.set(key, { tokens, filledAt: time });
        return false;
      }
      buckets.set(key, { tokens: tokens - 1, filledAt: time });
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}

/**
 * Chat lines, at the table or in private, per user (every tab of theirs, on this process): after
 * the burst (`MESSAGE_BURST`), one a second.
 */
export const MESSAGES_PER_SECOND = 1;
export const messageFloodRefusal = 'Vous envoyez des messages trop vite : patientez un instant.';
