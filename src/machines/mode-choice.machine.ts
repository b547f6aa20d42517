import { assign, setup } from 'xstate';
import { unprovidedPromise } from './unprovided';

export type Mode = 'gameMaster' | 'player';

export type ModeChoiceEvent =
  | { type: 'mode.choose'; mode: Mode }
  | { type: 'mode.back' }
  /** Someone signed in: their last mode, if one is remembered, opens at once. */
  | { type: 'session.started'; userId: string }
  /** The user signed out: the next one starts from the choice. */
  | { type: 'session.ended' };

export interface ModeChoiceContext {
  userId: string | null;
}

/**
 * After login a user plays one of two parts: game master (runs the games they create) or player
 * (answers invitations and plays characters). The home screen shows one part at a time, and the
 * user may go back and choose again. The choice belongs to the signed-in user only, so a logout
 * returns to the choice. The last part chosen is remembered for that user: signing in again, or
 * coming back home, opens it without asking.
 */
export const modeChoiceMachine = setup({
  types: {
    context: {} as ModeChoiceContext,
    events: {} as ModeChoiceEvent,
  },
  actors: {
    /** The mode this user chose last time, null when none is remembered. */
    'recall mode': unprovidedPromise<Mode | null, { userId: string }>('recall mode'),
  },
  actions: {
    'remember mode': (_, _params: { userId: string; mode: Mode }) => {},
    'set user': assign({ userId: (_, userId: string) => userId }),
    'forget user': assign({ userId: null }),
  },
  guards: {
    'game master was chosen': ({ event }) => event.type === 'mode.choose' && event.mode === 'gameMaster',
    'is mode': (_, { mode, expected }: { mode: Mode | null; expected: Mode }) => mode === expected,
  },
}).createMachine({
  id: 'modeChoice',
  context: { userId: null },
  on: {
    'session.started': {
      target: '.recalling',
      actions: { type: 'set user', params: ({ event }) => event.userId },
    },
    'session.ended': { target: '.choosing', actions: 'forget user' },
  },
  initial: 'choosing',
  states: {
    /** Reading the mode remembered for the user who just signed in. */
    recalling: {
      invoke: {
        id: 'recall',
        src: 'recall mode',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: [
          {
            guard: {
              type: 'is mode',
              params: ({ event }) => ({ mode: event.output, expected: 'gameMaster' }),
            },
            target: 'gameMaster',
          },
          {
            guard: { type: 'is mode', params: ({ event }) => ({ mode: event.output, expected: 'player' }) },
            target: 'player',
          },
          { target: 'choosing' },
        ],
        // Nothing readable is remembered: the user chooses.
        onError: { target: 'choosing' },
      },
    },
    choosing: {
      on: {
        'mode.choose': [
          {
            guard: 'game master was chosen',
            target: 'gameMaster',
            actions: {
              type: 'remember mode',
              params: ({ context, event }) => ({ userId: context.userId ?? '', mode: event.mode }),
            },
          },
          {
            target: 'player',
            actions: {
              type: 'remember mode',
              params: ({ context, event }) => ({ userId: context.userId ?? '', mode: event.mode }),
            },
          },
        ],
      },
    },
    gameMaster: {
      on: { 'mode.back': { target: 'choosing' } },
    },
    player: {
      on: { 'mode.back': { target: 'choosing' } },
    },
  },
});
