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

/** What the check answers when the user is the game's master. */
export interface GrantedGame {
  name: string;
}

/**
 * The per-game admin page belongs to the game's master alone (table.md §6). Before anything of
 * the game is shown, the page asks the server — the only judge — whether the signed-in user is
 * that master: while it answers, an overlay says what is being checked; a refusal shows why and
 * sends the user home after a moment, as does an address without a game.
 */
export const adminPermissionCheckMachine = setup({
  types: {
    context: {} as PermissionCheckContext,
    input: {} as { gameId: string | null },
  },
  actors: {
    /** Resolves with the game when the user is its master; rejects with the server's refusal otherwise. */
    'check game master': unprovidedPromise<GrantedGame, { gameId: string }>('check game master'),
  },
  actions: {
    'remember game name': assign({ gameName: (_, { game }: { game: GrantedGame }) => game.name }),
    'remember refusal': assign({
      refusal: (_, { error }: { error: unknown }) => failureText(error, permissionCheckMessages.refused),
    }),
  },
  guards: {
    'game id is given': ({ context }) => context.gameId !== null && context.gameId !== '',
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
        src: 'check game master',
        input: ({ context }) => ({ gameId: context.gameId ?? '' }),
        onDone: {
          target: 'granted',
          actions: { type: 'remember game name', params: ({ event }) => ({ game: event.output }) },
        },
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
