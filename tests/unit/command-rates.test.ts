import { describe, expect, it } from 'vitest';
import {
  COMMAND_RATES,
  createCommandRates,
  kindOfItemChange,
} from '../../server/modules/table/command-rates';

describe('the table’s command allowances', () => {
  it('let each kind’s burst through per account, refuse the next in French, and refill at its rate', () => {
    let time = 0;
    const rates = createCommandRates(1, () => time);
    const attempt = (userId: string, kind: keyof typeof COMMAND_RATES) => {
      try {
        rates.take(userId, kind);
        return 'ok';
      } catch (error) {
        return (error as { statusCode: number; message: string }).statusCode === 429
          ? (error as Error).message
          : 'other';
      }
    };
    for (const [kind, { burst, perSecond, refusal }] of Object.entries(COMMAND_RATES)) {
      const name = kind as keyof typeof COMMAND_RATES;
      for (let n = 0; n < burst; n++) expect(attempt('ana', name)).toBe('ok');
      expect(attempt('ana', name)).toBe(refusal);
      // Another account, and the same account's other kinds, keep their own allowance.
      expect(attempt('bea', name)).toBe('ok');
      time += 1000 / perSecond;
      expect(attempt('ana', name)).toBe('ok');
      expect(attempt('ana', name)).toBe(refusal);
      time += 60_000;
    }
  });

  it('multiplies every allowance by its scale', () => {
    const rates = createCommandRates(3, () => 0);
    for (let n = 0; n < 3 * COMMAND_RATES.attack.burst; n++) rates.take('ana', 'attack');
    expect(() => rates.take('ana', 'attack')).toThrow(COMMAND_RATES.attack.refusal);
  });

  it('counts a drop as a move, and placing, removing, hiding or resizing a token as a placement', () => {
    const on = { map: 'Forêt', usableId: 't' };
    expect(kindOfItemChange({ type: 'token.move', ...on, x: 1, y: 1 })).toBe('move');
    expect(kindOfItemChange({ type: 'token.remove', ...on })).toBe('placement');
    expect(kindOfItemChange({ type: 'token.toggleVisibility', ...on })).toBe('placement');
    expect(kindOfItemChange({ type: 'token.resize', ...on, size: 'Grande' })).toBe('placement');
    expect(
      kindOfItemChange({ type: 'token.adjust', ...on, resource: 'HP', direction: 'increase', amount: 1 }),
    ).toBe('adjustment');
  });
});
