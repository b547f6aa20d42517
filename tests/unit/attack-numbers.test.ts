import { describe, expect, it } from 'vitest';
import { parseDamageTerms } from '../../src/domain/dice/notation';
import { describeRoll, maximise } from '../../src/domain/dice/roll';
import { attackNumbers } from '../../src/domain/table/attack-numbers';

const sword = { stat: [{ stat: 'damage', bonus: '1d4' }] };

describe('attack numbers', () => {
  it('adds the worn weapon’s damage to its attack, and gives the essence an AS costs', () => {
    expect(attackNumbers({ damageRoll: '1d8+2', cost: 'AS' }, sword)).toEqual({
      damage: '1d8+1d4+2',
      essenceCost: 10,
    });
    expect(attackNumbers({ damageRoll: '1d8+2', cost: 'AC' }, { stat: { damage: '+3' } })).toEqual({
      damage: '1d8+5',
      essenceCost: 0,
    });
    expect(
      attackNumbers({ damageRoll: '1d8', cost: 'AC' }, { stat: [{ stat: 'damage', bonus: '1d8' }] }).damage,
    ).toBe('2d8');
  });

  it('adds nothing a weapon’s damage does not say, and keeps an unreadable roll for the server to refuse', () => {
    expect(attackNumbers({ damageRoll: '1d10+7' }).damage).toBe('1d10+7');
    expect(attackNumbers({ damageRoll: '1d8+2' }, { stat: { damage: 'beaucoup' } }).damage).toBe('1d8+2');
    expect(attackNumbers({ damageRoll: 'n’importe quoi' }, sword).damage).toBe('n’importe quoi');
  });

  it('rolls and tells every kind of dice: a maximised 1d8+1d4+2 is 14', () => {
    const spec = parseDamageTerms('1d8+1d4+2')!;
    expect(spec).toEqual({
      groups: [
        { count: 1, sides: 8 },
        { count: 1, sides: 4 },
      ],
      bonus: 2,
    });
    const best = maximise({ count: 1, sides: 8, bonus: 2, extra: [{ count: 1, sides: 4 }] });
    expect(best.total).toBe(14);
    expect(describeRoll(best)).toBe('1d8+1d4+2 : [8] [4] +2 = 14');
  });
});
