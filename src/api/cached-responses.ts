import { createResponseCache } from './response-cache';

/**
 * The app's one cache of GET answers (platform.md §9). It lives apart from `request()` so that the
 * session can empty it without loading the REST client and its schemas: the landing page does not.
 */
export const cachedResponses = createResponseCache();

/** Drops cached GET answers whose path contains `pathFragment`, or all of them. */
export function clearCache(pathFragment?: string): void {
  cachedResponses.clear(pathFragment);
}
