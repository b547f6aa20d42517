import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import type { WebVitalSummary } from './figures';
import { webVitalMaxima, type WebVitalName } from './web-vital-names';

/** web-vitals' own good / poor limits: at or below the first is good, above the second is poor. */
export const webVitalThresholds: Record<WebVitalName, readonly [number, number]> = {
  LCP: LCPThresholds,
  INP: INPThresholds,
  CLS: CLSThresholds,
  FCP: FCPThresholds,
  TTFB: TTFBThresholds,
};

export function rateWebVital(name: WebVitalName, value: number): WebVitalSummary['rating'] {
  const [good, poor] = webVitalThresholds[name];
  if (value <= good) return 'good';
  if (value <= poor) return 'needs-improvement';
  return 'poor';
}

/**
 * The buckets each vital is counted in, so a page × vital costs the same memory after a million
 * reports as after one, and processes add their counts. Every threshold is a bound: the p75
 * interpolated inside a bucket lands on the same side of a threshold as the true p75.
 * Milliseconds up to the largest plausible value (webVitalMaxima), which is the last bound; CLS is
 * unitless.
 */
const MILLISECOND_BOUNDS = [
  50, 100, 200, 300, 500, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 4000, 5000, 7500, 10_000, 20_000,
  30_000,
];
const LAYOUT_SHIFT_BOUNDS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.35, 0.5, 0.75, 1, 2, 5];

const upTo = (name: WebVitalName, bounds: number[]) => [...bounds, webVitalMaxima[name]];

export const webVitalBounds: Record<WebVitalName, readonly number[]> = {
  LCP: upTo('LCP', MILLISECOND_BOUNDS),
  INP: upTo('INP', MILLISECOND_BOUNDS),
  CLS: upTo('CLS', LAYOUT_SHIFT_BOUNDS),
  FCP: upTo('FCP', MILLISECOND_BOUNDS),
  TTFB: upTo('TTFB', MILLISECOND_BOUNDS),
};

/**
 * Distinct visitors a page × vital remembers: enough to tell a figure that rests on one or two
 * networks from a broad one, few enough that every process can share them every 5 s. Beyond it the
 * count says « at least ».
 */
export const WEB_VITAL_VISITORS_COUNTED = 20;

/** The bucket a value is counted in: the first whose bound is at or above it. */
export function webVitalBucket(name: WebVitalName, value: number): number {
  const bounds = webVitalBounds[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length - 1 : index;
}
