import type { FastifyBaseLogger } from 'fastify';
import type { Anomaly } from '#shared/wire/anomalies';
import {
  DEFAULT_BURN_RATE_POLICY,
  detectBurn,
  type BurnRatePolicy,
} from '#shared/domain/monitoring/burn-rate';
import type { MetricsSource } from '../monitoring/metrics-source';
import { burnReport } from './reports';
import type { AnomaliesService } from './service';

export interface BurnRateWatcher {
  /** One look at the figures; the anomaly it opened, or `null`. Never rejects: failures are logged. */
  tick(): Promise<Anomaly | null>;
  /** Stops the timer and waits for a look under way, so it never writes to a closed database. */
  stop(): Promise<void>;
}

export interface BurnRateWatcherOptions {
  source: MetricsSource;
  service: AnomaliesService;
  log: FastifyBaseLogger;
  policy?: BurnRatePolicy;
  /** The history is per minute: looking more often sees nothing new. */
  everyMs?: number;
}

/**
 * Opens an anomaly when the whole service burns (src/domain/monitoring/burn-rate.ts), so a failure
 * at 3 a.m. is on record with no dashboard open. Every process watches: the snapshot covers the
 * whole deployment and the anomalies' unique index keeps it to one row, whoever sees it first.
 */
export function watchBurnRate({
  source,
  service,
  log,
  policy = DEFAULT_BURN_RATE_POLICY,
  everyMs = 60_000,
}: BurnRateWatcherOptions): BurnRateWatcher {
  let running: Promise<Anomaly | null> | undefined;

  async function look(): Promise<Anomaly | null> {
    const snapshot = await source.snapshot();
    const verdict = detectBurn(snapshot.history, Date.parse(snapshot.timestamp), policy);
    if (!verdict.firing) return null;
    const opened = await service.openDetected(burnReport(verdict, policy, snapshot));
    if (opened) log.warn({ anomalyId: opened.id, short: verdict.short, long: verdict.long }, opened.title);
    return opened;
  }

  function tick(): Promise<Anomaly | null> {
    running ??= look()
      .catch((error: unknown) => {
        log.error({ err: error }, 'burn-rate watcher: look failed');
        return null;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void tick(), everyMs);
  // A watcher alone must not keep the process (or a test run) alive.
  timer.unref();

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
