import type { Point, Size } from '../geometry/geometry';
import { tableMessages } from './messages';
import { openMap } from './records';
import type { TableActor, TableState } from './types';
import { isPlayersMap, managesTable, pointSeenByPlayers } from './visibility';

/**
 * Who hears a ping or a shown ruler (decision 0018): they are not the table's state, so they are
 * relayed, never logged, but to the same readers a token of that map reaches. On the players' map
 * everyone; on the map the MJ prepares alone, the managers, and a player is told it is not open, as
 * for a token placed there. Bringing everyone's view is the managers' alone, and only where the
 * players look. A ping or a ruler's end in the fog, or where none of the party sees (decisions 0023 and
 * 0024), would show the players where something stands: with one of its `points` (the map's
 * pixels) there, it is the managers' alone.
 */
export function pointerAudience(
  state: TableState,
  actor: TableActor,
  map: string,
  bring: boolean,
  points: readonly Point[] = [],
): { audience: 'everyone' | 'managers' } | { refusal: string } {
  const seenByPlayers = isPlayersMap(state, map);
  const manages = managesTable(actor);
  const size = openMap(state, map);
  if (!size || !(seenByPlayers || manages)) return { refusal: tableMessages.mapNotOpen };
  if (bring && !manages) return { refusal: tableMessages.onlyMasterBrings };
  if (bring && !seenByPlayers) return { refusal: tableMessages.bringToUnseenMap };
  const unseen = points.some((point) => !pointSeenByPlayers(state, map, pointOnMap(point, size)));
  return { audience: seenByPlayers && !unseen ? 'everyone' : 'managers' };
}

/** A point of the map (its own pixels), kept within it from edge to edge. */
export function pointOnMap({ x, y }: Point, map: Size): Point {
  return { x: Math.min(map.width, Math.max(0, x)), y: Math.min(map.height, Math.max(0, y)) };
}
