import { assign, setup } from 'xstate';
import { unprovidedPromise } from './unprovided';

/** platform.md §2, /auth/callback: what is logged when the link brings too little, or tokens of nobody. */
export const authCallbackMessages = {
  missingTokens: 'Retour de connexion incomplet : access_token ou refresh_token manquant',
  refusedTokens: 'Retour de connexion refusé : le serveur ne reconnaît pas ces jetons',
} as const;

/** Who the offered tokens sign in as, as the server reads them. */
export interface OfferedAccount {
  displayName: string;
  email: string;
}

export interface CallbackTokens {
  token: string;
  refreshToken: string;
}

export interface AuthCallbackContext {
  tokens: CallbackTokens | null;
  account: OfferedAccount | null;
}

export type AuthCallbackEvent = { type: 'callback.accept' } | { type: 'callback.decline' };

/**
 * /auth/callback (platform.md §2): where an external sign-in hands over its tokens. Any link can
 * carry tokens, and storing them at once signed the opener into whichever account the link's
 * author chose (login CSRF). The app never starts an external sign-in itself, so no state of its
 * own could vouch for the link: instead the tokens are first shown to the server, without being
 * stored, to learn whose they are, and the visitor is asked « Se connecter en tant que … ? ». Only
 * a yes hands them to the session; a no, tokens the server refuses or a link missing one change
 * nothing. Every way ends at home.
 */
export const authCallbackMachine = setup({
  types: {
    context: {} as AuthCallbackContext,
    events: {} as AuthCallbackEvent,
    input: {} as { token: string | null; refreshToken: string | null },
  },
  actors: {
    /** Asks the server whose the access token is, without storing it. */
    'identify account': unprovidedPromise<OfferedAccount, CallbackTokens>('identify account'),
  },
  actions: {
    'remember account': assign({ account: (_, account: OfferedAccount) => account }),
    /** The session stores the tokens and checks them (auth machine, `auth.tokens.received`). */
    'hand tokens to session': (_, _tokens: CallbackTokens) => {},
    /** platform.md §2: what is missing, or refused, is only logged. */
    'log failure': (_, _text: string) => {},
    'go home': () => {},
  },
  guards: {
    'both tokens are given': ({ context }) => context.tokens !== null,
  },
}).createMachine({
  id: 'authCallback',
  context: ({ input }) => ({
    tokens:
      input.token && input.refreshToken ? { token: input.token, refreshToken: input.refreshToken } : null,
    account: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'both tokens are given', target: 'identifying' },
        {
          target: 'leaving',
          actions: { type: 'log failure', params: authCallbackMessages.missingTokens },
        },
      ],
    },
    identifying: {
      invoke: {
        id: 'identification',
        src: 'identify account',
        input: ({ context }) => context.tokens!,
        onDone: {
          target: 'asking',
          actions: { type: 'remember account', params: ({ event }) => event.output },
        },
        onError: {
          target: 'leaving',
          actions: { type: 'log failure', params: authCallbackMessages.refusedTokens },
        },
      },
    },
    /** « Se connecter en tant que … ? » */
    asking: {
      on: {
        'callback.accept': {
          target: 'leaving',
          actions: { type: 'hand tokens to session', params: ({ context }) => context.tokens! },
        },
        'callback.decline': { target: 'leaving' },
      },
    },
    leaving: { type: 'final', entry: 'go home' },
  },
});
