import type { Explored } from './explored';
import type { Point } from './geometry';

/**
 * Areas of a map as SVG path data in the map's pixels, the same text for the same area: the
 * client draws them (SightLayer) and the server keys a player's painted picture by them
 * (visible-area.ts).
 */

/** A tenth of a pixel: finer than a screen shows, and a move's path stays short. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** One polygon as one path: the cheapest redraw on every move. */
export function polygonPath(polygon: readonly Point[]): string {
  if (polygon.length === 0) return '';
  return `M${polygon.map(({ x, y }) => `${tenth(x)} ${tenth(y)}`).join('L')}Z`;
}

/** The explored cells as one path: each row's runs of seen cells a rectangle. */
export function exploredPath(explored: Explored): string {
  const { cellPx, offsetX, offsetY, firstColumn, firstRow, columns, rows } = explored.layout;
  const seen = (index: number) => (explored.bits[index >> 3]! & (1 << (index & 7))) !== 0;
  let path = '';
  for (let row = 0; row < rows; row++) {
    let column = 0;
    while (column < columns) {
      if (!seen(row * columns + column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < columns && seen(row * columns + column)) column += 1;
      const x = tenth(offsetX + (firstColumn + start) * cellPx);
      const y = tenth(offsetY + (firstRow + row) * cellPx);
      path += `M${x} ${y}h${tenth((column - start) * cellPx)}v${tenth(cellPx)}H${x}Z`;
    }
  }
  return path;
}
