import { percentToPixels, tokenCentre, type Point } from '../geometry/geometry';
import type { MapRef, MapToken, TableRole, TableState } from './types';
import { managesTable } from './visibility';

/** docs/live-table.md: the MJ and the admin look at masterMap, the players at currentMap. */
export function shownMap(table: TableState, role: TableRole): MapRef | null {
  return managesTable({ role }) ? table.masterMap : table.currentMap;
}

export function tokensOn(table: TableState, map: MapRef | null): MapToken[] {
  return map === null ? [] : Object.values(table.tokens[map.name] ?? {});
}

/** The centre of a token (a cell of `cellPx`) in the map's own pixels, where ranges and areas are reckoned. */
export function centreOnMap(token: Pick<MapToken, 'x' | 'y'>, map: MapRef, cellPx?: number): Point {
  return tokenCentre(percentToPixels(token, map, cellPx), cellPx);
}

/**
 * What the MJ and the admin are told while they look at a map the players do not see: the
 * players' map (null: none). Null for a player, or while both look at the same map.
 */
export function playersMapApart(table: TableState, role: TableRole): { map: MapRef | null } | null {
  if (!managesTable({ role }) || table.masterMap?.id === table.currentMap?.id) return null;
  return { map: table.currentMap };
}
