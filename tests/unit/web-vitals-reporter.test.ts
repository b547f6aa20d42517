import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Metric } from 'web-vitals';
import { webVitalMaxima, webVitalsReport, type WebVitalsReport } from '../../src/api/schemas/monitoring';
import {
  vitalSamples,
  webVitalPageOf,
  webVitalsReports,
  type VitalSample,
  type WebVitalsLibrary,
} from '../../src/effects/web-vitals';

describe('webVitalPageOf', () => {
  it.each([
    ['/shatteredrealms/', '/'],
    ['/shatteredrealms', '/'],
    ['/shatteredrealms/game', '/game'],
    ['/shatteredrealms/admin/monitoring/', '/admin/monitoring'],
    ['/shatteredrealms/admin/performance-analysis', '/admin/performance-analysis'],
    ['/shatteredrealms/nulle-part', 'autre'],
    ['/shatteredrealms/autre', 'autre'],
    ['/shatteredrealms/__proto__', 'autre'],
  ])('%s is counted for %s', (pathname, page) => {
    expect(webVitalPageOf(pathname)).toBe(page);
  });
});

describe('webVitalsReports', () => {
  function reporting() {
    const samples = new Subject<VitalSample>();
    const hidden = new Subject<void>();
    const sent: WebVitalsReport[] = [];
    const subscription = webVitalsReports(samples, hidden, '/game').subscribe((report) => sent.push(report));
    return { samples, hidden, sent, subscription };
  }

  it('sends, each time the page is hidden, the latest of each vital measured since the last report', () => {
    const page = reporting();
    page.samples.next({ name: 'TTFB', value: 120 });
    page.samples.next({ name: 'CLS', value: 0.02 });
    page.samples.next({ name: 'CLS', value: 0.08 });
    page.hidden.next();
    page.samples.next({ name: 'INP', value: 180 });
    page.hidden.next();
    expect(page.sent).toEqual([
      {
        page: '/game',
        metrics: [
          { name: 'TTFB', value: 120 },
          { name: 'CLS', value: 0.08 },
        ],
      },
      { page: '/game', metrics: [{ name: 'INP', value: 180 }] },
    ]);
    // Every report is one the server's contract accepts.
    for (const report of page.sent) expect(webVitalsReport.safeParse(report).success).toBe(true);
    page.subscription.unsubscribe();
  });

  it('sends nothing when nothing new was measured, and drops values the contract refuses', () => {
    const page = reporting();
    page.hidden.next();
    page.samples.next({ name: 'LCP', value: webVitalMaxima.LCP + 1 });
    page.samples.next({ name: 'CLS', value: webVitalMaxima.CLS + 0.5 });
    page.samples.next({ name: 'FCP', value: Number.NaN });
    page.hidden.next();
    expect(page.sent).toEqual([]);
    page.samples.next({ name: 'LCP', value: webVitalMaxima.LCP });
    page.hidden.next();
    expect(page.sent).toEqual([{ page: '/game', metrics: [{ name: 'LCP', value: webVitalMaxima.LCP }] }]);
    page.subscription.unsubscribe();
  });
});

describe('vitalSamples', () => {
  it('follows the five vitals of the library', () => {
    const callbacks = new Map<string, (metric: Metric) => void>();
    const hook = (name: string) => (callback: (metric: Metric) => void) => void callbacks.set(name, callback);
    const library = {
      onLCP: hook('LCP'),
      onINP: hook('INP'),
      onCLS: hook('CLS'),
      onFCP: hook('FCP'),
      onTTFB: hook('TTFB'),
    } as unknown as WebVitalsLibrary;
    const seen: VitalSample[] = [];
    const subscription = vitalSamples(library).subscribe((sample) => seen.push(sample));
    expect([...callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    callbacks.get('LCP')!({ name: 'LCP', value: 2400 } as Metric);
    callbacks.get('CLS')!({ name: 'CLS', value: 0.1 } as Metric);
    expect(seen).toEqual([
      { name: 'LCP', value: 2400 },
      { name: 'CLS', value: 0.1 },
    ]);
    subscription.unsubscribe();
  });
});
