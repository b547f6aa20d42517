import type { MetricsSnapshot } from '#shared/wire/monitoring';

/**
 * What the anomaly detector and the analysis read of the service's figures: the whole service's
 * snapshot, as `GET /monitoring/metrics` answers it. The monitoring module builds the one real
 * source; readers take it as an option, so they never reach into the registry themselves.
 */
export interface MetricsSource {
  snapshot(): Promise<MetricsSnapshot>;
}
