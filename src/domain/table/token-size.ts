import { percentToPixels, tokenCentre, type Body, type Size } from '../geometry/geometry';
import type { MapToken } from './types';

/** The largest token: a gargantuan creature covers 4×4 cells. */
export const TOKEN_CELLS_MAX = 4;

/**
 * The cells a side a token covers. Tokens of logs written before sizes carry none and stand on one
 * cell, as every token did then.
 */
export function tokenCells(token: Pick<MapToken, 'size'>): number {
  return token.size ?? 1;
}

/** A token as reach, areas and sight see it: its square's centre and side, in the map's pixels. */
export function tokenBody(token: Pick<MapToken, 'x' | 'y' | 'size'>, map: Size, cellPx: number): Body {
  const size = tokenCells(token);
  return { centre: tokenCentre(percentToPixels(token, map, size, cellPx), size, cellPx), size };
}
