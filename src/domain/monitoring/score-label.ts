/** table.md §9 "Monitoring": the optimisation score's label. */
export function optimizationScoreLabel(score: number): 'Excellent' | 'Bon' | 'Moyen' | 'À améliorer' {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Bon';
  if (score >= 40) return 'Moyen';
  return 'À améliorer';
}
