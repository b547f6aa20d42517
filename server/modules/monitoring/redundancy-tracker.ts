import type { FastifyInstance } from 'fastify';
import { isRepeatedGet } from '#shared/domain/monitoring/redundancies';
import { endpointKey } from './registry-reader';

/** Users × addresses remembered at once: past it the oldest is forgotten. */
const TRACKED_CALLS = 1000;
/** Longer addresses are not a client's polling: they are not remembered. */
const LONGEST_URL = 2048;

/**
 * Notices a signed-in user's GET repeated on the same address within a few seconds
 * (src/domain/monitoring/redundancies.ts) and counts the repeats per endpoint. Bounded: at most
 * TRACKED_CALLS recent calls, and one count per route template.
 */
export function createRedundancyTracker() {
  const lastCall = new Map<string, number>();
  const repeats = new Map<string, number>();

  return {
    note(userId: string, endpoint: string, url: string, nowMs: number): void {
      if (url.length > LONGEST_URL) return;
      const key = `${userId} ${url}`;
      const previous = lastCall.get(key);
      if (isRepeatedGet(previous, nowMs)) repeats.set(endpoint, (repeats.get(endpoint) ?? 0) + 1);
      // Deleted then set again, so the Map's order is the calls' and the first key the oldest.
      lastCall.delete(key);
      lastCall.set(key, nowMs);
      if (lastCall.size > TRACKED_CALLS) lastCall.delete(lastCall.keys().next().value as string);
    },
    repeats: (): ReadonlyMap<string, number> => repeats,
    tracked: () => lastCall.size,
    clear(): void {
      lastCall.clear();
      repeats.clear();
    },
  };
}

export type RedundancyTracker = ReturnType<typeof createRedundancyTracker>;

/** Every answered GET of a signed-in user (refusals aside) goes through the tracker. */
export function useRedundancyTracking(app: FastifyInstance, tracker: RedundancyTracker): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' || !request.user || reply.statusCode >= 400) return;
    const route = request.routeOptions.url;
    if (route) tracker.note(request.user.id, endpointKey('GET', route), request.url, Date.now());
  });
}
