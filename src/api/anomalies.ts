import { request } from './request';
import {
  anomalyList,
  anomalyStats,
  type AnomalyStatus,
  type CreateAnomalyRequest,
} from './schemas/anomalies';

/**
 * The anomaly calls of table.md §7, one function each. The changes answer nothing the client
 * keeps: the list and its counts are read again afterwards, so the server's figures are shown.
 */

const anomalyPath = (id: string) => `/anomalies/${encodeURIComponent(id)}`;

export function listAnomalies(signal?: AbortSignal) {
  return request('GET', '/anomalies', { schema: anomalyList, cache: false, signal });
}

export function getAnomalyStats(signal?: AbortSignal) {
  return request('GET', '/anomalies/stats', { schema: anomalyStats, cache: false, signal });
}

export function createAnomaly(report: CreateAnomalyRequest) {
  return request('POST', '/anomalies', { body: report });
}

export function setAnomalyStatus(id: string, status: Exclude<AnomalyStatus, 'Résolue'>) {
  return request('PUT', `${anomalyPath(id)}/status`, { body: { status } });
}

export function resolveAnomaly(id: string, resolution: string) {
  return request('PUT', `${anomalyPath(id)}/resolve`, { body: { resolution } });
}
