import type { FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { analysisThresholds } from '#shared/domain/monitoring/analysis';
import { watchEventLoopDelay, type EventLoopDelay } from './event-loop-delay';

/**
 * One registry per app instance, never prom-client's global one: tests and benches build several
 * apps in one process, and their counters must not add up.
 */
export interface HttpMetrics {
  registry: Registry;
  /** The dashboard's own reading, which Prometheus' scrapes do not reset. */
  eventLoopDelay: EventLoopDelay;
}

/** Seconds; the spread of a REST call here, from a cached read to a slow table command. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Counts every request by method, route template and status, with its latency and the number in
 * flight. The label is `routeOptions.url` (`/users/:id`), never the raw path: a thousand ids are
 * one endpoint, and raw paths would grow the registry without bound. Unmatched requests (404s
 * with no route) are labelled '(aucune route)' for the same reason.
 */
export function useHttpMetrics(app: FastifyInstance): HttpMetrics {
  const registry = new Registry();
  // The process's own figures in the same registry: uptime, memory (rss, heap, external),
  // event-loop delay, handles; the heap limit, which the defaults leave out, beside them. The
  // delay is sampled by a timer every `eventLoopMonitoringPrecision` ms: prom-client's 10 woke the
  // process 100 times a second, 6–7 ms of CPU a second on an idle server (docs/server.md
  // "Serving"). Node records each sampling turn's whole interval, so an idle loop reads P and a
  // stall of D about D (docs/server.md).
  collectDefaultMetrics({
    register: registry,
    eventLoopMonitoringPrecision: analysisThresholds.eventLoopMedium,
  });
  const eventLoopDelay = watchEventLoopDelay(analysisThresholds.eventLoopMedium);
  app.addHook('onClose', async () => eventLoopDelay.stop());
  new Gauge({
    name: 'nodejs_heap_size_limit_bytes',
    help: 'Taille maximale du tas V8',
    registers: [registry],
    collect() {
      this.set(getHeapStatistics().heap_size_limit);
    },
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requêtes HTTP par méthode, route et statut',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des requêtes HTTP',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requêtes HTTP en cours',
    registers: [registry],
  });

  app.addHook('onRequest', async () => {
    inFlight.inc();
  });
  app.addHook('onResponse', async (request, reply) => {
    inFlight.dec();
    const route = request.routeOptions.url ?? '(aucune route)';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  return { registry, eventLoopDelay };
}
