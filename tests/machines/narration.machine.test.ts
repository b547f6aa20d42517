import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  NARRATION_GATHER_MS,
  NARRATION_MAX_SENTENCES,
  narrationMachine,
  type NarrationEvent,
} from '../../src/machines/narration.machine';
import { everyTransition, testEveryPath } from '../helpers/every-path';
import { expectSameState, visitedStates } from '../helpers/machine-model';

const quiet = { type: 'xstate.after.narrationGather.narration.gathering' };

type Snapshot = ReturnType<typeof narrationMachine.getInitialSnapshot>;

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  return [
    { type: 'narration.heard', text: 'Gobelin 1 avance en D5.', about: 'g1' },
    ...(snapshot.matches('gathering') ? [quiet] : []),
  ];
}

function startNarration() {
  const clock = new SimulatedClock();
  const said: string[] = [];
  const actor = createActor(
    narrationMachine.provide({ actions: { say: (_, text: string) => void said.push(text) } }),
    { clock },
  ).start();
  return {
    actor,
    clock,
    said,
    hear: (event: Omit<NarrationEvent, 'type'>) => actor.send({ type: 'narration.heard', ...event }),
  };
}

describe('narration: every transition', () => {
  const paths = everyTransition(narrationMachine, modelEvents);

  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(['gathering', 'quiet']);
  });

  testEveryPath(paths, () => {
    const { actor, clock, said } = startNarration();
    return {
      events: {
        'narration.heard': ({ event }) => void actor.send(event as NarrationEvent),
        [quiet.type]: () => void clock.increment(NARRATION_GATHER_MS),
      },
      states: {
        '*': (expected) => expectSameState(actor, expected as never),
        // Quiet: nothing waits to be said.
        quiet: () => expect(actor.getSnapshot().context.gathered).toEqual([]),
        // Gathering: something waits, and nothing of it is said yet.
        gathering: () => {
          expect(actor.getSnapshot().context.gathered).not.toEqual([]);
          expect(said.at(-1)).not.toBe(
            actor
              .getSnapshot()
              .context.gathered.map(({ text }) => text)
              .join(' '),
          );
        },
      },
    };
  });
});

describe('narration', () => {
  it('says an attack and its outcome together, a token dragged where it stopped', () => {
    const { clock, said, hear } = startNarration();
    hear({ text: 'Gobelin 1 avance en D5.', about: 'g1' });
    hear({ text: 'Aria : Épée — 1d20 = 18 · touché', about: undefined });
    hear({ text: 'Gobelin 1 avance en E5.', about: 'g1' });
    clock.increment(NARRATION_GATHER_MS - 1);
    expect(said).toEqual([]);
    clock.increment(1);
    expect(said).toEqual(['Aria : Épée — 1d20 = 18 · touché Gobelin 1 avance en E5.']);
  });

  it('keeps the latest sentences of a long burst', () => {
    const { clock, said, hear } = startNarration();
    for (let line = 1; line <= NARRATION_MAX_SENTENCES + 2; line += 1) hear({ text: `${line}.` });
    clock.increment(NARRATION_GATHER_MS);
    expect(said).toEqual(['3. 4. 5. 6. 7. 8.']);
  });
});
