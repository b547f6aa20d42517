import type { RedundancyReport } from './figures';

/**
 * Calls the client repeats for nothing (table.md §3 "Analysis", redundancies): the same GET of
 * the same address by the same user within `repeatWindowMs` of the previous one is a repeat; an
 * endpoint with `minRepeats` repeats or more since the reset is reported.
 */
export const redundancyThresholds = { repeatWindowMs: 5000, minRepeats: 3 } as const;

export function isRepeatedGet(previousAtMs: number | undefined, nowMs: number): boolean {
  return previousAtMs !== undefined && nowMs - previousAtMs <= redundancyThresholds.repeatWindowMs;
}

export function redundanciesFrom(
  repeatsByEndpoint: ReadonlyMap<string, number>,
  timestamp: string,
): RedundancyReport {
  return {
    redundancies: [...repeatsByEndpoint]
      .filter(([, count]) => count >= redundancyThresholds.minRepeats)
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .map(([endpoint, count]) => ({
        type: 'repeated-get',
        count,
        endpoint,
        recommendation: `Garder la réponse de «\u00a0${endpoint}\u00a0» côté client et ne la redemander qu’après un changement (événement socket, action de l’utilisateur).`,
      })),
    timestamp,
  };
}
