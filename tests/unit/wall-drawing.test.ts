import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import { gridCorner, polylineWalls, snapWallEnd, wallNear } from '../../src/domain/geometry/wall-drawing';
import type { Wall } from '../../src/domain/geometry/walls';

const grid = { ...DEFAULT_GRID, cellPx: 100, offsetX: 20, offsetY: 10 };
const map = { width: 500, height: 400 };
const wall: Wall = { id: 'w', a: { x: 140, y: 160 }, b: { x: 300, y: 160 }, kind: 'wall' };

describe('drawing walls', () => {
  it('snaps an end to the grid’s nearest corner, kept on the map', () => {
    expect(gridCorner({ x: 135, y: 48 }, grid, map)).toEqual({ x: 120, y: 10 });
    expect(gridCorner({ x: 498, y: 399 }, grid, map)).toEqual({ x: 500, y: 400 });
  });

  it('prefers a wall’s end within a third of a cell, and puts it freely with Alt', () => {
    const walls = [wall];
    expect(snapWallEnd({ x: 150, y: 170 }, { grid, map, walls, free: false })).toEqual({ x: 140, y: 160 });
    expect(snapWallEnd({ x: 190, y: 170 }, { grid, map, walls, free: false })).toEqual({ x: 220, y: 210 });
    expect(snapWallEnd({ x: 150.5, y: 170 }, { grid, map, walls, free: true })).toEqual({ x: 150.5, y: 170 });
    expect(snapWallEnd({ x: -5, y: 170 }, { grid, map, walls, free: true })).toEqual({ x: 0, y: 170 });
  });

  it('finds the wall a click falls near, and none further', () => {
    expect(wallNear({ x: 200, y: 180 }, [wall], 50)?.id).toBe('w');
    expect(wallNear({ x: 200, y: 260 }, [wall], 50)).toBeNull();
  });

  it('makes one wall per segment, closed doors, skipping repeated points', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 50 },
    ];
    expect(polylineWalls(points, 'door')).toEqual([
      { a: { x: 0, y: 0 }, b: { x: 100, y: 0 }, kind: 'door', open: false },
      { a: { x: 100, y: 0 }, b: { x: 100, y: 50 }, kind: 'door', open: false },
    ]);
  });
});
