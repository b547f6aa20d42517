import { edgeCells, percentToPixels } from '../geometry/geometry';
import { cellAt, type MapGrid } from '../geometry/grid';
import { conditionName, conditionsOf } from './conditions';
import { healthOf } from './health';
import { spokenMessages as say } from './messages';
import { gridOf } from './records';
import { centreOnMap } from './shown-map';
import { tokenCells } from './token-size';
import type { MapRef, MapToken, TableState } from './types';

/**
 * The map told in words (docs/accessibility.md): a cell named as on a chessboard, a token's who,
 * where and how, the tokens in reading order with their distances. Everything is read from a
 * copy of the table, so it never says more than that copy holds.
 */

/** « A » for the first column, « Z », then « AA », « AB »…: a spreadsheet's column names. */
export function columnName(column: number): string {
  let name = '';
  for (let left = Math.max(0, Math.floor(column)) + 1; left > 0; left = Math.floor((left - 1) / 26)) {
    name = String.fromCharCode(65 + ((left - 1) % 26)) + name;
  }
  return name;
}

/** The cell under the token's top-left corner, « C4 »; the sliver before the grid's first line counts as the first cell. */
export function cellOf(token: Pick<MapToken, 'x' | 'y' | 'size'>, map: MapRef, grid: MapGrid): string {
  const corner = percentToPixels(token, map, tokenCells(token), grid.cellPx);
  const half = grid.cellPx / 2;
  const { column, row } = cellAt({ x: corner.x + half, y: corner.y + half }, grid);
  return `${columnName(column)}${Math.max(0, row) + 1}`;
}

/** How a token is, as this copy knows it: numbers where it holds them, a monster's band otherwise. */
export function healthWords(token: Pick<MapToken, 'HP' | 'currentHP' | 'health' | 'isPlayer'>): string {
  if (token.currentHP !== null && token.HP !== null) {
    const numbers = say.hp(token.currentHP, token.HP);
    if (token.currentHP > 0) return numbers;
    return `${numbers}, ${token.isPlayer ? say.down : say.band.dead}`;
  }
  return say.band[healthOf(token)];
}

/** « Aria, en C4, 19 PV sur 29, à terre »: who, where, how, then its conditions. */
export function tokenSpoken(token: MapToken, map: MapRef, grid: MapGrid): string {
  const conditions = conditionsOf(token).map((condition) => conditionName(condition).toLowerCase());
  return [token.name, say.at(cellOf(token, map, grid)), healthWords(token), ...conditions].join(', ');
}

/** One line of the map's text alternative. */
export interface TokenEntry {
  usableId: string;
  /** Who, where, how (`tokenSpoken`). */
  spoken: string;
  /** Cells from the nearest of one's own tokens, edge to edge as attacks reckon; null without one. */
  away: number | null;
  mine: boolean;
}

/**
 * The tokens of a map in reading order (rows from the top, then from the left), each with how far
 * it stands from the nearest of `own` tokens on the map, in whole cells.
 */
export function tokenRoll(state: TableState, map: MapRef, own: readonly string[]): TokenEntry[] {
  const grid = gridOf(state, map.name);
  const tokens = Object.values(state.tokens[map.name] ?? {});
  const body = (token: MapToken) => ({
    centre: centreOnMap(token, map, grid.cellPx),
    size: tokenCells(token),
  });
  const mine = tokens.filter((token) => own.includes(token.itemId));
  const place = (token: MapToken) => cellAt(centreOnMap(token, map, grid.cellPx), grid);
  return tokens
    .map((token) => ({ token, cell: place(token) }))
    .sort(
      (a, b) =>
        a.cell.row - b.cell.row || a.cell.column - b.cell.column || a.token.name.localeCompare(b.token.name),
    )
    .map(({ token }) => {
      const isMine = own.includes(token.itemId);
      const away =
        isMine || mine.length === 0
          ? null
          : Math.min(
              ...mine.map((standing) => Math.round(edgeCells(body(standing), body(token), grid.cellPx))),
            );
      return { usableId: token.usableId, spoken: tokenSpoken(token, map, grid), away, mine: isMine };
    });
}
