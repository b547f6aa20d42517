import { assign, setup } from 'xstate';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** table.md §2 and platform.md §2, §6: the per-game admin page's gate texts. */
export const permissionCheckMessages = {
  noGame: 'Aucune partie sélectionnée',
  refused: "Vous n'êtes pas autorisé à accéder à cette partie...",
} as const;

export interface PermissionCheckContext {
  gameId: string | null;
  /** Why the user is turned away: the server's text, else the spec's refusal. */
  refusal: string | null;
  /** The game's name once granted, so the page says which game it administers. */
  gameName: string | null;
}

/** The game as the signed-in user reads it, and who that user is. */
export interface ReadGame {
  name: string;
  mjUserId: string;
  readerId: string;
}

/**
 * The per-game admin page belongs to the game's master alone (table.md §6, platform.md §6: its
 * mjUserId is the user). Before anything of the game is shown, the page reads the game and
 * compares: reading is not enough, as the game's players and every admin may read it yet may write
 * nothing on this page. While it reads, an overlay says what is being checked; a refusal (the
 * server's, else the spec's) shows why and sends the user home after a moment, as does an address
 * without a game.
 */
export const adminPermissionCheckMachine = setup({
  types: {
    context: {} as PermissionCheckContext,
    input: {} as { gameId: string | null },
  },
  actors: {
    /** Resolves with the game and its reader; rejects with the server's refusal when it may not be read. */
    'read game': unprovidedPromise<ReadGame, { gameId: string }>('read game'),
  },
  actions: {
    'remember game name': assign({ gameName: (_, { game }: { game: ReadGame }) => game.name }),
    'remember spec refusal': assign({ refusal: permissionCheckMessages.refused }),
    'remember refusal': assign({
      refusal: (_, { error }: { error: unknown }) => failureText(error, permissionCheckMessages.refused),
    }),
  },
  guards: {
    'game id is given': ({ context }) => context.gameId !== null && context.gameId !== '',
    'reader is the game master': (_, { game }: { game: ReadGame }) => game.mjUserId === game.readerId,
  },
  delays: {
    /** platform.md §9: the redirect delay after a refusal. */
    redirectHome: 2000,
  },
}).createMachine({
  id: 'adminPermissionCheck',
  context: ({ input }) => ({ gameId: input.gameId, refusal: null, gameName: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'game id is given', target: 'checking' }, { target: 'noGame' }],
    },
    checking: {
      invoke: {
        id: 'checkGameMaster',
        src: 'read game',
        input: ({ context }) => ({ gameId: context.gameId ?? '' }),
        onDone: [
          {
            guard: { type: 'reader is the game master', params: ({ event }) => ({ game: event.output }) },
            target: 'granted',
            actions: { type: 'remember game name', params: ({ event }) => ({ game: event.output }) },
          },
          { target: 'denied', actions: 'remember spec refusal' },
        ],
        onError: {
          target: 'denied',
          actions: { type: 'remember refusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    granted: {},
    noGame: { after: { redirectHome: 'leaving' } },
    denied: { after: { redirectHome: 'leaving' } },
    /** The page goes home. */
    leaving: { type: 'final' },
  },
});
