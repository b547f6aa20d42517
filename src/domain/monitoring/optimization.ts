import type { AnalysisIssue, IssueSeverity, OptimizationReport, PerformanceAnalysis } from './figures';

/**
 * `GET /monitoring/optimization-report`: the analysis's issues as a score out of 100 and the
 * actions that would raise it. Each severity costs the score a fixed number of points; each rule
 * belongs to one axis (performance, reliability, user experience) and has an effort of its own.
 */
export const severityPenalty: Record<IssueSeverity, number> = { critical: 25, high: 15, medium: 8, low: 3 };

type Axis = keyof OptimizationReport['estimatedImpact'];
type Level = OptimizationReport['priorityActions'][number]['effort'];

interface RuleAction {
  axis: Axis;
  effort: Level;
  action: string;
}

const actions: Record<string, RuleAction> = {
  'high-error-rate': { axis: 'reliability', effort: 'Moyen', action: 'Corriger les erreurs serveur' },
  'failing-endpoint': { axis: 'reliability', effort: 'Moyen', action: 'Réparer une route en échec' },
  'slow-responses': { axis: 'performance', effort: 'Élevé', action: 'Accélérer les routes lentes' },
  'many-client-errors': { axis: 'userExperience', effort: 'Faible', action: 'Corriger les appels refusés' },
  'socket-errors': { axis: 'reliability', effort: 'Moyen', action: 'Réduire les erreurs socket.io' },
  'high-message-rate': { axis: 'performance', effort: 'Moyen', action: 'Espacer les messages temps réel' },
  'connection-churn': { axis: 'reliability', effort: 'Moyen', action: 'Stabiliser les connexions' },
  'memory-pressure': { axis: 'performance', effort: 'Élevé', action: 'Réduire la mémoire du tas' },
  'event-loop-delay': { axis: 'performance', effort: 'Élevé', action: 'Libérer la boucle d’événements' },
  'poor-web-vital': { axis: 'userExperience', effort: 'Moyen', action: 'Améliorer une page lente' },
};
const unknownRule: RuleAction = {
  axis: 'reliability',
  effort: 'Moyen',
  action: 'Corriger un problème relevé',
};

const priorityOf: Record<IssueSeverity, OptimizationReport['priorityActions'][number]['priority']> = {
  critical: 'Haute',
  high: 'Haute',
  medium: 'Moyenne',
  low: 'Basse',
};
const impactOf: Record<IssueSeverity, Level> = {
  critical: 'Élevé',
  high: 'Élevé',
  medium: 'Moyen',
  low: 'Faible',
};

export function optimizationScore(issues: readonly AnalysisIssue[]): number {
  const lost = issues.reduce((sum, found) => sum + severityPenalty[found.severity], 0);
  return Math.max(0, 100 - lost);
}

export function optimizationReportFrom(analysis: PerformanceAnalysis): OptimizationReport {
  const issues = [...analysis.api, ...analysis.websocket, ...analysis.system];
  const estimatedImpact: Record<Axis, number> = { performance: 0, reliability: 0, userExperience: 0 };
  for (const found of issues) {
    const { axis } = actions[found.type] ?? unknownRule;
    estimatedImpact[axis] = Math.min(100, estimatedImpact[axis] + severityPenalty[found.severity]);
  }
  return {
    optimizationScore: optimizationScore(issues),
    priorityActions: issues
      .toSorted((a, b) => severityPenalty[b.severity] - severityPenalty[a.severity])
      .map((found) => {
        const rule = actions[found.type] ?? unknownRule;
        return {
          priority: priorityOf[found.severity],
          impact: impactOf[found.severity],
          effort: rule.effort,
          action: rule.action,
          description: `${found.message}. ${found.recommendation}`,
        };
      }),
    estimatedImpact,
    timestamp: analysis.timestamp,
  };
}
