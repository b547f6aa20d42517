import { DEFAULT_MAP_SIZE, percentToPixels, tokenCentre, type Point, type Size } from '../geometry/geometry';
import { shapesNear } from './fog-cells';
import { fogMessages } from './messages';
import { gridOf, openMap, own } from './records';
import { tokenCells } from './token-size';
import type { MapToken, TableState } from './types';

/**
 * The fog of war the MJ draws on a map (docs/decisions/0023-fog-of-war.md). Shapes are in the space
 * of token positions, percent of the map; a brush is a polyline swept by a disc whose radius is a
 * percent of the map's width, so it is round on the picture whatever the map's proportions.
 */

export const FOG_MODES = ['reveal', 'cover'] as const;
export type FogMode = (typeof FOG_MODES)[number];
export const FOG_KINDS = ['rect', 'polygon', 'brush'] as const;
export type FogKind = (typeof FOG_KINDS)[number];
export const FOG_BASES = ['revealed', 'covered'] as const;
export type FogBase = (typeof FOG_BASES)[number];

export interface FogShape {
  mode: FogMode;
  kind: FogKind;
  /** A rectangle's two opposite corners, a polygon's corners, a brush's path. */
  points: Point[];
  /** The brush's alone, in percent of the map's width. */
  radius?: number;
}

/** A map's fog: where it stands by default, then each shape over the ones before it. */
export interface MapFog {
  base: FogBase;
  shapes: FogShape[];
}

/** What one `map.fogChanged` does: a shape drawn over the others, or everything revealed or covered. */
export type FogChange = { kind: 'shape'; shape: FogShape } | { kind: 'all'; base: FogBase };

/**
 * Shapes a map holds: a thousand strokes is an evening of painting, and each stroke files them all
 * again into the fog's cells (`fog-cells.ts`). « Tout révéler » or « Tout cacher » starts afresh.
 */
export const MAX_FOG_SHAPES = 1000;
/** Points of one shape: a polygon clicked by hand, or a brush stroke thinned by the client. */
export const MAX_FOG_POINTS = 500;
export const FOG_BRUSH_MIN = 0.2;
export const FOG_BRUSH_MAX = 25;

const isPercent = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100;

/** A shape the server may log: finite points within the map, as many as its kind needs, a brush's radius. */
export function isFogShape(shape: FogShape): boolean {
  const { kind, points, radius } = shape;
  if (!points.every((point) => isPercent(point.x) && isPercent(point.y))) return false;
  if (points.length > MAX_FOG_POINTS) return false;
  if (kind === 'brush') {
    return (
      points.length >= 1 &&
      radius !== undefined &&
      Number.isFinite(radius) &&
      radius >= FOG_BRUSH_MIN &&
      radius <= FOG_BRUSH_MAX
    );
  }
  if (radius !== undefined) return false;
  return kind === 'rect' ? points.length === 2 : points.length >= 3;
}

/** Why the change may not be made to this fog, or null. */
export function fogChangeRefusal(fog: MapFog | undefined, change: FogChange): string | null {
  if (change.kind === 'all') return null;
  if (!isFogShape(change.shape)) return fogMessages.invalidShape;
  if ((fog?.shapes.length ?? 0) >= MAX_FOG_SHAPES) return fogMessages.tooManyShapes;
  return null;
}

/** The fog after a change: a shape laid over the others, or a fresh start. */
export function withFogChange(fog: MapFog | undefined, change: FogChange): MapFog {
  if (change.kind === 'all') return { base: change.base, shapes: [] };
  return { base: fog?.base ?? 'revealed', shapes: [...(fog?.shapes ?? []), change.shape] };
}

/**
 * What puts a map's fog back (decision 0022): its base, the first `keep` shapes it holds then, and
 * `shapes` after them. Undoing a stroke keeps all the shapes before it and holds no point; only
 * « Tout révéler » or « Tout cacher » holds the shapes it wiped, which putting them back needs.
 */
export interface FogPatch {
  base: FogBase;
  keep: number;
  shapes: FogShape[];
}

/** The fog the patch makes of this one, or null when it no longer holds the shapes the patch keeps. */
export function withFogPatch(fog: MapFog | undefined, patch: FogPatch): MapFog | null {
  const shapes = fog?.shapes ?? [];
  if (!Number.isInteger(patch.keep) || patch.keep < 0 || patch.keep > shapes.length) return null;
  if (patch.keep + patch.shapes.length > MAX_FOG_SHAPES || !patch.shapes.every(isFogShape)) return null;
  return { base: patch.base, shapes: [...shapes.slice(0, patch.keep), ...patch.shapes] };
}

/** Even-odd: a point on the inside of a crossing polygon counts as its own parity says. */
function inPolygon(points: readonly Point[], { x, y }: Point): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from p to the segment [a, b], y stretched by `aspect` (height ÷ width): in percent of the width. */
function toSegment(p: Point, a: Point, b: Point, aspect: number): number {
  const dx = b.x - a.x;
  const dy = (b.y - a.y) * aspect;
  const px = p.x - a.x;
  const py = (p.y - a.y) * aspect;
  const length = dx * dx + dy * dy;
  const along = length === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length));
  return Math.hypot(px - along * dx, py - along * dy);
}

/** Whether the shape covers the point (percent of a map of that `aspect`, height ÷ width). */
export function shapeContains(shape: FogShape, point: Point, aspect: number): boolean {
  const { points } = shape;
  switch (shape.kind) {
    case 'rect': {
      const [a, b] = points as [Point, Point];
      return (
        point.x >= Math.min(a.x, b.x) &&
        point.x <= Math.max(a.x, b.x) &&
        point.y >= Math.min(a.y, b.y) &&
        point.y <= Math.max(a.y, b.y)
      );
    }
    case 'polygon':
      return inPolygon(points, point);
    case 'brush': {
      const radius = shape.radius ?? 0;
      if (points.length === 1) return toSegment(point, points[0]!, points[0]!, aspect) <= radius;
      for (let i = 1; i < points.length; i += 1) {
        if (toSegment(point, points[i - 1]!, points[i]!, aspect) <= radius) return true;
      }
      return false;
    }
  }
}

/** Whether a point of the map (percent) is in fog: as the last shape over it says, else as the base. */
export function inFog(fog: MapFog, point: Point, map: Size): boolean {
  const aspect = map.width > 0 ? map.height / map.width : 1;
  const shapes = shapesNear(fog, point, aspect);
  for (let i = shapes.length - 1; i >= 0; i -= 1) {
    const shape = shapes[i]!;
    if (shapeContains(shape, point, aspect)) return shape.mode === 'cover';
  }
  return fog.base === 'covered';
}

/** The map's fog, if the MJ ever drew one: without it, everything is revealed. */
export function fogOf(state: Pick<TableState, 'fogs'>, map: string): MapFog | undefined {
  return own(state.fogs, map);
}

/** The size positions are reckoned in: the open map's, else the default one. */
function sizeOf(state: TableState, map: string): Size {
  return openMap(state, map) ?? DEFAULT_MAP_SIZE;
}

/** A token's centre, in percent of the map: where fog hides it or not. */
export function tokenCentrePercent(state: TableState, map: string, token: MapToken): Point {
  const size = sizeOf(state, map);
  const cells = tokenCells(token);
  const { cellPx } = gridOf(state, map);
  const centre = tokenCentre(percentToPixels(token, size, cells, cellPx), cells, cellPx);
  return {
    x: size.width > 0 ? (centre.x / size.width) * 100 : token.x,
    y: size.height > 0 ? (centre.y / size.height) * 100 : token.y,
  };
}

interface FogAnswer {
  fog: MapFog;
  size: Size;
  cellPx: number;
  inFog: boolean;
}

/**
 * The last answer for each token. A state is never changed in place, so a token the event left
 * alone is the same object before and after it, where the emitter asks of every player token, then
 * again for each player's copy: what may change under it (the fog, the map's size, its cells') is
 * checked against the answer's.
 */
const answers = new WeakMap<MapToken, FogAnswer>();

/** Whether the token's centre is in its map's fog (never on a map without fog). */
export function tokenInFog(state: TableState, map: string, token: MapToken): boolean {
  const fog = fogOf(state, map);
  if (fog === undefined) return false;
  const size = sizeOf(state, map);
  const { cellPx } = gridOf(state, map);
  const known = answers.get(token);
  if (
    known?.fog === fog &&
    known.size.width === size.width &&
    known.size.height === size.height &&
    known.cellPx === cellPx
  )
    return known.inFog;
  const answer = inFog(fog, tokenCentrePercent(state, map, token), size);
  answers.set(token, { fog, size, cellPx, inFog: answer });
  return answer;
}

/** Whether a point of the map, in its own pixels (a ping), is in its fog. */
export function pixelInFog(state: TableState, map: string, at: Point): boolean {
  const fog = fogOf(state, map);
  if (fog === undefined) return false;
  const size = sizeOf(state, map);
  const point = {
    x: size.width > 0 ? (at.x / size.width) * 100 : 0,
    y: size.height > 0 ? (at.y / size.height) * 100 : 0,
  };
  return inFog(fog, point, size);
}
