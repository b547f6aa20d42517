import type { Point, Size } from './geometry';
import type { MapGrid } from './grid';
import { MIN_WALL_LENGTH_PX, type Wall, type WallKind } from './walls';

/**
 * How the MJ's pointer becomes wall ends (docs/live-table.md "Walls and sight on screen"). Rooms
 * are drawn along the grid's lines, and a wall that meets another must share its end exactly, or
 * sight leaks through the gap: so an end snaps to an existing wall's end when one is near, else to
 * the nearest corner of the grid; with Alt it stays where it is put, as a dropped token does.
 */

/** How near (in cells) a wall end must be to catch the pointer: a third keeps corners apart. */
const END_REACH_CELLS = 1 / 3;

const clampTo = ({ x, y }: Point, map: Size): Point => ({
  x: Math.min(map.width, Math.max(0, x)),
  y: Math.min(map.height, Math.max(0, y)),
});

/** The nearest corner of the grid's cells, kept on the map (its edges are corners too). */
export function gridCorner(at: Point, grid: MapGrid, map: Size): Point {
  const line = (value: number, offset: number) =>
    offset + Math.round((value - offset) / grid.cellPx) * grid.cellPx;
  return clampTo({ x: line(at.x, grid.offsetX), y: line(at.y, grid.offsetY) }, map);
}

/** Where a wall end put at `at` goes: an existing end within reach, else the grid's corner. */
export function snapWallEnd(
  at: Point,
  { grid, map, walls, free }: { grid: MapGrid; map: Size; walls: readonly Wall[]; free: boolean },
): Point {
  if (free) return clampTo(at, map);
  let best: Point | null = null;
  let bestDistance = grid.cellPx * END_REACH_CELLS;
  for (const wall of walls)
    for (const end of [wall.a, wall.b]) {
      const distance = Math.hypot(end.x - at.x, end.y - at.y);
      if (distance <= bestDistance) {
        best = end;
        bestDistance = distance;
      }
    }
  return best ?? gridCorner(at, grid, map);
}

/** The distance from a point to a segment. */
function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The wall nearest the point within `reachPx`, the one « Effacer » takes; null when none is. */
export function wallNear(at: Point, walls: readonly Wall[], reachPx: number): Wall | null {
  let best: Wall | null = null;
  let bestDistance = reachPx;
  for (const wall of walls) {
    const distance = distanceToSegment(at, wall.a, wall.b);
    if (distance <= bestDistance) {
      best = wall;
      bestDistance = distance;
    }
  }
  return best;
}

/** A wall of the polyline before the server knows it: its id is given as it is sent. */
export type WallDraft = Omit<Wall, 'id'>;

/**
 * The walls a polyline makes: one per pair of successive points, skipping the ones too short to be
 * a wall (a double click puts the same point twice). Doors are drawn closed.
 */
export function polylineWalls(points: readonly Point[], kind: WallKind): WallDraft[] {
  const walls: WallDraft[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (Math.hypot(b.x - a.x, b.y - a.y) < MIN_WALL_LENGTH_PX) continue;
    walls.push(kind === 'door' ? { a, b, kind, open: false } : { a, b, kind });
  }
  return walls;
}
