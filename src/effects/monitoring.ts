import { distinctUntilChanged, fromEvent, map, startWith } from 'rxjs';
import { fromEventObservable, fromPromise, type NonReducibleUnknown } from 'xstate';
import {
  createAnomaly,
  getAnomalyStats,
  listAnomalies,
  resolveAnomaly,
  setAnomalyStatus,
} from '../api/anomalies';
import {
  createAnomaliesFromMetrics,
  getMetrics,
  getOptimizationReport,
  getPerformanceAnalysis,
  getRedundancies,
  resetMetrics,
} from '../api/monitoring';
import type { CreateAnomalyRequest } from '../api/schemas/anomalies';
import { anomalyListMachine } from '../machines/anomaly-list.machine';
import { anomalyStatusMachine, type OpenStatus } from '../machines/anomaly-status.machine';
import type { monitoringDashboardMachine, PageVisibility } from '../machines/monitoring-dashboard.machine';
import type { performanceAnalysisMachine } from '../machines/performance-analysis.machine';

/** The monitoring screens' effects: REST calls and the page's visibility, provided to their machines. */

/** The dashboard's « Anomalie de test »: our own report, plainly marked as a test. */
export const testAnomalyReport: CreateAnomalyRequest = {
  endpoint: '(test)',
  title: 'Anomalie de test',
  description: 'Anomalie créée depuis le tableau de bord pour vérifier le suivi des anomalies.',
  priority: 'Basse',
  errorCount: 0,
  steps: ['Ouvrir le tableau de bord du monitoring', 'Cliquer sur « Anomalie de test »'],
  tags: ['test'],
};

/** Whether the document is shown, now and at every change (the dashboard refreshes only then). */
export const pageVisibility = fromEventObservable<PageVisibility, NonReducibleUnknown>(() =>
  fromEvent(document, 'visibilitychange').pipe(
    startWith(null),
    map((): PageVisibility => ({
      type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.shown',
    })),
    distinctUntilChanged((before, after) => before.type === after.type),
  ),
);

export const anomalyListLogic = anomalyListMachine.provide({
  actors: {
    'load anomalies': fromPromise(async ({ signal }) => {
      const [anomalies, stats] = await Promise.all([listAnomalies(signal), getAnomalyStats(signal)]);
      return { anomalies, stats };
    }),
    'anomaly status': anomalyStatusMachine.provide({
      actors: {
        'save status': fromPromise(({ input }: { input: { id: string; status: OpenStatus } }) =>
          setAnomalyStatus(input.id, input.status),
        ),
        'save resolution': fromPromise(({ input }: { input: { id: string; resolution: string } }) =>
          resolveAnomaly(input.id, input.resolution),
        ),
      },
    }),
  },
});

/** The pages show the spec's fixed texts; the cause goes to the console for whoever investigates. */
function logged(what: string) {
  return (error: unknown): never => {
    console.error(what, error);
    throw error;
  };
}

export const monitoringDashboardEffects = {
  actors: {
    'load metrics': fromPromise(({ signal }) =>
      getMetrics(signal).catch(logged('Lecture des métriques impossible')),
    ),
    'reset metrics': fromPromise(() => resetMetrics().catch(logged('Réinitialisation impossible'))),
    'create anomalies': fromPromise(async () => {
      const { created } = await createAnomaliesFromMetrics().catch(
        logged('Création des anomalies impossible'),
      );
      return created.length;
    }),
    'send test anomaly': fromPromise(() =>
      createAnomaly(testAnomalyReport).catch(logged('Anomalie de test refusée')),
    ),
    'watch page visibility': pageVisibility,
    'anomaly list': anomalyListLogic,
  },
} satisfies Parameters<typeof monitoringDashboardMachine.provide>[0];

export const performanceAnalysisEffects = {
  actors: {
    'load analysis': fromPromise(({ signal }) =>
      getPerformanceAnalysis(signal).catch(logged('Lecture de l’analyse impossible')),
    ),
    'load optimization': fromPromise(({ signal }) =>
      getOptimizationReport(signal).catch(logged('Lecture du rapport impossible')),
    ),
    'load redundancies': fromPromise(({ signal }) =>
      getRedundancies(signal).catch(logged('Lecture des redondances impossible')),
    ),
  },
} satisfies Parameters<typeof performanceAnalysisMachine.provide>[0];
