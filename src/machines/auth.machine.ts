import { assertEvent, assign, setup, spawnChild } from 'xstate';
import type { RegisterResponse, SessionTokens } from '../api/schemas/auth';
import type { LoginRequest, RegisterRequest } from '../api/schemas/auth-requests';
import { accountMessages, displayNameError } from '../domain/account';
import type { SessionUser } from '../domain/roles';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** platform.md §8: shown when the server gives no text of its own. */
export const authFailures = {
  login: 'Échec de la connexion',
  registration: "Échec de l'inscription",
} as const;

/**
 * What the stored-token watcher reports: a change made by another tab or by this tab's REST client
 * renewing the token. `user` is read from the new token's claims.
 */
export type StoredTokenFact = { type: 'token.replaced'; user: SessionUser } | { type: 'token.removed' };

export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string }
  | { type: 'auth.register'; email: string; password: string; confirmPassword: string; displayName: string }
  | { type: 'auth.logout' }
  /** The error or success text has been read (the overlay was switched or closed). */
  | { type: 'auth.feedback.dismiss' }
  /** Tokens handed over by an external sign-in (the /auth/callback route). */
  | { type: 'auth.tokens.received'; token: string; refreshToken: string }
  | StoredTokenFact;

export interface AuthContext {
  user: SessionUser | null;
  authError: string | null;
  registrationMessage: string | null;
}

/**
 * Whether a failed session check means the server refused the session (401 or 403, or a stored
 * token nobody can read), rather than that no answer came: a network cut, or the page being left
 * while the check was in flight.
 */
export function isSessionRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('name' in error && error.name === 'UnreadableToken') return true;
  return 'status' in error && (error.status === 401 || error.status === 403);
}

/**
 * Who is signed in. The session lives in local storage and outlives the page, so on start the
 * stored token is checked with the server before anyone is treated as signed in; a token the
 * server refuses is removed with the user id and name stored beside it. A check that got no
 * answer (the network, or the user following a link while it was in flight) refused nothing: the
 * stored session stays for the next page, which checks it again.
 * Logging in stores the new tokens and then checks them the same way; registration logs in when
 * the server hands back a token. Logging out forgets everything at once and tells the server
 * without waiting for it. Storage is shared by every tab, so a token renewed or removed elsewhere
 * (or by the REST client renewing it here) updates or ends this session too.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Checks the stored token with the server; answers the user it names (after any renewal). */
    'verify session': unprovidedPromise<SessionUser>('verify session'),
    'log in': unprovidedPromise<SessionTokens, LoginRequest>('log in'),
    register: unprovidedPromise<RegisterResponse, RegisterRequest>('register'),
    /** Best effort: its outcome changes nothing here. */
    'end server session': unprovidedPromise<void, { token: string | undefined }>('end server session'),
    'watch stored token': unprovidedEvents<StoredTokenFact>('watch stored token'),
  },
  actions: {
    /** Stores whichever of the two tokens the server sent. */
    'store tokens': (_, _params: { token?: string; refreshToken?: string }) => {},
    'store session': (_, _params: SessionUser) => {},
    /** jwt, userId and displayName (platform.md §4): what a refused token leaves behind. */
    'clear stored credentials': () => {},
    /** The three values plus the refresh token: nothing of the session stays after a logout. */
    'forget session': () => {},
    'set user': assign({ user: (_, user: SessionUser) => user }),
    'forget user': assign({ user: null }),
    'show failure': assign({
      authError: (_, { error, fallback }: { error: unknown; fallback: string }) =>
        failureText(error, fallback),
    }),
    /** A client rule's refusal (src/domain/account.ts), shown before any call. */
    'show refusal': assign({ authError: (_, { text }: { text: string | null }) => text }),
    'show registration message': assign({ registrationMessage: (_, { text }: { text: string }) => text }),
    'clear feedback': assign({ authError: null, registrationMessage: null }),
    'clear error': assign({ authError: null }),
    // A child of the whole machine, not of a state: the user is gone before the server answers.
    'end server session in background': spawnChild('end server session', {
      input: ({ context }) => ({ token: context.user?.token }),
    }),
  },
  guards: {
    'passwords differ': ({ event }) =>
      event.type === 'auth.register' && event.password !== event.confirmPassword,
    'display name is refused': ({ event }) =>
      event.type === 'auth.register' && displayNameError(event.displayName) !== null,
    'token names the signed-in user': ({ context, event }) =>
      event.type === 'token.replaced' && event.user.id === context.user?.id,
    'server returned a token': (_, { token }: { token: string | undefined }) => token !== undefined,
    'the server refused the session': (_, { error }: { error: unknown }) => isSessionRefusal(error),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, authError: null, registrationMessage: null },
  invoke: { id: 'storedToken', src: 'watch stored token' },
  on: {
    'auth.tokens.received': {
      target: '.verifying',
      actions: [
        'clear feedback',
        {
          type: 'store tokens',
          params: ({ event }) => ({ token: event.token, refreshToken: event.refreshToken }),
        },
      ],
    },
  },
  initial: 'loading',
  states: {
    /** Checking the token stored by an earlier visit; pages that call with it wait for the answer. */
    loading: {
      tags: ['busy', 'reading session'],
      invoke: {
        id: 'verification',
        src: 'verify session',
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'set user', params: ({ event }) => event.output },
            { type: 'store session', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'the server refused the session',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'unauthenticated',
            actions: 'clear stored credentials',
          },
          { target: 'unauthenticated' },
        ],
      },
    },
    unauthenticated: {
      on: {
        'auth.login': { target: 'loggingIn', actions: 'clear feedback' },
        'auth.register': [
          {
            guard: 'passwords differ',
            actions: { type: 'show refusal', params: { text: accountMessages.passwordsMismatch } },
          },
          {
            guard: 'display name is refused',
            actions: {
              type: 'show refusal',
              params: ({ event }) => ({ text: displayNameError(event.displayName) }),
            },
          },
          { target: 'registering', actions: 'clear feedback' },
        ],
        'auth.feedback.dismiss': { actions: 'clear feedback' },
        // Signed in from another tab.
        'token.replaced': { target: 'verifying', actions: 'clear feedback' },
      },
    },
    loggingIn: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'log in',
        input: ({ event }) => {
          assertEvent(event, 'auth.login');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'verifying',
          actions: { type: 'store tokens', params: ({ event }) => event.output },
        },
        onError: {
          target: 'unauthenticated',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: authFailures.login }),
          },
        },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'registration',
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'auth.register');
          return { email: event.email, password: event.password, displayName: event.displayName.trim() };
        },
        onDone: [
          {
            guard: {
              type: 'server returned a token',
              params: ({ event }) => ({ token: event.output.token }),
            },
            target: 'verifying',
            actions: [
              { type: 'show registration message', params: ({ event }) => ({ text: event.output.message }) },
              { type: 'store tokens', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'unauthenticated',
            actions: {
              type: 'show registration message',
              params: ({ event }) => ({ text: event.output.message }),
            },
          },
        ],
        onError: {
          target: 'unauthenticated',
          actions: {
            type: 'show failure',
            params: ({ event }) => ({ error: event.error, fallback: authFailures.registration }),
          },
        },
      },
    },
    /** Checking tokens just received (login, registration, another tab, the callback route). */
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verification',
        src: 'verify session',
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'set user', params: ({ event }) => event.output },
            { type: 'store session', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: {
              type: 'the server refused the session',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'unauthenticated',
            actions: [
              'clear stored credentials',
              'forget user',
              {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: authFailures.login }),
              },
            ],
          },
          {
            target: 'unauthenticated',
            actions: [
              'forget user',
              {
                type: 'show failure',
                params: ({ event }) => ({ error: event.error, fallback: authFailures.login }),
              },
            ],
          },
        ],
      },
    },
    authenticated: {
      // An error belonged to the way in. The registration's success stays until the home screen
      // has shown it (dismissed there) or the user leaves: none should greet the next visitor.
      entry: 'clear error',
      on: {
        'auth.feedback.dismiss': { actions: 'clear feedback' },
        'auth.logout': {
          target: 'unauthenticated',
          actions: ['end server session in background', 'forget session', 'forget user', 'clear feedback'],
        },
        // Logged out in another tab.
        'token.removed': {
          target: 'unauthenticated',
          actions: ['clear stored credentials', 'forget user', 'clear feedback'],
        },
        'token.replaced': [
          {
            // A renewal: same user, new token (and the name it now carries).
            guard: 'token names the signed-in user',
            actions: [
              { type: 'set user', params: ({ event }) => event.user },
              { type: 'store session', params: ({ event }) => event.user },
            ],
          },
          // Another account signed in elsewhere: check it before showing it.
          { target: 'verifying', actions: 'clear feedback' },
        ],
      },
    },
  },
});
