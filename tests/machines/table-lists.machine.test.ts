import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { CharacterSummary } from '../../src/api/schemas/characters';
import {
  tableListsMachine,
  type TableLists,
  type TableListsInput,
} from '../../src/machines/table-lists.machine';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest, pendingCalls } from '../helpers/fake-effects';
import { expectSameState, visitedStates, type Pending } from '../helpers/machine-model';

const input: TableListsInput = { gameId: 'G1', playerId: 'U1', canManage: true };
const aria: CharacterSummary = {
  id: 'C1',
  name: 'Aria',
  userId: 'U2',
  gameId: 'G1',
  HP: 30,
  soulEssence: 100,
  force: 8,
  agilite: 8,
  assetLink: null,
};
const lists: TableLists = {
  maps: [{ id: 'M1', name: 'Crypte', link: 'https://example.test/crypte.png' }],
  monsters: [
    {
      id: 'X1',
      name: 'Goule',
      HP: 18,
      AC: 11,
      attackBonus: 2,
      damage: '1d6',
      speciality: '',
      assetLink: null,
      description: 'Affamée.',
    },
  ],
  characters: [aria],
};

type Snapshot = ReturnType<typeof tableListsMachine.getInitialSnapshot>;

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  return snapshot.matches('loading')
    ? [
        { type: 'xstate.done.actor.loadLists', output: lists },
        { type: 'xstate.error.actor.loadLists', error: new TypeError('Failed to fetch') },
      ]
    : [{ type: 'lists.refresh' }];
}

describe('table lists: every transition', () => {
  const paths = everyTransition(tableListsMachine, modelEvents, input);

  it('visits every state of the machine', () => {
    expect(visitedStates(paths)).toEqual(['failed', 'loading', 'ready']);
  });

  testEveryPath(paths, () => {
    const loads: Array<Pending<TableLists>> = [];
    const actor = createActor(
      tableListsMachine.provide({
        actors: {
          'load lists': pendingCalls<TableLists, TableListsInput>(loads),
        },
      }),
      { input },
    ).start();
    const answer = answerLatest(loads);
    return {
      events: {
        'lists.refresh': ({ event }) => void actor.send(event as { type: 'lists.refresh' }),
        ...each(outcomesOf('loadLists'), answer),
      },
      states: {
        '*': (expected) => expectSameState(actor, expected as never),
        // Loading: one call at a time, for this game and this seat.
        loading: () => expect(loads.at(-1)?.input).toEqual(input),
        // Ready: what the server listed is what the menus and the selector offer.
        ready: () => expect(actor.getSnapshot().context).toMatchObject(lists),
        // Failed: nothing to offer, the table still works; a retry is possible.
        failed: () => expect(actor.getSnapshot().can({ type: 'lists.refresh' })).toBe(true),
      },
    };
  });
});
