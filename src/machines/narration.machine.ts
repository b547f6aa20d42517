import { assign, setup } from 'xstate';

/** How long the narration waits for the rest of what happened before saying it. */
export const NARRATION_GATHER_MS = 600;

/** The most sentences said at once: a fight's append is an attack, its blows, a death, a turn. */
export const NARRATION_MAX_SENTENCES = 6;

export interface Sentence {
  text: string;
  /** The token a move is about: a later move of the same token takes its place. */
  about?: string;
}

export type NarrationEvent = { type: 'narration.heard' } & Sentence;

export interface NarrationContext {
  gathered: Sentence[];
}

/**
 * What the table's live region says of the events the listener's copy received (decision 0035):
 * sentences are gathered until none has come for a short while, so one region says an attack and
 * its outcome together instead of cutting itself off at each line, and a token dragged or stepped
 * across the map is said once, where it stopped. What is gathered is handed to the provided
 * `say`, which the live table shows in its one live region.
 */
export const narrationMachine = setup({
  types: {
    context: {} as NarrationContext,
    events: {} as NarrationEvent,
  },
  actions: {
    gather: assign({
      gathered: ({ context }, sentence: Sentence) =>
        [
          ...context.gathered.filter((said) => sentence.about === undefined || said.about !== sentence.about),
          sentence,
        ].slice(-NARRATION_MAX_SENTENCES),
    }),
    say: (_, _text: string) => {},
    forget: assign({ gathered: [] }),
  },
  delays: { narrationGather: NARRATION_GATHER_MS },
}).createMachine({
  id: 'narration',
  context: { gathered: [] },
  initial: 'quiet',
  states: {
    quiet: {
      on: {
        'narration.heard': {
          target: 'gathering',
          actions: { type: 'gather', params: ({ event }) => event },
        },
      },
    },
    gathering: {
      after: {
        narrationGather: {
          target: 'quiet',
          actions: [
            {
              type: 'say',
              params: ({ context }) => context.gathered.map((sentence) => sentence.text).join(' '),
            },
            'forget',
          ],
        },
      },
      on: {
        // Each sentence restarts the wait: a drag said while it goes on would flood the reader.
        'narration.heard': {
          target: 'gathering',
          reenter: true,
          actions: { type: 'gather', params: ({ event }) => event },
        },
      },
    },
  },
});
