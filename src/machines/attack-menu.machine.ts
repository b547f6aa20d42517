import { assign, setup } from 'xstate';
import type { TargetingAttack } from './attack-targeting.machine';
import { unprovidedPromise } from './unprovided';

/** What the character can strike with: the simple attack, then its worn weapon's attacks. */
export interface Arsenal {
  /** The worn weapon's name, or null when it wears none ('Aucune arme équipée'). */
  weapon: string | null;
  simple: TargetingAttack;
  /** The weapon's attacks; empty is 'Aucune attaque disponible pour cette arme'. */
  attacks: TargetingAttack[];
  /** The character's movement, the reach of an attack of range 0. */
  movement: number;
}

export type AttackMenuEvent =
  { type: 'menu.open' } | { type: 'menu.close' } | { type: 'attack.pick'; attack: TargetingAttack };

export interface AttackMenuContext {
  playerId: string;
  gameId: string;
  arsenal: Arsenal | null;
}

/**
 * The players' attack menu (table.md §2 "Game screen", §8 "Empty lists"): opening it reads what the
 * character wears now — its equipment may have changed since — then offers the simple attack and
 * the weapon's attacks. Picking one closes the menu and hands the attack to targeting; a failed
 * read can be tried again. The server checks all of it again when the attack is sent.
 */
export const attackMenuMachine = setup({
  types: {
    context: {} as AttackMenuContext,
    events: {} as AttackMenuEvent,
    input: {} as { playerId: string; gameId: string },
  },
  actors: {
    'load arsenal': unprovidedPromise<Arsenal, { playerId: string; gameId: string }>('load arsenal'),
  },
  actions: {
    'choose attack': (_, _attack: TargetingAttack) => {},
  },
}).createMachine({
  id: 'attackMenu',
  context: ({ input }) => ({ playerId: input.playerId, gameId: input.gameId, arsenal: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'menu.open': 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadArsenal',
        src: 'load arsenal',
        input: ({ context }) => ({ playerId: context.playerId, gameId: context.gameId }),
        onDone: { target: 'open', actions: assign({ arsenal: ({ event }) => event.output }) },
        onError: 'failed',
      },
      on: { 'menu.close': 'closed' },
    },
    open: {
      on: {
        'menu.close': 'closed',
        'attack.pick': {
          target: 'closed',
          actions: { type: 'choose attack', params: ({ event }) => event.attack },
        },
      },
    },
    failed: {
      on: { 'menu.open': 'loading', 'menu.close': 'closed' },
    },
  },
});
