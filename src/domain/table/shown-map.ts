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

/** The centre of a token in the map's own pixels, where ranges and areas are reckoned. */
export function centreOnMap(token: Pick<MapToken, 'x' | 'y'>, map: MapRef): Point {
  return tokenCentre(percentToPixels(token, map));
}
