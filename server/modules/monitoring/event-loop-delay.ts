import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** Milliseconds, the event loop's delay as the dashboard shows it. */
export interface EventLoopDelayReading {
  p50: number;
  p99: number;
}

export interface EventLoopDelay {
  /** Over the current window and the one before it; reading resets nothing. */
  read(): EventLoopDelayReading;
  stop(): void;
}

/** Ticks per window: about five seconds at the analysis's 50 ms. */
const WINDOW_TICKS = 100;

/**
 * How late a timer due every `intervalMs` fires, for the dashboard and its analysis. Not
 * prom-client's figures: those are set only when the registry is scraped whole, its histogram
 * starts again at each scrape (a reader of ours would steal Prometheus' window), and Node's
 * `monitorEventLoopDelay` records each turn's whole interval, so an idle loop read as
 * `intervalMs` itself (docs/server.md "Serving"). Here each tick records its lateness alone.
 * Windows rotate by ticks, so a read right after a rotation still covers the seconds before it.
 */
export function watchEventLoopDelay(intervalMs: number): EventLoopDelay {
  let previous: RecordableHistogram = createHistogram();
  let current: RecordableHistogram = createHistogram();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    // Microseconds: a histogram records integers of at least 1.
    current.record(Math.max(1, Math.round((now - last - intervalMs) * 1000)));
    last = now;
    if (current.count < WINDOW_TICKS) return;
    previous = current;
    current = createHistogram();
  }, intervalMs);
  timer.unref();

  return {
    read() {
      const both = createHistogram();
      both.add(previous);
      both.add(current);
      if (both.count === 0) return { p50: 0, p99: 0 };
      return { p50: both.percentile(50) / 1000, p99: both.percentile(99) / 1000 };
    },
    stop: () => clearInterval(timer),
  };
}
