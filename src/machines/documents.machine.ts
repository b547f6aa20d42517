import { assign, setup } from 'xstate';
import { newestFirst, withShown, type ShownHandout } from '../domain/handouts';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** The Documents panel's texts of failure. */
export const documentsFailures = {
  load: 'Impossible de charger vos documents.',
  picture: 'Impossible d’afficher cette image.',
} as const;

export interface DocumentsInput {
  gameId: string;
}

/** What the socket tells a player of their documents (decision 0029), for this game only. */
export type DocumentsFact =
  | { type: 'handout.shown'; handout: ShownHandout }
  | { type: 'handout.takenBack'; handoutId: string }
  /** The socket came back: what was shown or taken back meanwhile is read again. */
  | { type: 'socket.reconnected' };

export type DocumentsEvent =
  | DocumentsFact
  | { type: 'panel.toggle' }
  | { type: 'panel.close' }
  | { type: 'document.open'; id: string }
  | { type: 'viewer.close' }
  | { type: 'documents.retry' };

export interface DocumentsContext extends DocumentsInput {
  /** What was shown to the player and not taken back, newest first. */
  documents: ShownHandout[];
  /** The document in the viewer. */
  openId: string | null;
  /** Handouts the socket brought since the list began to be read: kept over an older answer. */
  shownWhileLoading: ShownHandout[];
  /** The open picture's blob URL, once read. */
  pictureUrl: string | null;
  loadError: string | null;
}

const opened = (context: DocumentsContext) =>
  context.documents.find((document) => document.id === context.openId);

/**
 * A player's documents at the table (decision 0029): what the MJ showed them, read as the table
 * opens and again after a reconnection, kept up to date from the socket. A handout shown opens at
 * once in the viewer; taken back, it leaves the list and the viewer closes if it showed it. A
 * picture is read with the bearer into a blob URL, released when the viewer leaves it.
 */
export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    input: {} as DocumentsInput,
  },
  actors: {
    'load documents': unprovidedPromise<ShownHandout[], DocumentsInput>('load documents'),
    'document news': unprovidedEvents<DocumentsFact, DocumentsInput>('document news'),
    /** The stored picture's blob URL. */
    'read picture': unprovidedPromise<string, { fileId: string }>('read picture'),
  },
  actions: {
    /** What the server holds, with what the socket brought while it was being read kept on top. */
    'keep documents': assign({
      documents: ({ context }, loaded: ShownHandout[]) =>
        context.shownWhileLoading.reduce(
          (list, shown) =>
            list.some((one) => one.shownAt >= shown.shownAt && one.id === shown.id)
              ? list
              : withShown(list, shown),
          newestFirst(loaded),
        ),
      shownWhileLoading: [],
      loadError: null,
    }),
    'forget shown while loading': assign({ shownWhileLoading: [] }),
    'show load failure': assign({
      loadError: (_, { error }: { error: unknown }) => failureText(error, documentsFailures.load),
    }),
    'add document': assign({
      documents: ({ context }, handout: ShownHandout) => withShown(context.documents, handout),
      shownWhileLoading: ({ context }, handout: ShownHandout) => [...context.shownWhileLoading, handout],
      openId: (_, handout: ShownHandout) => handout.id,
    }),
    'remove document': assign({
      documents: ({ context }, id: string) => context.documents.filter((document) => document.id !== id),
    }),
    'open document': assign({ openId: (_, id: string) => id }),
    'forget open document': assign({ openId: null }),
    'keep picture': assign({ pictureUrl: (_, url: string) => url }),
    /** Provided: the blob URL is revoked. */
    'release picture': (_, _url: string) => {},
    'forget picture': assign({ pictureUrl: null }),
  },
  guards: {
    'it is the open one': ({ context }, id: string) => context.openId === id,
    'it is held': ({ context }, id: string) => context.documents.some((document) => document.id === id),
    'the open one is a picture': ({ context }) => (opened(context)?.fileId ?? null) !== null,
  },
}).createMachine({
  id: 'documents',
  context: ({ input }) => ({
    ...input,
    documents: [],
    shownWhileLoading: [],
    openId: null,
    pictureUrl: null,
    loadError: null,
  }),
  invoke: { id: 'news', src: 'document news', input: ({ context }) => ({ gameId: context.gameId }) },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'forget shown while loading',
          invoke: {
            id: 'load',
            src: 'load documents',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: {
              target: 'ready',
              actions: { type: 'keep documents', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: { type: 'show load failure', params: ({ event }) => event },
            },
          },
        },
        ready: { on: { 'socket.reconnected': 'loading' } },
        failed: { on: { 'documents.retry': 'loading', 'socket.reconnected': 'loading' } },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'panel.toggle': 'open' } },
        open: { on: { 'panel.toggle': 'closed', 'panel.close': 'closed' } },
      },
    },
    viewer: {
      initial: 'closed',
      on: {
        'handout.shown': {
          target: '.reopening',
          actions: { type: 'add document', params: ({ event }) => event.handout },
        },
        'handout.takenBack': [
          {
            guard: { type: 'it is the open one', params: ({ event }) => event.handoutId },
            target: '.closed',
            actions: { type: 'remove document', params: ({ event }) => event.handoutId },
          },
          { actions: { type: 'remove document', params: ({ event }) => event.handoutId } },
        ],
        'document.open': {
          guard: { type: 'it is held', params: ({ event }) => event.id },
          target: '.reopening',
          actions: { type: 'open document', params: ({ event }) => event.id },
        },
      },
      states: {
        closed: { entry: 'forget open document' },
        // Passed through so that a document opened over another leaves it (its picture released)
        // and enters afresh; a re-entering transition here would restart the list's read too.
        reopening: { always: 'open' },
        open: {
          initial: 'choosing',
          on: { 'viewer.close': 'closed' },
          states: {
            choosing: {
              always: [{ guard: 'the open one is a picture', target: 'picture' }, { target: 'text' }],
            },
            text: {},
            picture: {
              initial: 'reading',
              exit: [
                { type: 'release picture', params: ({ context }) => context.pictureUrl ?? '' },
                'forget picture',
              ],
              states: {
                reading: {
                  invoke: {
                    id: 'picture',
                    src: 'read picture',
                    input: ({ context }) => ({ fileId: opened(context)?.fileId ?? '' }),
                    onDone: {
                      target: 'shown',
                      actions: { type: 'keep picture', params: ({ event }) => event.output },
                    },
                    onError: 'unreadable',
                  },
                },
                shown: {},
                unreadable: {},
              },
            },
          },
        },
      },
    },
  },
});
