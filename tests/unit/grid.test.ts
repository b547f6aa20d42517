import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampPercent, distancePx } from '../../src/domain/geometry/geometry';
import {
  cellAt,
  DEFAULT_GRID,
  gridAcross,
  gridSteps,
  normalGrid,
  snapCorner,
  snapGroup,
  snapPercent,
  stepByCell,
  type MapGrid,
} from '../../src/domain/geometry/grid';

const grids = fc
  .record({
    cellPx: fc.double({ min: 10, max: 300, noNaN: true }),
    offsetX: fc.double({ min: 0, max: 1, noNaN: true }),
    offsetY: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ cellPx, offsetX, offsetY }): MapGrid =>
    normalGrid({ ...DEFAULT_GRID, cellPx, offsetX: offsetX * cellPx, offsetY: offsetY * cellPx }),
  );
const maps = fc.record({
  width: fc.integer({ min: 400, max: 6000 }),
  height: fc.integer({ min: 400, max: 6000 }),
});
const points = fc.record({
  x: fc.double({ min: -500, max: 7000, noNaN: true }),
  y: fc.double({ min: -500, max: 7000, noNaN: true }),
});
const onLine = (value: number, cellPx: number, offset: number) => {
  const steps = (value - offset) / cellPx;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
};

describe('snapping a token to the grid', () => {
  it('puts its corner on a line of the grid, the whole token on the map', () => {
    fc.assert(
      fc.property(grids, maps, points, (grid, map, corner) => {
        const snapped = snapCorner(corner, grid, map);
        expect(onLine(snapped.x, grid.cellPx, grid.offsetX)).toBe(true);
        expect(onLine(snapped.y, grid.cellPx, grid.offsetY)).toBe(true);
        expect(snapped.x).toBeGreaterThanOrEqual(0);
        expect(snapped.y).toBeGreaterThanOrEqual(0);
        expect(snapped.x + grid.cellPx).toBeLessThanOrEqual(map.width + 1e-6);
        expect(snapped.y + grid.cellPx).toBeLessThanOrEqual(map.height + 1e-6);
      }),
    );
  });

  it('takes the nearest cell: never more than half a cell away inside the map', () => {
    fc.assert(
      fc.property(grids, maps, points, (grid, map, corner) => {
        fc.pre(map.width >= 3 * grid.cellPx && map.height >= 3 * grid.cellPx);
        const inside = {
          x: Math.min(Math.max(corner.x, grid.offsetX), map.width - 2 * grid.cellPx),
          y: Math.min(Math.max(corner.y, grid.offsetY), map.height - 2 * grid.cellPx),
        };
        const snapped = snapCorner(inside, grid, map);
        expect(Math.abs(snapped.x - inside.x)).toBeLessThanOrEqual(grid.cellPx / 2 + 1e-6);
        expect(Math.abs(snapped.y - inside.y)).toBeLessThanOrEqual(grid.cellPx / 2 + 1e-6);
      }),
    );
  });

  it('leaves a snapped token where it is', () => {
    fc.assert(
      fc.property(grids, maps, points, (grid, map, corner) => {
        const once = snapCorner(corner, grid, map);
        expect(snapCorner(once, grid, map)).toEqual(once);
      }),
    );
  });

  it('stores a snapped place within the table’s bounds, on the grid, and keeps it there', () => {
    fc.assert(
      fc.property(grids, maps, points, (grid, map, corner) => {
        const percent = { x: (corner.x / map.width) * 100, y: (corner.y / map.height) * 100 };
        const snapped = snapPercent(percent, grid, map);
        expect(clampPercent(snapped, map, 1, grid.cellPx)).toEqual(snapped);
        // Where no whole cell lies between the first line and the map's edge, no line can hold the
        // token: it is only kept on the map.
        const fits = (offset: number, length: number) => offset + grid.cellPx <= length;
        if (fits(grid.offsetX, map.width))
          expect(onLine((snapped.x / 100) * map.width, grid.cellPx, grid.offsetX)).toBe(true);
        if (fits(grid.offsetY, map.height))
          expect(onLine((snapped.y / 100) * map.height, grid.cellPx, grid.offsetY)).toBe(true);
        const again = snapPercent(snapped, grid, map);
        expect(again.x).toBeCloseTo(snapped.x, 9);
        expect(again.y).toBeCloseTo(snapped.y, 9);
      }),
    );
  });

  it('drops a token into the cell under the pointer on the default grid', () => {
    expect(snapCorner({ x: 100, y: 30 }, DEFAULT_GRID, { width: 1500, height: 1000 })).toEqual({
      x: 75,
      y: 0,
    });
    expect(snapCorner({ x: 1490, y: 990 }, DEFAULT_GRID, { width: 1500, height: 1000 })).toEqual({
      x: 1425,
      y: 900,
    });
  });
});

describe('snapping a group to the grid', () => {
  const groups = fc.array(
    fc.record({
      position: fc.record({
        x: fc.double({ min: 0, max: 100, noNaN: true }),
        y: fc.double({ min: 0, max: 100, noNaN: true }),
      }),
      cells: fc.integer({ min: 1, max: 4 }),
    }),
    { minLength: 1, maxLength: 6 },
  );

  it('puts every token on a line within the table’s bounds, the first where it alone would snap', () => {
    fc.assert(
      fc.property(grids, maps, groups, (grid, map, group) => {
        fc.pre(map.width >= 5 * grid.cellPx && map.height >= 5 * grid.cellPx);
        const landed = snapGroup(group, grid, map);
        const pixels = landed.map(({ x, y }) => ({ x: (x / 100) * map.width, y: (y / 100) * map.height }));
        landed.forEach((place, index) => {
          expect(clampPercent(place, map, group[index]!.cells, grid.cellPx)).toEqual(place);
          expect(onLine(pixels[index]!.x, grid.cellPx, grid.offsetX)).toBe(true);
          expect(onLine(pixels[index]!.y, grid.cellPx, grid.offsetY)).toBe(true);
        });
        expect(landed[0]).toEqual(snapPercent(group[0]!.position, grid, map, group[0]!.cells));
      }),
    );
  });
});

describe('moving a token by the keyboard', () => {
  const map = { width: 1500, height: 1000 };
  const grid = { ...DEFAULT_GRID, cellPx: 100, offsetX: 20, offsetY: 10 };

  it('moves it one cell, onto the grid when snapped', () => {
    // Corner at 120 px, 110 px (on the grid): one cell right is 220 px.
    const on = { x: 8, y: 11 };
    expect(stepByCell(on, { x: 1, y: 0 }, grid, map, true).x).toBeCloseTo((220 / 1500) * 100, 9);
    expect(stepByCell(on, { x: 0, y: -1 }, grid, map, true).y).toBeCloseTo(1, 9);
    // Off the grid and free, it moves by a cell's length exactly.
    expect(stepByCell({ x: 9, y: 12 }, { x: 1, y: 0 }, grid, map, false)).toEqual({ x: 9 + 100 / 15, y: 12 });
  });

  it('never takes a token off the map', () => {
    fc.assert(
      fc.property(
        grids,
        maps,
        points,
        fc.constantFrom(-1, 0, 1),
        fc.constantFrom(-1, 0, 1),
        fc.boolean(),
        (grid, map, corner, x, y, snap) => {
          const position = clampPercent(
            { x: (corner.x / map.width) * 100, y: (corner.y / map.height) * 100 },
            map,
            1,
            grid.cellPx,
          );
          const moved = stepByCell(position, { x, y }, grid, map, snap);
          expect(clampPercent(moved, map, 1, grid.cellPx)).toEqual(moved);
        },
      ),
    );
  });
});

describe('the grid as stored', () => {
  it('brings the offsets within one cell and the cell within bounds', () => {
    expect(normalGrid({ ...DEFAULT_GRID, cellPx: 70, offsetX: 75, offsetY: -10 })).toMatchObject({
      cellPx: 70,
      offsetX: 5,
      offsetY: 60,
    });
    expect(normalGrid({ ...DEFAULT_GRID, cellPx: 2 }).cellPx).toBe(10);
    expect(normalGrid({ ...DEFAULT_GRID, opacity: 3 }).opacity).toBe(1);
  });

  it('seeds a grid from the map’s « Taille », in cells across', () => {
    expect(gridAcross(20, 1400)).toMatchObject({ cellPx: 70, offsetX: 0 });
    expect(gridAcross(null, 1400)).toBeNull();
    expect(gridAcross(1000, 1400)).toBeNull();
  });
});

describe('the ruler counts whole cells, diagonals alternately 1 and 2', () => {
  const grid = { ...DEFAULT_GRID, cellPx: 50, offsetX: 10, offsetY: 10 };
  const centre = (column: number, row: number) => ({ x: 10 + 50 * column + 25, y: 10 + 50 * row + 25 });

  it('counts straight lines cell by cell', () => {
    expect(gridSteps(centre(0, 0), centre(6, 0), grid)).toBe(6);
    expect(gridSteps(centre(2, 3), centre(2, 0), grid)).toBe(3);
  });

  it('counts 1, 2, 1, 2 along a diagonal', () => {
    expect([1, 2, 3, 4].map((n) => gridSteps(centre(0, 0), centre(n, n), grid))).toEqual([1, 3, 4, 6]);
  });

  it('reads the cell under each end, wherever in it the pointer is', () => {
    expect(cellAt({ x: 9, y: 60 }, grid)).toEqual({ column: -1, row: 1 });
    expect(gridSteps({ x: 11, y: 11 }, { x: 59, y: 59 }, grid)).toBe(0);
  });

  it('stays within a cell and 12 % of the straight distance between centres', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }), (column, row) => {
        const steps = gridSteps(centre(0, 0), centre(column, row), grid);
        const straight = distancePx(centre(0, 0), centre(column, row)) / grid.cellPx;
        expect(Math.abs(steps - straight)).toBeLessThanOrEqual(Math.max(1, straight * 0.12));
      }),
    );
  });
});
