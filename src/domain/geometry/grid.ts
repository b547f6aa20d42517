import { CELL_PX, clampPercent, maxPercent, type Point, type Size } from './geometry';

/**
 * A map's square grid (docs/live-table.md "The grid"), in the map's own pixels: the side of a cell
 * and where the first lines fall, so the table's cells lie on the ones drawn in the picture.
 * Ranges, areas, the ruler and the size of a token are reckoned in its cells.
 */
export interface MapGrid {
  /** A cell's side, in the map's pixels. */
  cellPx: number;
  /** Where the first vertical and horizontal lines fall, 0 ≤ offset < cellPx. */
  offsetX: number;
  offsetY: number;
  /** Drawn over the picture or not; snapping and counting follow it either way. */
  shown: boolean;
  /** `#rrggbb`. */
  color: string;
  /** 0 (invisible) to 1. */
  opacity: number;
}

export const GRID_CELL_MIN_PX = 10;
export const GRID_CELL_MAX_PX = 1000;

/** A map nobody aligned: the table's historical 75 px cells from the picture's corner. */
export const DEFAULT_GRID: MapGrid = {
  cellPx: CELL_PX,
  offsetX: 0,
  offsetY: 0,
  shown: true,
  color: '#000000',
  opacity: 0.3,
};

/** Two decimals of a pixel: finer than a screen shows, coarse enough to compare. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

function modulo(value: number, by: number): number {
  return ((value % by) + by) % by;
}

/**
 * The grid as it is stored: the cell within bounds, each offset brought within one cell (a line
 * at 80 px on a grid of 75 is the one at 5), all to the hundredth of a pixel.
 */
export function normalGrid(grid: MapGrid): MapGrid {
  const cellPx = hundredths(Math.min(GRID_CELL_MAX_PX, Math.max(GRID_CELL_MIN_PX, grid.cellPx)));
  const offset = (value: number) => {
    const within = hundredths(modulo(value, cellPx));
    return within >= cellPx ? 0 : within;
  };
  return {
    ...grid,
    cellPx,
    offsetX: offset(grid.offsetX),
    offsetY: offset(grid.offsetY),
    opacity: Math.min(1, Math.max(0, grid.opacity)),
  };
}

/**
 * The grid a map's picture gets when its resource says how many cells it is across (« Taille »):
 * its width shared among them, when that gives a cell within bounds. Null otherwise.
 */
export function gridAcross(cellsAcross: number | null, width: number): MapGrid | null {
  if (cellsAcross === null || cellsAcross <= 0) return null;
  const cellPx = hundredths(width / cellsAcross);
  if (cellPx < GRID_CELL_MIN_PX || cellPx > GRID_CELL_MAX_PX) return null;
  return { ...DEFAULT_GRID, cellPx };
}

/** The corner of the cell nearest this point on one axis, as a line of the grid. */
function nearestLine(value: number, cellPx: number, offset: number): number {
  return offset + Math.round((value - offset) / cellPx) * cellPx;
}

/**
 * Where a token whose corner is at `corner` (map pixels) lands on the grid: the nearest corner of
 * a cell such that the whole token (`cells` across) stays on the map, so it covers whole cells.
 * Along a side too short to hold it from a line, it keeps to the map's edge.
 */
export function snapCorner(corner: Point, grid: MapGrid, map: Size, cells = 1): Point {
  const span = grid.cellPx * cells;
  const axis = (value: number, offset: number, length: number) => {
    const first = offset;
    const last = offset + Math.floor((length - span - offset) / grid.cellPx) * grid.cellPx;
    if (last < first) return Math.min(Math.max(0, value), Math.max(0, length - span));
    return Math.min(last, Math.max(first, nearestLine(value, grid.cellPx, offset)));
  };
  return { x: axis(corner.x, grid.offsetX, map.width), y: axis(corner.y, grid.offsetY, map.height) };
}

/**
 * A token's stored place (percent of the map) snapped to the grid, then held within the table's
 * bounds; the position the server logs for a snapped drop or placement.
 */
export function snapPercent(position: Point, grid: MapGrid, map: Size, cells = 1): Point {
  if (map.width <= 0 || map.height <= 0) return clampPercent(position, map, cells, grid.cellPx);
  const snapped = snapCorner(
    { x: (position.x / 100) * map.width, y: (position.y / 100) * map.height },
    grid,
    map,
    cells,
  );
  const max = maxPercent(map, cells, grid.cellPx);
  // Past the table's fixed bounds (97.5 % / 94 %), the last line within them.
  const within = (value: number, length: number, limit: number, offset: number) => {
    const percent = (value / length) * 100;
    if (percent <= limit + 1e-9) return percent;
    const line = offset + Math.floor(((limit / 100) * length - offset) / grid.cellPx) * grid.cellPx;
    return line >= 0 ? (line / length) * 100 : limit;
  };
  return clampPercent(
    {
      x: within(snapped.x, map.width, max.x, grid.offsetX),
      y: within(snapped.y, map.height, max.y, grid.offsetY),
    },
    map,
    cells,
    grid.cellPx,
  );
}

/** The cell (column, row) holding this point of the map; the cells before the first line count from -1. */
export function cellAt(point: Point, grid: MapGrid): { column: number; row: number } {
  return {
    column: Math.floor((point.x - grid.offsetX) / grid.cellPx),
    row: Math.floor((point.y - grid.offsetY) / grid.cellPx),
  };
}

/**
 * The ruler's count (docs/decisions/0016-the-grid.md): the cells walked from the cell under
 * `from` to the cell under `to`, straight steps 1 and diagonals alternately 1 and 2 (the « 5-10-5 »
 * rule of D&D 5e's variant and of Pathfinder): max + ⌊min ÷ 2⌋. It stays within 12 % of the
 * straight distance that ranges and areas are reckoned in, where « a diagonal is one cell » would
 * call 10 cells what the attack measures as 14.
 */
export function gridSteps(from: Point, to: Point, grid: MapGrid): number {
  const start = cellAt(from, grid);
  const end = cellAt(to, grid);
  const across = Math.abs(end.column - start.column);
  const down = Math.abs(end.row - start.row);
  return Math.max(across, down) + Math.floor(Math.min(across, down) / 2);
}

/**
 * A token moved by the keyboard, one cell in the direction `step` (−1, 0 or 1 on each axis): onto
 * the grid when snapped (a token off it reaches the cell it mostly stood on, one step on), else by
 * a cell's length; wholly on the map either way.
 */
export function stepByCell(
  position: Point,
  step: Point,
  grid: MapGrid,
  map: Size,
  snap: boolean,
  cells = 1,
): Point {
  const moved = {
    x: map.width > 0 ? position.x + ((step.x * grid.cellPx) / map.width) * 100 : position.x,
    y: map.height > 0 ? position.y + ((step.y * grid.cellPx) / map.height) * 100 : position.y,
  };
  return snap ? snapPercent(moved, grid, map, cells) : clampPercent(moved, map, cells, grid.cellPx);
}

/** One token of a group move: where it was asked to go (percent) and its side in cells. */
export interface GroupPlace {
  position: Point;
  cells: number;
}

/**
 * A group dropped on the grid (decision 0018): the first token, the one dragged, snaps; every
 * other keeps its place from it rounded to whole cells, so each lands on a cell and the group
 * keeps its shape; each is then held wholly on the map, on a line of the grid.
 */
export function snapGroup(places: readonly GroupPlace[], grid: MapGrid, map: Size): Point[] {
  const [anchor] = places;
  if (!anchor) return [];
  const snapped = snapPercent(anchor.position, grid, map, anchor.cells);
  const wholeCells = (percent: number, length: number) => {
    const pixels = (percent / 100) * length;
    return length > 0 ? ((Math.round(pixels / grid.cellPx) * grid.cellPx) / length) * 100 : 0;
  };
  return places.map(({ position, cells }, index) =>
    index === 0
      ? snapped
      : snapPercent(
          {
            x: snapped.x + wholeCells(position.x - anchor.position.x, map.width),
            y: snapped.y + wholeCells(position.y - anchor.position.y, map.height),
          },
          grid,
          map,
          cells,
        ),
  );
}
