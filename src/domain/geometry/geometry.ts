/**
 * The map's geometry (table.md §9 "Dice and attacks", "Table"). Positions are stored as percent
 * of the map so every screen size shows the same table; pixels exist only while drawing and
 * measuring. A token is a square of 1×1 to 4×4 cells of 75 px (its creature's size) whose stored
 * position is its top-left corner; reach and areas are reckoned from its edge and its cells
 * (docs/decisions/0017-tokens-of-every-size.md).
 */

export const CELL_PX = 75;
export const TOKEN_PX = 75;
export const TOKEN_CENTRE_OFFSET_PX = 37.5;
/** A token stays fully on the map: its corner never passes 97.5 % across nor 94 % down. */
export const MAX_X_PERCENT = 97.5;
export const MAX_Y_PERCENT = 94;
/**
 * How far past the range a target may stand and still be reached, in cells. The spec keeps the
 * value to itself; half a cell forgives a token dropped slightly off its square without letting a
 * range-1 attack reach two squares away (1.5 < 2).
 */
export const RANGE_MARGIN_CELLS = 0.5;
/** A circle's radius and a line's width when the attack names no size of its own. */
export const DEFAULT_AREA_CELLS = 1;
/** A cone opens a quarter turn, 45° either side of where it is aimed. */
export const CONE_HALF_ANGLE = Math.PI / 4;

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/**
 * The furthest a token's corner may go, in percent, so its whole square (`size` cells a side)
 * stays on the map and grabbable: on a small map 97.5 % / 94 % would push it past the edge.
 * Without a size (or on a map narrower than the token) the fixed bounds are all we know.
 */
export function maxPercent(mapSize?: Size, size = 1, cellPx = CELL_PX): Point {
  const side = size * cellPx;
  return {
    x: boundOn(MAX_X_PERCENT, mapSize?.width, side),
    y: boundOn(MAX_Y_PERCENT, mapSize?.height, side),
  };
}

function boundOn(fixed: number, length: number | undefined, side: number): number {
  return length !== undefined && length > side ? Math.min(fixed, 100 - (side / length) * 100) : fixed;
}

/** Any percent position brought back inside the map, the token wholly on it when its size is known. */
export function clampPercent({ x, y }: Point, mapSize?: Size, size = 1, cellPx = CELL_PX): Point {
  const max = maxPercent(mapSize, size, cellPx);
  return { x: clamp(x, 0, max.x), y: clamp(y, 0, max.y) };
}

export function percentToPixels(position: Point, map: Size, size = 1, cellPx = CELL_PX): Point {
  const { x, y } = clampPercent(position, map, size, cellPx);
  return { x: (x / 100) * map.width, y: (y / 100) * map.height };
}

/** Where a token dropped at these pixels is stored; a map of no size keeps tokens in the corner. */
export function pixelsToPercent(pixels: Point, map: Size, size = 1, cellPx = CELL_PX): Point {
  return clampPercent(
    {
      x: map.width > 0 ? (pixels.x / map.width) * 100 : 0,
      y: map.height > 0 ? (pixels.y / map.height) * 100 : 0,
    },
    map,
    size,
    cellPx,
  );
}

/**
 * A point of the map (where an area is aimed), not a token's corner: anywhere from edge to edge.
 */
export function pointToPixels(point: Point, map: Size): Point {
  return { x: (clamp(point.x, 0, 100) / 100) * map.width, y: (clamp(point.y, 0, 100) / 100) * map.height };
}

export function pixelsToPoint(pixels: Point, map: Size): Point {
  return {
    x: map.width > 0 ? clamp((pixels.x / map.width) * 100, 0, 100) : 0,
    y: map.height > 0 ? clamp((pixels.y / map.height) * 100, 0, 100) : 0,
  };
}

/** The centre of the token of `size` cells whose corner is at these pixels. */
export function tokenCentre(corner: Point, size = 1, cellPx = CELL_PX): Point {
  const half = (size * cellPx) / 2;
  return { x: corner.x + half, y: corner.y + half };
}

export function distancePx(from: Point, to: Point): number {
  return Math.hypot(to.x - from.x, to.y - from.y);
}

/**
 * The arrow's length in cells (table.md §2): its length in the map's own pixels over a cell's, so
 * it counts the map's cells at any size the map is drawn. The ruler shows whole cells (`gridSteps`).
 */
export function measureCells(from: Point, to: Point, cellPx = CELL_PX): number {
  return distancePx(from, to) / cellPx;
}

/** Range 0 means "as far as the attacker may move" (its deplacement). */
export function effectiveRange(range: number, movement: number): number {
  return range === 0 ? movement : range;
}

/** Between two token centres, in pixels; the range in cells of `cellPx`. */
export function isInRange(attacker: Point, target: Point, rangeCells: number, cellPx = CELL_PX): boolean {
  return distancePx(attacker, target) / cellPx - RANGE_MARGIN_CELLS <= rangeCells;
}

/**
 * What stands on the map: a token's centre and its side in cells (1 when absent), or an aimed
 * point, which is reckoned as a one-cell target standing there.
 */
export interface Body {
  centre: Point;
  size?: number;
}

/** How far apart two squares are along one axis, 0 when they touch or overlap. */
function gapAlong(a: number, halfA: number, b: number, halfB: number): number {
  return Math.max(0, Math.abs(b - a) - halfA - halfB);
}

/** Between the nearest edges of two tokens' squares, in pixels (0 when they touch or overlap). */
export function edgeGapPx(a: Body, b: Body, cellPx = CELL_PX): number {
  const halfA = ((a.size ?? 1) * cellPx) / 2;
  const halfB = ((b.size ?? 1) * cellPx) / 2;
  return Math.hypot(
    gapAlong(a.centre.x, halfA, b.centre.x, halfB),
    gapAlong(a.centre.y, halfA, b.centre.y, halfB),
  );
}

/**
 * How many cells away a token is, counted from edge to edge as squares are: a square beside
 * another is 1 away, one with a cell between them 2; diagonals by Pythagoras. For one-cell tokens
 * in a row it is the distance between their centres. Squares that overlap are 0 apart: an attacker
 * aiming at a point of its own square aims at itself, in reach of any range.
 */
export function edgeCells(a: Body, b: Body, cellPx = CELL_PX): number {
  const reach = (((a.size ?? 1) + (b.size ?? 1)) * cellPx) / 2;
  const overlap = Math.abs(b.centre.x - a.centre.x) < reach && Math.abs(b.centre.y - a.centre.y) < reach;
  return overlap ? 0 : edgeGapPx(a, b, cellPx) / cellPx + 1;
}

/**
 * Whether a target (or an aimed point) is within the attacker's range, from edge to edge, with
 * the half cell the rules forgive: reach 1 touches every square beside a token of any size.
 */
export function isInReach(attacker: Body, target: Body, rangeCells: number, cellPx = CELL_PX): boolean {
  return edgeCells(attacker, target, cellPx) - RANGE_MARGIN_CELLS <= rangeCells;
}

/** The centres of the cells a token covers (its own centre for a one-cell token). */
export function cellCentres(body: Body, cellPx = CELL_PX): Point[] {
  const size = body.size ?? 1;
  const first = -((size - 1) / 2) * cellPx;
  const centres: Point[] = [];
  for (let column = 0; column < size; column += 1)
    for (let row = 0; row < size; row += 1)
      centres.push({ x: body.centre.x + first + column * cellPx, y: body.centre.y + first + row * cellPx });
  return centres;
}

export type AreaShape = 'single' | 'circle' | 'line' | 'cone';

export interface AreaAttack {
  areaOfEffect: AreaShape;
  /** In cells; 0 falls back to the default size (one cell, or the range for a line or a cone). */
  areaSize: number;
  /** In cells, already resolved with `effectiveRange`. */
  range: number;
  /** 0 means no limit. */
  maxTargets: number;
}

export interface Candidate extends Body {
  id: string;
  /** Centre, in pixels. */
  centre: Point;
}

/** Distance from p to the segment [a, b] and how far along it p projects (0…1). */
function toSegment(p: Point, a: Point, b: Point): { distance: number; along: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return { distance: distancePx(p, a), along: 0 };
  const along = ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared;
  const clamped = clamp(along, 0, 1);
  return { distance: distancePx(p, { x: a.x + clamped * dx, y: a.y + clamped * dy }), along };
}

function angleBetween(from: Point, a: Point, b: Point): number {
  const first = Math.atan2(a.y - from.y, a.x - from.x);
  const second = Math.atan2(b.y - from.y, b.x - from.x);
  const turn = Math.abs(first - second) % (2 * Math.PI);
  return turn > Math.PI ? 2 * Math.PI - turn : turn;
}

/**
 * Whether a point (a one-cell token's centre) lies in the area. A circle is centred where the
 * attack is aimed; a line and a cone start at the attacker and point at the aim, reaching
 * `areaSize` cells (the range when no size is given) past the edge of a one-cell attacker, and
 * `beyondPx` further for a larger one.
 */
export function isInArea(
  attack: AreaAttack,
  attacker: Point,
  aim: Point,
  centre: Point,
  cellPx = CELL_PX,
  beyondPx = 0,
): boolean {
  const size = attack.areaSize > 0 ? attack.areaSize : 0;
  switch (attack.areaOfEffect) {
    case 'single':
      return distancePx(aim, centre) <= cellPx / 2;
    case 'circle':
      return distancePx(aim, centre) <= (size || DEFAULT_AREA_CELLS) * cellPx;
    case 'line': {
      const length = (size || attack.range) * cellPx + beyondPx;
      const heading = distancePx(attacker, aim);
      if (heading === 0) return false;
      const end = {
        x: attacker.x + ((aim.x - attacker.x) / heading) * length,
        y: attacker.y + ((aim.y - attacker.y) / heading) * length,
      };
      const { distance, along } = toSegment(centre, attacker, end);
      return along >= 0 && along <= 1 && distance <= (DEFAULT_AREA_CELLS * cellPx) / 2;
    }
    case 'cone': {
      const length = (size || attack.range) * cellPx + beyondPx;
      const reach = distancePx(attacker, centre);
      if (reach === 0 || reach > length || distancePx(attacker, aim) === 0) return false;
      return angleBetween(attacker, aim, centre) <= CONE_HALF_ANGLE;
    }
  }
}

/**
 * Whether an area covers a token: the centre of one of its cells lies in it, as a one-cell token
 * is covered by its centre. A line or a cone runs from the attacker's edge, so a large attacker's
 * reaches as far past its square as a one-cell attacker's.
 */
export function coversBody(
  attack: AreaAttack,
  attacker: Body,
  aim: Point,
  target: Body,
  cellPx = CELL_PX,
): boolean {
  const beyond = (((attacker.size ?? 1) - 1) * cellPx) / 2;
  return cellCentres(target, cellPx).some((centre) =>
    isInArea(attack, attacker.centre, aim, centre, cellPx, beyond),
  );
}

/**
 * The tokens an attack aimed at `aim` hits, nearest the attacker's edge first, at most
 * `maxTargets` of them (0: all). The attacker never hits itself.
 */
export function tokensHit(
  attack: AreaAttack,
  attacker: Candidate,
  aim: Point,
  candidates: readonly Candidate[],
  cellPx = CELL_PX,
): string[] {
  const nearness = (candidate: Candidate) => edgeGapPx(attacker, candidate, cellPx);
  const hit = candidates
    .filter((candidate) => candidate.id !== attacker.id)
    .filter((candidate) => coversBody(attack, attacker, aim, candidate, cellPx))
    .sort(
      (a, b) =>
        nearness(a) - nearness(b) ||
        distancePx(attacker.centre, a.centre) - distancePx(attacker.centre, b.centre),
    )
    .map((candidate) => candidate.id);
  const limit = attack.areaOfEffect === 'single' ? 1 : attack.maxTargets;
  return limit > 0 ? hit.slice(0, limit) : hit;
}

/**
 * The size a map is reckoned in when its picture could not be measured (a broken link): 20 × 13
 * cells. Maps chosen before sizes were recorded read as this size too.
 */
export const DEFAULT_MAP_SIZE: Size = { width: 1500, height: 1000 };
/** The largest side a map may claim, in its own pixels (400 cells). */
export const MAP_SIDE_MAX_PX = 30_000;
