import { describe, expect, it } from 'vitest';
import { createActor, setup, type AnyActorRef, type AnyEventObject } from 'xstate';
import { whisperNamesInChat } from '../../src/machines/game-chat.machine';
import {
  whisperNamesMachine,
  type WhisperCompleted,
  type WhisperNamesInput,
} from '../../src/machines/whisper-names.machine';
import {
  each,
  everyTransition,
  inSameState,
  itVisitsEveryState,
  outcomesOf,
  testEveryPath,
} from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { settle, type Pending } from '../helpers/machine-model';

const input: WhisperNamesInput = { gameId: 'g-1' };
const characters = ['Aelis', 'Élodie de Montfort', 'Borin'];

const drafts = ['/w ', '/w é', '/w "Élodie de Montfort" ', 'bonjour'];
const userEvents: AnyEventObject[] = [
  ...drafts.map((text) => ({ type: 'draft.changed', text })),
  { type: 'names.next' },
  { type: 'names.previous' },
  { type: 'names.choose' },
  { type: 'names.choose', index: 1 },
  { type: 'names.close' },
];
const reads: AnyEventObject[] = [
  { type: 'xstate.done.actor.characterNames', output: characters },
  { type: 'xstate.error.actor.characterNames', error: new TypeError('Failed to fetch') },
  { type: 'draft.changed', text: '/w ' },
];

/** The names as the chat wires them, under a parent that keeps the drafts they complete. */
function underChat() {
  const loads: Array<Pending<string[]>> = [];
  const completed: string[] = [];
  const chat = createActor(
    setup({
      types: { events: {} as WhisperCompleted },
      actors: {
        names: whisperNamesInChat(
          whisperNamesMachine.provide({
            actors: { 'load character names': pendingCalls<string[], WhisperNamesInput>(loads) },
          }),
        ),
      },
    }).createMachine({
      invoke: { id: 'names', src: 'names', input },
      on: { 'chat.draft.change': { actions: ({ event }) => void completed.push(event.text) } },
    }),
  ).start();
  const names = () => chat.getSnapshot().children.names as AnyActorRef;
  return { names, loads, completed };
}

describe('whisper names: every transition', () => {
  const paths = everyTransition(
    whisperNamesMachine,
    (snapshot) => (snapshot.matches('reading') ? reads : userEvents),
    input,
  );
  itVisitsEveryState(paths, whisperNamesMachine);

  testEveryPath(paths, (path) => {
    const { names, loads, completed } = underChat();
    const send = (step: { event: AnyEventObject }) => sendTo(names())(step);
    const chosen = path.steps.filter((step) => step.event.type === 'names.choose').length;
    return {
      events: {
        ...each(
          userEvents.map((event) => event.type),
          send,
        ),
        ...each(outcomesOf('characterNames'), answerLatest(loads)),
      },
      states: inSameState(names, {
        // The game's characters are read for the chat's own game.
        reading: () => expect(loads.at(-1)?.input).toEqual(input),
        // Open: every name offered begins as the draft's name does.
        open: (expected) => {
          const { offered, active } = expected.context;
          expect(offered.length).toBeGreaterThan(0);
          expect(offered[active]).toBeDefined();
        },
        // Closed: nothing offered; each name chosen went to the chat as the draft, completed.
        closed: (expected) => {
          expect(expected.context.offered).toEqual([]);
          expect(completed.length).toBeLessThanOrEqual(chosen);
          for (const text of completed) expect(text).toMatch(/^\/w (MJ|Aelis|Borin|"Élodie de Montfort") $/);
        },
      }),
    };
  });
});

describe('whisper names', () => {
  async function opened(text: string) {
    const chat = underChat();
    chat.loads[0]!.resolve(characters);
    await settle();
    chat.names().send({ type: 'draft.changed', text });
    return chat;
  }

  it('offers « MJ » and the characters the name begins as, and completes the one the arrows reach', async () => {
    const { names, completed } = await opened('/w ');
    expect(names().getSnapshot().context.offered).toEqual(['MJ', 'Aelis', 'Borin', 'Élodie de Montfort']);
    names().send({ type: 'names.previous' });
    names().send({ type: 'names.choose' });
    expect(completed).toEqual(['/w "Élodie de Montfort" ']);
    expect(names().getSnapshot().value).toBe('closed');
  });

  it('follows the draft, closes with Escape and opens again as the name is typed on', async () => {
    const { names } = await opened('/w b');
    expect(names().getSnapshot().context.offered).toEqual(['Borin']);
    names().send({ type: 'names.close' });
    expect(names().getSnapshot().value).toBe('closed');
    names().send({ type: 'draft.changed', text: '/w bo' });
    expect(names().getSnapshot().context.offered).toEqual(['Borin']);
    names().send({ type: 'draft.changed', text: '/w boz' });
    expect(names().getSnapshot().value).toBe('closed');
  });

  it('offers « MJ » alone when the characters cannot be read', async () => {
    const { names, loads } = underChat();
    loads[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    names().send({ type: 'draft.changed', text: '/w ' });
    expect(names().getSnapshot().context.offered).toEqual(['MJ']);
  });
});
