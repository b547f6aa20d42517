import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  maxPercent,
  effectiveRange,
  isInArea,
  isInRange,
  measureCells,
  percentToPixels,
  pixelsToPercent,
  tokenCentre,
  tokensHit,
  type AreaAttack,
} from '../../src/domain/geometry/geometry';
import { mapMessages } from '../../src/ui/game/messages';

const map = { width: 1500, height: 1000 };
const cell = (x: number, y: number) => ({ x: x * 75, y: y * 75 });

describe('positions (table.md §9 "Table")', () => {
  it('keeps every position within 0–97.5 % across and 0–94 % down', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (x, y) => {
        const clamped = clampPercent({ x, y });
        expect(clamped.x >= 0 && clamped.x <= 97.5).toBe(true);
        expect(clamped.y >= 0 && clamped.y <= 94).toBe(true);
      }),
    );
  });

  it('keeps a token wholly on a map of known size, and grabbable', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double(),
        fc.integer({ min: 76, max: 5000 }),
        fc.integer({ min: 76, max: 5000 }),
        (x, y, width, height) => {
          const clamped = clampPercent({ x, y }, { width, height });
          expect(clamped.x >= 0 && clamped.x <= 97.5).toBe(true);
          expect(clamped.y >= 0 && clamped.y <= 94).toBe(true);
          expect((clamped.x / 100) * width + 75).toBeLessThanOrEqual(width + 1e-9);
          expect((clamped.y / 100) * height + 75).toBeLessThanOrEqual(height + 1e-9);
        },
      ),
    );
  });

  it('bounds a 300 px map at 75 % and a large map at 97.5 % / 94 %', () => {
    expect(clampPercent({ x: 99, y: 99 }, { width: 300, height: 300 })).toEqual({ x: 75, y: 75 });
    expect(clampPercent({ x: 99, y: 99 }, { width: 6000, height: 6000 })).toEqual({ x: 97.5, y: 94 });
    expect(maxPercent()).toEqual({ x: 97.5, y: 94 });
  });

  it('converts percent to pixels and back on any map', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 100, max: 5000 }),
        (u, v, width, height) => {
          const max = maxPercent({ width, height });
          const [x, y] = [u * max.x, v * max.y];
          const back = pixelsToPercent(percentToPixels({ x, y }, { width, height }), { width, height });
          expect(back.x).toBeCloseTo(x, 9);
          expect(back.y).toBeCloseTo(y, 9);
        },
      ),
    );
    expect(percentToPixels({ x: 50, y: 120 }, map)).toEqual({ x: 750, y: 925 });
    expect(pixelsToPercent({ x: 10, y: 10 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('measures in cells of 75 px, from token centres, shown with two decimals the French way', () => {
    expect(tokenCentre({ x: 0, y: 0 })).toEqual({ x: 37.5, y: 37.5 });
    expect(measureCells({ x: 0, y: 0 }, { x: 225, y: 0 })).toBe(3);
    expect(mapMessages.measure(measureCells({ x: 0, y: 0 }, { x: 100, y: 100 }))).toBe('1,89 cases');
    expect(mapMessages.measure(measureCells({ x: 0, y: 0 }, { x: 375, y: 0 }))).toBe('5,00 cases');
  });
});

describe('range', () => {
  it('forgives half a cell and no more', () => {
    expect(isInRange(cell(0, 0), cell(1, 0), 1)).toBe(true);
    expect(isInRange(cell(0, 0), cell(1, 1), 1)).toBe(true); // diagonal 1.41 cells
    expect(isInRange(cell(0, 0), cell(1.5, 0), 1)).toBe(true);
    expect(isInRange(cell(0, 0), cell(1.51, 0), 1)).toBe(false);
    expect(isInRange(cell(0, 0), cell(2, 0), 1)).toBe(false);
  });

  it('range 0 is the movement', () => {
    expect(effectiveRange(0, 5)).toBe(5);
    expect(effectiveRange(3, 5)).toBe(3);
  });
});

describe('areas', () => {
  const attack = (areaOfEffect: AreaAttack['areaOfEffect'], areaSize = 0, maxTargets = 0): AreaAttack => ({
    areaOfEffect,
    areaSize,
    range: 4,
    maxTargets,
  });
  const attacker = { id: 'me', centre: cell(0, 0) };

  it('a circle of one cell around the aim, or of its size', () => {
    expect(isInArea(attack('circle'), attacker.centre, cell(3, 0), cell(4, 0))).toBe(true);
    expect(isInArea(attack('circle'), attacker.centre, cell(3, 0), cell(4, 1))).toBe(false);
    expect(isInArea(attack('circle', 2), attacker.centre, cell(3, 0), cell(4, 1))).toBe(true);
  });

  it('a line one cell wide from the attacker towards the aim, as long as the range', () => {
    const line = attack('line');
    expect(isInArea(line, attacker.centre, cell(1, 0), cell(3, 0.4))).toBe(true);
    expect(isInArea(line, attacker.centre, cell(1, 0), cell(3, 0.6))).toBe(false);
    expect(isInArea(line, attacker.centre, cell(1, 0), cell(5, 0))).toBe(false);
    expect(isInArea(line, attacker.centre, cell(1, 0), cell(-1, 0))).toBe(false);
    expect(isInArea(line, attacker.centre, attacker.centre, cell(1, 0))).toBe(false);
  });

  it('a 90° cone from the attacker', () => {
    const cone = attack('cone', 3);
    expect(isInArea(cone, attacker.centre, cell(1, 0), cell(2, 1.9))).toBe(true);
    expect(isInArea(cone, attacker.centre, cell(1, 0), cell(1, 1.1))).toBe(false);
    expect(isInArea(cone, attacker.centre, cell(1, 0), cell(3.1, 0))).toBe(false);
    expect(isInArea(cone, attacker.centre, cell(1, 0), cell(-2, 0))).toBe(false);
  });

  it('hits the nearest first, never the attacker, at most maxTargets (0: all)', () => {
    const candidates = [attacker, { id: 'far', centre: cell(4, 0) }, { id: 'near', centre: cell(3, 0) }];
    expect(tokensHit(attack('circle', 2), attacker, cell(1, 0), candidates)).toEqual(['near']);
    expect(tokensHit(attack('line'), attacker, cell(1, 0), candidates)).toEqual(['near', 'far']);
    expect(tokensHit(attack('line', 0, 1), attacker, cell(1, 0), candidates)).toEqual(['near']);
    expect(tokensHit(attack('single'), attacker, cell(4, 0), candidates)).toEqual(['far']);
    expect(tokensHit(attack('circle'), attacker, cell(10, 10), candidates)).toEqual([]);
  });
});
