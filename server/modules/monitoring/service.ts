import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  MetricsSnapshot,
  OptimizationReport,
  PerformanceAnalysis,
  RedundancyReport,
  WebVitalsReport,
} from '#shared/wire/monitoring';
import { analyzeMetrics } from '#shared/domain/monitoring/analysis';
import { optimizationReportFrom } from '#shared/domain/monitoring/optimization';
import { redundanciesFrom } from '#shared/domain/monitoring/redundancies';
import type { Db } from '../../db/client';
import { games } from '../../db/schema/index';
import { reportInternalError } from '../../lib/errors';
import { oneAtATime } from '../../lib/one-at-a-time';
import type { RealtimeServer } from '../../realtime/types';
import { localGameConnections } from './game-connections';
import type { HttpMetrics } from './http-metrics';
import { gameIdsOf, mergeFigures, type ServiceFigures } from './merge-figures';
import type { MetricsSource } from './metrics-source';
import { createProcessRecorder } from './process-recorder';
import type { ProcessFigures } from './process-figures';
import type { RedundancyTracker } from './redundancy-tracker';
import { createSharedFigures } from './shared-figures';
import { createWebVitalsStore } from './web-vitals-store';

/** The per-minute rates' sliding window. */
export const WINDOW_MINUTES = 5;
/** How often a process samples its registry and shares its figures. */
export const PUBLISH_INTERVAL_MS = 5000;
/** A process that has not written for this many intervals is gone. */
const STALE_INTERVALS = 3;
/** How long Optimisation scores the analysis Analyse read, rather than a new one. */
export const SHARED_ANALYSIS_MS = 60_000;

export interface MonitoringOptions {
  db: Db;
  metrics: HttpMetrics;
  io: RealtimeServer;
  redundancies: RedundancyTracker;
  /** A web-vitals visitor's key from the beacon's address (visitor-key.ts). */
  visitorKey: (ip: string) => string;
  log: FastifyBaseLogger;
}

/**
 * The dashboard's figures for the whole service: this process samples its registry into minutes
 * and shares them every PUBLISH_INTERVAL_MS; a snapshot merges its own, sampled on the spot, with
 * the other processes' fresh rows. `source` is what other modules read (the anomaly detector).
 */
export function createMonitoringService({
  db,
  metrics,
  io,
  redundancies,
  visitorKey,
  log,
}: MonitoringOptions) {
  const processId = randomUUID();
  const recorder = createProcessRecorder(metrics);
  const vitals = createWebVitalsStore();
  const shared = createSharedFigures(db, log);

  async function adopt(epoch: number): Promise<void> {
    if (!(await recorder.adopt(epoch))) return;
    vitals.clear();
    redundancies.clear();
  }

  async function ownFigures(): Promise<ProcessFigures> {
    return {
      ...(await recorder.figures()),
      games: localGameConnections(io),
      vitals: vitals.figures(),
      repeatedGets: Object.fromEntries(redundancies.repeats()),
    };
  }

  // Publications and resets one at a time, so the rows land in the order their figures were taken.
  const inOrder = oneAtATime();

  const publish = () =>
    inOrder(async () => {
      await adopt(await shared.resetEpoch());
      await shared.publish(processId, await ownFigures());
    });

  async function serviceFigures(): Promise<ServiceFigures> {
    const [others, resetEpoch] = await Promise.all([
      shared.others(processId, (STALE_INTERVALS * PUBLISH_INTERVAL_MS) / 1000),
      shared.resetEpoch(),
    ]);
    await adopt(resetEpoch);
    const processes = [await ownFigures(), ...others];
    const ids = gameIdsOf(processes);
    const named =
      ids.length === 0
        ? []
        : await db.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, ids));
    return mergeFigures(processes, {
      nowMs: Date.now(),
      windowMinutes: WINDOW_MINUTES,
      resetEpoch,
      gameNames: new Map(named.map((game) => [game.id, game.name])),
    });
  }

  async function snapshot(): Promise<MetricsSnapshot> {
    const { figures } = await serviceFigures();
    return { ...figures, recommendations: analyzeMetrics(figures).summary.recommendations };
  }

  const source: MetricsSource = { snapshot };

  /**
   * The analysis the Analyse tab read last: Optimisation, opened seconds later, scores that same
   * snapshot instead of a newer one that could contradict it (one issue there, 100/100 here).
   */
  let lastAnalysis: { atMs: number; analysis: PerformanceAnalysis } | null = null;

  let timer: NodeJS.Timeout | undefined;

  return {
    source,
    snapshot,

    async analysis(): Promise<PerformanceAnalysis> {
      const analysis = analyzeMetrics((await serviceFigures()).figures);
      lastAnalysis = { atMs: Date.now(), analysis };
      return analysis;
    },

    async optimizationReport(): Promise<OptimizationReport> {
      const recent =
        lastAnalysis !== null && Date.now() - lastAnalysis.atMs < SHARED_ANALYSIS_MS
          ? lastAnalysis.analysis
          : null;
      return optimizationReportFrom(recent ?? analyzeMetrics((await serviceFigures()).figures));
    },

    async redundancies(): Promise<RedundancyReport> {
      const { figures, repeatedGets } = await serviceFigures();
      return redundanciesFrom(repeatedGets, figures.timestamp);
    },

    /** Starts the counters again on every process: here at once, elsewhere at their next publish. */
    reset: () =>
      inOrder(async () => {
        await adopt(await shared.requestReset());
        await shared.publish(processId, await ownFigures());
      }),

    /** `ip`: the beacon's address, counted as its visitor's key. */
    recordWebVitals: (report: WebVitalsReport, ip: string) => vitals.record(report, visitorKey(ip)),

    /** Shares this process's figures now (a test's second process need not wait for the timer). */
    publish,

    start(): void {
      const publishOrLog = () => {
        publish().catch((error: unknown) => reportInternalError(log, error));
      };
      timer = setInterval(publishOrLog, PUBLISH_INTERVAL_MS);
      timer.unref();
      publishOrLog();
    },

    /**
     * Stops sharing and takes this process's row away, so the others stop counting it at once; if
     * the database is gone already, the row goes stale and is ignored all the same.
     */
    async stop(): Promise<void> {
      clearInterval(timer);
      await inOrder(() => shared.remove(processId)).catch((error: unknown) => {
        log.warn({ err: error }, 'monitoring: could not remove this process’s figures');
      });
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's figures (`monitoring.source` is the MetricsSource other modules read). */
    monitoring: MonitoringService;
  }
}
