import { assign, setup } from 'xstate';
import type { HandoutAudience } from '../domain/handouts';
import type {
  CreateHandoutRequest,
  HandoutLibrary,
  HandoutPlayer,
  HandoutView,
} from '../api/schemas/handouts';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** The MJ's handout library's texts of failure, when the server sent none. */
export const handoutLibraryFailures = {
  load: 'Impossible de charger vos documents.',
  save: 'Le document n’a pas pu être enregistré.',
  upload: 'L’image n’a pas pu être envoyée.',
  show: 'Le document n’a pas pu être montré.',
  takeBack: 'Le document n’a pas pu être repris.',
  delete: 'Le document n’a pas pu être supprimé.',
  title: 'Donnez un titre au document.',
  text: 'Écrivez le texte du document.',
  picture: 'Choisissez une image.',
  nobody: 'Choisissez au moins un joueur.',
} as const;

export interface HandoutLibraryInput {
  gameId: string;
}

export interface HandoutDraft {
  title: string;
  kind: 'text' | 'picture';
  text: string;
  picture: Blob | null;
}

/** What a picture's upload reports (`uploadFile`, decision 0026). */
export type UploadFact =
  { type: 'upload.progress'; loaded: number; total: number } | { type: 'upload.stored'; fileId: string };

export type HandoutLibraryEvent =
  | UploadFact
  | { type: 'panel.toggle' }
  | { type: 'panel.close' }
  | {
      type: 'draft.change';
      title?: string;
      kind?: HandoutDraft['kind'];
      text?: string;
      picture?: Blob | null;
    }
  | { type: 'draft.submit' }
  /** Opens the choice of players for this handout, every player ticked. */
  | { type: 'audience.open'; id: string }
  | { type: 'audience.toggle'; userId: string }
  | { type: 'audience.cancel' }
  | { type: 'audience.submit' }
  | { type: 'handout.takeBack'; id: string }
  | { type: 'handout.delete'; id: string }
  | { type: 'library.retry' };

export interface HandoutLibraryContext extends HandoutLibraryInput {
  handouts: HandoutView[];
  players: HandoutPlayer[];
  draft: HandoutDraft;
  /** Percent of the picture sent, while it uploads. */
  progress: number | null;
  /** The handout whose players are being chosen, and those ticked. */
  audience: { id: string; userIds: string[] } | null;
  /** The picture's stored file, once uploaded: what the new handout names. */
  uploaded: string | null;
  /** The handout a call is about (show, take back, delete). */
  targetId: string | null;
  error: string | null;
}

const blankDraft: HandoutDraft = { title: '', kind: 'text', text: '', picture: null };

const draftRefusal = ({ title, kind, text, picture }: HandoutDraft): string | null => {
  if (title.trim() === '') return handoutLibraryFailures.title;
  if (kind === 'text' && text.trim() === '') return handoutLibraryFailures.text;
  if (kind === 'picture' && picture === null) return handoutLibraryFailures.picture;
  return null;
};

/** Who the chosen players are, as the server reads them: « all » when every player is ticked. */
export function audienceOf(userIds: readonly string[], players: readonly HandoutPlayer[]): HandoutAudience {
  return players.length > 0 && players.every((player) => userIds.includes(player.userId))
    ? { to: 'all' }
    : { to: 'chosen', userIds: [...userIds] };
}

/**
 * The MJ's handouts at the table (decision 0029): the library read as the panel first opens, a
 * new handout written (a title and a text) or brought (a title and a picture, uploaded with its
 * progress before the handout names it), shown to every player or to those ticked, taken back
 * from all who hold it, deleted. One call at a time; a refusal stays on the panel until the next
 * action.
 */
export const handoutLibraryMachine = setup({
  types: {
    context: {} as HandoutLibraryContext,
    events: {} as HandoutLibraryEvent,
    input: {} as HandoutLibraryInput,
  },
  actors: {
    'load library': unprovidedPromise<HandoutLibrary, HandoutLibraryInput>('load library'),
    'upload picture': unprovidedEvents<UploadFact, { gameId: string; picture: Blob }>('upload picture'),
    'create handout': unprovidedPromise<HandoutView, { gameId: string; body: CreateHandoutRequest }>(
      'create handout',
    ),
    'show handout': unprovidedPromise<HandoutView, { gameId: string; id: string; audience: HandoutAudience }>(
      'show handout',
    ),
    'take handout back': unprovidedPromise<HandoutView, { gameId: string; id: string }>('take handout back'),
    'delete handout': unprovidedPromise<void, { gameId: string; id: string }>('delete handout'),
  },
  actions: {
    'keep library': assign({
      handouts: (_, library: HandoutLibrary) => library.handouts,
      players: (_, library: HandoutLibrary) => library.players,
      error: null,
    }),
    'change draft': assign({
      draft: ({ context }, change: Partial<HandoutDraft>) => ({ ...context.draft, ...change }),
      error: null,
    }),
    'refuse draft': assign({ error: ({ context }) => draftRefusal(context.draft) }),
    'keep progress': assign({
      progress: (_, { loaded, total }: { loaded: number; total: number }) =>
        total > 0 ? Math.round((loaded / total) * 100) : 0,
    }),
    'forget progress': assign({ progress: null }),
    'add handout': assign({
      handouts: ({ context }, handout: HandoutView) => [handout, ...context.handouts],
      draft: blankDraft,
      uploaded: null,
    }),
    'replace handout': assign({
      handouts: ({ context }, handout: HandoutView) =>
        context.handouts.map((one) => (one.id === handout.id ? handout : one)),
    }),
    'drop target': assign({
      handouts: ({ context }) => context.handouts.filter((one) => one.id !== context.targetId),
    }),
    'open audience': assign({
      audience: ({ context }, id: string) => ({
        id,
        userIds: context.players.map((player) => player.userId),
      }),
      error: null,
    }),
    'toggle player': assign({
      audience: ({ context }, userId: string) =>
        context.audience && {
          id: context.audience.id,
          userIds: context.audience.userIds.includes(userId)
            ? context.audience.userIds.filter((id) => id !== userId)
            : [...context.audience.userIds, userId],
        },
    }),
    'close audience': assign({ audience: null }),
    'refuse empty audience': assign({ error: handoutLibraryFailures.nobody }),
    'aim at': assign({ targetId: (_, id: string) => id, error: null }),
    'show failure': assign({ error: (_, text: string) => text }),
    'forget error': assign({ error: null }),
    /** A failed call: the server's text, else the fallback of what was tried. */
    fail: assign({
      error: (_, { error, fallback }: { error: unknown; fallback: string }) => failureText(error, fallback),
    }),
  },
  guards: {
    'draft is complete': ({ context }) => draftRefusal(context.draft) === null,
    'draft is a picture': ({ context }) => context.draft.kind === 'picture',
    'some player is ticked': ({ context }) => (context.audience?.userIds.length ?? 0) > 0,
  },
}).createMachine({
  id: 'handoutLibrary',
  context: ({ input }) => ({
    ...input,
    handouts: [],
    players: [],
    draft: blankDraft,
    progress: null,
    uploaded: null,
    audience: null,
    targetId: null,
    error: null,
  }),
  type: 'parallel',
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'panel.toggle': 'open' } },
        open: { on: { 'panel.toggle': 'closed', 'panel.close': 'closed' } },
      },
    },
    library: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load library',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: {
              target: 'ready',
              actions: { type: 'keep library', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ error: event.error, fallback: handoutLibraryFailures.load }),
              },
            },
          },
        },
        failed: { on: { 'library.retry': 'loading' } },
        ready: {
          on: {
            'draft.change': { actions: { type: 'change draft', params: ({ event }) => event } },
            'draft.submit': [{ guard: 'draft is complete', target: 'saving' }, { actions: 'refuse draft' }],
            'audience.open': { actions: { type: 'open audience', params: ({ event }) => event.id } },
            'audience.toggle': { actions: { type: 'toggle player', params: ({ event }) => event.userId } },
            'audience.cancel': { actions: 'close audience' },
            'audience.submit': [
              { guard: 'some player is ticked', target: 'showing' },
              { actions: 'refuse empty audience' },
            ],
            'handout.takeBack': {
              target: 'takingBack',
              actions: { type: 'aim at', params: ({ event }) => event.id },
            },
            'handout.delete': {
              target: 'deleting',
              actions: { type: 'aim at', params: ({ event }) => event.id },
            },
          },
        },
        saving: {
          entry: 'forget error',
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'draft is a picture', target: 'uploading' }, { target: 'creating' }],
            },
            uploading: {
              invoke: {
                id: 'upload',
                src: 'upload picture',
                input: ({ context }) => ({ gameId: context.gameId, picture: context.draft.picture! }),
                onError: {
                  target: '#handoutLibrary.library.ready',
                  actions: [
                    {
                      type: 'fail',
                      params: ({ event }) => ({
                        error: event.error,
                        fallback: handoutLibraryFailures.upload,
                      }),
                    },
                    'forget progress',
                  ],
                },
              },
              on: {
                'upload.progress': { actions: { type: 'keep progress', params: ({ event }) => event } },
                'upload.stored': {
                  target: 'creating',
                  actions: ['forget progress', assign({ uploaded: ({ event }) => event.fileId })],
                },
              },
            },
            creating: {
              invoke: {
                id: 'create',
                src: 'create handout',
                input: ({ context }) => ({
                  gameId: context.gameId,
                  body:
                    context.draft.kind === 'picture'
                      ? { title: context.draft.title.trim(), fileId: context.uploaded ?? '' }
                      : { title: context.draft.title.trim(), text: context.draft.text },
                }),
                onDone: {
                  target: '#handoutLibrary.library.ready',
                  actions: { type: 'add handout', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#handoutLibrary.library.ready',
                  actions: {
                    type: 'fail',
                    params: ({ event }) => ({ error: event.error, fallback: handoutLibraryFailures.save }),
                  },
                },
              },
            },
          },
        },
        showing: {
          invoke: {
            id: 'show',
            src: 'show handout',
            input: ({ context }) => ({
              gameId: context.gameId,
              id: context.audience?.id ?? '',
              audience: audienceOf(context.audience?.userIds ?? [], context.players),
            }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'replace handout', params: ({ event }) => event.output }, 'close audience'],
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ error: event.error, fallback: handoutLibraryFailures.show }),
              },
            },
          },
        },
        takingBack: {
          invoke: {
            id: 'takeBack',
            src: 'take handout back',
            input: ({ context }) => ({ gameId: context.gameId, id: context.targetId ?? '' }),
            onDone: {
              target: 'ready',
              actions: { type: 'replace handout', params: ({ event }) => event.output },
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ error: event.error, fallback: handoutLibraryFailures.takeBack }),
              },
            },
          },
        },
        deleting: {
          invoke: {
            id: 'delete',
            src: 'delete handout',
            input: ({ context }) => ({ gameId: context.gameId, id: context.targetId ?? '' }),
            onDone: { target: 'ready', actions: 'drop target' },
            onError: {
              target: 'ready',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ error: event.error, fallback: handoutLibraryFailures.delete }),
              },
            },
          },
        },
      },
    },
  },
});
