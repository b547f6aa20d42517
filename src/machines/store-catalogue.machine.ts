import { assign, setup } from 'xstate';
import type { StoreEntry } from '../api/schemas/resources';
import type { ResourceCategory } from '../domain/resources/categories';
import { defaultStoreFilters, type StoreFilters } from '../domain/resources/store-filters';
import { unprovidedPromise } from './unprovided';

export interface StoreCatalogueContext {
  category: ResourceCategory | null;
  entries: StoreEntry[];
  filters: StoreFilters;
  /** The entry shown in the detail modal. */
  detailId: string | null;
}

export type StoreCatalogueEvent =
  | { type: 'category.choose'; category: ResourceCategory }
  | { type: 'filters.change'; filters: Partial<StoreFilters> }
  | { type: 'detail.open'; entryId: string }
  | { type: 'detail.close' }
  | { type: 'lists.refresh' };

/**
 * The global store as a reader browses it (platform.md §2 "Admin global store page", table.md §2
 * store view): one category at a time, filtered and sorted on the client (src/domain), one entry
 * open in a detail modal. Reloads after an action; a failed load shows an empty list.
 */
export const storeCatalogueMachine = setup({
  types: {
    context: {} as StoreCatalogueContext,
    events: {} as StoreCatalogueEvent,
  },
  actors: {
    'load entries': unprovidedPromise<StoreEntry[], { category: ResourceCategory }>('load entries'),
  },
  actions: {
    'choose category': assign({
      category: ({ event }) => (event.type === 'category.choose' ? event.category : null),
      detailId: null,
      filters: ({ context }) => ({ ...context.filters, creatorId: null }),
    }),
    'change filters': assign({
      filters: ({ context, event }) =>
        event.type === 'filters.change' ? { ...context.filters, ...event.filters } : context.filters,
    }),
    'open detail': assign({ detailId: ({ event }) => (event.type === 'detail.open' ? event.entryId : null) }),
    'close detail': assign({ detailId: null }),
    'keep entries': assign({ entries: (_, entries: StoreEntry[]) => entries }),
    'empty entries': assign({ entries: [] }),
    /** An entry that is gone cannot stay open. */
    'close vanished detail': assign({
      detailId: ({ context }) =>
        context.entries.some((entry) => entry.id === context.detailId) ? context.detailId : null,
    }),
  },
}).createMachine({
  id: 'storeCatalogue',
  context: { category: null, entries: [], filters: defaultStoreFilters, detailId: null },
  on: {
    'category.choose': { target: '.loading', actions: 'choose category' },
    'filters.change': { actions: 'change filters' },
  },
  initial: 'noCategory',
  states: {
    noCategory: {},
    loading: {
      invoke: {
        id: 'loadEntries',
        src: 'load entries',
        input: ({ context }) => ({ category: context.category ?? 'rune' }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'keep entries', params: ({ event }) => event.output }, 'close vanished detail'],
        },
        onError: { target: 'failed', actions: ['empty entries', 'close detail'] },
      },
    },
    ready: {
      on: {
        'lists.refresh': 'loading',
        'detail.open': { actions: 'open detail' },
        'detail.close': { actions: 'close detail' },
      },
    },
    failed: { on: { 'lists.refresh': 'loading' } },
  },
});
