import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isReorderingOf, moveEntry, toggleParticipant } from '../../src/domain/turn-order/turn-order';

describe('turn order changes', () => {
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
