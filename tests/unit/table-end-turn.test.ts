import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { tableMessages } from '../../src/domain/table/messages';
import { tokenAt } from '../../src/domain/table/records';
import type { TableActor, TableState } from '../../src/domain/table/types';
import { admin, ana, bob, envOf, mapRef, mj, monsterDraft, playerDraft, runServer } from './table-fixtures';

const MAP = 'Forêt';
const byMj = (command: TableCommand) => ({ command, actor: mj });

/**
 * Ana's and Bob's characters, a goblin and a hidden lich in a fight on the players' map, in `order`
 * (ids token-1 to token-4, in that order of placing).
 */
function fight(order: readonly string[]): TableState {
  const { state } = runServer([
    byMj({ type: 'map.select', map: mapRef(MAP), bringPlayers: true }),
    { command: { type: 'token.place', map: MAP, token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: MAP, token: playerDraft('c-bob', { x: 30 }) }, actor: bob },
    byMj({ type: 'token.place', map: MAP, token: monsterDraft('Gobelin', { x: 50 }) }),
    byMj({ type: 'token.place', map: MAP, token: monsterDraft('Liche', { x: 70, visibility: false }) }),
    byMj({ type: 'turnOrder.generate', map: MAP }),
    byMj({ type: 'turnOrder.reorder', map: MAP, order: [...order] }),
  ]);
  expect(state.turnOrders[MAP]).toEqual(order);
  return state;
}

const TOKENS = ['token-1', 'token-2', 'token-3', 'token-4'];

/** Whether the actor may pass the turn of the participant playing now. */
function mayPass(state: TableState, actor: TableActor): boolean {
  if (actor.role !== 'player') return true;
  const playing = tokenAt(state, MAP, state.turnOrders[MAP]![0]!)!;
  return playing.isPlayer && actor.characterIds.includes(playing.itemId);
}

describe('« Finir mon tour »: a player passes their own turn only', () => {
  it('lets the managers pass any turn and a player only the one of their own token, refusing alike otherwise', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(TOKENS, { minLength: 4, maxLength: 4 }),
        fc.constantFrom(mj, admin, ana, bob),
        fc.boolean(),
        (order, actor, namesTheTurn) => {
          const state = fight(order);
          const command: TableCommand = {
            type: 'turnOrder.next',
            map: MAP,
            ...(namesTheTurn ? { playing: order[0], round: 1 } : {}),
          };
          const decision = decide(state, command, actor, envOf());
          if (!mayPass(state, actor)) {
            // The lich's turn reads as anyone else's: the refusal names nobody.
            expect(decision).toEqual({ refusal: tableMessages.notYourTurn });
            return;
          }
          if (!('events' in decision)) throw new Error(decision.refusal);
          const advanced = decision.events.find((event) => event.type === 'turnOrder.advanced');
          expect(advanced?.payload).toMatchObject({ order: [...order.slice(1), order[0]] });
          // A player's pass is not theirs to undo: only the managers' « Tour suivant » is recorded.
          expect(decision.events.some((event) => event.type === 'history.recorded')).toBe(
            actor.role !== 'player',
          );
        },
      ),
    );
  });

  it("refuses a player naming someone else's turn, and takes their own turn already passed for no press", () => {
    const state = fight(['token-3', 'token-1', 'token-2', 'token-4']);
    const goblinsTurn = { type: 'turnOrder.next' as const, map: MAP, playing: 'token-3', round: 1 };
    expect(decide(state, goblinsTurn, ana, envOf())).toEqual({ refusal: tableMessages.notYourTurn });
    const lichsTurn = { ...goblinsTurn, playing: 'token-4' };
    expect(decide(state, lichsTurn, ana, envOf())).toEqual({ refusal: tableMessages.notYourTurn });
    // Ana's second press after her turn went to the goblin: nothing happens, and nothing is said.
    const anasTurnGone = { ...goblinsTurn, playing: 'token-1' };
    expect(decide(state, anasTurnGone, ana, envOf())).toEqual({ events: [] });
    expect(decide(state, { ...anasTurnGone, playing: 'token-2' }, ana, envOf())).toEqual({
      refusal: tableMessages.notYourTurn,
    });
  });

  it("refuses a player's pass on a map the players are not on", () => {
    const state = fight(['token-1', 'token-2', 'token-3', 'token-4']);
    const elsewhere = runServer([
      byMj({ type: 'map.select', map: mapRef(MAP), bringPlayers: true }),
      { command: { type: 'token.place', map: MAP, token: playerDraft('c-ana') }, actor: ana },
      byMj({ type: 'turnOrder.generate', map: MAP }),
      byMj({ type: 'map.select', map: mapRef('Crypte'), bringPlayers: true }),
    ]).state;
    expect(decide(state, { type: 'turnOrder.next', map: MAP }, ana, envOf())).toMatchObject({
      events: expect.any(Array),
    });
    expect(decide(elsewhere, { type: 'turnOrder.next', map: MAP }, ana, envOf())).toEqual({
      refusal: tableMessages.notYourTurn,
    });
  });
});
