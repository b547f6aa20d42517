import { CELL_PX, percentToPixels, tokenCentre, type Point } from '../geometry/geometry';
import { tokenCells } from './token-size';
import type { MapRef, MapToken, TableRole, TableState } from './types';
import { managesTable } from './visibility';

/** docs/live-table.md: the MJ and the admin look at masterMap, the players at currentMap. */
export function shownMap(table: TableState, role: TableRole): MapRef | null {
  return managesTable({ role }) ? table.masterMap : table.currentMap;
}

export function tokensOn(table: TableState, map: MapRef | null): MapToken[] {
  return map === null ? [] : Object.values(table.tokens[map.name] ?? {});
}

/** The centre of a token's square in the map's own pixels (cells of `cellPx`), where ranges and areas are reckoned. */
export function centreOnMap(token: Pick<MapToken, 'x' | 'y' | 'size'>, map: MapRef, cellPx = CELL_PX): Point {
  const size = tokenCells(token);
  return tokenCentre(percentToPixels(token, map, size, cellPx), size, cellPx);
}

/**
 * What the MJ and the admin are told while they look at a map the players do not see: the
 * players' map (null: none). Null for a player, or while both look at the same map.
 */
export function playersMapApart(table: TableState, role: TableRole): { map: MapRef | null } | null {
  if (!managesTable({ role }) || table.masterMap?.id === table.currentMap?.id) return null;
  return { map: table.currentMap };
}
