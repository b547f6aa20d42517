import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { equipmentSlotOf, withEquipment, type EquippedMemory } from '../../src/domain/character/equipment';
import { characterMessages as m } from '../../src/domain/character/messages';
import { noSkillPoints } from '../../src/domain/character/skills';
import { startingStats } from '../../src/domain/character/stats';
import {
  equipmentMachine,
  type EquipmentChange,
  type EquipmentContext,
  type EquipmentEvent,
} from '../../src/machines/equipment.machine';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest } from '../helpers/fake-effects';
import { deferred, expectSameState, settle, visitedStates, type Pending } from '../helpers/machine-model';

const base = { stats: startingStats(), skills: noSkillPoints() };
const helmet: EquippedMemory = { memoryId: 'm-helmet', name: 'Heaume', type: 'Casque', stat: { force: 1 } };
const crown: EquippedMemory = {
  memoryId: 'm-crown',
  name: 'Couronne',
  type: 'Casque',
  stat: '{"sagesse":2}',
};
const greaves: EquippedMemory = {
  memoryId: 'm-greaves',
  name: 'Grèves',
  type: 'Jambière',
  stat: [{ stat: 'agilite', bonus: 1 }],
};
const ring: EquippedMemory = {
  memoryId: 'm-ring',
  name: 'Anneau',
  type: 'Anneau',
  stat: { perception: 1, damage: '1d4' },
};

const input = { playerId: 'p-1', equipped: [greaves], base };

const intents: AnyEventObject[] = [
  { type: 'equipment.equip', memory: helmet },
  { type: 'equipment.equip', memory: ring },
  { type: 'equipment.equip', memory: greaves },
  { type: 'equipment.unequip', memoryId: greaves.memoryId },
  { type: 'equipment.unequip', memoryId: helmet.memoryId },
  { type: 'equipment.feedback.dismiss' },
];

/**
 * What the fake server wears after a change: the slot rule applied as the server applies it, so
 * the model's answers are ones the server can give.
 */
function serverAfter(equipped: EquippedMemory[], change: EquipmentChange): EquippedMemory[] {
  const memory = [helmet, crown, greaves, ring].find((item) => item.memoryId === change.memoryId)!;
  if (change.action === 'unequip') return equipped.filter((item) => item.memoryId !== memory.memoryId);
  const slot = equipmentSlotOf(memory.type);
  return [...equipped.filter((item) => slot === null || equipmentSlotOf(item.type) !== slot), memory];
}

/** Intents, plus the outcomes of the call in flight (an outcome of no call cannot happen). */
const modelEvents = (snapshot: { value: unknown; context: EquipmentContext }): AnyEventObject[] =>
  snapshot.value === 'changing'
    ? [
        ...intents,
        {
          type: 'xstate.done.actor.change',
          output: serverAfter(snapshot.context.equipped, {
            playerId: 'p-1',
            ...snapshot.context.target!,
          }),
        },
        { type: 'xstate.error.actor.change', error: new Error('500') },
      ]
    : intents;

function startEquipment() {
  const calls: Array<Pending<EquippedMemory[]> & { input: EquipmentChange }> = [];
  const announced: string[] = [];
  const warned: string[] = [];
  const actor = createActor(
    equipmentMachine.provide({
      actors: {
        'change equipment': fromPromise(({ input: change }: { input: EquipmentChange }) => {
          const call = deferred<EquippedMemory[]>(change);
          calls.push(call as Pending<EquippedMemory[]> & { input: EquipmentChange });
          return call.promise;
        }),
      },
      actions: {
        'announce equipment change': (_, { playerId }) => announced.push(playerId),
        'warn unknown memory type': (_, { memory }) => warned.push(memory.type),
      },
    }),
    { input },
  ).start();
  return { actor, calls, announced, warned };
}

describe('equipment: every transition', () => {
  const paths = everyTransition(equipmentMachine, modelEvents, input);

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['changing', 'idle']);
  });

  testEveryPath(paths, () => {
    const e = startEquipment();
    const send = ({ event }: { event: AnyEventObject }) => void e.actor.send(event as EquipmentEvent);
    const answer = answerLatest(e.calls);
    return {
      events: {
        ...each(['equipment.equip', 'equipment.unequip', 'equipment.feedback.dismiss'], send),
        ...each(outcomesOf('change'), answer),
      },
      states: {
        '*': (expected) => {
          expectSameState(e.actor, expected as never);
          const { equipped, shown, error } = e.actor.getSnapshot().context;
          // The rule always holds: one memory per slot, and the numbers follow the equipment.
          const slots = equipped.map((item) => equipmentSlotOf(item.type)).filter((slot) => slot !== null);
          expect(new Set(slots).size).toBe(slots.length);
          expect(shown).toEqual(withEquipment(base, equipped));
          if (error !== null) expect(error).toBe(m.equipFailed);
        },
        idle: () => {
          // Busy means a call is waiting: at rest, none is.
          expect(e.actor.getSnapshot().hasTag('busy')).toBe(false);
        },
        changing: () => {
          const { target } = e.actor.getSnapshot().context;
          expect(e.actor.getSnapshot().hasTag('busy')).toBe(true);
          expect(e.calls.at(-1)!.input).toEqual({ playerId: 'p-1', ...target });
        },
      },
    };
  });
});

describe('equipment', () => {
  it('equips with one call and wears what the server answers, the old helmet gone', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.equip', memory: helmet });
    e.calls[0]!.resolve([greaves, helmet]);
    await settle();
    expect(e.actor.getSnapshot().context.shown.stats.force).toBe(9);
    e.actor.send({ type: 'equipment.equip', memory: crown });
    expect(e.actor.getSnapshot().value).toBe('changing');
    expect(e.calls[1]!.input).toEqual({ playerId: 'p-1', memoryId: 'm-crown', action: 'equip' });
    e.calls[1]!.resolve([greaves, crown]);
    await settle();
    expect(e.calls).toHaveLength(2);
    expect(e.announced).toEqual(['p-1', 'p-1']);
    const { equipped, shown } = e.actor.getSnapshot().context;
    expect(equipped.map((item) => item.memoryId)).toEqual(['m-greaves', 'm-crown']);
    expect(shown.stats).toMatchObject({ force: 8, sagesse: 10, agilite: 9 });
  });

  it('shows the spec failure and changes nothing when the call fails; the text can be dismissed', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.unequip', memoryId: greaves.memoryId });
    expect(e.calls[0]!.input).toEqual({ playerId: 'p-1', memoryId: 'm-greaves', action: 'unequip' });
    e.calls[0]!.reject(new Error('réseau'));
    await settle();
    expect(e.actor.getSnapshot().context).toMatchObject({ error: m.equipFailed, equipped: [greaves] });
    expect(e.announced).toEqual([]);
    e.actor.send({ type: 'equipment.feedback.dismiss' });
    expect(e.actor.getSnapshot().context.error).toBeNull();
  });

  it('equips a memory of no known slot beside the others, with a warning only', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.equip', memory: ring });
    e.calls[0]!.resolve([greaves, ring]);
    await settle();
    expect(e.warned).toEqual(['Anneau']);
    expect(e.actor.getSnapshot().context.shown.skills.perception).toBe(1);
    expect(e.actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores equipping what is already on, and unequipping what is not', () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.equip', memory: greaves });
    e.actor.send({ type: 'equipment.unequip', memoryId: 'm-none' });
    expect(e.actor.getSnapshot().value).toBe('idle');
    expect(e.calls).toHaveLength(0);
  });

  it('follows the sheet the server reports after a change elsewhere, base included', () => {
    const e = startEquipment();
    const stronger = { ...base, stats: { ...base.stats, force: 12 } };
    e.actor.send({ type: 'equipment.reloaded', equipped: [helmet, crown], base: stronger });
    expect(e.actor.getSnapshot().context.shown.stats).toMatchObject({ force: 13, sagesse: 10, agilite: 8 });
  });
});
