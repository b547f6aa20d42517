import type { AnomalyFilter } from '../../domain/monitoring/anomaly-filter';
import type { DashboardFailure, DashboardNotice } from '../../machines/monitoring-dashboard.machine';
import type { AnalysisTab } from '../../machines/performance-analysis.machine';

const nbsp = '\u00a0';

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('fr-FR')}${nbsp}${noun}${count > 1 ? 's' : ''}`;

/**
 * Texts of the monitoring and performance analysis pages: the spec's verbatim (table.md §2, §8,
 * §9), then our own.
 */
export const monitoringMessages = {
  back: 'Retour',
  loading: 'Chargement…',
  error: {
    title: 'Erreur',
    retry: 'Réessayer',
  },
  dashboard: {
    title: 'Monitoring',
    actions: 'Actions du tableau de bord',
    refresh: 'Actualiser',
    reset: 'Réinitialiser',
    createAnomalies: 'Créer les anomalies',
    testAnomaly: 'Anomalie de test',
    analysisLink: 'Analyse des performances',
    failures: {
      metrics: 'Erreur lors de la récupération des métriques',
      reset: 'Erreur lors de la réinitialisation',
    } satisfies Record<DashboardFailure, string>,
    /** table.md §8's text, with how many were opened. */
    anomaliesCreated: (count: number) =>
      `Anomalies créées avec succès\u00a0! (${count} nouvelle${count > 1 ? 's' : ''})`,
    notices: {
      anomaliesCreated: 'Anomalies créées avec succès\u00a0!',
      noAnomalyNeeded: 'Aucune nouvelle anomalie à créer',
      anomaliesNotCreated: 'Erreur lors de la création des anomalies',
      testAnomalyCreated: `Anomalie de test créée${nbsp}: elle apparaît dans la liste des anomalies.`,
      testAnomalyFailed: 'L’anomalie de test n’a pas pu être créée.',
    } satisfies Record<DashboardNotice, string>,
    dismiss: 'Masquer le message',
    coverage: (processes: number, at: string, minutes: number) =>
      `${processes} processus serveur · mesures du ${at} · taux sur ${minutes}${nbsp}min`,
  },
  cards: {
    websocket: 'WebSocket',
    api: 'API',
    system: 'Système',
    games: 'Connexions aux parties',
    topEndpoints: 'Top 5 des endpoints',
    topErrors: 'Top 5 des endpoints en erreur',
    recommendations: 'Recommandations',
    webVitals: 'Web Vitals (p75 par page)',
  },
  figures: {
    activeConnections: 'Connexions actives',
    totalConnections: 'Connexions totales',
    messagesSent: 'Messages envoyés',
    messagesReceived: 'Messages reçus',
    socketErrors: 'Erreurs',
    refusedConnections: 'Connexions refusées',
    messagesPerMinute: 'Messages par minute',
    connectionRate: 'Connexions par minute',
    totalRequests: 'Requêtes totales',
    activeRequests: 'Requêtes en cours',
    averageResponseTime: 'Temps de réponse moyen',
    latency: 'Latence p50 / p95',
    errorRate: 'Taux d’erreur',
    requestsPerMinute: 'Requêtes par minute',
    serverErrors: 'Erreurs serveur (5xx)',
    clientErrors: 'Refus (4xx)',
    uptime: 'Disponibilité',
    memory: 'Mémoire (RSS)',
    heap: 'Tas utilisé / total',
    eventLoop: 'Boucle d’événements p50 / p99',
  },
  units: {
    ms: (value: string) => `${value}${nbsp}ms`,
    minutes: (value: string) => `${value}${nbsp}min`,
    megabytes: (value: string) => `${value}${nbsp}Mo`,
    percent: (value: string) => `${value}${nbsp}%`,
    none: '—',
  },
  empty: {
    games: 'Aucune partie active',
    errors: 'Aucune erreur',
    anomalies: 'Aucune anomalie détectée',
    endpoints: 'Aucune requête mesurée',
    recommendations: 'Aucune recommandation',
    webVitals: 'Aucune mesure reçue des navigateurs',
  },
  players: (names: string[]) => (names.length === 0 ? 'Aucun joueur connecté' : names.join(', ')),
  requestsCount: (count: string) => `${count} requêtes`,
  errorsCount: (count: string) => `${count} erreurs`,
  webVitals: {
    page: 'Page',
    vital: 'Mesure',
    p75: 'p75',
    thresholds: 'Bon / mauvais',
    /** What a p75 rests on; `atLeast` once the visitors counted reach their bound. */
    basis: (count: number, visitors: number, atLeast: boolean) =>
      `${plural(count, 'mesure')} · ${atLeast ? 'au moins ' : ''}${plural(visitors, 'visiteur')}`,
    tooFewVisitors: 'trop peu pour une alerte',
    /** What a page's vital measures when it is not what its player waits for. */
    notes: {
      '/game': {
        LCP: 'LCP de la table\u00a0: l’image de la carte, qui arrive après la table jouable.',
      },
    } as Record<string, Partial<Record<'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB', string>>>,
    ratings: { good: 'Bon', 'needs-improvement': 'À améliorer', poor: 'Mauvais' },
  },
  charts: {
    title: 'Dernières minutes',
    time: 'Heure',
    requests: { title: 'Requêtes par minute', axis: 'Requêtes' },
    latency: { title: 'Latence p50 / p95', axis: 'Latence (ms)', p50: 'p50', p95: 'p95' },
    sockets: { title: 'Sockets actives', axis: 'Sockets' },
    errors: { title: 'Erreurs par minute', axis: 'Erreurs' },
    empty: `Pas encore d’historique${nbsp}: revenez dans une minute.`,
    tableCaption: (title: string) => `${title}${nbsp}: valeurs par minute`,
  },
  anomalies: {
    title: 'Anomalies',
    toggle: (active: number) => `Anomalies actives (${active})`,
    loadFailed: 'Impossible de charger les anomalies.',
    filterLabel: 'Filtrer les anomalies',
    filters: {
      all: 'Toutes',
      active: 'Actives',
      new: 'Nouvelles',
      inProgress: 'En cours',
      resolved: 'Résolues',
    } satisfies Record<AnomalyFilter, string>,
    listLabel: 'Liste des anomalies',
    details: 'Détails',
    detailsOf: (title: string) => `Détails${nbsp}: ${title}`,
    start: 'Prendre en charge',
    quickResolve: 'Résolution rapide',
    errors: (count: number) => `${count}${nbsp}erreur${count > 1 ? 's' : ''}`,
    detectedAt: (at: string) => `Détectée le ${at}`,
    statusFailed: 'Le changement de statut n’a pas été enregistré.',
  },
  detail: {
    endpoint: 'Endpoint',
    priority: 'Priorité',
    status: 'Statut',
    detectedAt: 'Détectée le',
    resolvedAt: 'Résolue le',
    description: 'Description',
    steps: 'Étapes',
    context: 'Contexte',
    tags: 'Étiquettes',
    resolution: 'Résolution',
    setStatus: 'Changer le statut',
    resolve: 'Résoudre',
    resolutionLabel: 'Texte de la résolution',
    confirmResolution: 'Confirmer la résolution',
    cancel: 'Annuler',
    contextFigures: {
      websocketErrors: 'Erreurs WebSocket',
      apiErrorRate: 'Taux d’erreur de l’API',
      totalRequests: 'Requêtes totales',
      averageResponseTime: 'Temps de réponse moyen',
      requestsPerMinute: 'Requêtes par minute',
    },
  },
  analysis: {
    title: 'Analyse des performances',
    tabsLabel: 'Rapports',
    tabs: { analysis: 'Analyse', optimization: 'Optimisation', redundancies: 'Redondances' } satisfies Record<
      AnalysisTab,
      string
    >,
    failures: {
      analysis: "Erreur lors de la récupération de l'analyse",
      optimization: 'Erreur lors de la récupération du rapport',
      redundancies: 'Erreur lors de la récupération des redondances',
    } satisfies Record<AnalysisTab, string>,
    reload: 'Actualiser',
    dashboardLink: 'Tableau de bord',
    summary: 'Résumé',
    totalIssues: 'Problèmes détectés',
    criticalIssues: 'Problèmes critiques',
    sections: { websocket: 'WebSocket', api: 'API', system: 'Système' },
    noIssue: 'Aucun problème détecté',
    severities: { critical: 'Critique', high: 'Élevée', medium: 'Moyenne', low: 'Faible' },
    recommendation: 'Recommandation',
    score: 'Score d’optimisation',
    scoreOutOf: (score: number, label: string) => `${score}/100${nbsp}— ${label}`,
    priorityActions: 'Actions prioritaires',
    noAction: 'Aucune action prioritaire',
    impactAndEffort: (impact: string, effort: string) =>
      `Impact${nbsp}: ${impact} · Effort${nbsp}: ${effort}`,
    estimatedImpact: 'Gain estimé',
    impactAxes: {
      performance: 'Performance',
      reliability: 'Fiabilité',
      userExperience: 'Expérience utilisateur',
    },
    noRedundancy: 'Aucune redondance détectée',
    occurrences: (count: string) => `Occurrences${nbsp}: ${count}`,
    generatedAt: (at: string) => `Rapport du ${at}`,
  },
} as const;
