import { assign, enqueueActions, sendTo, setup, spawnChild, stopChild, type ActorRefFrom } from 'xstate';
import type { Anomaly, AnomalyStats } from '../api/schemas/anomalies';
import type { AnomalyFilter } from '../domain/monitoring/anomaly-filter';
import { anomalyStatusMachine, type AnomalyChanged } from './anomaly-status.machine';
import { unprovidedPromise } from './unprovided';

export interface AnomalyListing {
  anomalies: Anomaly[];
  stats: AnomalyStats;
}

export type AnomalyListEvent =
  | { type: 'anomalies.reload' }
  | { type: 'filter.choose'; filter: AnomalyFilter }
  /** A stat card: its filter, or back to all when it is already the one. */
  | { type: 'filter.toggle'; filter: AnomalyFilter }
  | { type: 'section.toggle' }
  | { type: 'anomaly.open'; id: string }
  | { type: 'anomaly.close' }
  | AnomalyChanged;

export interface AnomalyListContext {
  anomalies: Anomaly[];
  /** The server's counts; null until the first load. */
  stats: AnomalyStats | null;
  filter: AnomalyFilter;
  /** The dashboard's collapsible anomaly section. */
  expanded: boolean;
  /** The anomaly whose detail modal is open. */
  openId: string | null;
}

/** The id of an anomaly's status actor among the list's children. */
export const statusActorId = (anomalyId: string) => `anomaly-${anomalyId}`;
export type AnomalyStatusActor = ActorRefFrom<typeof anomalyStatusMachine>;

/**
 * The dashboard's anomaly section (table.md §2, §4): the anomalies and the server's counts, read
 * together; the filter (all, active, new, in progress, resolved) the stat cards toggle; the
 * collapsed or open section; the detail modal. Each anomaly's status runs in a child actor (one
 * per anomaly, same in the list and the modal); a reload keeps the children of anomalies still
 * listed, so a change being saved is not lost. After any change the list and counts are read again.
 */
export const anomalyListMachine = setup({
  types: {
    context: {} as AnomalyListContext,
    events: {} as AnomalyListEvent,
  },
  actors: {
    'load anomalies': unprovidedPromise<AnomalyListing>('load anomalies'),
    'anomaly status': anomalyStatusMachine,
  },
  actions: {
    'take listing': enqueueActions(({ context, enqueue }, listing: AnomalyListing) => {
      const before = new Set(context.anomalies.map((anomaly) => anomaly.id));
      const after = new Set(listing.anomalies.map((anomaly) => anomaly.id));
      for (const { id, status } of listing.anomalies) {
        if (before.has(id)) enqueue(sendTo(statusActorId(id), { type: 'anomaly.refreshed', status }));
        else enqueue(spawnChild('anomaly status', { id: statusActorId(id), input: { id, status } }));
      }
      for (const id of before) if (!after.has(id)) enqueue(stopChild(statusActorId(id)));
      enqueue.assign({
        anomalies: listing.anomalies,
        stats: listing.stats,
        openId: context.openId !== null && after.has(context.openId) ? context.openId : null,
      });
    }),
    'take change': assign({
      anomalies: ({ context, event }) =>
        event.type === 'anomaly.changed'
          ? context.anomalies.map((anomaly) =>
              anomaly.id === event.id
                ? {
                    ...anomaly,
                    status: event.status,
                    resolved: event.status === 'Résolue',
                    resolution: event.resolution ?? anomaly.resolution,
                  }
                : anomaly,
            )
          : context.anomalies,
    }),
    'choose filter': assign({
      filter: ({ context, event }) => (event.type === 'filter.choose' ? event.filter : context.filter),
    }),
    'toggle filter': assign({
      filter: ({ context, event }) =>
        event.type === 'filter.toggle' && event.filter !== context.filter ? event.filter : 'all',
    }),
    'toggle section': assign({ expanded: ({ context }) => !context.expanded }),
    'open anomaly': assign({
      openId: ({ context, event }) => (event.type === 'anomaly.open' ? event.id : context.openId),
    }),
    'close anomaly': assign({ openId: null }),
  },
  guards: {
    'is listed': ({ context, event }) =>
      event.type === 'anomaly.open' && context.anomalies.some((anomaly) => anomaly.id === event.id),
  },
}).createMachine({
  id: 'anomalyList',
  context: { anomalies: [], stats: null, filter: 'all', expanded: false, openId: null },
  on: {
    'anomalies.reload': '.loading',
    'anomaly.changed': { target: '.loading', actions: 'take change' },
    'filter.choose': { actions: 'choose filter' },
    'filter.toggle': { actions: 'toggle filter' },
    'section.toggle': { actions: 'toggle section' },
    'anomaly.open': { guard: 'is listed', actions: 'open anomaly' },
    'anomaly.close': { actions: 'close anomaly' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAnomalies',
        src: 'load anomalies',
        onDone: { target: 'ready', actions: { type: 'take listing', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: {},
    /** The last listing stays shown, with word that it could not be read again. */
    failed: {},
  },
});
