import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/domain/geometry/geometry';
import { DEFAULT_GRID, normalGrid, type MapGrid } from '../../src/domain/geometry/grid';
import {
  decodeExplored,
  encodeExplored,
  exploredBy,
  exploredCellCentre,
  exploredCount,
  exploredLayout,
  isExplored,
  isExploredAt,
  MAX_EXPLORED_CELLS,
  noneExplored,
  unionExplored,
  type Explored,
} from '../../src/domain/geometry/explored';
import { pointInPolygon } from '../../src/domain/geometry/sight';

const grids = fc
  .record({
    cellPx: fc.double({ min: 20, max: 200, noNaN: true }),
    offsetX: fc.double({ min: 0, max: 1, noNaN: true }),
    offsetY: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ cellPx, offsetX, offsetY }): MapGrid =>
    normalGrid({ ...DEFAULT_GRID, cellPx, offsetX: offsetX * cellPx, offsetY: offsetY * cellPx }),
  );
const maps = fc.record({
  width: fc.integer({ min: 100, max: 3000 }),
  height: fc.integer({ min: 100, max: 3000 }),
});
/**
 * Any outline, crossing itself or not: explored cells follow `pointInPolygon`'s even–odd rule.
 * Half its corners on the grid's half-cells, so edges run through cells' centres and along rows.
 */
const polygonsOn = (grid: MapGrid, width: number, height: number) => {
  const coordinate = (offset: number, length: number) =>
    fc.oneof(
      fc.double({ min: -100, max: length + 100, noNaN: true }),
      fc
        .integer({ min: -2, max: Math.ceil((2 * length) / grid.cellPx) })
        .map((half) => offset + (half * grid.cellPx) / 2),
    );
  const corner = fc.record({ x: coordinate(grid.offsetX, width), y: coordinate(grid.offsetY, height) });
  return fc.array(fc.array(corner, { minLength: 3, maxLength: 12 }), { maxLength: 4 });
};
const scenes = fc.tuple(grids, maps).chain(([grid, map]) =>
  fc.record({
    grid: fc.constant(grid),
    map: fc.constant(map),
    first: polygonsOn(grid, map.width, map.height),
    second: polygonsOn(grid, map.width, map.height),
  }),
);

function everyCell(explored: Explored, visit: (column: number, row: number) => void): void {
  const { firstColumn, firstRow, columns, rows } = explored.layout;
  for (let row = firstRow; row < firstRow + rows; row++)
    for (let column = firstColumn; column < firstColumn + columns; column++) visit(column, row);
}

// The properties draw maps of up to 22,500 cells: seconds on a busy machine.
describe('explored cells', { timeout: 60_000 }, () => {
  it('are the cells whose centre a polygon covers, by pointInPolygon’s rule', () => {
    fc.assert(
      fc.property(scenes, ({ grid, map, first }) => {
        const explored = exploredBy(exploredLayout(grid, map), first);
        const wrong: Point[] = [];
        everyCell(explored, (column, row) => {
          const centre = exploredCellCentre(explored.layout, column, row);
          const covered = first.some((polygon) => pointInPolygon(centre, polygon));
          if (isExplored(explored, column, row) !== covered) wrong.push(centre);
        });
        expect(wrong).toEqual([]);
      }),
    );
  });

  it('only grow: the union holds both sets, and is what both sights explore at once', () => {
    fc.assert(
      fc.property(scenes, ({ grid, map, first, second }) => {
        const layout = exploredLayout(grid, map);
        const before = exploredBy(layout, first);
        const union = unionExplored(before, exploredBy(layout, second));
        const lost: [number, number][] = [];
        everyCell(before, (column, row) => {
          if (isExplored(before, column, row) && !isExplored(union, column, row)) lost.push([column, row]);
        });
        expect(lost).toEqual([]);
        expect(union.bits).toEqual(exploredBy(layout, [...first, ...second]).bits);
        expect(exploredCount(union)).toBeGreaterThanOrEqual(exploredCount(before));
      }),
    );
  });

  it('are stored in a few bytes, never more than the bitset’s, and read back the same', () => {
    fc.assert(
      fc.property(scenes, ({ grid, map, first }) => {
        const explored = exploredBy(exploredLayout(grid, map), first);
        const stored = encodeExplored(explored);
        expect(stored.length).toBeLessThanOrEqual(1 + 4 * Math.ceil(explored.bits.length / 3));
        expect(decodeExplored(explored.layout, stored)?.bits).toEqual(explored.bits);
      }),
    );
  });

  it('count the cells whose centre is on the map, from the cells before the first line', () => {
    const layout = exploredLayout(
      { ...DEFAULT_GRID, cellPx: 75, offsetX: 40, offsetY: 0 },
      { width: 1000, height: 800 },
    );
    // Column −1's centre is at 2.5 px; column 12's at 977.5; rows 0 to 10.
    expect(layout).toMatchObject({ firstColumn: -1, columns: 14, firstRow: 0, rows: 11, block: 1 });
  });

  it('are counted in blocks of cells past the cap, so the set stays bounded', () => {
    const layout = exploredLayout({ ...DEFAULT_GRID, cellPx: 10 }, { width: 30_000, height: 30_000 });
    expect(layout.columns * layout.rows).toBeLessThanOrEqual(MAX_EXPLORED_CELLS);
    expect(layout.block).toBe(6);
    expect(layout.cellPx).toBe(60);
  });

  it('are read by the point of the map, and dropped when the grid has moved', () => {
    const layout = exploredLayout(DEFAULT_GRID, { width: 1000, height: 800 });
    const square: Point[] = [
      { x: 0, y: 0 },
      { x: 150, y: 0 },
      { x: 150, y: 75 },
      { x: 0, y: 75 },
    ];
    const explored = exploredBy(layout, [square]);
    expect(exploredCount(explored)).toBe(2);
    expect(isExploredAt(explored, { x: 140, y: 10 })).toBe(true);
    expect(isExploredAt(explored, { x: 160, y: 10 })).toBe(false);
    const moved = exploredLayout({ ...DEFAULT_GRID, cellPx: 70 }, { width: 1000, height: 800 });
    expect(decodeExplored(moved, encodeExplored(explored))).toBeNull();
    expect(unionExplored(noneExplored(moved), explored).layout).toBe(moved);
  });
});
