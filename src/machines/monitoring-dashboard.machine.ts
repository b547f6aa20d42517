import { assign, sendTo, setup, stateIn } from 'xstate';
import type { MetricsSnapshot } from '../api/schemas/monitoring';
import { anomalyListMachine } from './anomaly-list.machine';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** What the 'Erreur' panel says went wrong (table.md §8 "Monitoring"). */
export type DashboardFailure = 'metrics' | 'reset';
/** The word after a button's call: its success or its failure. */
export type DashboardNotice =
  'anomaliesCreated' | 'noAnomalyNeeded' | 'anomaliesNotCreated' | 'testAnomalyCreated' | 'testAnomalyFailed';

export type PageVisibility = { type: 'page.hidden' } | { type: 'page.shown' };

export type MonitoringDashboardEvent =
  | { type: 'metrics.refresh' }
  | { type: 'metrics.reset' }
  | { type: 'metrics.retry' }
  | { type: 'anomalies.create' }
  | { type: 'anomaly.test' }
  | { type: 'notice.dismiss' }
  | PageVisibility;

export interface MonitoringDashboardContext {
  /** The last snapshot the server sent; kept while a refresh runs. */
  snapshot: MetricsSnapshot | null;
  failure: DashboardFailure | null;
  notice: DashboardNotice | null;
  /** How many anomalies the last asked creation opened. */
  created: number;
}

/** The delays of the dashboard: table.md §4's one second, and a refresh while someone watches. */
export const dashboardDelays = { autoCreate: 1000, autoRefresh: 15_000 } as const;

/**
 * The monitoring dashboard (table.md §2, §4, §8): the metrics are read on load and one second
 * later the automatic anomaly creation runs, once. While the page is visible the metrics are read
 * again every 15 s; a hidden page is left alone and read as soon as it shows again. A failed read
 * or reset shows the 'Erreur' panel, whose retry reads again. The buttons create anomalies from
 * the metrics now (which also spares the automatic run still to come) or send a test anomaly,
 * each with its word; the anomaly section, a child actor, reads its list again after either.
 */
export const monitoringDashboardMachine = setup({
  types: {
    context: {} as MonitoringDashboardContext,
    events: {} as MonitoringDashboardEvent,
  },
  actors: {
    'load metrics': unprovidedPromise<MetricsSnapshot>('load metrics'),
    'reset metrics': unprovidedPromise<void>('reset metrics'),
    /** Answers how many anomalies the server opened. */
    'create anomalies': unprovidedPromise<number>('create anomalies'),
    'send test anomaly': unprovidedPromise<void>('send test anomaly'),
    'watch page visibility': unprovidedEvents<PageVisibility>('watch page visibility'),
    'anomaly list': anomalyListMachine,
  },
  delays: dashboardDelays,
  guards: {
    'page is visible': stateIn('#monitoringDashboard.page.visible'),
    'none was created': (_, created: number) => created === 0,
  },
  actions: {
    'keep snapshot': assign({ snapshot: (_, snapshot: MetricsSnapshot) => snapshot, failure: null }),
    'show failure': assign({ failure: (_, failure: DashboardFailure) => failure }),
    'forget failure': assign({ failure: null }),
    notify: assign({ notice: (_, notice: DashboardNotice) => notice }),
    'count created': assign({ created: (_, created: number) => created }),
    'dismiss notice': assign({ notice: null }),
    'reload anomalies': sendTo('anomalies', { type: 'anomalies.reload' }),
  },
}).createMachine({
  id: 'monitoringDashboard',
  context: { snapshot: null, failure: null, notice: null, created: 0 },
  invoke: [
    { id: 'anomalies', src: 'anomaly list' },
    { id: 'pageVisibility', src: 'watch page visibility' },
  ],
  on: { 'notice.dismiss': { actions: 'dismiss notice' } },
  type: 'parallel',
  states: {
    metrics: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadMetrics',
            src: 'load metrics',
            onDone: {
              target: 'shown',
              actions: { type: 'keep snapshot', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: { type: 'show failure', params: 'metrics' } },
          },
        },
        shown: {
          initial: 'watching',
          on: { 'metrics.refresh': '.refreshing', 'metrics.reset': '.resetting' },
          states: {
            watching: {
              after: {
                autoRefresh: [{ guard: 'page is visible', target: 'refreshing' }, { target: 'paused' }],
              },
            },
            /** The page was hidden when the refresh was due. */
            paused: { on: { 'page.shown': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshMetrics',
                src: 'load metrics',
                onDone: {
                  target: 'watching',
                  actions: { type: 'keep snapshot', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#monitoringDashboard.metrics.failed',
                  actions: { type: 'show failure', params: 'metrics' },
                },
              },
            },
            resetting: {
              invoke: {
                id: 'resetMetrics',
                src: 'reset metrics',
                onDone: 'refreshing',
                onError: {
                  target: '#monitoringDashboard.metrics.failed',
                  actions: { type: 'show failure', params: 'reset' },
                },
              },
            },
          },
        },
        failed: { on: { 'metrics.retry': { target: 'loading', actions: 'forget failure' } } },
      },
    },
    anomalyCreation: {
      initial: 'waiting',
      states: {
        /** table.md §4: the automatic creation runs one second after load. */
        waiting: {
          after: { autoCreate: 'creatingAutomatically' },
          on: { 'anomalies.create': 'creating' },
        },
        /** Unannounced: nobody asked, and a failure is the next run's to mend. */
        creatingAutomatically: {
          invoke: {
            id: 'createAnomaliesAutomatically',
            src: 'create anomalies',
            onDone: { target: 'idle', actions: 'reload anomalies' },
            onError: 'idle',
          },
        },
        idle: { on: { 'anomalies.create': 'creating' } },
        creating: {
          invoke: {
            id: 'createAnomalies',
            src: 'create anomalies',
            // A success that opened nothing says so, rather than announce anomalies nobody will find.
            onDone: [
              {
                guard: { type: 'none was created', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'notify', params: 'noAnomalyNeeded' },
              },
              {
                target: 'idle',
                actions: [
                  { type: 'count created', params: ({ event }) => event.output },
                  { type: 'notify', params: 'anomaliesCreated' },
                  'reload anomalies',
                ],
              },
            ],
            onError: { target: 'idle', actions: { type: 'notify', params: 'anomaliesNotCreated' } },
          },
        },
      },
    },
    testAnomaly: {
      initial: 'idle',
      states: {
        idle: { on: { 'anomaly.test': 'sending' } },
        sending: {
          invoke: {
            id: 'sendTestAnomaly',
            src: 'send test anomaly',
            onDone: {
              target: 'idle',
              actions: [{ type: 'notify', params: 'testAnomalyCreated' }, 'reload anomalies'],
            },
            onError: { target: 'idle', actions: { type: 'notify', params: 'testAnomalyFailed' } },
          },
        },
      },
    },
    page: {
      initial: 'visible',
      states: {
        visible: { on: { 'page.hidden': 'hidden' } },
        hidden: { on: { 'page.shown': 'visible' } },
      },
    },
  },
});
