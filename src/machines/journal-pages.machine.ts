import { assign, setup } from 'xstate';
import type { JournalPage, JournalPageSummary, JournalSharing } from '../api/schemas/journal';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** The journal list's texts of failure, when the server sent none. */
export const journalPagesFailures = {
  load: 'Impossible de charger le journal.',
  create: 'La page n’a pas pu être créée.',
  share: 'Le partage de la page n’a pas pu être changé.',
  delete: 'La page n’a pas pu être supprimée.',
} as const;

/** What the socket says of the game's pages, as facts. */
export type JournalPagesFact =
  | { type: 'journal.page.changed'; page: JournalPage }
  | { type: 'journal.page.removed'; gameId: string; id: string };

export type JournalPagesEvent =
  | JournalPagesFact
  | { type: 'journal.reload' }
  | { type: 'journal.select'; id: string }
  | { type: 'journal.create'; title: string; shared: boolean }
  | { type: 'journal.share'; id: string; sharing: JournalSharing }
  | { type: 'journal.delete'; id: string }
  | { type: 'journal.error.dismiss' };

export interface JournalPagesContext {
  gameId: string;
  pages: JournalPageSummary[];
  selectedId: string | null;
  error: string | null;
}

const summaryOf = ({ body: _body, ...summary }: JournalPage): JournalPageSummary => summary;

/**
 * A game's journal pages as the list shows them (decision 0030): loads the pages the user may
 * read, keeps them as the socket tells of changes (a page no longer shared leaves a player's
 * list at once), keeps which one is open, and runs the MJ's create, share and delete calls. What
 * a page says and how it saves is the editor's business.
 */
export const journalPagesMachine = setup({
  types: {
    context: {} as JournalPagesContext,
    events: {} as JournalPagesEvent,
    input: {} as { gameId: string },
  },
  actors: {
    'load pages': unprovidedPromise<JournalPageSummary[], { gameId: string }>('load pages'),
    /** The socket's facts, and a reload when a reconnection may have missed some. */
    'journal facts': unprovidedEvents<JournalPagesFact | { type: 'journal.reload' }, { gameId: string }>(
      'journal facts',
    ),
    'create page': unprovidedPromise<JournalPage, { gameId: string; title: string; shared: boolean }>(
      'create page',
    ),
    'share page': unprovidedPromise<JournalPage, { id: string; sharing: JournalSharing }>('share page'),
    /** Resolves with the deleted page's id. */
    'delete page': unprovidedPromise<string, { id: string }>('delete page'),
  },
  actions: {
    'show pages': assign(({ context }, pages: JournalPageSummary[]) => ({
      pages,
      error: null,
      selectedId: pages.some((page) => page.id === context.selectedId)
        ? context.selectedId
        : (pages[0]?.id ?? null),
    })),
    'keep page': assign({
      pages: ({ context }, page: JournalPage) =>
        context.pages.some((known) => known.id === page.id)
          ? context.pages.map((known) =>
              known.id === page.id && known.version <= page.version ? summaryOf(page) : known,
            )
          : [...context.pages, summaryOf(page)],
    }),
    'forget page': assign(({ context }, id: string) => {
      const pages = context.pages.filter((page) => page.id !== id);
      return { pages, selectedId: context.selectedId === id ? (pages[0]?.id ?? null) : context.selectedId };
    }),
    'select page': assign({ selectedId: (_, id: string) => id }),
    'show failure': assign({
      error: (_, { error, fallback }: { error: unknown; fallback: string }) => failureText(error, fallback),
    }),
    'dismiss error': assign({ error: null }),
  },
  guards: {
    'is of this game': ({ context, event }) =>
      (event.type === 'journal.page.changed'
        ? event.page.gameId
        : 'gameId' in event
          ? event.gameId
          : null) === context.gameId,
  },
}).createMachine({
  id: 'journalPages',
  context: ({ input }) => ({ gameId: input.gameId, pages: [], selectedId: null, error: null }),
  invoke: { src: 'journal facts', input: ({ context }) => ({ gameId: context.gameId }) },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load pages',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'ready', actions: { type: 'show pages', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: journalPagesFailures.load }),
          },
        },
      },
    },
    failed: { on: { 'journal.reload': 'loading' } },
    ready: {
      on: {
        'journal.page.changed': {
          guard: 'is of this game',
          actions: { type: 'keep page', params: ({ event }) => event.page },
        },
        'journal.page.removed': {
          guard: 'is of this game',
          actions: { type: 'forget page', params: ({ event }) => event.id },
        },
        'journal.select': { actions: { type: 'select page', params: ({ event }) => event.id } },
        'journal.error.dismiss': { actions: 'dismiss error' },
        // A reconnection may have missed changes: the list is read again.
        'journal.reload': 'loading',
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'journal.create': 'creating',
            'journal.share': 'sharing',
            'journal.delete': 'deleting',
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            src: 'create page',
            input: ({ context, event }) => ({
              gameId: context.gameId,
              title: event.type === 'journal.create' ? event.title : '',
              shared: event.type === 'journal.create' && event.shared,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keep page', params: ({ event }) => event.output },
                { type: 'select page', params: ({ event }) => event.output.id },
                'dismiss error',
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: journalPagesFailures.create }),
              },
            },
          },
        },
        sharing: {
          tags: ['busy'],
          invoke: {
            src: 'share page',
            input: ({ event }) =>
              event.type === 'journal.share'
                ? { id: event.id, sharing: event.sharing }
                : { id: '', sharing: { shared: false, playersMayWrite: false } },
            onDone: {
              target: 'idle',
              actions: [{ type: 'keep page', params: ({ event }) => event.output }, 'dismiss error'],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: journalPagesFailures.share }),
              },
            },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'delete page',
            input: ({ event }) => ({ id: event.type === 'journal.delete' ? event.id : '' }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'forget page', params: ({ event }) => event.output }, 'dismiss error'],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: journalPagesFailures.delete }),
              },
            },
          },
        },
      },
    },
  },
});
