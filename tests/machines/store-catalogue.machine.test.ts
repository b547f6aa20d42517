import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { StoreEntry } from '../../src/api/schemas/resources';
import type { ResourceCategory } from '../../src/domain/resources/categories';
import { defaultStoreFilters, type StoreFilters } from '../../src/domain/resources/store-filters';
import { storeCatalogueMachine, type StoreCatalogueEvent } from '../../src/machines/store-catalogue.machine';
import { each, outcomesOf, testEveryPath } from '../helpers/every-path';
import { pendingCalls } from '../helpers/fake-effects';
import {
  expectSameState,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  visitedStates,
  type Pending,
} from '../helpers/machine-model';

const entry = (id: string, name: string) =>
  ({
    id,
    name,
    category: 'rune',
    exportedAt: '2024-01-01T00:00:00.000Z',
    createdBy: 'u-1',
  }) as unknown as StoreEntry;
const echo = entry('e-1', 'Écho');
const rune = entry('e-2', 'Rune');

const userEvents: StoreCatalogueEvent[] = [
  { type: 'category.choose', category: 'rune' },
  { type: 'category.choose', category: 'item' },
  { type: 'filters.change', filters: { sort: 'name', creatorId: 'u-1' } },
  { type: 'detail.close' },
  { type: 'lists.refresh' },
];
/** What the store answers, offered only while a load is under way. */
const outcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadEntries', output: [echo] },
  { type: 'xstate.done.actor.loadEntries', output: [rune] },
  { type: 'xstate.error.actor.loadEntries', error: new TypeError('Failed to fetch') },
];

function startCatalogue() {
  const calls: Array<Pending<StoreEntry[]>> = [];
  const actor = createActor(
    storeCatalogueMachine.provide({
      actors: {
        'load entries': pendingCalls<StoreEntry[], { category: ResourceCategory }>(calls),
      },
    }),
  ).start();
  return { actor, calls };
}

/** What the reader should see, worked out from the spec rather than from the machine. */
interface View {
  category: ResourceCategory | null;
  entries: StoreEntry[];
  filters: StoreFilters;
  detailId: string | null;
  loads: number;
}

describe('store catalogue: every transition', () => {
  // The reader opens an entry from the list on screen.
  const model = modelOf(storeCatalogueMachine, (snapshot) =>
    snapshot.matches('loading')
      ? [...userEvents.slice(0, 3), ...outcomes]
      : [
          ...userEvents,
          ...snapshot.context.entries.map((shown) => ({ type: 'detail.open', entryId: shown.id })),
        ],
  );
  const paths = pathsThroughEveryTransition(model);

  testEveryPath(paths, () => {
    const store = startCatalogue();
    const view: View = {
      category: null,
      entries: [],
      filters: defaultStoreFilters,
      detailId: null,
      loads: 0,
    };
    const value = () => String(store.actor.getSnapshot().value);
    const send = ({ event }: { event: AnyEventObject }) => {
      const user = event as StoreCatalogueEvent;
      const before = value();
      store.actor.send(user);
      if (user.type === 'category.choose') {
        // A new category: the creator filter and the open entry belonged to the old one.
        Object.assign(view, { category: user.category, detailId: null, loads: view.loads + 1 });
        view.filters = { ...view.filters, creatorId: null };
      } else if (user.type === 'filters.change') view.filters = { ...view.filters, ...user.filters };
      else if (before === 'ready' && user.type === 'detail.open') view.detailId = user.entryId;
      else if (before === 'ready' && user.type === 'detail.close') view.detailId = null;
      else if (user.type === 'lists.refresh' && (before === 'ready' || before === 'failed')) view.loads += 1;
    };
    const answer = async ({ event }: { event: AnyEventObject }) => {
      const call = store.calls.at(-1)!;
      if (event.type.startsWith('xstate.done')) {
        view.entries = event.output as StoreEntry[];
        if (!view.entries.some((shown) => shown.id === view.detailId)) view.detailId = null;
        call.resolve(view.entries);
      } else {
        // A failed load shows an empty list, and nothing can stay open in it.
        Object.assign(view, { entries: [], detailId: null });
        call.reject(event.error);
      }
      await settle();
    };
    return {
      events: {
        ...each(['category.choose', 'filters.change', 'detail.open', 'detail.close', 'lists.refresh'], send),
        ...each(outcomesOf('loadEntries'), answer),
      },
      states: {
        '*': (expected) => {
          expectSameState(store.actor, expected);
          const { context } = store.actor.getSnapshot();
          expect(context).toEqual({
            category: view.category,
            entries: view.entries,
            filters: view.filters,
            detailId: view.detailId,
          });
          expect(store.calls).toHaveLength(view.loads);
        },
        noCategory: () => {
          expect(store.actor.getSnapshot().context.category).toBeNull();
          expect(store.calls).toHaveLength(0);
        },
        loading: () => {
          // The store is asked for the chosen category, never for a default one.
          expect(store.calls.at(-1)?.input).toEqual({ category: view.category });
          expect(view.category).not.toBeNull();
        },
        failed: () => {
          expect(store.actor.getSnapshot().context.entries).toEqual([]);
          expect(store.actor.getSnapshot().context.detailId).toBeNull();
        },
        ready: () => {
          const { entries, detailId } = store.actor.getSnapshot().context;
          expect(entries.length).toBe(1);
          if (detailId !== null) expect(entries.map((shown) => shown.id)).toContain(detailId);
        },
      },
    };
  });

  it('reaches every state', () => {
    expect(visitedStates(paths)).toEqual(['failed', 'loading', 'noCategory', 'ready']);
  });
});

describe('store catalogue', () => {
  it('keeps the search and the sort but drops the creator when the category changes', async () => {
    const store = startCatalogue();
    store.actor.send({
      type: 'filters.change',
      filters: { search: 'écho', sort: 'oldest', creatorId: 'u-1' },
    });
    store.actor.send({ type: 'category.choose', category: 'echo' });
    expect(store.actor.getSnapshot().context.filters).toEqual({
      search: 'écho',
      sort: 'oldest',
      creatorId: null,
      showOwned: true,
    });
    expect(store.calls.map((call) => call.input)).toEqual([{ category: 'echo' }]);
  });

  it('keeps the open entry across a reload that still lists it, and shows the fresh copy', async () => {
    const store = startCatalogue();
    store.actor.send({ type: 'category.choose', category: 'rune' });
    store.calls[0]!.resolve([echo, rune]);
    await settle();
    store.actor.send({ type: 'detail.open', entryId: 'e-2' });
    store.actor.send({ type: 'lists.refresh' });
    const renamed = entry('e-2', 'Rune renommée');
    store.calls[1]!.resolve([renamed]);
    await settle();
    expect(store.actor.getSnapshot().context).toMatchObject({ detailId: 'e-2', entries: [renamed] });
  });

  it('ignores the answer of a load the reader left for another category', async () => {
    const store = startCatalogue();
    store.actor.send({ type: 'category.choose', category: 'rune' });
    store.actor.send({ type: 'category.choose', category: 'item' });
    store.calls[0]!.resolve([rune]);
    await settle();
    expect(store.actor.getSnapshot().value).toBe('loading');
    store.calls[1]!.resolve([echo]);
    await settle();
    expect(store.actor.getSnapshot().context).toMatchObject({ category: 'item', entries: [echo] });
  });
});
