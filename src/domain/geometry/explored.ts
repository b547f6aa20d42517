import type { Point, Size } from './geometry';
import type { MapGrid } from './grid';
import { crossingX, type SightPolygon } from './sight';

/**
 * What a player's tokens have seen of a map (docs/decisions/0024-sight.md): the grid's cells whose
 * centre a sight polygon once covered, kept as a bitset over the map's cells. The fog draws them
 * dimmed, without the tokens that stand in them. Cells, not the union of polygons: the union only
 * grows in vertices as a party walks, while the bitset stays the map's size, unions by OR, and
 * answers « seen? » by one index; the fog is drawn in cells anyway.
 */

/**
 * The most cells a map's explored set holds: 250,000 bits are 31 KB before run-lengths. A grid
 * with more cells (10 px cells on a 30,000 px map) is explored in blocks of k × k of its cells.
 */
export const MAX_EXPLORED_CELLS = 250_000;

/**
 * The cells counted: the grid's columns and rows whose centre lies on the map, in blocks of
 * `block` × `block` grid cells; `cellPx` is a block's side.
 */
export interface ExploredLayout {
  cellPx: number;
  block: number;
  offsetX: number;
  offsetY: number;
  /** The first counted column and row, as `cellAt` numbers them (−1 before the first line). */
  firstColumn: number;
  firstRow: number;
  columns: number;
  rows: number;
}

export interface Explored {
  layout: ExploredLayout;
  /** Row by row, bit `index % 8` of byte `index >> 3`; never changed once made. */
  bits: Uint8Array;
}

/** The first and the count of the cells along one axis whose centre lies in [0, length). */
function span(length: number, offset: number, cellPx: number): { first: number; count: number } {
  const first = 0 - Math.floor(offset / cellPx + 0.5);
  const last = Math.ceil((length - offset) / cellPx - 0.5) - 1;
  return { first, count: Math.max(0, last - first + 1) };
}

export function exploredLayout(grid: MapGrid, map: Size): ExploredLayout {
  const cells = (cellPx: number) => {
    const across = span(map.width, grid.offsetX, cellPx);
    const down = span(map.height, grid.offsetY, cellPx);
    return { across, down, total: across.count * down.count };
  };
  let block = 1;
  let counted = cells(grid.cellPx);
  while (counted.total > MAX_EXPLORED_CELLS) {
    block += 1;
    counted = cells(grid.cellPx * block);
  }
  return {
    cellPx: grid.cellPx * block,
    block,
    offsetX: grid.offsetX,
    offsetY: grid.offsetY,
    firstColumn: counted.across.first,
    firstRow: counted.down.first,
    columns: counted.across.count,
    rows: counted.down.count,
  };
}

const byteCount = (layout: ExploredLayout) => Math.ceil((layout.columns * layout.rows) / 8);

export function noneExplored(layout: ExploredLayout): Explored {
  return { layout, bits: new Uint8Array(byteCount(layout)) };
}

/** A cell's centre, by its (column, row) as `cellAt` numbers them. */
export function exploredCellCentre(layout: ExploredLayout, column: number, row: number): Point {
  return {
    x: layout.offsetX + (column + 0.5) * layout.cellPx,
    y: layout.offsetY + (row + 0.5) * layout.cellPx,
  };
}

/**
 * The cells whose centre one of the polygons covers, by scanlines through the rows' centres with
 * `pointInPolygon`'s rule (an edge counts over [lower y, upper y)), so a cell is explored exactly
 * when its centre tests inside. Only the rows across a polygon's own height are scanned: a dark
 * map's sight spans a few of a large map's hundreds.
 */
export function exploredBy(layout: ExploredLayout, polygons: readonly SightPolygon[]): Explored {
  const bits = new Uint8Array(byteCount(layout));
  const { cellPx, offsetX, offsetY, firstColumn, firstRow, columns, rows } = layout;
  // Rows whose centre y satisfies low ≤ y < high, a row wider either side for rounding.
  const rowsFrom = (low: number) => Math.max(0, Math.ceil((low - offsetY) / cellPx - 0.5) - firstRow - 1);
  const rowsTo = (high: number) => Math.min(rows - 1, Math.ceil((high - offsetY) / cellPx - 0.5) - firstRow);
  const crossings: number[][] = Array.from({ length: rows }, () => []);
  for (const polygon of polygons) {
    let top = Infinity;
    let bottom = -Infinity;
    for (const { y } of polygon) {
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    const first = rowsFrom(top);
    const last = rowsTo(bottom);
    for (let row = first; row <= last; row++) crossings[row]!.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[i]!;
      const b = polygon[j]!;
      if (a.y === b.y) continue;
      const low = Math.min(a.y, b.y);
      const high = Math.max(a.y, b.y);
      for (let row = rowsFrom(low); row <= rowsTo(high); row++) {
        const y = offsetY + (firstRow + row + 0.5) * cellPx;
        if (y >= low && y < high) crossings[row]!.push(crossingX(a, b, y));
      }
    }
    for (let row = first; row <= last; row++) {
      const xs = crossings[row]!.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Columns whose centre x satisfies xs[k] ≤ x < xs[k + 1], as above.
        const start = Math.max(0, Math.ceil((xs[k]! - offsetX) / cellPx - 0.5) - firstColumn - 1);
        const end = Math.min(columns - 1, Math.ceil((xs[k + 1]! - offsetX) / cellPx - 0.5) - firstColumn);
        for (let column = start; column <= end; column++) {
          const x = offsetX + (firstColumn + column + 0.5) * cellPx;
          if (x < xs[k]! || x >= xs[k + 1]!) continue;
          const index = row * columns + column;
          bits[index >> 3]! |= 1 << (index & 7);
        }
      }
    }
  }
  return { layout, bits };
}

/**
 * Both sets' cells. A set of another layout (the grid was moved since) counts other cells: `a` is
 * kept as it is.
 */
export function unionExplored(a: Explored, b: Explored): Explored {
  if (!sameLayout(a.layout, b.layout)) return a;
  const bits = new Uint8Array(a.bits.length);
  for (let i = 0; i < bits.length; i++) bits[i] = a.bits[i]! | b.bits[i]!;
  return { layout: a.layout, bits };
}

export function sameLayout(a: ExploredLayout, b: ExploredLayout): boolean {
  return (
    a.cellPx === b.cellPx &&
    a.offsetX === b.offsetX &&
    a.offsetY === b.offsetY &&
    a.firstColumn === b.firstColumn &&
    a.firstRow === b.firstRow &&
    a.columns === b.columns &&
    a.rows === b.rows
  );
}

/** Whether the cell (as `cellAt` numbers it, in the layout's cells) was seen. */
export function isExplored(explored: Explored, column: number, row: number): boolean {
  const { firstColumn, firstRow, columns, rows } = explored.layout;
  const c = column - firstColumn;
  const r = row - firstRow;
  if (c < 0 || r < 0 || c >= columns || r >= rows) return false;
  const index = r * columns + c;
  return (explored.bits[index >> 3]! & (1 << (index & 7))) !== 0;
}

/** Whether the cell holding this point of the map was seen. */
export function isExploredAt(explored: Explored, point: Point): boolean {
  const { cellPx, offsetX, offsetY } = explored.layout;
  return isExplored(
    explored,
    Math.floor((point.x - offsetX) / cellPx),
    Math.floor((point.y - offsetY) / cellPx),
  );
}

export function exploredCount(explored: Explored): number {
  let count = 0;
  for (const byte of explored.bits) {
    let rest = byte;
    while (rest !== 0) {
      rest &= rest - 1;
      count += 1;
    }
  }
  return count;
}

/*
 * The stored form: « r » and the lengths of the alternating runs (unseen first) as LEB128
 * varints, or « b » and the bitset itself when that is shorter (a checkerboard), both in base64.
 * Its length is at most the bitset's plus one byte, base64's third: 42 KB at the cap, and a few
 * hundred bytes for the rooms a party walked through.
 */

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

export function encodeExplored(explored: Explored): string {
  const { columns, rows } = explored.layout;
  const total = columns * rows;
  const runs: number[] = [];
  let seen = false;
  let length = 0;
  for (let index = 0; index < total; index++) {
    const bit = (explored.bits[index >> 3]! & (1 << (index & 7))) !== 0;
    if (bit !== seen) {
      pushVarint(runs, length);
      seen = bit;
      length = 0;
    }
    length += 1;
  }
  pushVarint(runs, length);
  return runs.length < explored.bits.length
    ? `r${toBase64(Uint8Array.from(runs))}`
    : `b${toBase64(explored.bits)}`;
}

function pushVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

/** The set `encodeExplored` wrote for this layout, or null when it does not fit it (a new grid). */
export function decodeExplored(layout: ExploredLayout, text: string): Explored | null {
  const bytes = fromBase64(text.slice(1));
  if (!bytes) return null;
  const size = byteCount(layout);
  if (text.startsWith('b')) return bytes.length === size ? { layout, bits: bytes } : null;
  if (!text.startsWith('r')) return null;
  const total = layout.columns * layout.rows;
  const bits = new Uint8Array(size);
  let index = 0;
  let seen = false;
  let at = 0;
  while (at < bytes.length) {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      if (at >= bytes.length) return null;
      byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    if (index + value > total) return null;
    if (seen) for (let i = index; i < index + value; i++) bits[i >> 3]! |= 1 << (i & 7);
    index += value;
    seen = !seen;
  }
  return index === total ? { layout, bits } : null;
}
