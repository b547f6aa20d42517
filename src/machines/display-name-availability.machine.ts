import { assign, setup } from 'xstate';
import { accountMessages, displayNameError, SEARCH_MIN } from '../domain/account';
import { failureText } from './failure-text';
import { unprovidedPromise } from './unprovided';

/** platform.md §8: shown when the check itself fails. */
export const availabilityFailure = "Échec de la vérification du nom d'affichage";

export type DisplayNameAvailabilityEvent =
  | { type: 'name.typed'; name: string }
  /** The user's name changed (a saved profile): that name needs no check any more. */
  | { type: 'name.current'; name: string };

export interface DisplayNameAvailabilityContext {
  current: string;
  name: string;
  message: string | null;
}

/**
 * Whether the display name being typed in the profile is free (platform.md §4 and §5): nothing is
 * asked until 500 ms after the last key, for a name of 2 characters or more that breaks no rule
 * and differs from the current one. The answer for a name typed since is never shown: a new key
 * restarts the wait and drops the check under way.
 */
export const displayNameAvailabilityMachine = setup({
  types: {
    context: {} as DisplayNameAvailabilityContext,
    events: {} as DisplayNameAvailabilityEvent,
    input: {} as { current: string },
  },
  actors: {
    'check display name': unprovidedPromise<boolean, { name: string }>('check display name'),
  },
  actions: {
    'remember name': assign({ name: (_, name: string) => name.trim(), message: null }),
    'remember current': assign({ current: (_, name: string) => name.trim() }),
    'say unavailable': assign({ message: accountMessages.displayNameTaken }),
    'say check failed': assign({
      message: ({ event }) => failureText('error' in event ? event.error : null, availabilityFailure),
    }),
  },
  guards: {
    'name needs no check': ({ context, event }) => {
      if (event.type !== 'name.typed') return false;
      const name = event.name.trim();
      return name.length < SEARCH_MIN || displayNameError(name) !== null || name === context.current;
    },
    'name is free': ({ event }) => 'output' in event && event.output === true,
  },
  delays: {
    /** platform.md §9: availability debounce. */
    availabilityDebounce: 500,
  },
}).createMachine({
  id: 'displayNameAvailability',
  context: ({ input }) => ({ current: input.current.trim(), name: input.current.trim(), message: null }),
  initial: 'idle',
  on: {
    'name.typed': [
      {
        guard: 'name needs no check',
        target: '.idle',
        actions: { type: 'remember name', params: ({ event }) => event.name },
      },
      {
        target: '.waiting',
        reenter: true,
        actions: { type: 'remember name', params: ({ event }) => event.name },
      },
    ],
    'name.current': {
      target: '.idle',
      actions: [
        { type: 'remember current', params: ({ event }) => event.name },
        { type: 'remember name', params: ({ event }) => event.name },
      ],
    },
  },
  states: {
    idle: {},
    /** The user may still be typing. */
    waiting: {
      after: { availabilityDebounce: { target: 'checking' } },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check display name',
        input: ({ context }) => ({ name: context.name }),
        onDone: [
          { guard: 'name is free', target: 'available' },
          { target: 'unavailable', actions: 'say unavailable' },
        ],
        onError: { target: 'idle', actions: 'say check failed' },
      },
    },
    available: {},
    unavailable: {},
  },
});
