import { assign, setup } from 'xstate';
import {
  equipmentSlotOf,
  occupantOfSlot,
  withEquipment,
  type EquippedMemory,
  type SheetNumbers,
} from '../domain/character/equipment';
import { characterMessages } from '../domain/character/messages';
import { unprovidedPromise } from './unprovided';

export type EquipAction = 'equip' | 'unequip';

/** One call for both directions (`PUT /player-memories/equip/{playerId}/{memoryId}`). */
export interface EquipmentChange {
  playerId: string;
  memoryId: string;
  action: EquipAction;
}

export type EquipmentEvent =
  | { type: 'equipment.equip'; memory: EquippedMemory }
  | { type: 'equipment.unequip'; memoryId: string }
  /** The equipped list as the server now has it (after an `equipmentChange` from elsewhere). */
  | { type: 'equipment.reloaded'; equipped: EquippedMemory[] };

export interface EquipmentContext {
  playerId: string;
  equipped: EquippedMemory[];
  /** The sheet's numbers without equipment. */
  base: SheetNumbers;
  /** What the sheet shows: base plus every equipped bonus, recomputed after each change. */
  shown: SheetNumbers;
  /** The memory being put on or taken off. */
  target: EquippedMemory | null;
  /** The memory the target replaces in its slot, while it is being taken off. */
  previous: EquippedMemory | null;
  error: string | null;
}

const recomputed = (base: SheetNumbers, equipped: EquippedMemory[]) => ({
  equipped,
  shown: withEquipment(base, equipped),
});

/**
 * Putting memories on and taking them off (table.md §4 "Equipment"). One memory per slot: equipping
 * into a taken slot first takes the old memory off, with its own call and its own message. Each
 * change is posted to the game chat ('Équipé: …' / 'Déséquipé: …') and announced with
 * `equipmentChange` so an open table and sheet refresh; the statistics shown are recomputed from
 * the rules of src/domain/character/equipment.ts, never patched by hand. A memory whose type
 * names no slot is equipped beside the others with a warning in the log (table.md §8).
 */
export const equipmentMachine = setup({
  types: {
    context: {} as EquipmentContext,
    events: {} as EquipmentEvent,
    input: {} as { playerId: string; equipped: EquippedMemory[]; base: SheetNumbers },
  },
  actors: {
    'change equipment': unprovidedPromise<void, EquipmentChange>('change equipment'),
  },
  actions: {
    'post system message': (_, _params: { text: string }) => {},
    'announce equipment change': (_, _params: { playerId: string }) => {},
    'warn unknown memory type': (_, _params: { memory: EquippedMemory }) => {},
    'remember target': assign(({ context }, memory: EquippedMemory) => ({
      target: memory,
      previous: occupantOfSlot(context.equipped, memory),
      error: null,
    })),
    'take off': assign(({ context }, { memoryId }: { memoryId: string }) =>
      recomputed(
        context.base,
        context.equipped.filter((item) => item.memoryId !== memoryId),
      ),
    ),
    'put on': assign(({ context }, memory: EquippedMemory) =>
      recomputed(context.base, [...context.equipped, memory]),
    ),
    'show failure': assign({ error: characterMessages.equipFailed, target: null, previous: null }),
  },
  guards: {
    'memory is already equipped': ({ context, event }) =>
      event.type === 'equipment.equip' &&
      context.equipped.some((item) => item.memoryId === event.memory.memoryId),
    'slot is taken': ({ context, event }) =>
      event.type === 'equipment.equip' && occupantOfSlot(context.equipped, event.memory) !== null,
    'memory fits no slot': ({ event }) =>
      event.type === 'equipment.equip' && equipmentSlotOf(event.memory.type) === null,
    'memory is equipped': ({ context, event }) =>
      event.type === 'equipment.unequip' && context.equipped.some((item) => item.memoryId === event.memoryId),
  },
}).createMachine({
  id: 'equipment',
  context: ({ input }) => ({
    playerId: input.playerId,
    base: input.base,
    ...recomputed(input.base, input.equipped),
    target: null,
    previous: null,
    error: null,
  }),
  on: {
    'equipment.reloaded': {
      actions: assign(({ context, event }) => recomputed(context.base, event.equipped)),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'equipment.equip': [
          { guard: 'memory is already equipped' },
          {
            guard: 'slot is taken',
            target: 'replacing',
            actions: { type: 'remember target', params: ({ event }) => event.memory },
          },
          {
            guard: 'memory fits no slot',
            target: 'equipping',
            actions: [
              { type: 'warn unknown memory type', params: ({ event }) => ({ memory: event.memory }) },
              { type: 'remember target', params: ({ event }) => event.memory },
            ],
          },
          { target: 'equipping', actions: { type: 'remember target', params: ({ event }) => event.memory } },
        ],
        'equipment.unequip': {
          guard: 'memory is equipped',
          target: 'unequipping',
          actions: {
            type: 'remember target',
            params: ({ context, event }) =>
              context.equipped.find((item) => item.memoryId === event.memoryId)!,
          },
        },
      },
    },
    /** The slot's previous memory comes off first. */
    replacing: {
      tags: ['busy'],
      invoke: {
        id: 'unequipPrevious',
        src: 'change equipment',
        input: ({ context }) => ({
          playerId: context.playerId,
          memoryId: context.previous!.memoryId,
          action: 'unequip' as const,
        }),
        onDone: {
          target: 'equipping',
          actions: [
            {
              type: 'post system message',
              params: ({ context }) => ({
                text: `Déséquipé: ${occupantOfSlot(context.equipped, context.target!)!.name}`,
              }),
            },
            {
              type: 'take off',
              params: ({ context }) => ({
                memoryId: context.previous!.memoryId,
              }),
            },
            { type: 'announce equipment change', params: ({ context }) => ({ playerId: context.playerId }) },
            assign({ previous: null }),
          ],
        },
        onError: { target: 'idle', actions: 'show failure' },
      },
    },
    equipping: {
      tags: ['busy'],
      invoke: {
        id: 'equip',
        src: 'change equipment',
        input: ({ context }) => ({
          playerId: context.playerId,
          memoryId: context.target!.memoryId,
          action: 'equip' as const,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'put on', params: ({ context }) => context.target! },
            {
              type: 'post system message',
              params: ({ context }) => ({ text: `Équipé: ${context.target!.name}` }),
            },
            { type: 'announce equipment change', params: ({ context }) => ({ playerId: context.playerId }) },
            assign({ target: null }),
          ],
        },
        onError: { target: 'idle', actions: 'show failure' },
      },
    },
    unequipping: {
      tags: ['busy'],
      invoke: {
        id: 'unequip',
        src: 'change equipment',
        input: ({ context }) => ({
          playerId: context.playerId,
          memoryId: context.target!.memoryId,
          action: 'unequip' as const,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'take off', params: ({ context }) => ({ memoryId: context.target!.memoryId }) },
            {
              type: 'post system message',
              params: ({ context }) => ({ text: `Déséquipé: ${context.target!.name}` }),
            },
            { type: 'announce equipment change', params: ({ context }) => ({ playerId: context.playerId }) },
            assign({ target: null }),
          ],
        },
        onError: { target: 'idle', actions: 'show failure' },
      },
    },
  },
});
