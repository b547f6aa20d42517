import { describe, expect, it } from 'vitest';
import { numberFights } from '../../src/domain/table/turn-marks';

describe('numberFights', () => {
  it('opens a fight at each turn that starts one', () => {
    const turns = [{ starts: true }, { starts: false }, { starts: true }, { starts: false }];
    expect(numberFights(turns).map((turn) => turn.fight)).toEqual([1, 1, 2, 2]);
  });

  it('counts marks that open mid-fight, as a late player’s do, as the first fight', () => {
    expect(numberFights([{ starts: false }, { starts: true }]).map((turn) => turn.fight)).toEqual([1, 2]);
  });

  it('has no fight without turns', () => {
    expect(numberFights([])).toEqual([]);
  });
});
