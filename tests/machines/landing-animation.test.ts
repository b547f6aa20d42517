import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { modelOf, pathsThroughEveryTransition } from '../helpers/machine-model';
import {
  LANDING_COLLAPSE_MS,
  LANDING_EXPAND_MS,
  landingAnimationMachine,
  type BegunEntrance,
} from '../../src/machines/landing-animation.machine';

const afterCollapse = { type: 'xstate.after.animationCollapse.landingAnimation.collapsing' };
const afterExpand = { type: 'xstate.after.animationExpand.landingAnimation.expanding' };

// Clicks and resets are tried everywhere (to see them ignored); a timer only where it runs.
const model = modelOf(
  landingAnimationMachine,
  (snapshot) => [
    { type: 'landing.click' },
    { type: 'landing.click', animate: false },
    { type: 'landing.reset' },
    ...(snapshot.matches('collapsing') ? [afterCollapse] : []),
    ...(snapshot.matches('expanding') ? [afterExpand] : []),
  ],
  {},
);

/** A running landing actor on simulated time, counting how often the join fired. */
function startLanding(begun?: BegunEntrance) {
  const clock = new SimulatedClock();
  const joins: number[] = [];
  const actor = createActor(
    landingAnimationMachine.provide({ actions: { 'fire join': () => joins.push(clock.now()) } }),
    { clock, input: { begun } },
  ).start();
  return { actor, clock, joins };
}

describe('landing animation', () => {
  const paths = pathsThroughEveryTransition(model);

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        [path.state, ...path.steps.map((step) => step.state)].map((s) => JSON.stringify(s.value)),
      ),
    );
    expect([...reached].sort()).toEqual(['"collapsing"', '"expanding"', '"idle"', '"joined"']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, clock, joins } = startLanding();
      let joinedEntries = 0;
      const ignoresClicks = () => {
        const before = actor.getSnapshot().value;
        actor.send({ type: 'landing.click' });
        actor.send({ type: 'landing.click', animate: false });
        expect(actor.getSnapshot().value).toBe(before);
      };

      await path.test({
        events: {
          'landing.click': ({ event }) => actor.send(event as { type: 'landing.click'; animate?: boolean }),
          'landing.reset': () => actor.send({ type: 'landing.reset' }),
          [afterCollapse.type]: () => clock.increment(LANDING_COLLAPSE_MS),
          [afterExpand.type]: () => clock.increment(LANDING_EXPAND_MS),
        },
        states: {
          idle: () => {
            expect(actor.getSnapshot().value).toBe('idle');
            expect(joins).toHaveLength(joinedEntries);
          },
          collapsing: () => {
            expect(actor.getSnapshot().value).toBe('collapsing');
            ignoresClicks();
            expect(joins).toHaveLength(joinedEntries);
          },
          expanding: () => {
            expect(actor.getSnapshot().value).toBe('expanding');
            ignoresClicks();
            expect(joins).toHaveLength(joinedEntries);
          },
          joined: () => {
            joinedEntries += 1;
            expect(actor.getSnapshot().value).toBe('joined');
            // The join fired exactly once for this entrance, and not again while the player stays.
            expect(joins).toHaveLength(joinedEntries);
            clock.increment(60_000);
            expect(joins).toHaveLength(joinedEntries);
          },
        },
      });
    });
  }

  it('fires the join only after the collapse and the expansion have both run', () => {
    const { actor, clock, joins } = startLanding();
    actor.send({ type: 'landing.click' });
    clock.increment(LANDING_COLLAPSE_MS);
    expect(actor.getSnapshot().value).toBe('expanding');
    clock.increment(LANDING_EXPAND_MS - 1);
    expect(joins).toEqual([]);
    clock.increment(1);
    expect(joins).toEqual([LANDING_COLLAPSE_MS + LANDING_EXPAND_MS]);
  });

  it('fires the join at once when no animation is requested', () => {
    const { actor, joins } = startLanding();
    actor.send({ type: 'landing.click', animate: false });
    expect(actor.getSnapshot().value).toBe('joined');
    expect(joins).toEqual([0]);
  });

  it('cancels a running animation on reset, so no join fires later', () => {
    const { actor, clock, joins } = startLanding();
    actor.send({ type: 'landing.click' });
    clock.increment(LANDING_COLLAPSE_MS + 10);
    actor.send({ type: 'landing.reset' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(joins).toEqual([]);
  });

  it('goes on with an entrance begun before it ran, its collapse shortened by the time played', () => {
    const { actor, clock, joins } = startLanding({ animate: true, elapsedMs: 200 });
    expect(actor.getSnapshot().value).toBe('collapsing');
    clock.increment(LANDING_COLLAPSE_MS - 200);
    expect(actor.getSnapshot().value).toBe('expanding');
    clock.increment(LANDING_EXPAND_MS);
    expect(joins).toEqual([LANDING_COLLAPSE_MS - 200 + LANDING_EXPAND_MS]);
  });

  it('expands at once when the begun collapse has already played in full', () => {
    const { actor, clock } = startLanding({ animate: true, elapsedMs: 3000 });
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe('expanding');
  });

  it('joins at once for an entrance begun without animation', () => {
    const { actor, joins } = startLanding({ animate: false, elapsedMs: 50 });
    expect(actor.getSnapshot().value).toBe('joined');
    expect(joins).toEqual([0]);
  });

  it('plays a later entrance in full, and rests after a reset', () => {
    const { actor, clock, joins } = startLanding({ animate: true, elapsedMs: 400 });
    clock.increment(LANDING_COLLAPSE_MS - 400);
    clock.increment(LANDING_EXPAND_MS);
    actor.send({ type: 'landing.click' });
    clock.increment(LANDING_COLLAPSE_MS - 1);
    expect(actor.getSnapshot().value).toBe('collapsing');
    clock.increment(1);
    clock.increment(LANDING_EXPAND_MS);
    expect(joins).toHaveLength(2);
    actor.send({ type: 'landing.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
