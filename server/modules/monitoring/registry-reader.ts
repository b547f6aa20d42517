import type { Registry } from 'prom-client';
import { API_BASE } from '#shared/paths';
import { LATENCY_BUCKETS } from './http-metrics';

/**
 * What the registry holds right now, as running totals since the process started: the JSON view
 * is derived from these, never counted a second time beside Prometheus.
 */
export interface RegistryTotals {
  /** Requests per `METHOD /template`. */
  requests: Map<string, number>;
  /** 5xx per `METHOD /template`. */
  serverErrors: Map<string, number>;
  clientErrors: number;
  inFlight: number;
  /** Requests per latency bucket (LATENCY_BUCKETS, then above the last), all routes together. */
  latencyCounts: number[];
  /** Seconds, all requests together. */
  latencySum: number;
  sockets: {
    active: number;
    opened: number;
    sent: number;
    received: number;
    errors: number;
    refused: number;
  };
  /** Bytes. */
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number; maxHeap: number };
  /** Epoch milliseconds. */
  startedAt: number;
}

/** The dashboard's endpoint key: the route template below the API base, other routes whole. */
export function endpointKey(method: string, route: string): string {
  return `${method} ${route.startsWith(`${API_BASE}/`) ? route.slice(API_BASE.length) : route}`;
}

type Values = Array<{
  value: number;
  labels: Record<string, string | number | undefined>;
  metricName?: string;
}>;

export async function readRegistry(registry: Registry): Promise<RegistryTotals> {
  const values = async (name: string): Promise<Values> =>
    ((await registry.getSingleMetric(name)?.get())?.values ?? []) as Values;
  const single = async (name: string) => (await values(name))[0]?.value ?? 0;
  const singles = async <K extends string>(names: Record<K, string>): Promise<Record<K, number>> =>
    Object.fromEntries(
      await Promise.all(Object.entries<string>(names).map(async ([key, name]) => [key, await single(name)])),
    ) as Record<K, number>;

  const [requests, latency, inFlight] = await Promise.all([
    values('http_requests_total'),
    values('http_request_duration_seconds'),
    single('http_requests_in_flight'),
  ]);
  const byEndpoint = new Map<string, number>();
  const serverErrors = new Map<string, number>();
  let clientErrors = 0;
  for (const { value, labels } of requests) {
    const key = endpointKey(String(labels.method), String(labels.route));
    byEndpoint.set(key, (byEndpoint.get(key) ?? 0) + value);
    const status = Number(labels.status);
    if (status >= 500) serverErrors.set(key, (serverErrors.get(key) ?? 0) + value);
    else if (status >= 400) clientErrors += value;
  }

  // The histogram's buckets are cumulative per label set: add them per bound, then take the
  // differences between consecutive bounds.
  const cumulative = new Map<number, number>();
  let latencySum = 0;
  for (const { value, labels, metricName } of latency) {
    if (metricName?.endsWith('_sum')) latencySum += value;
    if (!metricName?.endsWith('_bucket')) continue;
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    cumulative.set(le, (cumulative.get(le) ?? 0) + value);
  }
  const bounds = [...LATENCY_BUCKETS, Infinity];
  const latencyCounts = bounds.map(
    (bound, i) => (cumulative.get(bound) ?? 0) - (i === 0 ? 0 : (cumulative.get(bounds[i - 1] ?? 0) ?? 0)),
  );

  const [sockets, process] = await Promise.all([
    singles({
      active: 'socketio_connections_active',
      opened: 'socketio_connections_total',
      sent: 'socketio_messages_sent_total',
      received: 'socketio_messages_received_total',
      errors: 'socketio_errors_total',
      refused: 'socketio_refused_connections_total',
    }),
    singles({
      rss: 'process_resident_memory_bytes',
      heapUsed: 'nodejs_heap_size_used_bytes',
      heapTotal: 'nodejs_heap_size_total_bytes',
      external: 'nodejs_external_memory_bytes',
      maxHeap: 'nodejs_heap_size_limit_bytes',
      startSeconds: 'process_start_time_seconds',
    }),
  ]);
  const { rss, heapUsed, heapTotal, external, maxHeap } = process;
  return {
    requests: byEndpoint,
    serverErrors,
    clientErrors,
    inFlight,
    latencyCounts,
    latencySum,
    sockets,
    memory: { rss, heapUsed, heapTotal, external, maxHeap },
    startedAt: process.startSeconds * 1000,
  };
}
