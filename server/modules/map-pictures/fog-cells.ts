import { createHash } from 'node:crypto';
import type { MapFog } from '#shared/domain/table/fog';

/**
 * The fog's cells on a mask's grid, for the last few fogs drawn: a move changes a player's sight,
 * rarely the fog, whose fifty shapes are half a mask's drawing. Kept by the fog's own text, the
 * map's size and the grid's, so another fog, even one shape moved, is drawn anew; a copy is lent,
 * as the caller draws the sight into it.
 */
export function keptFogCells(kept: number) {
  /** Least recently used first: Map keeps the order of insertion. */
  const cells = new Map<string, Uint8Array>();
  return (fog: MapFog | null, grid: string, draw: () => Uint8Array): Uint8Array => {
    const key = createHash('sha256')
      .update(`${grid}:${JSON.stringify(fog)}`)
      .digest('hex');
    const found = cells.get(key) ?? draw();
    cells.delete(key);
    cells.set(key, found);
    for (const oldest of cells.keys()) {
      if (cells.size <= kept) break;
      cells.delete(oldest);
    }
    return found.slice();
  };
}
