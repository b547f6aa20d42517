import { assign, setup } from 'xstate';
import type { EquipAction } from '../api/schemas/characters';
import {
  equipmentSlotOf,
  withEquipment,
  type EquippedMemory,
  type SheetNumbers,
} from '../domain/character/equipment';
import { characterMessages } from '../domain/character/messages';
import { unprovidedPromise } from './unprovided';

export type { EquipAction };

/** One call for both directions (`PUT /player-memories/equip/{playerId}/{memoryId}`). */
export interface EquipmentChange {
  playerId: string;
  memoryId: string;
  action: EquipAction;
}

export type EquipmentEvent =
  | { type: 'equipment.equip'; memory: EquippedMemory }
  | { type: 'equipment.unequip'; memoryId: string }
  | { type: 'equipment.feedback.dismiss' }
  /** The sheet as the server now has it (after an `equipmentChange`, or any reload). */
  | { type: 'equipment.reloaded'; equipped: EquippedMemory[]; base: SheetNumbers };

export interface EquipmentContext {
  playerId: string;
  equipped: EquippedMemory[];
  /** The sheet's numbers without equipment. */
  base: SheetNumbers;
  /** What the sheet shows: base plus every equipped bonus, recomputed after each change. */
  shown: SheetNumbers;
  /** The memory being put on or taken off. */
  target: { memoryId: string; action: EquipAction } | null;
  error: string | null;
}

const recomputed = (base: SheetNumbers, equipped: EquippedMemory[]) => ({
  base,
  equipped,
  shown: withEquipment(base, equipped),
});

/**
 * Putting memories on and taking them off (table.md §4 "Equipment"). One call per intent: the
 * server keeps one memory per slot — equipping into a taken slot takes the old one off first, in
 * the same transaction — posts 'Équipé: …' / 'Déséquipé: …' to the game chat and tells every open
 * table and sheet with `equipmentChange`; its answer is what the character now wears. The numbers
 * shown are recomputed from that list with src/domain/character/equipment.ts, never patched by
 * hand. A memory whose type names no slot is equipped beside the others with a warning in the log
 * (table.md §8). Once a change is stored, 'announce equipment change' lets the sheet read the rest
 * again (the weapon's attacks).
 */
export const equipmentMachine = setup({
  types: {
    context: {} as EquipmentContext,
    events: {} as EquipmentEvent,
    input: {} as { playerId: string; equipped: EquippedMemory[]; base: SheetNumbers },
  },
  actors: {
    'change equipment': unprovidedPromise<EquippedMemory[], EquipmentChange>('change equipment'),
  },
  actions: {
    'announce equipment change': (_, _params: { playerId: string }) => {},
    'warn unknown memory type': (_, _params: { memory: EquippedMemory }) => {},
    'aim at': assign((_, target: { memoryId: string; action: EquipAction }) => ({ target, error: null })),
    'wear what the server says': assign(({ context }, equipped: EquippedMemory[]) => ({
      ...recomputed(context.base, equipped),
      target: null,
    })),
    'show failure': assign({ error: characterMessages.equipFailed, target: null }),
  },
  guards: {
    'memory is already equipped': ({ context, event }) =>
      event.type === 'equipment.equip' &&
      context.equipped.some((item) => item.memoryId === event.memory.memoryId),
    'memory fits no slot': ({ event }) =>
      event.type === 'equipment.equip' && equipmentSlotOf(event.memory.type) === null,
    'memory is equipped': ({ context, event }) =>
      event.type === 'equipment.unequip' && context.equipped.some((item) => item.memoryId === event.memoryId),
  },
}).createMachine({
  id: 'equipment',
  context: ({ input }) => ({
    playerId: input.playerId,
    ...recomputed(input.base, input.equipped),
    target: null,
    error: null,
  }),
  on: {
    'equipment.reloaded': {
      actions: assign(({ event }) => recomputed(event.base, event.equipped)),
    },
    'equipment.feedback.dismiss': { actions: assign({ error: null }) },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'equipment.equip': [
          { guard: 'memory is already equipped' },
          {
            guard: 'memory fits no slot',
            target: 'changing',
            actions: [
              { type: 'warn unknown memory type', params: ({ event }) => ({ memory: event.memory }) },
              {
                type: 'aim at',
                params: ({ event }) => ({ memoryId: event.memory.memoryId, action: 'equip' as const }),
              },
            ],
          },
          {
            target: 'changing',
            actions: {
              type: 'aim at',
              params: ({ event }) => ({ memoryId: event.memory.memoryId, action: 'equip' as const }),
            },
          },
        ],
        'equipment.unequip': {
          guard: 'memory is equipped',
          target: 'changing',
          actions: {
            type: 'aim at',
            params: ({ event }) => ({ memoryId: event.memoryId, action: 'unequip' as const }),
          },
        },
      },
    },
    /** The server changes the equipment; the sheet stays on screen, its buttons wait. */
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'change equipment',
        input: ({ context }) => ({ playerId: context.playerId, ...context.target! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'wear what the server says', params: ({ event }) => event.output },
            { type: 'announce equipment change', params: ({ context }) => ({ playerId: context.playerId }) },
          ],
        },
        onError: { target: 'idle', actions: 'show failure' },
      },
    },
  },
});
