import type { AnomalyPriority } from './anomaly';

/** table.md §4 "Anomaly status" and §9 "Monitoring": above 10 errors Haute, above 5 Moyenne, else Basse. */
export function anomalyPriorityFor(errorCount: number): AnomalyPriority {
  if (errorCount > 10) return 'Haute';
  if (errorCount > 5) return 'Moyenne';
  return 'Basse';
}
