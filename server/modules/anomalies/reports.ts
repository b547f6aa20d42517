import type { AnomalyContext } from '#shared/wire/anomalies';
import type { MetricsSnapshot } from '#shared/wire/monitoring';
import { anomalyPriorityFor } from '#shared/domain/monitoring/anomaly-priority';
import type { BurnRatePolicy, BurnVerdict, WindowFigures } from '#shared/domain/monitoring/burn-rate';
import type { anomalies } from '../../db/schema/index';

/** What the server writes when it opens an anomaly of its own accord: no client wrote a word or a figure of it. */
export type AnomalyReport = Omit<typeof anomalies.$inferInsert, 'id' | 'detectedAt'>;

/** The burn-rate watcher's anomaly is the whole service's, not one route's. */
export const SERVICE_ENDPOINT = '(service)';

const NBSP = '\u00a0';
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/** table.md §3 "Anomaly" context: the platform's state when the anomaly was detected. */
export function contextOf(snapshot: MetricsSnapshot): AnomalyContext {
  return {
    systemMetrics: snapshot.system,
    websocketErrors: snapshot.websocket.errors,
    apiErrorRate: snapshot.api.errorRate,
    totalRequests: snapshot.api.totalRequests,
    averageResponseTime: snapshot.api.averageResponseTime,
    requestsPerMinute: snapshot.api.requestsPerMinute,
  };
}

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

/** An endpoint that answered `errors` 5xx since the metrics' last reset (table.md §4 "Anomaly status"). */
export function endpointReport(endpoint: string, errors: number, snapshot: MetricsSnapshot): AnomalyReport {
  return {
    endpoint,
    errorCount: errors,
    priority: anomalyPriorityFor(errors),
    title: `Erreurs serveur sur ${endpoint}`,
    description:
      `${decimal.format(errors)} ${plural(errors, 'réponse 5xx', 'réponses 5xx')} sur ${endpoint} ` +
      'depuis la dernière remise à zéro des métriques.',
    steps: [
      `Retrouver les erreurs de cet endpoint dans le journal du serveur grâce à leur référence « réf.${NBSP}»`,
      'Reproduire l’appel avec les mêmes paramètres',
      'Corriger la cause, puis résoudre l’anomalie en décrivant le correctif',
    ],
    context: contextOf(snapshot),
    tags: ['automatique', 'erreurs serveur'],
  };
}

function windowLine(figures: WindowFigures): string {
  const p95 = figures.p95 === null ? 'non mesurée' : `${decimal.format(Math.round(figures.p95))}${NBSP}ms`;
  return (
    `sur ${figures.minutes}${NBSP}min, ${decimal.format(figures.requests)} requêtes, ` +
    `${percent.format(figures.errorRatio)} d’erreurs, latence p95 ${p95}`
  );
}

/**
 * The service burns its error budget or its latency objective in both windows. An error burn is
 * Haute (calls fail for everyone, now), a latency burn alone Moyenne (calls still succeed, slowly).
 */
export function burnReport(
  verdict: BurnVerdict,
  policy: BurnRatePolicy,
  snapshot: MetricsSnapshot,
): AnomalyReport {
  const what =
    verdict.errors && verdict.latency
      ? 'Erreurs et latence du service au-dessus de leurs seuils'
      : verdict.errors
        ? 'Taux d’erreurs du service au-dessus de son budget'
        : 'Latence du service au-dessus de son seuil';
  return {
    endpoint: SERVICE_ENDPOINT,
    errorCount: verdict.long.errors,
    priority: verdict.errors ? 'Haute' : 'Moyenne',
    title: what,
    description:
      `Détectée par le serveur lui-même${NBSP}: ${windowLine(verdict.short)}${NBSP}; ${windowLine(verdict.long)}. ` +
      `Seuils${NBSP}: plus de ${percent.format(policy.errorBudget * policy.burnRate)} d’erreurs ` +
      `ou une latence p95 au-delà de ${decimal.format(policy.latencyP95Ms)}${NBSP}ms, sur les deux fenêtres.`,
    steps: [
      'Ouvrir le tableau de bord de monitoring pour voir quelles routes échouent ou ralentissent',
      'Vérifier la base de données, Redis et la charge des processus serveur',
      'Résoudre l’anomalie une fois le service rétabli, en décrivant la cause',
    ],
    context: contextOf(snapshot),
    tags: [
      'automatique',
      'burn rate',
      ...(verdict.errors ? ['erreurs'] : []),
      ...(verdict.latency ? ['latence'] : []),
    ],
  };
}
