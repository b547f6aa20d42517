import { assign, setup } from 'xstate';
import type { CharacterSummary } from '../api/schemas/characters';
import type { CreatureSize } from '../domain/resources/categories';
import type { MapChoice } from '../domain/table/types';
import { unprovidedPromise } from './unprovided';

/** A monster of the game as the context menu places it (the resource's fields a token copies). */
export interface MonsterChoice {
  id: string;
  name: string;
  HP: number;
  AC: number;
  attackBonus: number;
  damage: string;
  speciality: string;
  assetLink: string | null;
  description: string;
  /** « Taille »: its token covers 1×1 to 4×4 cells. */
  size?: CreatureSize;
}

export interface TableLists {
  maps: MapChoice[];
  monsters: MonsterChoice[];
  /** The characters one may place: every character of the game for the MJ, a player's own one. */
  characters: CharacterSummary[];
}

export interface TableListsInput {
  gameId: string;
  playerId: string;
  /** MJ and admin choose maps and monsters; a player only needs their character. */
  canManage: boolean;
}

/**
 * What the table offers to place and show, read once per visit over REST: the game's maps,
 * monsters and characters for the MJ (the map selector, the context menu, the monster details),
 * the player's own character for a player (the only token they may place). A failed load leaves the lists empty (table.md §8: warning only)
 * and can be retried; the table itself never waits for it.
 */
export const tableListsMachine = setup({
  types: {
    context: {} as TableListsInput & TableLists,
    events: {} as { type: 'lists.refresh' },
    input: {} as TableListsInput,
  },
  actors: {
    'load lists': unprovidedPromise<TableLists, TableListsInput>('load lists'),
  },
  actions: {
    'keep lists': assign((_, lists: TableLists) => lists),
  },
}).createMachine({
  id: 'tableLists',
  context: ({ input }) => ({ ...input, maps: [], monsters: [], characters: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLists',
        src: 'load lists',
        input: ({ context }) => ({
          gameId: context.gameId,
          playerId: context.playerId,
          canManage: context.canManage,
        }),
        onDone: { target: 'ready', actions: { type: 'keep lists', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    ready: { on: { 'lists.refresh': 'loading' } },
    failed: { on: { 'lists.refresh': 'loading' } },
  },
});
