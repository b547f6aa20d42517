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
