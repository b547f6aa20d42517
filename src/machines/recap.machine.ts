import { assign, setup } from 'xstate';
import type { EveningRecap, RecapEvening } from '../api/schemas/recap';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** The recap's texts of failure, when the server sent none. */
export const recapFailures = {
  load: 'Impossible de charger le résumé de la séance.',
  save: 'Impossible d’enregistrer vos notes.',
  export: 'Impossible d’exporter la séance.',
} as const;

export type ExportFormat = 'md' | 'json';

export interface RecapInput {
  gameId: string;
  /**
   * 'onDemand': « Résumé de la séance », any evening; 'lastTime': « La dernière fois… » at the
   * table's opening, the previous evening's once, then marked seen.
   */
  mode: 'onDemand' | 'lastTime';
}

export type RecapEvent =
  | { type: 'evening.choose'; evening: number }
  | { type: 'notes.edit' }
  | { type: 'notes.change'; notes: string }
  | { type: 'notes.cancel' }
  | { type: 'notes.save' }
  | { type: 'evening.export'; format: ExportFormat }
  | { type: 'error.dismiss' }
  | { type: 'recap.retry' }
  | { type: 'recap.close' };

export interface RecapContext extends RecapInput {
  evenings: RecapEvening[];
  /** The evening asked for; null: the last one. */
  chosen: number | null;
  shown: EveningRecap | null;
  draft: string;
  error: string | null;
}

/** What loading gives: the evenings and the recap (null: nothing to tell). */
export interface LoadedRecap {
  evenings: RecapEvening[];
  recap: EveningRecap | null;
}

/**
 * « Résumé de la séance » (decision 0037): the recap of an evening read from the server, another
 * evening chosen, the MJ's own lines edited and saved, the evening exported. The same lifecycle
 * tells « La dernière fois… » at the table's opening: nothing when there is nothing new, else the
 * previous evening's recap, marked seen once closed, so it is told once per user and evening.
 */
export const recapMachine = setup({
  types: {
    context: {} as RecapContext,
    events: {} as RecapEvent,
    input: {} as RecapInput,
  },
  actors: {
    'load recap': unprovidedPromise<LoadedRecap, { gameId: string; evening: number | null }>('load recap'),
    'load last time': unprovidedPromise<LoadedRecap, { gameId: string }>('load last time'),
    'mark seen': unprovidedPromise<void, { gameId: string; firstSeq: number }>('mark seen'),
    'save notes': unprovidedPromise<EveningRecap, { gameId: string; evening: number; notes: string }>(
      'save notes',
    ),
    'export evening': unprovidedPromise<void, { gameId: string; evening: number; format: ExportFormat }>(
      'export evening',
    ),
  },
  actions: {
    'keep loaded': assign({
      evenings: ({ context }, loaded: LoadedRecap) =>
        loaded.evenings.length > 0 ? loaded.evenings : context.evenings,
      shown: (_, loaded: LoadedRecap) => loaded.recap,
      error: null,
    }),
    'keep saved': assign({ shown: (_, saved: EveningRecap) => saved, error: null }),
    'choose evening': assign({ chosen: (_, evening: number) => evening }),
    'start draft': assign({ draft: ({ context }) => context.shown?.notes ?? '', error: null }),
    'change draft': assign({ draft: (_, notes: string) => notes }),
    'show failure': assign({
      error: (_, { error, fallback }: { error: unknown; fallback: string }) => failureText(error, fallback),
    }),
    'dismiss error': assign({ error: null }),
  },
  guards: {
    'tells the last time': ({ context }) => context.mode === 'lastTime',
    'has a recap': (_, loaded: LoadedRecap) => loaded.recap !== null,
    'may write notes': ({ context }) => context.shown?.mayWriteNotes === true,
  },
}).createMachine({
  id: 'recap',
  context: ({ input }) => ({ ...input, evenings: [], chosen: null, shown: null, draft: '', error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'tells the last time', target: 'lastTime' }, { target: 'loading' }],
    },
    lastTime: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'lastTime',
            src: 'load last time',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: [
              {
                guard: { type: 'has a recap', params: ({ event }) => event.output },
                target: 'shown',
                actions: { type: 'keep loaded', params: ({ event }) => event.output },
              },
              { target: '#recap.closed' },
            ],
            // Telling the last time is a courtesy: failing to read it leaves the table as it is.
            onError: '#recap.closed',
          },
        },
        shown: { on: { 'recap.close': 'markingSeen' } },
        markingSeen: {
          invoke: {
            id: 'seen',
            src: 'mark seen',
            input: ({ context }) => ({
              gameId: context.gameId,
              firstSeq: context.shown?.evening.firstSeq ?? 0,
            }),
            onDone: '#recap.closed',
            // Unmarked, it is told again at the next opening: nothing is lost.
            onError: '#recap.closed',
          },
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load recap',
        input: ({ context }) => ({ gameId: context.gameId, evening: context.chosen }),
        onDone: [
          {
            guard: { type: 'has a recap', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'keep loaded', params: ({ event }) => event.output },
          },
          { target: 'empty', actions: { type: 'keep loaded', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: recapFailures.load }),
          },
        },
      },
    },
    empty: {},
    failed: { on: { 'recap.retry': 'loading' } },
    shown: {
      on: {
        'evening.choose': {
          target: 'loading',
          actions: { type: 'choose evening', params: ({ event }) => event.evening },
        },
        'notes.edit': { guard: 'may write notes', target: 'editing', actions: 'start draft' },
        'evening.export': 'exporting',
        'error.dismiss': { actions: 'dismiss error' },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'export',
        src: 'export evening',
        input: ({ context, event }) => ({
          gameId: context.gameId,
          evening: context.shown?.evening.number ?? 0,
          format: event.type === 'evening.export' ? event.format : 'md',
        }),
        onDone: 'shown',
        onError: {
          target: 'shown',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: recapFailures.export }),
          },
        },
      },
    },
    editing: {
      on: {
        'notes.change': { actions: { type: 'change draft', params: ({ event }) => event.notes } },
        'notes.cancel': 'shown',
        'notes.save': 'saving',
        'error.dismiss': { actions: 'dismiss error' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save notes',
        input: ({ context }) => ({
          gameId: context.gameId,
          evening: context.shown?.evening.number ?? 0,
          notes: context.draft,
        }),
        onDone: { target: 'shown', actions: { type: 'keep saved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: recapFailures.save }),
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
