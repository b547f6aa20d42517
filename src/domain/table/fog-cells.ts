import type { Point } from '../geometry/geometry';
import type { FogShape, MapFog } from './fog';

/**
 * The shapes of a fog sorted into a grid of cells over the map, so that finding whether a point is
 * in fog looks at the few shapes over its cell instead of walking them all: each player's sight of
 * each token asks it at every drop (docs/decisions/0023-fog-of-war.md).
 */

/** Cells a side: a room painted over a fifth of the map falls in a few of them. */
const CELLS = 16;
const CELL = 100 / CELLS;
/**
 * How far past a shape's bounds its cells reach, in percent: far beyond the rounding of the tests
 * that find a point inside it (about 1e-13 on values up to 100), so a shape a cell leaves out never
 * holds a point of that cell.
 */
const MARGIN = 1e-6;

interface FogCells {
  aspect: number;
  /** By row then column, the shapes over each cell, in the order they were drawn. */
  cells: FogShape[][];
}

/** A fog's cells, built at the first look at it; a change of the fog is a new one, with its own. */
const built = new WeakMap<MapFog, FogCells>();

const cellOf = (value: number) => Math.min(CELLS - 1, Math.max(0, Math.floor(value / CELL)));

/**
 * Where a shape may hold a point: its points' box, a brush's grown by its radius, which is a
 * percent of the width, so `radius ÷ aspect` of the height (everything on a map of no height).
 */
function boundsOf(shape: FogShape, aspect: number) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { x, y } of shape.points) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const reach = shape.kind === 'brush' ? (shape.radius ?? 0) : 0;
  const reachY = reach === 0 ? 0 : reach / aspect;
  return {
    minX: minX - reach - MARGIN,
    maxX: maxX + reach + MARGIN,
    minY: minY - reachY - MARGIN,
    maxY: maxY + reachY + MARGIN,
  };
}

function cellsOf(shapes: readonly FogShape[], aspect: number): FogCells {
  const cells = Array.from({ length: CELLS * CELLS }, (): FogShape[] => []);
  for (const shape of shapes) {
    const { minX, maxX, minY, maxY } = boundsOf(shape, aspect);
    for (let row = cellOf(minY); row <= cellOf(maxY); row += 1) {
      for (let column = cellOf(minX); column <= cellOf(maxX); column += 1)
        cells[row * CELLS + column]!.push(shape);
    }
  }
  return { aspect, cells };
}

/**
 * The shapes of the fog that may hold the point (percent of a map of that `aspect`, height ÷
 * width), in the order they were drawn: those over its cell, or all of them for a point off the map.
 */
export function shapesNear(fog: MapFog, point: Point, aspect: number): readonly FogShape[] {
  if (!(point.x >= 0 && point.x <= 100 && point.y >= 0 && point.y <= 100)) return fog.shapes;
  let index = built.get(fog);
  if (index?.aspect !== aspect) {
    index = cellsOf(fog.shapes, aspect);
    built.set(fog, index);
  }
  return index.cells[cellOf(point.y) * CELLS + cellOf(point.x)]!;
}
