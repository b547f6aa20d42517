import { isExplored, type Explored } from '#shared/domain/geometry/explored';
import type { Point, Size } from '#shared/domain/geometry/geometry';
import type { FogShape } from '#shared/domain/table/fog';
import { REMEMBERED_SHOWS, type VisibleArea } from '#shared/domain/table/visible-area';
import { keptFogCells } from './fog-cells';

/**
 * What a player may see of a map, sampled on a coarse grid: one byte a cell, 255 where the cell's
 * centre is visible, `REMEMBERED` where it is remembered (revealed, seen before, not now), 0
 * elsewhere. Drawn by scanlines in JS rather than by librsvg from the paint's
 * SVG: at a quarter of a 4,000 px picture it costs a few milliseconds where the SVG's two masks
 * cost seconds (docs/benchmarks.md, masked-picture).
 */
export interface CoarseMask {
  cells: Uint8Array;
  width: number;
  height: number;
}

/** A remembered cell's byte: the share of the picture it shows. */
export const REMEMBERED = Math.round(REMEMBERED_SHOWS * 255);

/** A cell's coverage is read at its centre: a cell is shown, remembered or painted, never between. */
interface Grid {
  width: number;
  height: number;
  /** Map pixels per cell, across and down. */
  cellX: number;
  cellY: number;
}

/** The map-space y of row `row`'s centres. */
const rowY = (grid: Grid, row: number) => (row + 0.5) * grid.cellY;

/** Sets `value` over the cells of `row` whose centre lies in [from, to) (map pixels). */
function span(cells: Uint8Array, grid: Grid, row: number, from: number, to: number, value: number) {
  const first = Math.max(0, Math.ceil(from / grid.cellX - 0.5));
  const end = Math.min(grid.width, Math.ceil(to / grid.cellX - 0.5));
  if (end > first) cells.fill(value, row * grid.width + first, row * grid.width + end);
}

/** The rows whose centre lies in [top, bottom]. */
function rowsOf(grid: Grid, top: number, bottom: number): [number, number] {
  return [
    Math.max(0, Math.ceil(top / grid.cellY - 0.5)),
    Math.min(grid.height - 1, Math.floor(bottom / grid.cellY - 0.5)),
  ];
}

/**
 * Fills a closed polygon, row by row from its edges' crossings: `evenodd` as a fog polygon is
 * drawn (fill-rule="evenodd"), else nonzero as a sight's path. Each edge gives its crossings to
 * the rows it spans only: a sight of a thousand walls' corners is read once, not once a row.
 */
function fillPolygon(
  cells: Uint8Array,
  grid: Grid,
  polygon: readonly Point[],
  value: number,
  evenOdd: boolean,
) {
  if (polygon.length < 3) return;
  let top = Infinity;
  let bottom = -Infinity;
  for (const { y } of polygon) {
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  const [first, last] = rowsOf(grid, top, bottom);
  if (last < first) return;
  // Row by row, an edge counts over [lower y, upper y) so that a vertex on a row counts once; the
  // rows are taken one wider each side for rounding, then each tested exactly, so that the two
  // edges at a vertex never both miss or both take a row.
  const crossed = (a: Point, b: Point, visit: (row: number, y: number) => void) => {
    if (a.y === b.y) return;
    const [from, to] = rowsOf(grid, Math.min(a.y, b.y), Math.max(a.y, b.y));
    for (let row = Math.max(first, from - 1); row <= Math.min(last, to + 1); row++) {
      const y = rowY(grid, row);
      if (a.y <= y !== b.y <= y) visit(row, y);
    }
  };
  const starts = new Int32Array(last - first + 2);
  for (let i = 0; i < polygon.length; i++)
    crossed(polygon[i]!, polygon[(i + 1) % polygon.length]!, (row) => starts[row - first + 1]!++);
  for (let row = 1; row < starts.length; row++) starts[row]! += starts[row - 1]!;
  const xs = new Float64Array(starts.at(-1)!);
  const windings = new Int8Array(xs.length);
  const filled = starts.slice(0, -1);
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    crossed(a, b, (row, y) => {
      const at = filled[row - first]!++;
      xs[at] = a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x);
      windings[at] = b.y > a.y ? 1 : -1;
    });
  }
  for (let row = first; row <= last; row++) {
    const begin = starts[row - first]!;
    const end = starts[row - first + 1]!;
    // By insertion, the winding along: a row crosses a few edges.
    for (let i = begin + 1; i < end; i++) {
      const x = xs[i]!;
      const winding = windings[i]!;
      let j = i - 1;
      for (; j >= begin && xs[j]! > x; j--) {
        xs[j + 1] = xs[j]!;
        windings[j + 1] = windings[j]!;
      }
      xs[j + 1] = x;
      windings[j + 1] = winding;
    }
    let winding = 0;
    for (let i = begin; i < end - 1; i++) {
      winding += evenOdd ? 1 : windings[i]!;
      const inside = evenOdd ? winding % 2 === 1 : winding !== 0;
      if (inside) span(cells, grid, row, xs[i]!, xs[i + 1]!, value);
    }
  }
}

/**
 * A brush's stroke: every point within `radius` of its path (round caps and joins), the union of
 * one capsule a segment. A capsule is convex: its crossing of a row is one interval, the widest of
 * its two end discs' and its body's.
 */
function fillStroke(cells: Uint8Array, grid: Grid, path: readonly Point[], radius: number, value: number) {
  if (radius <= 0) return;
  for (let i = 0; i < path.length; i++) {
    const a = path[i]!;
    const b = path[Math.min(i + 1, path.length - 1)]!;
    const [first, last] = rowsOf(grid, Math.min(a.y, b.y) - radius, Math.max(a.y, b.y) + radius);
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    // The body: a rectangle along the segment, 2 × radius wide.
    const nx = length === 0 ? 0 : (-(b.y - a.y) / length) * radius;
    const ny = length === 0 ? 0 : ((b.x - a.x) / length) * radius;
    const body: Point[] = [
      { x: a.x + nx, y: a.y + ny },
      { x: b.x + nx, y: b.y + ny },
      { x: b.x - nx, y: b.y - ny },
      { x: a.x - nx, y: a.y - ny },
    ];
    for (let row = first; row <= last; row++) {
      const y = rowY(grid, row);
      let from = Infinity;
      let to = -Infinity;
      for (const end of [a, b]) {
        const dy = y - end.y;
        if (Math.abs(dy) > radius) continue;
        const dx = Math.sqrt(radius * radius - dy * dy);
        from = Math.min(from, end.x - dx);
        to = Math.max(to, end.x + dx);
      }
      if (length > 0) {
        for (let k = 0; k < 4; k++) {
          const p = body[k]!;
          const q = body[(k + 1) % 4]!;
          if (p.y <= y !== q.y <= y) {
            const x = p.x + ((y - p.y) / (q.y - p.y)) * (q.x - p.x);
            from = Math.min(from, x);
            to = Math.max(to, x);
          }
        }
      }
      if (to > from) span(cells, grid, row, from, to, value);
    }
  }
}

/** One fog shape over the revealed cells, its points in percent of the map as the fog keeps them. */
function drawFogShape(cells: Uint8Array, grid: Grid, shape: FogShape, map: Size) {
  const value = shape.mode === 'reveal' ? 255 : 0;
  const points = shape.points.map((point) => ({
    x: (point.x / 100) * map.width,
    y: (point.y / 100) * map.height,
  }));
  if (shape.kind === 'rect') {
    const [a, b] = points as [Point, Point];
    const [first, last] = rowsOf(grid, Math.min(a.y, b.y), Math.max(a.y, b.y));
    for (let row = first; row <= last; row++)
      span(cells, grid, row, Math.min(a.x, b.x), Math.max(a.x, b.x), value);
  } else if (shape.kind === 'polygon') fillPolygon(cells, grid, points, value, true);
  else fillStroke(cells, grid, points, ((shape.radius ?? 0) / 100) * map.width, value);
}

/** A table's fogs at a few widths. */
const fogCells = keptFogCells(8);

/**
 * The visible area (the same as `paintOver` paints around) on a `size` grid over the map: the fog's
 * revealed cells, and on a map with vision those of them inside a token's sight, and at
 * `REMEMBERED` those whose explored cell (a grid cell, larger than a mask cell) was seen before.
 */
export function coarseMask(area: VisibleArea, map: Size, size: Size): CoarseMask {
  const grid: Grid = { ...size, cellX: map.width / size.width, cellY: map.height / size.height };
  const { fog, sight, remembered } = area;
  const cells = fogCells(fog, `${map.width}x${map.height}/${size.width}x${size.height}`, () => {
    const drawn = new Uint8Array(size.width * size.height).fill(fog?.base === 'covered' ? 0 : 255);
    for (const shape of fog?.shapes ?? []) drawFogShape(drawn, grid, shape, map);
    return drawn;
  });
  if (sight !== null) {
    const seen = new Uint8Array(cells.length);
    for (const polygon of sight) fillPolygon(seen, grid, polygon, 255, false);
    const remembers = remembered === null ? null : rememberedLookup(remembered, grid);
    for (let row = 0, i = 0; row < size.height; row++) {
      for (let column = 0; column < size.width; column++, i++) {
        // Under the fog or seen now, the memory changes nothing.
        if (cells[i] === 0 || seen[i] === 255) continue;
        cells[i] = remembers?.(column, row) ? REMEMBERED : 0;
      }
    }
  }
  return { cells, ...size };
}

/**
 * Whether a mask cell's centre lies in an explored cell (as `isExploredAt` tells), the explored
 * column of each mask column reckoned once rather than at each cell.
 */
function rememberedLookup(remembered: Explored, grid: Grid) {
  const { cellPx, offsetX, offsetY } = remembered.layout;
  const columns = Int32Array.from({ length: grid.width }, (_, column) =>
    Math.floor(((column + 0.5) * grid.cellX - offsetX) / cellPx),
  );
  const rows = Int32Array.from({ length: grid.height }, (_, row) =>
    Math.floor((rowY(grid, row) - offsetY) / cellPx),
  );
  return (column: number, row: number) => isExplored(remembered, columns[column]!, rows[row]!);
}
