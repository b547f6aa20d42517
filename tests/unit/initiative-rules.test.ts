import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceTurn,
  initiativeOrder,
  rollInitiative,
  type InitiativeRoll,
} from '../../src/domain/turn-order/initiative';

const source = (stream: fc.Stream<number>) => (bound: number) => stream.next().value % bound;

const entries = fc.uniqueArray(
  fc.record({ usableId: fc.string({ minLength: 1, maxLength: 6 }), bonus: fc.integer({ min: -5, max: 8 }) }),
  { selector: (entry) => entry.usableId, maxLength: 20 },
);

describe('initiative (decision 0020)', () => {
  it('rolls one d20 + bonus per participant and orders every one of them once', () => {
    fc.assert(
      fc.property(entries, fc.infiniteStream(fc.nat()), (participants, stream) => {
        const { rolls, order } = rollInitiative(participants, source(stream));
        expect(rolls.map((one) => one.usableId)).toEqual(participants.map((one) => one.usableId));
        for (const one of rolls) {
          expect(one.roll.dice).toHaveLength(1);
          expect(one.roll.dice[0]).toBeGreaterThanOrEqual(1);
          expect(one.roll.dice[0]).toBeLessThanOrEqual(20);
          expect(one.roll.total).toBe(one.roll.dice[0]! + one.bonus);
          expect(one.roll.messageType).toBe('diceRoll');
        }
        expect([...order].sort()).toEqual(participants.map((one) => one.usableId).sort());
      }),
    );
  });

  it('puts the higher total first, then the higher bonus; equal both, either may win', () => {
    fc.assert(
      fc.property(entries, fc.infiniteStream(fc.nat()), (participants, stream) => {
        const random = source(stream);
        const { rolls, order } = rollInitiative(participants, random);
        const byId = new Map(rolls.map((one) => [one.usableId, one]));
        for (let index = 1; index < order.length; index += 1) {
          const before = byId.get(order[index - 1]!)!;
          const after = byId.get(order[index]!)!;
          expect(before.roll.total).toBeGreaterThanOrEqual(after.roll.total);
          if (before.roll.total === after.roll.total)
            expect(before.bonus).toBeGreaterThanOrEqual(after.bonus);
        }
      }),
    );
  });

  it('breaks a full tie by a roll-off from the server’s chance', () => {
    const tied = (usableId: string): InitiativeRoll => ({
      usableId,
      bonus: 2,
      roll: { count: 1, sides: 20, bonus: 2, dice: [10], total: 12, messageType: 'diceRoll' },
    });
    const rolls = [tied('a'), tied('b'), tied('c')];
    const seen = new Set<string>();
    for (const pick of [0, 1]) seen.add(initiativeOrder(rolls, (bound) => Math.min(pick, bound - 1)).join());
    expect(seen.size).toBeGreaterThan(1);
    // A higher bonus wins a tie of totals before any roll-off.
    const keen = { ...tied('d'), bonus: 4, roll: { ...tied('d').roll, bonus: 4, dice: [8] } };
    expect(initiativeOrder([...rolls, keen], () => 0)[0]).toBe('d');
  });
});

const orders = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });

describe('rounds and the dead (decision 0020)', () => {
  it('counts a round each time everyone has had their turn', () => {
    fc.assert(
      fc.property(orders, fc.nat(40), (order, turns) => {
        let state = { order, round: 1, played: [] as string[] };
        for (let turn = 0; turn < turns; turn += 1) {
          const next = advanceTurn(state.order, state, () => false)!;
          expect(next.newRound).toBe(next.round === state.round + 1);
          state = next;
        }
        expect(state.round).toBe(1 + Math.floor(turns / order.length));
        expect(state.order[0]).toBe(order[turns % order.length]);
      }),
    );
  });

  it('passes over the dead, who keep their place, and never gives them the turn', () => {
    fc.assert(
      fc.property(
        orders.chain((order) =>
          fc.tuple(fc.constant(order), fc.subarray(order, { maxLength: order.length - 1 })),
        ),
        fc.nat(30),
        ([order, dead], turns) => {
          const down = (id: string) => dead.includes(id);
          const living = order.filter((id) => !down(id));
          let state = { order, round: 1, played: [] as string[] };
          if (down(order[0]!)) return;
          for (let turn = 0; turn < turns; turn += 1) {
            state = advanceTurn(state.order, state, down)!;
            expect(down(state.order[0]!)).toBe(false);
            expect([...state.order].sort()).toEqual([...order].sort());
          }
          // The living take their turns in the order's sequence, a round per pass of them.
          expect(state.order[0]).toBe(living[turns % living.length]);
          expect(state.round).toBe(1 + Math.floor(turns / living.length));
        },
      ),
    );
  });

  it('refuses when nobody can play, and a lone participant starts a round each turn', () => {
    expect(advanceTurn(['a', 'b'], { round: 1 }, () => true)).toBeNull();
    expect(advanceTurn(['a'], { round: 3 }, () => false)).toMatchObject({
      order: ['a'],
      round: 4,
      newRound: true,
    });
    expect(advanceTurn(['b', 'c', 'a'], { round: 1, played: ['a'] }, (id) => id === 'c')).toMatchObject({
      order: ['a', 'b', 'c'],
      round: 2,
      skipped: ['c'],
    });
  });
});
