import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CELL_PX,
  clampPercent,
  coversBody,
  edgeCells,
  isInRange,
  isInReach,
  maxPercent,
  tokenCentre,
  tokensHit,
  type AreaAttack,
  type Body,
} from '../../src/domain/geometry/geometry';
import { cellsOfCreatureSize, creatureSizes } from '../../src/domain/resources/categories';
import { tokenCells } from '../../src/domain/table/token-size';

/**
 * Tokens of 1×1 to 4×4 cells (docs/decisions/0017-tokens-of-every-size.md): a token's square
 * stays on the map, and reach and areas are reckoned from its edge and its cells.
 */

const sizeArb = fc.integer({ min: 1, max: 4 });
const cellPxArb = fc.integer({ min: 20, max: 300 });

/** A token of `size` cells standing on the whole cells from (col, row), in a grid of `cellPx`. */
function standing(col: number, row: number, size: number, cellPx = CELL_PX): Body {
  return { centre: tokenCentre({ x: col * cellPx, y: row * cellPx }, size, cellPx), size };
}

/** How many whole cells lie between two squares along one axis (0 when they touch or overlap). */
const between = (a: number, sizeA: number, b: number, sizeB: number) =>
  Math.max(0, b - (a + sizeA), a - (b + sizeB));

const squareArb = fc.record({
  col: fc.integer({ min: -10, max: 10 }),
  row: fc.integer({ min: -10, max: 10 }),
  size: sizeArb,
});

describe('creature sizes', () => {
  it('gives a medium creature one cell and a gargantuan one 4×4, as D&D does', () => {
    expect(creatureSizes).toEqual([
      'Très petite',
      'Petite',
      'Moyenne',
      'Grande',
      'Très grande',
      'Gigantesque',
    ]);
    expect(creatureSizes.map((size) => cellsOfCreatureSize[size])).toEqual([1, 1, 1, 2, 3, 4]);
  });

  it('reads a token without a size, from a log written before sizes, as one cell', () => {
    expect(tokenCells({})).toBe(1);
    expect(tokenCells({ size: 3 })).toBe(3);
  });
});

describe('a token’s square on the map', () => {
  it('puts the centre half the square from the corner', () => {
    expect(tokenCentre({ x: 0, y: 0 })).toEqual({ x: 37.5, y: 37.5 });
    expect(tokenCentre({ x: 150, y: 75 }, 3)).toEqual({ x: 262.5, y: 187.5 });
    expect(tokenCentre({ x: 0, y: 0 }, 2, 50)).toEqual({ x: 50, y: 50 });
  });

  it('keeps the whole square on any map it fits on, whatever the size and the cell', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double(),
        sizeArb,
        cellPxArb,
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        (x, y, size, cellPx, extraWidth, extraHeight) => {
          const map = { width: size * cellPx + extraWidth, height: size * cellPx + extraHeight };
          const clamped = clampPercent({ x, y }, map, size, cellPx);
          expect(clamped.x).toBeGreaterThanOrEqual(0);
          expect(clamped.y).toBeGreaterThanOrEqual(0);
          expect((clamped.x / 100) * map.width + size * cellPx).toBeLessThanOrEqual(map.width + 1e-6);
          expect((clamped.y / 100) * map.height + size * cellPx).toBeLessThanOrEqual(map.height + 1e-6);
        },
      ),
    );
  });

  it('stops a 3×3 token three cells from the right and bottom edges', () => {
    const map = { width: 1500, height: 1000 };
    expect(maxPercent(map, 3)).toEqual({ x: 85, y: 77.5 });
    expect(clampPercent({ x: 99, y: 99 }, map, 3)).toEqual({ x: 85, y: 77.5 });
    // One cell keeps the bounds it always had.
    expect(clampPercent({ x: 99, y: 99 }, map)).toEqual({ x: 95, y: 92.5 });
  });
});

describe('reach from the edge', () => {
  it('counts cells from edge to edge: touching squares are one cell apart', () => {
    expect(edgeCells(standing(0, 0, 1), standing(1, 0, 1))).toBe(1);
    expect(edgeCells(standing(0, 0, 3), standing(3, 2, 1))).toBe(1);
    expect(edgeCells(standing(0, 0, 3), standing(5, 0, 1))).toBe(3);
    expect(edgeCells(standing(0, 0, 2), standing(4, 4, 2))).toBeCloseTo(1 + 2 * Math.SQRT2, 9);
  });

  it('counts squares that overlap as 0 apart, so an attacker may aim at its own square', () => {
    expect(edgeCells(standing(0, 0, 3), standing(2, 2, 1))).toBe(0);
    expect(isInReach(standing(0, 0, 1), { centre: { x: 50, y: 20 } }, 0)).toBe(true);
  });

  it('reach 1 touches every square beside a token of any size, and never a square further', () => {
    fc.assert(
      fc.property(squareArb, squareArb, cellPxArb, (a, b, cellPx) => {
        const gapCols = between(a.col, a.size, b.col, b.size);
        const gapRows = between(a.row, a.size, b.row, b.size);
        const from = standing(a.col, a.row, a.size, cellPx);
        const to = standing(b.col, b.row, b.size, cellPx);
        const touching = gapCols === 0 && gapRows === 0;
        expect(isInReach(from, to, 1, cellPx)).toBe(touching);
        expect(isInReach(to, from, 1, cellPx)).toBe(touching);
      }),
    );
  });

  it('reaches range r when the cells between the squares number fewer than r, diagonals by Pythagoras', () => {
    fc.assert(
      fc.property(squareArb, squareArb, fc.integer({ min: 1, max: 12 }), (a, b, range) => {
        const gap = Math.hypot(between(a.col, a.size, b.col, b.size), between(a.row, a.size, b.row, b.size));
        const from = standing(a.col, a.row, a.size);
        const to = standing(b.col, b.row, b.size);
        expect(isInReach(from, to, range)).toBe(gap + 0.5 <= range + 1e-9);
      }),
    );
  });

  it('agrees with the centre rule for one-cell tokens in a row or a column', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 20 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        (d, across, r) => {
          const to = across ? standing(d, 0, 1) : standing(0, d, 1);
          expect(isInReach(standing(0, 0, 1), to, r)).toBe(isInRange(standing(0, 0, 1).centre, to.centre, r));
        },
      ),
    );
  });

  it('measures an aimed point as a one-cell target standing there', () => {
    const giant = standing(0, 0, 4);
    // On the fourth cell from the giant's right edge, level with its middle.
    const point = { x: 7.5 * CELL_PX, y: 2 * CELL_PX };
    expect(isInReach(giant, { centre: point }, 4)).toBe(true);
    expect(isInReach(giant, { centre: point }, 3)).toBe(false);
  });
});

describe('areas over a token’s cells', () => {
  const attack = (areaOfEffect: AreaAttack['areaOfEffect'], areaSize = 0, maxTargets = 0): AreaAttack => ({
    areaOfEffect,
    areaSize,
    range: 6,
    maxTargets,
  });
  const at = (col: number, row: number) => ({ x: (col + 0.5) * CELL_PX, y: (row + 0.5) * CELL_PX });

  it('a circle catches a large token when it covers one of its cells, not only its centre', () => {
    const ogre = standing(5, 0, 3);
    const me = standing(0, 0, 1);
    expect(coversBody(attack('circle'), me, at(4, 0), ogre)).toBe(true);
    expect(coversBody(attack('circle'), me, at(3, 0), ogre)).toBe(false);
    // A one-cell token still by its centre alone.
    expect(coversBody(attack('circle'), me, at(4, 0), standing(5, 0, 1))).toBe(true);
    expect(coversBody(attack('circle'), me, at(3, 0), standing(5, 0, 1))).toBe(false);
  });

  it('a line from a large attacker runs its length from the attacker’s edge', () => {
    const giant = standing(0, 0, 3);
    const line = attack('line', 2);
    const east = at(6, 1);
    expect(coversBody(line, giant, east, standing(3, 1, 1))).toBe(true);
    expect(coversBody(line, giant, east, standing(4, 1, 1))).toBe(true);
    expect(coversBody(line, giant, east, standing(5, 1, 1))).toBe(false);
  });

  it('a cone from a large attacker also runs from its edge', () => {
    const giant = standing(0, 0, 4);
    const cone = attack('cone', 2);
    const east = at(8, 1.5);
    // Two cells from the giant's centre would not reach past its edge.
    expect(coversBody(cone, giant, east, standing(4, 1, 1))).toBe(true);
    expect(coversBody(cone, giant, east, standing(6, 1, 1))).toBe(false);
  });

  it('a single attack lands on any cell of its target', () => {
    const dragon = standing(4, 4, 4);
    expect(coversBody(attack('single'), standing(0, 0, 1), at(7, 7), dragon)).toBe(true);
    expect(coversBody(attack('single'), standing(0, 0, 1), at(8, 7), dragon)).toBe(false);
  });

  it('hits the nearest edges first', () => {
    const me = { id: 'me', ...standing(0, 0, 1) };
    const giant = { id: 'giant', ...standing(2, 0, 4) };
    const imp = { id: 'imp', ...standing(0, 3, 1) };
    // One cell lies between the giant's edge and mine, two between the imp's, though the giant's
    // centre is further than the imp's.
    expect(tokensHit(attack('circle', 6), me, at(1, 3), [imp, giant, me])).toEqual(['giant', 'imp']);
  });

  it('a circle covers a token exactly when it covers the centre of one of its cells', () => {
    fc.assert(
      fc.property(
        squareArb,
        fc.record({ col: fc.integer({ min: -10, max: 10 }), row: fc.integer({ min: -10, max: 10 }) }),
        fc.integer({ min: 1, max: 4 }),
        (target, aim, radius) => {
          const cellsInside = [];
          for (let i = 0; i < target.size; i += 1)
            for (let j = 0; j < target.size; j += 1)
              cellsInside.push(Math.hypot(target.col + i - aim.col, target.row + j - aim.row) <= radius);
          const body = standing(target.col, target.row, target.size);
          expect(coversBody(attack('circle', radius), standing(0, 0, 1), at(aim.col, aim.row), body)).toBe(
            cellsInside.some(Boolean),
          );
        },
      ),
    );
  });
});
