import { oneAtATime } from '../../lib/one-at-a-time';
import { minuteOf, MINUTE_MS } from '#shared/domain/monitoring/rates';
import type { HttpMetrics } from './http-metrics';
import { HISTORY_MINUTES, type MinuteFigures, type ProcessFigures } from './process-figures';
import { readRegistry, type RegistryTotals } from './registry-reader';

type Counters = Pick<RegistryTotals, 'requests' | 'serverErrors' | 'clientErrors' | 'sockets'>;

const zero: Counters = {
  requests: new Map(),
  serverErrors: new Map(),
  clientErrors: 0,
  sockets: { active: 0, opened: 0, sent: 0, received: 0, errors: 0, refused: 0 },
};

const sum = (values: Map<string, number>) => [...values.values()].reduce((total, value) => total + value, 0);

function since(now: Map<string, number>, before: Map<string, number>): Record<string, number> {
  const result = new Map<string, number>();
  for (const [key, value] of now) {
    const difference = value - (before.get(key) ?? 0);
    if (difference > 0) result.set(key, difference);
  }
  return Object.fromEntries(result);
}

/**
 * This process's figures over time, sampled from its registry: each sample adds what changed
 * since the previous one to the current minute (HISTORY_MINUTES kept). A reset keeps the registry
 * untouched — Prometheus counters never go backwards — and takes a baseline the figures subtract.
 * Samples run one after the other: two at once would both add the same change.
 */
export function createProcessRecorder(
  { registry, eventLoopDelay }: HttpMetrics,
  nowMs: () => number = Date.now,
) {
  let previous: RegistryTotals | undefined;
  let baseline: Counters = zero;
  // The app's registry counts from the app's creation, which may be long after the process's start.
  let sinceMs = nowMs();
  let resetEpoch: number | undefined;
  const minutes = new Map<number, MinuteFigures>();
  const serially = oneAtATime();

  function addToMinute(totals: RegistryTotals, at: number): void {
    const before = previous;
    const minute = minuteOf(at);
    const bucket = minutes.get(minute) ?? {
      minute,
      requests: 0,
      errors: 0,
      latencySum: 0,
      latencyCounts: totals.latencyCounts.map(() => 0),
      activeSockets: 0,
      socketMessages: 0,
      socketConnections: 0,
    };
    bucket.requests += sum(totals.requests) - (before ? sum(before.requests) : 0);
    bucket.errors += sum(totals.serverErrors) - (before ? sum(before.serverErrors) : 0);
    bucket.latencySum += totals.latencySum - (before?.latencySum ?? 0);
    totals.latencyCounts.forEach((count, i) => {
      bucket.latencyCounts[i] = (bucket.latencyCounts[i] ?? 0) + count - (before?.latencyCounts[i] ?? 0);
    });
    bucket.activeSockets = totals.sockets.active;
    const messages = (sockets: Counters['sockets']) => sockets.sent + sockets.received;
    bucket.socketMessages += messages(totals.sockets) - (before ? messages(before.sockets) : 0);
    bucket.socketConnections += totals.sockets.opened - (before?.sockets.opened ?? 0);
    minutes.set(minute, bucket);
    for (const key of minutes.keys()) if (key <= minute - HISTORY_MINUTES * MINUTE_MS) minutes.delete(key);
  }

  async function sample(): Promise<RegistryTotals> {
    const totals = await readRegistry(registry);
    addToMinute(totals, nowMs());
    previous = totals;
    return totals;
  }

  return {
    /** The service's reset `epoch`: the first one seen is where this process started; a newer one resets it. */
    adopt(epoch: number): Promise<boolean> {
      return serially(async () => {
        if (resetEpoch === undefined) resetEpoch = epoch;
        if (epoch <= resetEpoch) return false;
        baseline = await sample();
        minutes.clear();
        sinceMs = nowMs();
        resetEpoch = epoch;
        return true;
      });
    },

    /** A fresh sample, and everything since the reset as this process shares it. */
    figures(): Promise<Omit<ProcessFigures, 'games' | 'vitals' | 'repeatedGets'>> {
      return serially(async () => {
        const totals = await sample();
        return {
          startedAt: totals.startedAt,
          since: sinceMs,
          resetEpoch: resetEpoch ?? 0,
          requests: since(totals.requests, baseline.requests),
          serverErrors: since(totals.serverErrors, baseline.serverErrors),
          clientErrors: totals.clientErrors - baseline.clientErrors,
          inFlight: totals.inFlight,
          sockets: {
            active: totals.sockets.active,
            opened: totals.sockets.opened - baseline.sockets.opened,
            sent: totals.sockets.sent - baseline.sockets.sent,
            received: totals.sockets.received - baseline.sockets.received,
            errors: totals.sockets.errors - baseline.sockets.errors,
            refused: totals.sockets.refused - baseline.sockets.refused,
          },
          minutes: [...minutes.values()].map((minute) => ({
            ...minute,
            latencyCounts: [...minute.latencyCounts],
          })),
          memory: totals.memory,
          eventLoop: eventLoopDelay.read(),
        };
      });
    },
  };
}

export type ProcessRecorder = ReturnType<typeof createProcessRecorder>;
