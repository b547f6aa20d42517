import type {
  AnalysisIssue,
  IssueSeverity,
  MetricsSnapshot,
  PerformanceAnalysis,
  WebVitalSummary,
} from './figures';
import type { WebVitalName } from './web-vital-names';
import { anomalyPriorityFor } from './anomaly-priority';
import { windowStart } from './rates';
import { WEB_VITAL_VISITORS_COUNTED } from './web-vitals';

/**
 * The rules that turn the service's figures into issues (table.md §3 "Analysis"). Each is a pure
 * function of the metrics snapshot; its threshold is named here and listed in docs/monitoring.md.
 * The snapshot's own `recommendations` come from these same rules.
 */
export type MetricsFigures = Omit<MetricsSnapshot, 'recommendations'>;

export const analysisThresholds = {
  /** Below this many requests in the window, rates and percentiles say nothing. */
  minWindowRequests: 20,
  /** Percent of the window's requests answered 5xx. */
  errorRateHigh: 1,
  errorRateCritical: 5,
  /** p95 latency over the window, in milliseconds. */
  latencyP95Medium: 500,
  latencyP95High: 1000,
  /** 5xx of one endpoint since the reset: more than this is an issue, ranked like an anomaly. */
  failingEndpointErrors: 5,
  /** Percent of the requests since the reset refused 4xx, once there are enough of them. */
  clientErrorShare: 20,
  minClientErrorRequests: 50,
  /**
   * Errors of the app's sockets since the reset, and their share of the messages received
   * (percent). Refused connections are not theirs: anyone can send engine.io junk.
   */
  minSocketErrors: 10,
  socketErrorShare: 5,
  /** Messages (both ways) per minute and per open connection. */
  messagesPerConnectionPerMinute: 600,
  /** New connections per minute, when also more than twice the connections open. */
  connectionChurnPerMinute: 10,
  /** Heap used, percent of the heap limit. */
  heapHigh: 70,
  heapCritical: 85,
  /** Event-loop delay p99, in milliseconds. */
  eventLoopMedium: 50,
  eventLoopHigh: 200,
  /**
   * Distinct visitors (network addresses) who reported a page × vital before its p75 is judged:
   * one visitor, however many reports, is one browser or one forger.
   */
  minVitalVisitors: 5,
} as const;

const T = analysisThresholds;
const nbsp = '\u00a0';

const number = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
const percent = (value: number) => `${number(value)}${nbsp}%`;
const ms = (value: number) => `${number(Math.round(value))}${nbsp}ms`;

const issue = (
  severity: IssueSeverity,
  type: string,
  message: string,
  recommendation: string,
): AnalysisIssue => ({ severity, type, message, recommendation });

export function highErrorRate(figures: MetricsFigures): AnalysisIssue[] {
  const { api, windowMinutes } = figures;
  if (windowRequests(figures) < T.minWindowRequests || api.errorRate < T.errorRateHigh) return [];
  return [
    issue(
      api.errorRate >= T.errorRateCritical ? 'critical' : 'high',
      'high-error-rate',
      `Taux d’erreurs serveur de ${percent(api.errorRate)} sur les ${windowMinutes}${nbsp}dernières minutes`,
      'Lire les erreurs 5xx du journal du serveur (avec leur référence) et corriger les routes en cause.',
    ),
  ];
}

export function slowResponses(figures: MetricsFigures): AnalysisIssue[] {
  const { api, windowMinutes } = figures;
  const p95 = api.latency.p95;
  if (p95 === null || windowRequests(figures) < T.minWindowRequests) return [];
  if (p95 < T.latencyP95Medium) return [];
  return [
    issue(
      p95 >= T.latencyP95High ? 'high' : 'medium',
      'slow-responses',
      `Réponses lentes${nbsp}: p95 de ${ms(p95)} sur les ${windowMinutes}${nbsp}dernières minutes`,
      'Profiler les routes les plus lentes (requêtes à la base, index manquants) et mettre en cache les lectures fréquentes.',
    ),
  ];
}

export function failingEndpoints({ api }: MetricsFigures): AnalysisIssue[] {
  return Object.entries(api.normalizedErrorsByEndpoint)
    .filter(([, errors]) => errors > T.failingEndpointErrors)
    .sort(([, a], [, b]) => b - a)
    .map(([endpoint, errors]) =>
      issue(
        anomalyPriorityFor(errors) === 'Haute' ? 'high' : 'medium',
        'failing-endpoint',
        `${errors}${nbsp}erreurs serveur sur «${nbsp}${endpoint}${nbsp}» depuis la réinitialisation`,
        `Corriger «${nbsp}${endpoint}${nbsp}»${nbsp}: ses erreurs 5xx sont dans le journal avec leur référence.`,
      ),
    );
}

export function manyClientErrors({ api }: MetricsFigures): AnalysisIssue[] {
  if (api.totalRequests < T.minClientErrorRequests) return [];
  const share = (api.clientErrors / api.totalRequests) * 100;
  if (share < T.clientErrorShare) return [];
  return [
    issue(
      'low',
      'many-client-errors',
      `${percent(share)} des requêtes refusées (4xx) depuis la réinitialisation`,
      `Vérifier les appels du client${nbsp}: jetons expirés, corps invalides, droits manquants.`,
    ),
  ];
}

export function socketErrors({ websocket }: MetricsFigures): AnalysisIssue[] {
  if (websocket.errors < T.minSocketErrors) return [];
  const share = (websocket.errors / Math.max(1, websocket.messagesReceived)) * 100;
  if (share < T.socketErrorShare) return [];
  return [
    issue(
      share >= 4 * T.socketErrorShare ? 'high' : 'medium',
      'socket-errors',
      `${websocket.errors}${nbsp}erreurs socket.io, ${percent(share)} des messages reçus`,
      'Chercher les événements refusés sans accusé de réception et les erreurs de transport (proxy, WebSocket).',
    ),
  ];
}

export function highMessageRate({ websocket }: MetricsFigures): AnalysisIssue[] {
  if (websocket.activeConnections === 0) return [];
  const perConnection = websocket.averageMessagesPerMinute / websocket.activeConnections;
  if (perConnection < T.messagesPerConnectionPerMinute) return [];
  return [
    issue(
      'medium',
      'high-message-rate',
      `${number(perConnection)}${nbsp}messages par minute et par connexion`,
      'Regrouper ou espacer les émissions fréquentes du client (déplacements de jetons, saisie).',
    ),
  ];
}

export function connectionChurn({ websocket }: MetricsFigures): AnalysisIssue[] {
  const { connectionRate, activeConnections } = websocket;
  if (connectionRate < T.connectionChurnPerMinute || connectionRate <= 2 * activeConnections) return [];
  return [
    issue(
      'medium',
      'connection-churn',
      `${number(connectionRate)}${nbsp}nouvelles connexions par minute pour ${activeConnections}${nbsp}ouvertes`,
      `Des clients se reconnectent en boucle${nbsp}: vérifier les jetons expirés, le proxy (WebSocket, sessions persistantes) et ses délais d’inactivité.`,
    ),
  ];
}

export function memoryPressure({ system }: MetricsFigures): AnalysisIssue[] {
  const { heapUsed, maxHeap } = system.memoryUsageMB;
  if (maxHeap === 0) return [];
  const share = (heapUsed / maxHeap) * 100;
  if (share < T.heapHigh) return [];
  return [
    issue(
      share >= T.heapCritical ? 'critical' : 'high',
      'memory-pressure',
      `Tas à ${percent(share)} de sa limite`,
      'Chercher une fuite (cache ou historique sans borne) ou relever --max-old-space-size.',
    ),
  ];
}

export function eventLoopDelay({ system }: MetricsFigures): AnalysisIssue[] {
  const { p99 } = system.eventLoopDelay;
  if (p99 < T.eventLoopMedium) return [];
  return [
    issue(
      p99 >= T.eventLoopHigh ? 'high' : 'medium',
      'event-loop-delay',
      `Boucle d’événements en retard${nbsp}: p99 de ${ms(p99)}`,
      'Sortir les calculs longs de la boucle (worker) et découper les traitements synchrones.',
    ),
  ];
}

const vitalAdvice: Record<WebVitalName, string> = {
  LCP: 'Alléger le chargement de la page (images, code chargé à la demande).',
  INP: 'Raccourcir les traitements déclenchés par les interactions.',
  CLS: 'Réserver la place des images et des éléments chargés tard.',
  FCP: 'Réduire le JavaScript et les styles qui bloquent le premier rendu.',
  TTFB: 'Accélérer la première réponse du serveur (cache, base de données).',
};

const fromVisitors = (visitors: number) =>
  `${visitors >= WEB_VITAL_VISITORS_COUNTED ? 'd’au moins' : 'de'} ${visitors}${nbsp}visiteurs`;

/** Whether a page × vital's p75 rests on enough visitors to be judged (the dashboard says when not). */
export const restsOnEnoughVisitors = (vital: WebVitalSummary) => vital.visitors >= T.minVitalVisitors;

export function poorWebVitals({ webVitals }: MetricsFigures): AnalysisIssue[] {
  return webVitals
    .filter((vital) => vital.rating === 'poor' && restsOnEnoughVisitors(vital))
    .map((vital) =>
      issue(
        'medium',
        'poor-web-vital',
        `${vital.name} médiocre sur «${nbsp}${vital.page}${nbsp}»${nbsp}: p75 de ${
          vital.name === 'CLS' ? number(vital.p75) : ms(vital.p75)
        } sur ${vital.count}${nbsp}mesures ${fromVisitors(vital.visitors)}`,
        vitalAdvice[vital.name],
      ),
    );
}

function windowRequests({ history, windowMinutes, timestamp }: MetricsFigures): number {
  const from = windowStart(Date.parse(timestamp), windowMinutes);
  return history
    .filter((minute) => Date.parse(minute.minute) >= from)
    .reduce((sum, minute) => sum + minute.requests, 0);
}

const severityRank: Record<IssueSeverity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const bySeverity = (a: AnalysisIssue, b: AnalysisIssue) =>
  severityRank[a.severity] - severityRank[b.severity];

export const apiRules = [highErrorRate, slowResponses, failingEndpoints, manyClientErrors];
export const websocketRules = [socketErrors, highMessageRate, connectionChurn];
export const systemRules = [memoryPressure, eventLoopDelay, poorWebVitals];

/** `GET /monitoring/analysis`: every rule over the figures, most severe first. */
export function analyzeMetrics(figures: MetricsFigures): PerformanceAnalysis {
  const run = (rules: Array<(figures: MetricsFigures) => AnalysisIssue[]>) =>
    rules.flatMap((rule) => rule(figures)).sort(bySeverity);
  const api = run(apiRules);
  const websocket = run(websocketRules);
  const system = run(systemRules);
  const all = [...api, ...websocket, ...system].sort(bySeverity);
  return {
    summary: {
      totalIssues: all.length,
      criticalIssues: all.filter((found) => found.severity === 'critical').length,
      recommendations: [...new Set(all.map((found) => found.recommendation))],
    },
    websocket,
    api,
    system,
    timestamp: figures.timestamp,
  };
}
