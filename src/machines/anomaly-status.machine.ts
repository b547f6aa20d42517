import { assign, sendParent, setup } from 'xstate';
import type { AnomalyStatus } from '../api/schemas/anomalies';
import { serverErrorText } from './failure-text';
import { unprovidedPromise } from './unprovided';

export const anomalyStatusTexts = {
  emptyResolution: 'Écrivez ce qui a résolu l’anomalie\u00a0: une résolution vide n’est pas enregistrée.',
} as const;

/** The statuses a user sets by hand; Résolue needs a resolution text and goes through resolving. */
export type OpenStatus = Exclude<AnomalyStatus, 'Résolue'>;

export type AnomalyStatusEvent =
  | { type: 'status.set'; status: OpenStatus }
  | { type: 'resolution.ask' }
  | { type: 'resolution.cancel' }
  /** The text asked for, or the quick resolve's 'Résolu automatiquement' sent without asking. */
  | { type: 'resolution.submit'; resolution: string }
  /** The list was read again: the server's status of this anomaly. */
  | { type: 'anomaly.refreshed'; status: AnomalyStatus };

/** What the list hears once the server took a change. */
export type AnomalyChanged = {
  type: 'anomaly.changed';
  id: string;
  status: AnomalyStatus;
  resolution: string | null;
};

export interface AnomalyStatusContext {
  id: string;
  status: AnomalyStatus;
  /** The change being saved: shown only once the server took it. */
  change: { status: AnomalyStatus; resolution: string | null } | null;
  /** The last change failed: the server's text, or null when it sent none. */
  failure: { serverText: string | null } | null;
  /** Why the last resolution was not sent (it was empty), until the next attempt. */
  refusal: string | null;
}

/**
 * One anomaly's status (table.md §4 "Anomaly status"): Nouvelle → En cours → Résolue. A user moves
 * an open anomaly between Nouvelle and En cours; resolving asks for a resolution text, or the
 * quick resolve uses 'Résolu automatiquement'. A resolved anomaly offers nothing more. Each change
 * is saved first and shown once the server took it, then the list is told, so it reads the
 * server's counts again; a refused change leaves the status as it was and keeps the server's word.
 */
export const anomalyStatusMachine = setup({
  types: {
    context: {} as AnomalyStatusContext,
    events: {} as AnomalyStatusEvent,
    input: {} as { id: string; status: AnomalyStatus },
  },
  actors: {
    'save status': unprovidedPromise<void, { id: string; status: OpenStatus }>('save status'),
    'save resolution': unprovidedPromise<void, { id: string; resolution: string }>('save resolution'),
  },
  actions: {
    'refuse empty resolution': assign({ refusal: anomalyStatusTexts.emptyResolution }),
    'forget refusal': assign({ refusal: null }),
    'keep change': assign({
      refusal: null,
      change: ({ event }) => {
        if (event.type === 'status.set') return { status: event.status, resolution: null };
        const resolution = event.type === 'resolution.submit' ? event.resolution.trim() : '';
        return { status: 'Résolue' as const, resolution };
      },
      failure: null,
    }),
    'take change': assign({
      status: ({ context }) => context.change?.status ?? context.status,
      change: null,
    }),
    'tell the list': sendParent(({ context }): AnomalyChanged => ({
      type: 'anomaly.changed',
      id: context.id,
      status: context.change?.status ?? context.status,
      resolution: context.change?.resolution ?? null,
    })),
    'keep failure': assign({
      change: null,
      failure: (_, { error }: { error: unknown }) => ({ serverText: serverErrorText(error) }),
    }),
    'forget failure': assign({ failure: null }),
    'take server status': assign({
      status: ({ context, event }) => (event.type === 'anomaly.refreshed' ? event.status : context.status),
    }),
  },
  guards: {
    'is resolved': ({ context }) => context.status === 'Résolue',
    'is in progress': ({ context }) => context.status === 'En cours',
    'changes the status': ({ context, event }) =>
      event.type === 'status.set' && event.status !== context.status,
    'resolution is written': ({ event }) =>
      event.type === 'resolution.submit' && event.resolution.trim() !== '',
  },
}).createMachine({
  id: 'anomalyStatus',
  context: ({ input }) => ({
    id: input.id,
    status: input.status,
    change: null,
    failure: null,
    refusal: null,
  }),
  initial: 'sorting',
  states: {
    /** Where the anomaly's status puts it. */
    sorting: {
      always: [
        { guard: 'is resolved', target: 'resolved' },
        { guard: 'is in progress', target: 'open.inProgress' },
        { target: 'open.new' },
      ],
    },
    open: {
      initial: 'new',
      on: {
        'anomaly.refreshed': { target: 'sorting', actions: 'take server status' },
        'status.set': { guard: 'changes the status', target: 'savingStatus', actions: 'keep change' },
        'resolution.submit': [
          { guard: 'resolution is written', target: 'resolving', actions: 'keep change' },
          // A blank text is not sent, and the user is told why rather than left clicking.
          { actions: 'refuse empty resolution' },
        ],
      },
      states: {
        new: { on: { 'resolution.ask': { target: 'askingResolution', actions: 'forget failure' } } },
        inProgress: { on: { 'resolution.ask': { target: 'askingResolution', actions: 'forget failure' } } },
        askingResolution: {
          on: {
            'resolution.cancel': { target: '#anomalyStatus.sorting', actions: 'forget refusal' },
          },
        },
      },
    },
    savingStatus: {
      invoke: {
        id: 'saveStatus',
        src: 'save status',
        input: ({ context }) => ({
          id: context.id,
          status: context.change?.status === 'En cours' ? 'En cours' : 'Nouvelle',
        }),
        onDone: { target: 'sorting', actions: ['tell the list', 'take change'] },
        onError: {
          target: 'sorting',
          actions: { type: 'keep failure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resolving: {
      invoke: {
        id: 'saveResolution',
        src: 'save resolution',
        input: ({ context }) => ({ id: context.id, resolution: context.change?.resolution ?? '' }),
        onDone: { target: 'sorting', actions: ['tell the list', 'take change'] },
        onError: {
          target: 'sorting',
          actions: { type: 'keep failure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resolved: {
      on: { 'anomaly.refreshed': { target: 'sorting', actions: 'take server status' } },
    },
  },
});
