import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { CreateCharacterRequest } from '../../src/api/schemas/characters';
import {
  allocationRefusal,
  allocationRefusals,
  buildCharacter,
  raiseSkill,
  raiseStat,
  remainingBudgets,
  startingAllocation,
  toggleBoost,
  type Allocation,
} from '../../src/domain/character/creation';
import { characterMessages as m } from '../../src/domain/character/messages';
import { SKILL_NAMES } from '../../src/domain/character/skills';
import {
  characterCreationMachine,
  type CharacterCreationEvent,
} from '../../src/machines/character-creation.machine';
import { completeAllocation } from '../helpers/characters';
import { each, inSameState, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls, sendTo } from '../helpers/fake-effects';
import { modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';

const bucket = 'https://images.shatteredrealms.fr/';
const target = completeAllocation('Aria');

type Snapshot = SnapshotFrom<typeof characterCreationMachine>;

/**
 * The one step that brings an allocation closer to `target`: boosts first, then statistics, then
 * skills. Walking the budgets along one line keeps the model small while every budget is still
 * reached unused, part-used and fully used.
 */
function nextStep(a: Allocation): CharacterCreationEvent | null {
  const capacity = (Object.keys(target.boosts) as Array<keyof typeof target.boosts>).find(
    (name) => a.boosts[name] !== target.boosts[name],
  );
  if (capacity) return { type: 'boost.toggle', capacity };
  const stat = (Object.keys(target.stats) as Array<keyof typeof target.stats>).find(
    (name) => a.stats[name] < target.stats[name],
  );
  if (stat) return { type: 'stat.raise', stat };
  const skill = SKILL_NAMES.find((name) => (a.skills[name] ?? 0) < (target.skills[name] ?? 0));
  return skill ? { type: 'skill.raise', skill } : null;
}

const failure = {
  status: 403,
  message: 'x',
  body: { error: "Vous n'êtes pas autorisé à accéder à cette partie..." },
};

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  const { allocation, imageBucketUrl } = snapshot.context;
  const step = nextStep(allocation);
  const atStart = allocation.stats.force === 8 && remainingBudgets(allocation).boosts === 4;
  const events: AnyEventObject[] = [
    { type: 'character.save' },
    { type: 'xstate.done.actor.saving', output: { id: 'c-1' } },
    { type: 'xstate.error.actor.saving', error: failure },
    { type: 'xstate.after.successPause.characterCreation.created' },
  ];
  if (step) events.push(step);
  if (imageBucketUrl === null) events.push({ type: 'xstate.done.actor.imageBucket', output: bucket });
  if (atStart && allocation.name === '') events.push({ type: 'name.change', name: 'Aria' });
  if (!step) {
    events.push(
      { type: 'name.change', name: '' },
      { type: 'name.change', name: 'Onzelettres' },
      { type: 'name.change', name: 'Aria' },
      { type: 'image.change', link: 'https://ailleurs.fr/Player_Aria.png' },
      { type: 'image.change', link: `${bucket}Player_Aria.png` },
    );
  }
  return events;
}

/** The machine on fake effects: the calls answered by the test, navigation recorded, a simulated clock. */
function startCreation(gameId: string | null = 'G1') {
  const clock = new SimulatedClock();
  const calls: { bucket: Pending<string>[]; create: Pending<{ id: string }>[] } = { bucket: [], create: [] };
  const went: string[] = [];
  const actor = createActor(
    characterCreationMachine.provide({
      actors: {
        'load image bucket': pendingCalls(calls.bucket),
        'create character': pendingCalls<{ id: string }, CreateCharacterRequest>(calls.create),
      },
      actions: {
        'go to game': (_, { gameId: game, playerId }) =>
          went.push(`/game?gameId=${game}&playerId=${playerId}`),
        'go home': () => went.push('/'),
      },
    }),
    { input: { gameId }, clock },
  ).start();
  return { actor, clock, calls, went };
}

describe('character creation: shortest paths to every state', () => {
  const model = modelOf(characterCreationMachine, modelEvents, { gameId: 'G1' });
  const paths = model.getShortestPaths();

  it('reaches every state, with a manageable number of paths', () => {
    expect(visitedStates(paths)).toEqual(['created', 'editing', 'left', 'saving']);
    expect(paths.length).toBeLessThan(400);
  });

  testEveryPath(paths, () => {
    const c = startCreation();
    return {
      events: {
        ...each(
          ['stat.raise', 'boost.toggle', 'skill.raise', 'name.change', 'image.change', 'character.save'],
          sendTo(c.actor),
        ),
        'xstate.done.actor.imageBucket': answerLatest(c.calls.bucket),
        ...each(outcomesOf('saving'), answerLatest(c.calls.create)),
        'xstate.after.successPause.characterCreation.created': () => c.clock.increment(1500),
      },
      states: inSameState(c.actor, {
        editing: () => {
          const { allocation, refusals, imageBucketUrl, failure: shown } = c.actor.getSnapshot().context;
          const budgets = remainingBudgets(allocation);
          expect(Math.min(budgets.stats, budgets.boosts, budgets.skills)).toBeGreaterThanOrEqual(0);
          // The refusal is the rules' answer at the last save; the bucket may have arrived since.
          if (refusals.length > 0) {
            expect([
              allocationRefusals(allocation, imageBucketUrl),
              allocationRefusals(allocation, null),
            ]).toContainEqual(refusals);
          }
          if (shown !== null) expect(shown).toEqual({ text: m.creationFailed, detail: failure.body.error });
          expect(c.went).toEqual([]);
        },
        saving: () => {
          const { allocation } = c.actor.getSnapshot().context;
          expect(allocationRefusal(allocation, c.actor.getSnapshot().context.imageBucketUrl)).toBeNull();
          const { assetLink, ...built } = buildCharacter(allocation);
          expect(c.calls.create.at(-1)!.input).toEqual({
            ...built,
            ...(assetLink ? { assetLink } : {}),
            gameId: 'G1',
          });
        },
        created: () => {
          expect(c.actor.getSnapshot().context.createdId).toBe('c-1');
          expect(c.went).toEqual([]);
        },
        left: () => {
          expect(c.went).toEqual(['/game?gameId=G1&playerId=c-1']);
        },
      }),
    };
  });
});

describe('character creation', () => {
  it('refuses to save with every spec message that applies, all at once', async () => {
    const c = startCreation(null);
    c.calls.bucket[0]!.resolve(bucket);
    await settle();
    const save = () => {
      c.actor.send({ type: 'character.save' });
      return c.actor.getSnapshot().context.refusals;
    };
    expect(save()).toEqual([m.nameRequired, m.boostsUnused, m.statPointsUnused, m.skillPointsUnused]);
    c.actor.send({ type: 'name.change', name: 'Onzelettres' });
    expect(save()).toEqual([m.nameTooLong, m.boostsUnused, m.statPointsUnused, m.skillPointsUnused]);
    c.actor.send({ type: 'name.change', name: 'Aria' });
    c.actor.send({ type: 'boost.toggle', capacity: 'rune' });
    c.actor.send({ type: 'boost.toggle', capacity: 'aspect' });
    expect(save()).toEqual([m.statPointsUnused, m.skillPointsUnused]);
    for (let i = 0; i < 15; i += 1) c.actor.send({ type: 'stat.raise', stat: 'agilite' });
    expect(c.actor.getSnapshot().context.allocation.stats.agilite).toBe(20);
    for (let i = 0; i < 6; i += 1) c.actor.send({ type: 'stat.raise', stat: 'instinct' });
    expect(save()).toEqual([m.skillPointsUnused]);
    expect(c.calls.create).toHaveLength(0);
  });

  it('forgets a refusal as soon as the allocation changes', () => {
    const c = startCreation();
    c.actor.send({ type: 'character.save' });
    expect(c.actor.getSnapshot().context.refusals).toEqual(expect.arrayContaining([m.nameRequired]));
    c.actor.send({ type: 'stat.lower', stat: 'force' });
    expect(c.actor.getSnapshot().context.refusals).toEqual([]);
    expect(c.actor.getSnapshot().context.allocation.stats.force).toBe(7);
    c.actor.send({ type: 'skill.raise', skill: 'volonte' });
    c.actor.send({ type: 'skill.lower', skill: 'volonte' });
    expect(c.actor.getSnapshot().context.allocation.skills.volonte).toBe(0);
  });

  it('refuses any image link until the bucket is known', () => {
    const c = startCreation();
    for (const event of allocationEvents('Aria')) c.actor.send(event);
    c.actor.send({ type: 'image.change', link: `${bucket}Player_Aria.png` });
    c.actor.send({ type: 'character.save' });
    expect(c.actor.getSnapshot().context.refusals).toEqual([m.invalidImageLink]);
  });

  it('goes home after creating a character outside any game', async () => {
    const c = startCreation(null);
    for (const event of allocationEvents('Aria')) c.actor.send(event);
    c.actor.send({ type: 'character.save' });
    expect(c.calls.create[0]!.input).not.toHaveProperty('gameId');
    c.calls.create[0]!.resolve({ id: 'c-9' });
    await settle();
    expect(c.actor.getSnapshot().value).toBe('created');
    c.clock.increment(1500);
    expect(c.went).toEqual(['/']);
    expect(c.actor.getSnapshot().status).toBe('done');
  });
});

/** The clicks that build `target` from the start, named `name`. */
function allocationEvents(name: string): CharacterCreationEvent[] {
  const events: CharacterCreationEvent[] = [{ type: 'name.change', name }];
  let a: Allocation = { ...startingAllocation(), name };
  for (let step = nextStep(a); step; step = nextStep(a)) {
    events.push(step);
    if (step.type === 'boost.toggle') a = toggleBoost(a, step.capacity);
    if (step.type === 'stat.raise') a = raiseStat(a, step.stat);
    if (step.type === 'skill.raise') a = raiseSkill(a, step.skill);
  }
  return events;
}
