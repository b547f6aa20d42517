/**
 * A token bucket: `capacity` actions at once, then `perSecond` more every second. Pure but for
 * the clock, which is a parameter so tests need no waiting.
 */
export interface TokenBucket {
  /** Takes a token when one is left; false when the caller must be refused. */
  take(): boolean;
}

export function createTokenBucket(
  capacity: number,
  perSecond: number,
  now: () => number = Date.now,
): TokenBucket {
  let tokens = capacity;
  let filledAt = now();
  return {
    take() {
      const time = now();
      tokens = Math.min(capacity, tokens + ((time - filledAt) / 1000) * perSecond);
      filledAt = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** Chat lines, at the table or in private, per socket: after the burst (`MESSAGE_BURST`), one a second. */
export const MESSAGES_PER_SECOND = 1;
export const messageFloodRefusal = 'Vous envoyez des messages trop vite : patientez un instant.';
