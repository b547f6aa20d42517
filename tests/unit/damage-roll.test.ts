import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DICE_FACES,
  damageRange,
  isDamageRoll,
  parseDamageRoll,
  rollDamage,
} from '../../src/domain/resources/damage-roll';

describe('damage-roll grammar', () => {
  it.each([
    ['1d10+5', '1d10+5'],
    ['1D10 + 5', '1d10+5'],
    ['2d6', '2d6'],
    ['2d6+1d4-1', '2d6+1d4-1'],
    ['+1d20', '1d20'],
    ['5+1d6', '5+1d6'],
    ['1d100', '1d100'],
  ])('reads %s as %s', (text, canonical) => {
    expect(parseDamageRoll(text)?.text).toBe(canonical);
  });

  it.each([
    '',
    '5',
    'd6',
    '1d',
    '1d7',
    '0d6',
    '100d6',
    '1d6++2',
    '1d6 2',
    '1d6+1000',
    'beaucoup',
    '-1d6',
    '1d6+x',
  ])('refuses %j', (text) => {
    expect(parseDamageRoll(text)).toBeNull();
    expect(isDamageRoll(text)).toBe(false);
  });

  it('gives the terms of a roll', () => {
    expect(parseDamageRoll('2d6-1')?.terms).toEqual([
      { kind: 'dice', sign: 1, count: 2, faces: 6 },
      { kind: 'flat', sign: -1, value: 1 },
    ]);
  });

  const term = fc.oneof(
    fc
      .record({ count: fc.integer({ min: 1, max: 99 }), faces: fc.constantFrom(...DICE_FACES) })
      .map(({ count, faces }) => `${count}d${faces}`),
    fc.integer({ min: 0, max: 999 }).map(String),
  );
  const roll = fc
    .tuple(
      fc.record({ count: fc.integer({ min: 1, max: 99 }), faces: fc.constantFrom(...DICE_FACES) }),
      fc.array(fc.tuple(fc.constantFrom('+', '-'), term), { maxLength: 6 }),
    )
    .map(
      ([first, rest]) => `${first.count}d${first.faces}${rest.map(([sign, text]) => sign + text).join('')}`,
    );

  it('reads back its own canonical spelling', () => {
    fc.assert(
      fc.property(roll, (text) => {
        const parsed = parseDamageRoll(text);
        expect(parsed).not.toBeNull();
        expect(parseDamageRoll(parsed!.text)?.text).toBe(parsed!.text);
      }),
    );
  });

  it('rolls within its range, at the bounds when the dice say so', () => {
    fc.assert(
      fc.property(roll, fc.double({ min: 0, max: 0.999999, noNaN: true }), (text, random) => {
        const parsed = parseDamageRoll(text)!;
        const { min, max } = damageRange(parsed);
        const { total } = rollDamage(parsed, () => random);
        expect(total).toBeGreaterThanOrEqual(min);
        expect(total).toBeLessThanOrEqual(max);
      }),
    );
    const parsed = parseDamageRoll('1d10+5')!;
    expect(damageRange(parsed)).toEqual({ min: 6, max: 15 });
    expect(rollDamage(parsed, () => 0)).toEqual({ total: 6, dice: [1] });
    expect(rollDamage(parsed, () => 0.99)).toEqual({ total: 15, dice: [10] });
  });
});
