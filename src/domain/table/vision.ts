import { modifier } from '../character/stats';
import type { Point, Size } from '../geometry/geometry';
import { sightPolygon, type Occluders, type SightPolygon } from '../geometry/sight';
import type { MapToken } from './types';

/**
 * How far a token sees (docs/decisions/0024-sight.md), in cells and in the map's pixels, from what
 * the game stores. A lit map is seen to its edges, walls alone stopping sight. On a dark map a
 * token makes out one cell around its square, further with darkvision: a character's from its
 * « instinct » (the statistic of perception and sixième sens), a monster's from its « Vision dans
 * le noir » or, when left empty, the 12 cells D&D gives most creatures of the dark.
 */

export type Lighting = 'lit' | 'dark';

/** What anyone makes out without light: the squares beside their own. */
export const UNLIT_SIGHT_CELLS = 1;
/** D&D's 60 feet, the darkvision of most monsters that have one, in 5-foot cells. */
export const MONSTER_DARKVISION_CELLS = 12;
/** The most a monster's « Vision dans le noir » may say: 300 feet, the longest sight the rules give. */
export const MONSTER_DARKVISION_MAX = 60;

export type Viewer =
  | { isPlayer: true; instinct: number; size?: number }
  | { isPlayer: false; darkvision?: number | null; size?: number };

/**
 * Darkvision in cells past the token's square: for a character with a positive instinct
 * modifier, the unlit cell and one more per point of it (2 at 12–13, 6 at 20; none at the
 * starting 8 or up to 11); a monster's own field, else 12.
 */
export function darkvisionCells(viewer: Viewer): number {
  if (viewer.isPlayer) {
    const sharpened = modifier(viewer.instinct);
    return sharpened > 0 ? UNLIT_SIGHT_CELLS + sharpened : 0;
  }
  return Math.max(0, viewer.darkvision ?? MONSTER_DARKVISION_CELLS);
}

/**
 * The cells a token sees past its square on a dark map: one without light, more with darkvision
 * (which includes the cell beside it). Infinity on a lit map.
 */
export function sightCells(viewer: Viewer, lighting: Lighting): number {
  if (lighting === 'lit') return Infinity;
  return Math.max(UNLIT_SIGHT_CELLS, darkvisionCells(viewer));
}

/**
 * The sight's radius from the token's centre, in the map's pixels: the circle through the corners
 * of its square, grown by its cells. One cell shows every square touching the token's, corners
 * included, and none further along a row (a one-cell token: 128 px, where the diagonal squares'
 * centres are 106 px away and the next square in the row 150). On a lit map, the map's diagonal:
 * every point of the map is in reach.
 */
export function sightRadiusPx(viewer: Viewer, lighting: Lighting, map: Size, cellPx: number): number {
  const cells = sightCells(viewer, lighting);
  if (!Number.isFinite(cells)) return Math.hypot(map.width, map.height);
  return (cells + ((viewer.size ?? 1) * Math.SQRT2) / 2) * cellPx;
}

/**
 * A token as sight reads it: its darkvision as the server read it at placement, else the rules'
 * default (none for a character placed before sight, 12 cells for a monster), and its size.
 */
export function tokenViewer(token: Pick<MapToken, 'isPlayer' | 'darkvision' | 'size'>): Viewer {
  return { isPlayer: false, darkvision: token.darkvision ?? (token.isPlayer ? 0 : null), size: token.size };
}

/** One of a player's tokens, as sight needs it: its centre in the map's pixels and its radius. */
export interface Eye {
  centre: Point;
  radiusPx: number;
}

/** What a player sees: the union of their tokens' sights, one polygon each. */
export function sightsOf(eyes: readonly Eye[], occluders: Occluders): SightPolygon[] {
  return eyes.map((eye) => sightPolygon(eye.centre, occluders, eye.radiusPx));
}
