import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weaponTypeOf } from '../../src/domain/character/equipment';
import { essenceCostOf, resolveAttack, simpleAttackRange, weaponStat } from '../../src/domain/dice/attack';
import {
  clampFreeCount,
  DICE_SIDES,
  formatDice,
  parseBonus,
  parseChatLine,
  parseDamageRoll,
  readDiceForm,
} from '../../src/domain/dice/notation';
import { rollDie, shuffle, type RandomInt } from '../../src/domain/dice/random';
import { describeRoll, maximise, roll } from '../../src/domain/dice/roll';

/** A source that answers the given faces (1-based) in turn. */
function faces(...values: number[]): RandomInt {
  let next = 0;
  return () => values[next++ % values.length]! - 1;
}

describe('chat commands (table.md §5 "Dice")', () => {
  it.each([
    ['/r 2d6+3', { count: 2, sides: 6, bonus: 3 }],
    ['/roll 1d20', { count: 1, sides: 20, bonus: 0 }],
    ['/r 12d8 - 2', { count: 12, sides: 8, bonus: -2 }],
    ['/R 3D4+10', { count: 3, sides: 4, bonus: 10 }],
    // The spec restricts the count (two digits), not the die.
    ['/r 1d100', { count: 1, sides: 100, bonus: 0 }],
    ['/r 2d7', { count: 2, sides: 7, bonus: 0 }],
    ['/roll 99d1000-5', { count: 99, sides: 1000, bonus: -5 }],
    // Without a count, one die.
    ['/r d20', { count: 1, sides: 20, bonus: 0 }],
    ['/r D6+2', { count: 1, sides: 6, bonus: 2 }],
  ])('%s rolls', (line, dice) => {
    expect(parseChatLine(line)).toEqual({ kind: 'roll', dice });
  });

  it('/ar names the technique and the weapon type', () => {
    expect(parseChatLine('/ar 1d10+5 Coup de taille (FOR)')).toEqual({
      kind: 'attackRoll',
      dice: { count: 1, sides: 10, bonus: 5 },
      technique: 'Coup de taille',
      weaponType: 'FOR',
    });
  });

  it.each([
    '/r',
    '/r 100d6',
    '/r 1d1',
    '/r 1d1001',
    '/r 0d6',
    '/roll 2d6+',
    '/ar 1d10+5',
    '/ar 1d10+5 (FOR)',
    '/x 2d6',
    '/',
  ])('%s is an invalid command with the format help', (line) => {
    expect(parseChatLine(line)).toEqual({
      kind: 'invalid',
      error: expect.stringMatching(/^Commande invalide\.\.\. Formats acceptés : /),
    });
  });

  it('anything without a slash is a message', () => {
    expect(parseChatLine('  r 2d6 ')).toEqual({ kind: 'message', text: 'r 2d6' });
  });

  it('reads back every dice it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom(...DICE_SIDES),
        fc.integer({ min: -999, max: 999 }),
        (count, sides, bonus) => {
          const dice = { count, sides, bonus };
          expect(parseChatLine(`/r ${formatDice(dice)}`)).toEqual({ kind: 'roll', dice });
          expect(parseDamageRoll(formatDice(dice))).toEqual(dice);
        },
      ),
    );
  });
});

describe('damage rolls', () => {
  it('reads 1d10+5 and refuses what is not XdY±Z with a die of the table', () => {
    expect(parseDamageRoll(' 1d10+5 ')).toEqual({ count: 1, sides: 10, bonus: 5 });
    expect(parseDamageRoll('2d6-1')).toEqual({ count: 2, sides: 6, bonus: -1 });
    for (const text of ['', '5', 'd6', '1d5', '1d6+', 'un d6', '1d6+5+2'])
      expect(parseDamageRoll(text)).toBeNull();
  });
});

describe('the dice form', () => {
  it('needs a die type and a count', () => {
    const missing = { error: 'Veuillez sélectionner un type de dé et un nombre de dés !' };
    expect(readDiceForm({ sides: null, count: 2 })).toEqual(missing);
    expect(readDiceForm({ sides: 6, count: null })).toEqual(missing);
    expect(readDiceForm({ sides: 6, count: null, freeCount: 'beaucoup' })).toEqual(missing);
    expect(readDiceForm({ sides: 7, count: 2 })).toEqual(missing);
  });

  it('takes a preset count, or a free count clamped to 7–20, and a signed bonus', () => {
    expect(readDiceForm({ sides: 8, count: 3, bonus: '-2' })).toEqual({
      dice: { count: 3, sides: 8, bonus: -2 },
    });
    expect(readDiceForm({ sides: 20, count: null, freeCount: '3', bonus: '+4' })).toEqual({
      dice: { count: 7, sides: 20, bonus: 4 },
    });
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (free) => {
        const count = clampFreeCount(String(free))!;
        expect(count).toBeGreaterThanOrEqual(7);
        expect(count).toBeLessThanOrEqual(20);
        if (free >= 7 && free <= 20) expect(count).toBe(free);
      }),
    );
    expect(parseBonus('')).toBe(0);
    expect(parseBonus('abc')).toBe(0);
    expect(parseBonus(' + 7 ')).toBe(7);
    expect(parseBonus('-5000')).toBe(-999);
  });
});

describe('rolling', () => {
  it('rolls each die within its faces and totals them with the bonus', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...DICE_SIDES),
        fc.integer({ min: -20, max: 20 }),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })),
        (count, sides, bonus, stream) => {
          const source: RandomInt = (bound) => Math.floor(stream.next().value * bound);
          const result = roll({ count, sides, bonus }, source);
          expect(result.dice).toHaveLength(count);
          for (const die of result.dice) expect(die >= 1 && die <= sides).toBe(true);
          expect(result.total).toBe(result.dice.reduce((a, b) => a + b, 0) + bonus);
        },
      ),
    );
  });

  it('marks a natural 20 and a natural 1 of a lone d20, and damage as damage', () => {
    const d20 = { count: 1, sides: 20, bonus: 3 };
    expect(roll(d20, faces(20)).messageType).toBe('diceRollCriticalSuccess');
    expect(roll(d20, faces(1)).messageType).toBe('diceRollCriticalFail');
    expect(roll(d20, faces(12)).messageType).toBe('diceRoll');
    expect(roll({ count: 2, sides: 20, bonus: 0 }, faces(20)).messageType).toBe('diceRoll');
    expect(roll(d20, faces(20), 'damage').messageType).toBe('damageRoll');
  });

  it('refuses a random source that answers out of range', () => {
    expect(() => rollDie(() => 6, 6)).toThrow(RangeError);
    expect(() => rollDie(() => 0.5, 6)).toThrow(RangeError);
  });

  it('describes a roll for the chat', () => {
    expect(describeRoll(roll({ count: 2, sides: 6, bonus: 3 }, faces(4, 2)))).toBe('2d6+3 : [4, 2] +3 = 9');
    expect(describeRoll(roll({ count: 1, sides: 8, bonus: -1 }, faces(5)), 'Tir (AGI)')).toBe(
      'Tir (AGI) — 1d8-1 : [5] -1 = 4',
    );
  });

  it('shuffles into a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        let state = seed;
        const source: RandomInt = (bound) => Math.abs((state = (state * 1103515245 + 12345) | 0)) % bound;
        expect([...shuffle(items, source)].sort()).toEqual([...items].sort());
      }),
    );
  });
});

describe('attacks (table.md §9)', () => {
  const damage = { count: 1, sides: 10, bonus: 7 };

  it('hits when d20 + stat reaches the armour class, 10 by default', () => {
    expect(resolveAttack({ bonus: 2, damage }, faces(8, 4))).toEqual({
      natural: 8,
      attackTotal: 10,
      targetArmorClass: 10,
      outcome: 'hit',
      damage: { ...damage, dice: [4], total: 11, messageType: 'damageRoll' },
    });
    expect(resolveAttack({ bonus: 2, damage, targetArmorClass: 11 }, faces(8))).toMatchObject({
      outcome: 'miss',
      damage: null,
    });
  });

  it('a natural 20 always lands with the damage maximised, a natural 1 always misses', () => {
    expect(resolveAttack({ bonus: -5, damage, targetArmorClass: 30 }, faces(20))).toMatchObject({
      outcome: 'criticalSuccess',
      damage: maximise(damage),
    });
    expect(maximise(damage).total).toBe(17);
    expect(resolveAttack({ bonus: 50, damage }, faces(1))).toMatchObject({
      outcome: 'criticalFail',
      damage: null,
    });
  });

  it('reads the weapon type from the memory name and its stat from the character', () => {
    expect(weaponTypeOf('Épée FOR')).toBe('force');
    expect(weaponTypeOf('Dague agi')).toBe('agilite');
    expect(weaponTypeOf('Arc INST')).toBe('instinct');
    expect(weaponTypeOf('Bâton')).toBeNull();
    // One rule everywhere: a tag is a word of its own, in any case; the first one written wins.
    expect(weaponTypeOf('Lame de la Forêt')).toBeNull();
    expect(weaponTypeOf('Arc agile')).toBeNull();
    expect(weaponTypeOf('Arbalète INST/FOR')).toBe('instinct');
    expect(weaponTypeOf('Marteau FOR (INST)')).toBe('force');
    expect(weaponTypeOf('fléau for')).toBe('force');
    const character = { forceWeapon: 3, agilityWeapon: 1, perceptionWeapon: 2 };
    expect(weaponStat(character, 'force')).toEqual({ stat: 3 });
    expect(weaponStat(character, 'instinct')).toEqual({ stat: 2 });
    expect(weaponStat(character, null)).toEqual({ error: "Statistique d'arme invalide ou non définie." });
    expect(weaponStat({}, 'agilite')).toEqual({ error: "Statistique d'arme invalide ou non définie." });
    expect(simpleAttackRange('instinct')).toBe(6);
    expect(simpleAttackRange('force')).toBe(1);
    expect(essenceCostOf('AS')).toBe(10);
    expect(essenceCostOf('AC')).toBe(0);
  });
});
