/**
 * The dashboard's per-minute rates: counts over a sliding window of whole minutes, divided by the
 * time the window really covers — a process started (or reset) two minutes ago has two minutes of
 * figures, not five — and never by less than one minute, so a request in the first second does
 * not read as sixty a minute.
 */

export const MINUTE_MS = 60_000;

export const minuteOf = (timeMs: number) => Math.floor(timeMs / MINUTE_MS) * MINUTE_MS;

/** Start of the window: the current minute and the `windowMinutes - 1` before it. */
export const windowStart = (nowMs: number, windowMinutes: number) =>
  minuteOf(nowMs) - (windowMinutes - 1) * MINUTE_MS;

/** Minutes the window covers since `sinceMs` (start or reset), at least one. */
export function coveredMinutes(nowMs: number, sinceMs: number, windowMinutes: number): number {
  const from = Math.max(windowStart(nowMs, windowMinutes), sinceMs);
  return Math.max(1, (nowMs - from) / MINUTE_MS);
}

export function perMinute(count: number, minutes: number): number {
  return minutes > 0 ? count / minutes : 0;
}
