import { buffer, defer, filter, fromEvent, map, mergeMap, Observable, type Subscription } from 'rxjs';
import type { Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { API_BASE, BASE_PATH } from '../api/paths';
import { idle$ } from './idle';
import {
  webVitalMaxima,
  webVitalNames,
  webVitalPages,
  type WebVitalName,
  type WebVitalPage,
} from '../domain/monitoring/web-vital-names';
import type { WebVitalsReport } from '../api/schemas/monitoring';

/** One measure of one vital, as the report carries it. */
export interface VitalSample {
  name: WebVitalName;
  value: number;
}

/** The part of the web-vitals library the reporter uses. */
export interface WebVitalsLibrary {
  onLCP: typeof onLCP;
  onINP: typeof onINP;
  onCLS: typeof onCLS;
  onFCP: typeof onFCP;
  onTTFB: typeof onTTFB;
}

const knownPages: ReadonlySet<string> = new Set(webVitalPages);

/** The page a report is counted for: one of the closed list, 'autre' for any other address. */
export function webVitalPageOf(pathname: string): WebVitalPage {
  const local = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  const page = local.length > 1 ? local.replace(/\/+$/, '') : '/';
  return knownPages.has(page) && page !== 'autre' ? (page as WebVitalPage) : 'autre';
}

/** Every measure web-vitals reports (each vital once, CLS and INP again when they change). */
export function vitalSamples(library: WebVitalsLibrary): Observable<VitalSample> {
  return new Observable<VitalSample>((subscriber) => {
    const report = (metric: Metric) => {
      const name = webVitalNames.find((known) => known === metric.name);
      if (name !== undefined) subscriber.next({ name, value: metric.value });
    };
    library.onLCP(report);
    library.onINP(report);
    library.onCLS(report);
    library.onFCP(report);
    library.onTTFB(report);
  });
}

/**
 * The reports to send: each time the page is hidden, the vitals measured since the last report
 * (the latest of each). web-vitals finalises CLS and INP in a capturing listener on the window,
 * which runs before a listener on the document: they are in the report of the same hiding.
 */
export function webVitalsReports(
  samples$: Observable<VitalSample>,
  hidden$: Observable<unknown>,
  page: WebVitalPage,
): Observable<WebVitalsReport> {
  return samples$.pipe(
    buffer(hidden$),
    map((samples) => {
      const latest = new Map<WebVitalName, number>();
      // The server refuses a report with a value beyond its vital's maximum: such a measure is a
      // broken clock or a page left open, not what a visit went through.
      for (const { name, value } of samples) {
        if (Number.isFinite(value) && value >= 0 && value <= webVitalMaxima[name]) latest.set(name, value);
      }
      return [...latest].map(([name, value]) => ({ name, value }));
    }),
    filter((metrics) => metrics.length > 0),
    map((metrics) => ({ page, metrics })),
  );
}

/**
 * The browser's web-vitals (LCP, INP, CLS, FCP, TTFB) sent with `navigator.sendBeacon` to
 * `{API}/monitoring/web-vitals` whenever the page is hidden, counted for the page the visit
 * started on: that is where the load vitals were measured. The library is fetched once the page
 * is idle, so the landing's first scripts do not grow; it reads back the entries the browser
 * buffered meanwhile.
 */
export function startWebVitalsReporting(): Subscription {
  const page = webVitalPageOf(window.location.pathname);
  const samples$ = idle$.pipe(
    mergeMap(() => defer(() => import('web-vitals'))),
    mergeMap(vitalSamples),
  );
  const hidden$ = fromEvent(document, 'visibilitychange').pipe(
    filter(() => document.visibilityState === 'hidden'),
  );
  return webVitalsReports(samples$, hidden$, page).subscribe((report) => {
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' });
    navigator.sendBeacon(`${API_BASE}/monitoring/web-vitals`, body);
  });
}
