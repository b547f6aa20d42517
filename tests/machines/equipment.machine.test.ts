import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { equipmentSlotOf, withEquipment, type EquippedMemory } from '../../src/domain/character/equipment';
import { characterMessages as m } from '../../src/domain/character/messages';
import { noSkillPoints } from '../../src/domain/character/skills';
import { startingStats } from '../../src/domain/character/stats';
import {
  equipmentMachine,
  type EquipmentChange,
  type EquipmentEvent,
} from '../../src/machines/equipment.machine';
import {
  deferred,
  expectSameState,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  titleOf,
  visitedStates,
  type Pending,
} from '../helpers/machine-model';

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
  { type: 'equipment.equip', memory: crown },
  { type: 'equipment.equip', memory: ring },
  { type: 'equipment.unequip', memoryId: helmet.memoryId },
  { type: 'equipment.unequip', memoryId: greaves.memoryId },
];

/** The call each busy state waits on. */
const callOf: Record<string, string> = {
  replacing: 'unequipPrevious',
  equipping: 'equip',
  unequipping: 'unequip',
};

/** Intents, plus the outcomes of the one call in flight (an outcome of no call cannot happen). */
const modelEvents = (snapshot: { value: unknown }): AnyEventObject[] => {
  const id = callOf[snapshot.value as string];
  return id
    ? [
        ...intents,
        { type: `xstate.done.actor.${id}` },
        { type: `xstate.error.actor.${id}`, error: new Error('500') },
      ]
    : intents;
};

function startEquipment() {
  const calls: Array<Pending<void> & { input: EquipmentChange }> = [];
  const messages: string[] = [];
  const announced: string[] = [];
  const warned: string[] = [];
  const actor = createActor(
    equipmentMachine.provide({
      actors: {
        'change equipment': fromPromise(({ input: change }: { input: EquipmentChange }) => {
          const call = deferred<void>(change);
          calls.push(call as Pending<void> & { input: EquipmentChange });
          return call.promise;
        }),
      },
      actions: {
        'post system message': (_, { text }) => messages.push(text),
        'announce equipment change': (_, { playerId }) => announced.push(playerId),
        'warn unknown memory type': (_, { memory }) => warned.push(memory.type),
      },
    }),
    { input },
  ).start();
  return { actor, calls, messages, announced, warned };
}

describe('equipment: every transition', () => {
  const paths = pathsThroughEveryTransition(modelOf(equipmentMachine, modelEvents, input));

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['equipping', 'idle', 'replacing', 'unequipping']);
  });

  for (const path of paths) {
    it(titleOf(path), async () => {
      const e = startEquipment();
      const send = ({ event }: { event: AnyEventObject }) => void e.actor.send(event as EquipmentEvent);
      const answer = async ({ event }: { event: AnyEventObject }) => {
        const call = e.calls.at(-1)!;
        if (event.type.startsWith('xstate.error')) call.reject(event.error);
        else call.resolve();
        await settle();
      };
      await path.test({
        events: {
          'equipment.equip': send,
          'equipment.unequip': send,
          ...Object.fromEntries(
            ['unequipPrevious', 'equip', 'unequip'].flatMap((id) => [
              [`xstate.done.actor.${id}`, answer],
              [`xstate.error.actor.${id}`, answer],
            ]),
          ),
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
          replacing: () => {
            expect(e.calls.at(-1)!.input).toMatchObject({ playerId: 'p-1', action: 'unequip' });
          },
          equipping: () => {
            expect(e.calls.at(-1)!.input).toMatchObject({ action: 'equip' });
          },
          unequipping: () => {
            expect(e.calls.at(-1)!.input).toMatchObject({ action: 'unequip' });
          },
        },
      });
    });
  }
});

describe('equipment', () => {
  it('takes the old helmet off before putting the new one on, each with its message', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.equip', memory: helmet });
    e.calls[0]!.resolve();
    await settle();
    expect(e.actor.getSnapshot().context.shown.stats.force).toBe(9);
    e.actor.send({ type: 'equipment.equip', memory: crown });
    expect(e.actor.getSnapshot().value).toBe('replacing');
    expect(e.calls[1]!.input).toEqual({ playerId: 'p-1', memoryId: 'm-helmet', action: 'unequip' });
    e.calls[1]!.resolve();
    await settle();
    expect(e.calls[2]!.input).toEqual({ playerId: 'p-1', memoryId: 'm-crown', action: 'equip' });
    e.calls[2]!.resolve();
    await settle();
    expect(e.messages).toEqual(['Équipé: Heaume', 'Déséquipé: Heaume', 'Équipé: Couronne']);
    expect(e.announced).toEqual(['p-1', 'p-1', 'p-1']);
    const { equipped, shown } = e.actor.getSnapshot().context;
    expect(equipped.map((item) => item.memoryId)).toEqual(['m-greaves', 'm-crown']);
    expect(shown.stats).toMatchObject({ force: 8, sagesse: 10, agilite: 9 });
  });

  it('shows the spec failure and changes nothing when the call fails', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.unequip', memoryId: greaves.memoryId });
    e.calls[0]!.reject(new Error('réseau'));
    await settle();
    expect(e.actor.getSnapshot().context).toMatchObject({ error: m.equipFailed, equipped: [greaves] });
    expect(e.messages).toEqual([]);
  });

  it('equips a memory of no known slot beside the others, with a warning only', async () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.equip', memory: ring });
    e.calls[0]!.resolve();
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

  it('follows the list the server reports after a change elsewhere', () => {
    const e = startEquipment();
    e.actor.send({ type: 'equipment.reloaded', equipped: [helmet, crown] });
    expect(e.actor.getSnapshot().context.shown.stats).toMatchObject({ force: 9, sagesse: 10, agilite: 8 });
  });
});
