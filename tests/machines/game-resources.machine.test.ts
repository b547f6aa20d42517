import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { CharacterSummary } from '../../src/api/schemas/characters';
import type { GameResource } from '../../src/api/schemas/resources';
import type { ResourceCategory } from '../../src/domain/resources/categories';
import {
  gameResourcesMachine,
  type GameLists,
  type GameResourcesEvent,
} from '../../src/machines/game-resources.machine';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls } from '../helpers/fake-effects';
import { expectSameState, settle, visitedStates, type Pending } from '../helpers/machine-model';

const input = { gameId: 'G1' };

const aria: CharacterSummary = {
  id: 'C1',
  name: 'Aria',
  userId: 'U1',
  gameId: 'G1',
  HP: 10,
  soulEssence: 3,
  force: 2,
  agilite: 4,
  assetLink: null,
};
const rune = { id: 'R1', gameId: 'G1', category: 'rune', name: 'Rune de feu' } as unknown as GameResource;
const lists: GameLists = { resources: [rune], characters: [aria], memories: [] };
const networkDown = new TypeError('Failed to fetch');

type Snapshot = ReturnType<typeof gameResourcesMachine.getInitialSnapshot>;

/** What the admin can do from each snapshot; a load only answers while one is running. */
function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  const { category, search } = snapshot.context;
  return [
    { type: 'category.choose', category: category === 'rune' ? 'item' : 'rune' },
    ...(search === '' ? [{ type: 'search.change', search: 'feu' }] : []),
    { type: 'store.toggle' },
    ...(snapshot.matches('ready') || snapshot.matches('failed') ? [{ type: 'lists.refresh' }] : []),
    ...(snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadLists', output: lists },
          { type: 'xstate.error.actor.loadLists', error: networkDown },
        ]
      : []),
  ];
}

function startPage() {
  const loads: Pending<GameLists>[] = [];
  const actor = createActor(
    gameResourcesMachine.provide({
      actors: {
        'load lists': pendingCalls<GameLists, { gameId: string; category: ResourceCategory }>(loads),
      },
    }),
    { input },
  ).start();
  return { actor, loads };
}

describe('game resources: every transition', () => {
  const paths = everyTransition(gameResourcesMachine, modelEvents, input);

  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(Object.keys(gameResourcesMachine.root.states).sort());
    expect(visitedStates(paths)).toEqual(['failed', 'loading', 'noCategory', 'ready']);
  });

  testEveryPath(paths, () => {
    const page = startPage();
    // What the reader did, kept apart from the machine: the page must show the same.
    const seen = { category: null as ResourceCategory | null, search: '', storeVisible: false, loads: 0 };
    const send = ({ event }: { event: AnyEventObject }) => {
      if (event.type === 'category.choose') Object.assign(seen, { category: event.category, search: '' });
      if (event.type === 'search.change') seen.search = event.search as string;
      if (event.type === 'store.toggle') seen.storeVisible = !seen.storeVisible;
      if (event.type === 'category.choose' || event.type === 'lists.refresh') seen.loads++;
      page.actor.send(event as GameResourcesEvent);
    };
    const answer = answerLatest(page.loads);
    const context = () => page.actor.getSnapshot().context;
    return {
      events: {
        ...each(['category.choose', 'search.change', 'store.toggle', 'lists.refresh'], send),
        ...each(outcomesOf('loadLists'), answer),
      },
      states: {
        '*': (expected) => {
          expectSameState(page.actor, expected as never);
          expect(context()).toMatchObject({
            gameId: 'G1',
            category: seen.category,
            search: seen.search,
            storeVisible: seen.storeVisible,
          });
          // Choosing a category and refreshing load; the search and the store toggle never do.
          expect(page.loads).toHaveLength(seen.loads);
        },
        // 'Veuillez choisir une catégorie': nothing is asked, nothing is listed.
        noCategory: () => {
          expect(page.loads).toHaveLength(0);
          expect(context()).toMatchObject({ category: null, resources: [], characters: [] });
        },
        // Asks for the chosen category of this game.
        loading: () => {
          expect(page.loads.at(-1)!.input).toEqual({ gameId: 'G1', category: seen.category });
        },
        // Lists what the load gave.
        ready: () => {
          expect(context().resources).toEqual([rune]);
          expect(context().characters).toEqual([aria]);
        },
        // A failed load shows empty lists (platform.md §8), even after a good one.
        failed: () => {
          expect(context().resources).toEqual([]);
          expect(context().characters).toEqual([]);
        },
      },
    };
  });
});

describe('game resources', () => {
  it('ignores the answer of a load left for another category', async () => {
    const page = startPage();
    page.actor.send({ type: 'category.choose', category: 'rune' });
    page.actor.send({ type: 'category.choose', category: 'item' });
    page.loads[0]!.resolve(lists);
    await settle();
    expect(page.actor.getSnapshot().value).toBe('loading');
    expect(page.actor.getSnapshot().context.resources).toEqual([]);
    page.loads[1]!.resolve({ resources: [], characters: [aria], memories: [] });
    await settle();
    expect(page.actor.getSnapshot().value).toBe('ready');
    expect(page.actor.getSnapshot().context).toMatchObject({
      category: 'item',
      resources: [],
      characters: [aria],
    });
  });

  it('keeps the lists shown while a refresh loads, then shows the new ones', async () => {
    const page = startPage();
    page.actor.send({ type: 'category.choose', category: 'rune' });
    page.loads[0]!.resolve(lists);
    await settle();
    page.actor.send({ type: 'lists.refresh' });
    expect(page.actor.getSnapshot().context.resources).toEqual([rune]);
    expect(page.loads[1]!.input).toEqual({ gameId: 'G1', category: 'rune' });
    page.loads[1]!.resolve({ resources: [], characters: [], memories: [] });
    await settle();
    expect(page.actor.getSnapshot().context).toMatchObject({ resources: [], characters: [], memories: [] });
  });

  it('refreshes nothing before a category is chosen', () => {
    const page = startPage();
    page.actor.send({ type: 'lists.refresh' });
    expect(page.actor.getSnapshot().value).toBe('noCategory');
    expect(page.loads).toHaveLength(0);
  });
});
