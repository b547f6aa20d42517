import type { Anomaly, AnomalyStats } from './anomaly';

/** table.md §4 "Anomaly status": the list's filters, each with the stat card that toggles it. */
export const anomalyFilters = ['all', 'active', 'new', 'inProgress', 'resolved'] as const;
export type AnomalyFilter = (typeof anomalyFilters)[number];

const matches: Record<AnomalyFilter, (anomaly: Anomaly) => boolean> = {
  all: () => true,
  active: (anomaly) => anomaly.status !== 'Résolue',
  new: (anomaly) => anomaly.status === 'Nouvelle',
  inProgress: (anomaly) => anomaly.status === 'En cours',
  resolved: (anomaly) => anomaly.status === 'Résolue',
};

export function anomaliesMatching(anomalies: readonly Anomaly[], filter: AnomalyFilter): Anomaly[] {
  return anomalies.filter(matches[filter]);
}

/** The server's count behind each filter's stat card. */
export function statFor(stats: AnomalyStats, filter: AnomalyFilter): number {
  return filter === 'all' ? stats.total : stats[filter];
}
