import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateTurnOrder,
  interleave,
  isReorderingOf,
  moveEntry,
  nextTurn,
  toggleParticipant,
} from '../../src/domain/turn-order/turn-order';

const ids = (prefix: string) =>
  fc.uniqueArray(fc.nat(200), { maxLength: 15 }).map((ns) => ns.map((n) => `${prefix}${n}`));

/** How many monsters follow each player in an interleaved order. */
function runsAfterPlayers(order: string[]): number[] {
  const runs: number[] = [];
  for (const id of order) {
    if (id.startsWith('p')) runs.push(0);
    else if (runs.length > 0) runs[runs.length - 1]! += 1;
  }
  return runs;
}

describe('interleave (table.md §4 "Turn order")', () => {
  it('is a permutation of players and monsters, players keeping their order', () => {
    fc.assert(
      fc.property(ids('p'), ids('m'), (players, monsters) => {
        const order = interleave(players, monsters);
        expect([...order].sort()).toEqual([...players, ...monsters].sort());
        expect(order.filter((id) => id.startsWith('p'))).toEqual(players);
        expect(order.filter((id) => id.startsWith('m'))).toEqual(monsters);
      }),
    );
  });

  it('gives each player ⌊m/p⌋ or ⌊m/p⌋+1 monsters, the larger shares first', () => {
    fc.assert(
      fc.property(
        ids('p').filter((p) => p.length > 0),
        ids('m'),
        (players, monsters) => {
          const order = interleave(players, monsters);
          expect(order[0]).toBe(players[0]);
          const quotient = Math.floor(monsters.length / players.length);
          const remainder = monsters.length % players.length;
          expect(runsAfterPlayers(order)).toEqual(
            players.map((_, index) => quotient + (index < remainder ? 1 : 0)),
          );
        },
      ),
    );
  });

  it('puts players then monsters when a group is empty', () => {
    expect(interleave([], ['m1', 'm2'])).toEqual(['m1', 'm2']);
    expect(interleave(['p1', 'p2'], [])).toEqual(['p1', 'p2']);
    expect(interleave(['p1', 'p2'], ['m1', 'm2', 'm3'])).toEqual(['p1', 'm1', 'm2', 'p2', 'm3']);
  });

  it('generates from shuffled groups with the injected source', () => {
    const participants = [
      { usableId: 'p1', isPlayer: true },
      { usableId: 'p2', isPlayer: true },
      { usableId: 'm1', isPlayer: false },
      { usableId: 'm2', isPlayer: false },
    ];
    // A source that always picks the first remaining slot swaps the ends of each group.
    expect(generateTurnOrder(participants, () => 0)).toEqual(['p2', 'm2', 'p1', 'm1']);
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const order = generateTurnOrder(participants, (bound) => stream.next().value % bound);
        expect(runsAfterPlayers(order)).toEqual([1, 1]);
      }),
    );
  });
});

describe('turn order changes', () => {
  it('next moves the first to the end and keeps everyone', () => {
    expect(nextTurn(['a', 'b', 'c'])).toEqual(['b', 'c', 'a']);
    expect(nextTurn([])).toEqual([]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), (order) => {
        let turned = order;
        for (let i = 0; i < order.length; i += 1) turned = nextTurn(turned);
        expect(turned).toEqual(order);
      }),
    );
  });

  it('toggle appends or removes, and twice is no change', () => {
    expect(toggleParticipant(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleParticipant(['a', 'b'], 'a')).toEqual(['b']);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.string(), (order, id) => {
        if (!order.includes(id)) expect(toggleParticipant(toggleParticipant(order, id), id)).toEqual(order);
      }),
    );
  });

  it('accepts only a reordering of the same participants; a drag is one', () => {
    expect(isReorderingOf(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isReorderingOf(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isReorderingOf(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(isReorderingOf(['a', 'b'], ['a'])).toBe(false);
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1 }), fc.nat(), fc.nat(), (order, from, to) => {
        const moved = moveEntry(order, from % order.length, to % order.length);
        expect(isReorderingOf(order, moved)).toBe(true);
        expect(moved[to % order.length]).toBe(order[from % order.length]);
      }),
    );
    expect(moveEntry(['a'], 3, 0)).toEqual(['a']);
  });
});
