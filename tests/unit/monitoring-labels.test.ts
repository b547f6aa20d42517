import { describe, expect, it } from 'vitest';
import { anomalyPriorityFor } from '../../src/domain/monitoring/anomaly-priority';
import { optimizationScoreLabel } from '../../src/domain/monitoring/score-label';

describe('anomaly priority (table.md §9)', () => {
  it.each([
    [0, 'Basse'],
    [5, 'Basse'],
    [6, 'Moyenne'],
    [10, 'Moyenne'],
    [11, 'Haute'],
  ] as const)('%i errors → %s', (errors, priority) => {
    expect(anomalyPriorityFor(errors)).toBe(priority);
  });
});

describe('optimisation score label (table.md §9)', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79, 'Bon'],
    [60, 'Bon'],
    [59, 'Moyen'],
    [40, 'Moyen'],
    [39, 'À améliorer'],
    [0, 'À améliorer'],
  ] as const)('%i → %s', (score, label) => {
    expect(optimizationScoreLabel(score)).toBe(label);
  });
});
