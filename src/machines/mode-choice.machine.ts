import { setup } from 'xstate';

export type Mode = 'gameMaster' | 'player';

export type ModeChoiceEvent =
  | { type: 'mode.choose'; mode: Mode }
  | { type: 'mode.back' }
  /** The user signed out: the next one starts from the choice. */
  | { type: 'session.ended' };

/**
 * After login a user plays one of two parts: game master (runs the games they create) or player
 * (answers invitations and plays characters). The home screen shows one part at a time, and the
 * user may go back and choose again. The choice belongs to the signed-in user only, so a logout
 * returns to the choice.
 */
export const modeChoiceMachine = setup({
  types: {
    events: {} as ModeChoiceEvent,
  },
  guards: {
    'game master was chosen': ({ event }) => event.type === 'mode.choose' && event.mode === 'gameMaster',
  },
}).createMachine({
  id: 'modeChoice',
  on: {
    'session.ended': { target: '.choosing' },
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'mode.choose': [{ guard: 'game master was chosen', target: 'gameMaster' }, { target: 'player' }],
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
