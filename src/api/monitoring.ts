import { request } from './request';
import { createdAnomalies } from './schemas/anomalies';
import {
  metricsSnapshot,
  optimizationReport,
  performanceAnalysis,
  redundancyReport,
} from './schemas/monitoring';

/**
 * The monitoring calls of table.md §7, one function each. Figures are live: no GET goes through
 * the response cache, or « Actualiser » would show five-minute-old numbers.
 */

export function getMetrics(signal?: AbortSignal) {
  return request('GET', '/monitoring/metrics', { schema: metricsSnapshot, cache: false, signal });
}

export function resetMetrics() {
  return request('POST', '/monitoring/metrics/reset');
}

export function createAnomaliesFromMetrics() {
  return request('POST', '/monitoring/create-anomalies', { schema: createdAnomalies });
}

export function getPerformanceAnalysis(signal?: AbortSignal) {
  return request('GET', '/monitoring/analysis', { schema: performanceAnalysis, cache: false, signal });
}

export function getOptimizationReport(signal?: AbortSignal) {
  return request('GET', '/monitoring/optimization-report', {
    schema: optimizationReport,
    cache: false,
    signal,
  });
}

export function getRedundancies(signal?: AbortSignal) {
  return request('GET', '/monitoring/redundancies', { schema: redundancyReport, cache: false, signal });
}
