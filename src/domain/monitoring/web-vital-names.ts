/**
 * The names and pages of the web-vitals contract (src/api/schemas/monitoring.ts holds its zod schemas): the
 * browser's reporter runs on every page and needs only these, not the schemas' weight.
 */

export const webVitalNames = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof webVitalNames)[number];
/** The client pages web-vitals are counted for: a closed list, so a page name cannot grow memory. */
export const webVitalPages = [
  '/',
  '/game',
  '/creation',
  '/view',
  '/admin',
  '/admin/game',
  '/admin/monitoring',
  '/admin/performance-analysis',
  'autre',
] as const;
export type WebVitalPage = (typeof webVitalPages)[number];

/**
 * The largest value a page may report for each vital (ms; CLS is unitless): beyond, the visitor
 * was gone or the clock was broken, or the report is forged. The server refuses it, the browser
 * does not send it, and the counting buckets end there.
 */
export const webVitalMaxima: Record<WebVitalName, number> = {
  LCP: 60_000,
  INP: 60_000,
  CLS: 10,
  FCP: 60_000,
  TTFB: 60_000,
};
