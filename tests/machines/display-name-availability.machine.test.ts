import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import {
  availabilityFailure,
  displayNameAvailabilityMachine,
} from '../../src/machines/display-name-availability.machine';
import { each, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { expectSameState, modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';

const afterDebounce = { type: 'xstate.after.availabilityDebounce.displayNameAvailability.waiting' };
const allEvents: AnyEventObject[] = [
  { type: 'name.typed', name: 'Bea' },
  { type: 'name.typed', name: 'B' },
  { type: 'name.typed', name: ' Ana ' },
  { type: 'name.typed', name: 'Onze-lettre' },
  { type: 'name.current', name: 'Bea' },
  afterDebounce,
  { type: 'xstate.done.actor.check', output: true },
  { type: 'xstate.done.actor.check', output: false },
  { type: 'xstate.error.actor.check', error: new TypeError('Failed to fetch') },
];
const events = (snapshot: { matches(state: string): boolean }) =>
  allEvents.filter(
    (event) =>
      (event !== afterDebounce || snapshot.matches('waiting')) &&
      (!event.type.includes('.actor.check') || snapshot.matches('checking')),
  );

function startAvailability() {
  const clock = new SimulatedClock();
  const checks: Pending<boolean>[] = [];
  const actor = createActor(
    displayNameAvailabilityMachine.provide({
      actors: {
        'check display name': pendingCalls(checks),
      },
    }),
    { input: { current: 'Ana' }, clock },
  ).start();
  return { actor, clock, checks };
}

describe('display name availability: shortest paths to every state', () => {
  const paths = modelOf(displayNameAvailabilityMachine, events, { current: 'Ana' }).getShortestPaths();
  it('reaches the four states of the spec', () => {
    expect(visitedStates(paths)).toEqual(['available', 'checking', 'idle', 'unavailable', 'waiting']);
  });
  testEveryPath(paths, () => {
    const { actor, clock, checks } = startAvailability();
    return {
      events: {
        ...each(['name.typed', 'name.current'], sendTo(actor)),
        [afterDebounce.type]: () => clock.increment(500),
        ...each(outcomesOf('check'), answerLatest(checks)),
      },
      states: {
        '*': (expected) => expectSameState(actor, expected),
        checking: () => expect(checks.at(-1)?.input).toEqual({ name: actor.getSnapshot().context.name }),
        unavailable: () =>
          expect(actor.getSnapshot().context.message).toBe("Ce nom d'affichage est déjà utilisé"),
      },
    };
  });
});

describe('display name availability', () => {
  it('asks nothing before 500 ms of quiet, and only for the last name typed', async () => {
    const { actor, clock, checks } = startAvailability();
    actor.send({ type: 'name.typed', name: 'Be' });
    clock.increment(499);
    actor.send({ type: 'name.typed', name: 'Bea' });
    clock.increment(499);
    expect(checks).toHaveLength(0);
    clock.increment(1);
    expect(checks.map((check) => check.input)).toEqual([{ name: 'Bea' }]);
  });

  it('never asks about a short name, a broken one or the current one', () => {
    const { actor, clock, checks } = startAvailability();
    for (const name of ['B', 'Onze-lettre', ' Ana ', '']) {
      actor.send({ type: 'name.typed', name });
      clock.increment(1000);
    }
    expect(checks).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('says when the check itself failed', async () => {
    const { actor, clock, checks } = startAvailability();
    actor.send({ type: 'name.typed', name: 'Bea' });
    clock.increment(500);
    checks[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.message).toBe(availabilityFailure);
  });
});
