import { assign, setup } from 'xstate';
import { newestFirst, withShown, type ShownHandout } from '../domain/handouts';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** The Documents panel's texts of failure. */
export const documentsFailures = {
  picture: 'Impossible d’afficher cette image.',
} as const;

export interface DocumentsInput {
  gameId: string;
}

/** What the table tells a player of their documents (decision 0041), for this game only. */
export type DocumentsFact =
  /** The documents the player's copy of the table holds, newest first, each time they change. */
  | { type: 'documents.held'; documents: ShownHandout[] }
  /** A handout shown to the player, heard live (not read from a catch-up): it opens at once. */
  | { type: 'handout.shown'; handout: ShownHandout };

export type DocumentsEvent =
  | DocumentsFact
  | { type: 'panel.toggle' }
  | { type: 'panel.close' }
  | { type: 'document.open'; id: string }
  | { type: 'viewer.close' };

export interface DocumentsContext extends DocumentsInput {
  /** What was shown to the player and not taken back, newest first. */
  documents: ShownHandout[];
  /** Handouts heard live that the table's copy has not folded yet (it may wait for a catch-up). */
  heard: ShownHandout[];
  /** The document in the viewer. */
  openId: string | null;
  /** The open picture's blob URL, once read. */
  pictureUrl: string | null;
}

const opened = (context: DocumentsContext) =>
  context.documents.find((document) => document.id === context.openId);

/** Whether the table's list holds this handout as shown then or later. */
const folds = (documents: readonly ShownHandout[], shown: ShownHandout) =>
  documents.some((one) => one.id === shown.id && one.shownAt >= shown.shownAt);

/** The table's list with the handouts heard and not folded yet on top. */
function merged(documents: ShownHandout[], heard: readonly ShownHandout[]): ShownHandout[] {
  return heard.reduce((list, shown) => withShown(list, shown), newestFirst(documents));
}

/**
 * A player's documents at the table (decisions 0029, 0041): what the MJ showed them, as their copy
 * of the table's log holds it — so a reload, a reconnection's catch-up and the live table agree. A
 * handout heard live opens at once in the viewer; one that leaves the list (taken back) closes the
 * viewer if it showed it. A handout folded from a catch-up joins the list without opening: it is
 * the past, as the narration treats it. A picture is read with the bearer into a blob URL,
 * released when the viewer leaves it.
 */
export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    input: {} as DocumentsInput,
  },
  actors: {
    'document news': unprovidedEvents<DocumentsFact, DocumentsInput>('document news'),
    /** The stored picture's blob URL. */
    'read picture': unprovidedPromise<string, { fileId: string }>('read picture'),
  },
  actions: {
    'keep documents': assign(({ context }, documents: ShownHandout[]) => {
      const heard = context.heard.filter((shown) => !folds(documents, shown));
      return { heard, documents: merged(documents, heard) };
    }),
    'add document': assign({
      documents: ({ context }, handout: ShownHandout) => withShown(context.documents, handout),
      heard: ({ context }, handout: ShownHandout) =>
        folds(context.documents, handout) ? context.heard : [...context.heard, handout],
      openId: (_, handout: ShownHandout) => handout.id,
    }),
    'open document': assign({ openId: (_, id: string) => id }),
    'forget open document': assign({ openId: null }),
    'keep picture': assign({ pictureUrl: (_, url: string) => url }),
    /** Provided: the blob URL is revoked. */
    'release picture': (_, _url: string) => {},
    'forget picture': assign({ pictureUrl: null }),
  },
  guards: {
    'the open one leaves': ({ context }, documents: ShownHandout[]) =>
      context.openId !== null &&
      !merged(documents, context.heard).some((document) => document.id === context.openId),
    'it is held': ({ context }, id: string) => context.documents.some((document) => document.id === id),
    'the open one is a picture': ({ context }) => (opened(context)?.fileId ?? null) !== null,
  },
}).createMachine({
  id: 'documents',
  context: ({ input }) => ({
    ...input,
    documents: [],
    heard: [],
    openId: null,
    pictureUrl: null,
  }),
  invoke: { id: 'news', src: 'document news', input: ({ context }) => ({ gameId: context.gameId }) },
  type: 'parallel',
  states: {
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
        'documents.held': [
          {
            guard: { type: 'the open one leaves', params: ({ event }) => event.documents },
            target: '.closed',
            actions: { type: 'keep documents', params: ({ event }) => event.documents },
          },
          { actions: { type: 'keep documents', params: ({ event }) => event.documents } },
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
        // and enters afresh.
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
