import type { MetricsMinute } from './figures';

/**
 * Multiwindow burn-rate alerting (Google SRE workbook, "Alerting on SLOs"): the service burns when
 * its errors spend the error budget far faster than allowed, or its p95 latency stays above the
 * threshold, over a long window (it lasts: not a blip) and a short one (it still goes on: not an
 * outage already over). Requiring both keeps a two-minute spike from paging anyone, and lets the
 * alert stop within minutes of a recovery although the long window still remembers the failure.
 */
export interface BurnRatePolicy {
  /** The share of requests allowed to fail (5xx): the objective's error budget. */
  errorBudget: number;
  /** How many times the budget's pace the errors must burn at, in both windows. */
  burnRate: number;
  /** Milliseconds the p95 latency must stay under. */
  latencyP95Ms: number;
  shortWindowMinutes: number;
  longWindowMinutes: number;
  /** Below this many requests a window says nothing: one error in two requests is no outage. */
  minRequests: number;
}

/**
 * A 99 % objective; 14.4 is the workbook's fast-burn factor (2 % of a 30-day budget spent in one
 * hour), so both windows must fail more than 14.4 % of their requests. One second at the p95 is
 * far above what any call of the platform takes when it is healthy.
 */
export const DEFAULT_BURN_RATE_POLICY: BurnRatePolicy = {
  errorBudget: 0.01,
  burnRate: 14.4,
  latencyP95Ms: 1000,
  shortWindowMinutes: 5,
  longWindowMinutes: 60,
  minRequests: 10,
};

export interface WindowFigures {
  minutes: number;
  requests: number;
  errors: number;
  /** errors / requests, 0 without requests. */
  errorRatio: number;
  /**
   * The minutes' p95 averaged by their requests, `null` without a measured minute. Percentiles do
   * not add up: this approximates the window's p95, which is enough to tell slow from healthy.
   */
  p95: number | null;
}

export interface BurnVerdict {
  /** Errors or latency burn, in both windows. */
  firing: boolean;
  errors: boolean;
  latency: boolean;
  short: WindowFigures;
  long: WindowFigures;
}

const MINUTE_MS = 60_000;

function windowFigures(history: readonly MetricsMinute[], now: number, minutes: number): WindowFigures {
  const since = now - minutes * MINUTE_MS;
  let requests = 0;
  let errors = 0;
  let weightedP95 = 0;
  let measured = 0;
  for (const minute of history) {
    const start = Date.parse(minute.minute);
    if (!(start > since && start <= now)) continue;
    requests += minute.requests;
    errors += minute.errors;
    if (minute.latency.p95 !== null && minute.requests > 0) {
      weightedP95 += minute.latency.p95 * minute.requests;
      measured += minute.requests;
    }
  }
  return {
    minutes,
    requests,
    errors,
    errorRatio: requests > 0 ? errors / requests : 0,
    p95: measured > 0 ? weightedP95 / measured : null,
  };
}

/**
 * Whether the service burns at `now` (ms since the epoch), read from its per-minute history (in
 * any order; a minute counts in a window when it started within the window's last minutes).
 */
export function detectBurn(
  history: readonly MetricsMinute[],
  now: number,
  policy: BurnRatePolicy = DEFAULT_BURN_RATE_POLICY,
): BurnVerdict {
  const short = windowFigures(history, now, policy.shortWindowMinutes);
  const long = windowFigures(history, now, policy.longWindowMinutes);
  const heard = (figures: WindowFigures) => figures.requests >= policy.minRequests;
  const errorsBurn = (figures: WindowFigures) =>
    heard(figures) && figures.errorRatio > policy.errorBudget * policy.burnRate;
  const latencyBurns = (figures: WindowFigures) =>
    heard(figures) && figures.p95 !== null && figures.p95 > policy.latencyP95Ms;
  const errors = errorsBurn(short) && errorsBurn(long);
  const latency = latencyBurns(short) && latencyBurns(long);
  return { firing: errors || latency, errors, latency, short, long };
}
