import { assign, setup } from 'xstate';
import type { CharacterSummary } from '../api/schemas/characters';
import type { GameResource } from '../api/schemas/resources';
import type { ResourceCategory } from '../domain/resources/categories';
import { unprovidedPromise } from './unprovided';

export interface GameResourcesContext {
  gameId: string;
  category: ResourceCategory | null;
  search: string;
  storeVisible: boolean;
  resources: GameResource[];
  /** The game's characters, to give a resource to. */
  characters: CharacterSummary[];
  /** The game's memories, for the forms that name one (attack, enchantment); empty for the others. */
  memories: GameResource[];
}

export type GameResourcesEvent =
  | { type: 'category.choose'; category: ResourceCategory }
  | { type: 'search.change'; search: string }
  | { type: 'store.toggle' }
  | { type: 'lists.refresh' };

export interface GameLists {
  resources: GameResource[];
  characters: CharacterSummary[];
  memories: GameResource[];
}

/**
 * What the per-game admin page lists (table.md §2): nothing until a category is chosen ('Veuillez
 * choisir une catégorie en haut à droite'), then that category's resources of the game, the
 * game's characters and, for a category whose form names a memory, the game's memories, reloaded
 * after every action. A failed load shows empty lists (platform.md
 * §8). The name search and the store toggle are the reader's and need no call.
 */
export const gameResourcesMachine = setup({
  types: {
    context: {} as GameResourcesContext,
    events: {} as GameResourcesEvent,
    input: {} as { gameId: string },
  },
  actors: {
    'load lists': unprovidedPromise<GameLists, { gameId: string; category: ResourceCategory }>('load lists'),
  },
  actions: {
    'choose category': assign({
      category: ({ event }) => (event.type === 'category.choose' ? event.category : null),
      search: '',
    }),
    'set search': assign({ search: ({ event }) => (event.type === 'search.change' ? event.search : '') }),
    'toggle store': assign({ storeVisible: ({ context }) => !context.storeVisible }),
    'keep lists': assign((_, lists: GameLists) => lists),
    'empty lists': assign({ resources: [], characters: [], memories: [] }),
  },
}).createMachine({
  id: 'gameResources',
  context: ({ input }) => ({
    gameId: input.gameId,
    category: null,
    search: '',
    storeVisible: false,
    resources: [],
    characters: [],
    memories: [],
  }),
  on: {
    'category.choose': { target: '.loading', actions: 'choose category' },
    'search.change': { actions: 'set search' },
    'store.toggle': { actions: 'toggle store' },
  },
  initial: 'noCategory',
  states: {
    noCategory: {},
    loading: {
      invoke: {
        id: 'loadLists',
        src: 'load lists',
        input: ({ context }) => ({ gameId: context.gameId, category: context.category ?? 'rune' }),
        onDone: { target: 'ready', actions: { type: 'keep lists', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'empty lists' },
      },
    },
    ready: { on: { 'lists.refresh': 'loading' } },
    failed: { on: { 'lists.refresh': 'loading' } },
  },
});
