import { CELL_PX, cellCentres, type Body, type Point, type Size } from './geometry';
import { blocksSight, type Wall } from './walls';

/**
 * Line of sight over the MJ's walls (docs/decisions/0024-sight.md): what a point of the map sees,
 * as a polygon in the map's pixels, blocked by walls and closed doors, held within the map and a
 * radius. The server computes it for every token a player sees through and filters the player's
 * copy by it; the client only draws what it is given.
 *
 * Two stages. `occludersOf` turns a map's walls into what blocks: the blocking walls cut to the
 * map and split where they cross, so that no two of them cross between their ends. It runs when
 * the walls change (a door opens), not on a move. `sightPolygon` then sweeps once around the
 * origin (Red Blob Games' "2D visibility", Foundry's ClockwiseSweepPolygon): the walls' ends,
 * sorted by angle, are the only places where the nearest wall can change, and walls that do not
 * cross keep the same order along every ray that meets both, so a list kept sorted by distance
 * (binary insertion) gives the nearest wall of each angular interval. O(n log n) in the walls
 * within the radius, which a box test picks first.
 *
 * Most walls of a map are hidden behind nearer ones. `occludersOf` also buckets the pieces in a
 * uniform grid; the sweep takes the grid's cells in rings from the origin outwards and keeps, per
 * bin of direction, how far a piece already taken surely stops sight (`Shadow`): a cell or a piece
 * beyond that in every direction it covers is left out, which leaves the polygon as it is.
 */

/** A visibility polygon, its vertices in order around the origin. */
export type SightPolygon = Point[];

/**
 * A map's blocking walls ready for the sweep: `segments` holds x1, y1, x2, y2 of each piece,
 * cut to the map and split at every crossing, so that no two pieces cross between their ends.
 */
export interface Occluders {
  bounds: Size;
  segments: Float64Array;
  count: number;
  grid: OccluderGrid;
}

/**
 * The pieces bucketed by the cells of a uniform grid over the map, each piece in every cell its
 * box overlaps: a sweep walks the cells from the origin's outwards and skips those a nearer wall
 * already hides whole. Never changed once made.
 */
export interface OccluderGrid {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  /** Cell c's pieces are `pieces[starts[c]]` to `pieces[starts[c + 1] - 1]`, row by row. */
  starts: Uint32Array;
  pieces: Uint32Array;
}

/**
 * The circle of a limited sight is drawn as the regular 60-gon around it (a side every 6°): it
 * holds the whole disc and passes it by 0.14 % of the radius at its corners, a pixel at 7 cells.
 */
export const CIRCLE_SIDES = 60;
const STEP = (2 * Math.PI) / CIRCLE_SIDES;
/** How far the 60-gon's corners pass the circle, as a factor of the radius: 1 / cos 3°. */
export const CIRCLE_OVERSHOOT = 1 / Math.cos(STEP / 2);
/** Ends of walls seen at angles closer than this are one event (1e-12 rad: 4e-9 px at 4,000 px). */
const SAME_ANGLE = 1e-12;
/** Points closer than this are one vertex of the polygon. */
const SAME_POINT_SQUARED = 1e-12;

/** Liang–Barsky: the part of a segment within the rectangle, or null. */
function clipToBox(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): [number, number, number, number] | null {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let enter = 0;
  let leave = 1;
  const sides: [number, number][] = [
    [-dx, x1 - minX],
    [dx, maxX - x1],
    [-dy, y1 - minY],
    [dy, maxY - y1],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) enter = Math.max(enter, r);
    else leave = Math.min(leave, r);
    if (enter > leave) return null;
  }
  return [
    enter === 0 ? x1 : x1 + enter * dx,
    enter === 0 ? y1 : y1 + enter * dy,
    leave === 1 ? x2 : x1 + leave * dx,
    leave === 1 ? y2 : y1 + leave * dy,
  ];
}

/**
 * The map's blocking walls, cut to the map and split where two of them cross (the crossing point
 * computed once, so both pieces share it exactly). Pairs are found by a sweep along x: a wall is
 * only tested against those whose x-extent overlaps its own.
 */
export function occludersOf(walls: readonly Wall[], bounds: Size): Occluders {
  const clipped: [number, number, number, number][] = [];
  for (const wall of walls) {
    if (!blocksSight(wall)) continue;
    const piece = clipToBox(wall.a.x, wall.a.y, wall.b.x, wall.b.y, 0, 0, bounds.width, bounds.height);
    if (piece && (piece[0] !== piece[2] || piece[1] !== piece[3])) clipped.push(piece);
  }
  const n = clipped.length;
  const cuts: { along: number; x: number; y: number }[][] = clipped.map(() => []);
  const byLeft = clipped.map((_, i) => i).sort((i, j) => left(clipped[i]!) - left(clipped[j]!));
  for (let p = 0; p < n; p++) {
    const i = byLeft[p]!;
    const [ax, ay, bx, by] = clipped[i]!;
    const right = Math.max(ax, bx);
    for (let q = p + 1; q < n; q++) {
      const j = byLeft[q]!;
      const other = clipped[j]!;
      if (left(other) > right) break;
      const [cx, cy, dx, dy] = other;
      if (Math.max(cy, dy) < Math.min(ay, by) || Math.min(cy, dy) > Math.max(ay, by)) continue;
      const rx = bx - ax;
      const ry = by - ay;
      const sx = dx - cx;
      const sy = dy - cy;
      const denominator = rx * sy - ry * sx;
      if (denominator === 0) continue;
      const along = ((cx - ax) * sy - (cy - ay) * sx) / denominator;
      const alongOther = ((cx - ax) * ry - (cy - ay) * rx) / denominator;
      if (along <= 0 || along >= 1 || alongOther <= 0 || alongOther >= 1) continue;
      const x = ax + along * rx;
      const y = ay + along * ry;
      cuts[i]!.push({ along, x, y });
      cuts[j]!.push({ along: alongOther, x, y });
    }
  }
  const pieces: number[] = [];
  for (let i = 0; i < n; i++) {
    const [ax, ay, bx, by] = clipped[i]!;
    let fromX = ax;
    let fromY = ay;
    for (const cut of cuts[i]!.sort((a, b) => a.along - b.along)) {
      if (cut.x !== fromX || cut.y !== fromY) pieces.push(fromX, fromY, cut.x, cut.y);
      fromX = cut.x;
      fromY = cut.y;
    }
    if (bx !== fromX || by !== fromY) pieces.push(fromX, fromY, bx, by);
  }
  const segments = Float64Array.from(pieces);
  const count = pieces.length / 4;
  return { bounds, segments, count, grid: gridOf(segments, count, bounds) };
}

/**
 * A cell's side: about twice the side of the square each piece would have to itself, so a piece
 * of a drawn room (a few cells long) lies in a handful of cells, and a sweep tests few cells.
 */
const PIECES_PER_CELL = 4;
const MAX_GRID_SIDE = 64;

function gridOf(segments: Float64Array, count: number, bounds: Size): OccluderGrid {
  const side = Math.sqrt((bounds.width * bounds.height * PIECES_PER_CELL) / Math.max(1, count));
  const columns = Math.min(MAX_GRID_SIDE, Math.max(1, Math.round(bounds.width / side)));
  const rows = Math.min(MAX_GRID_SIDE, Math.max(1, Math.round(bounds.height / side)));
  const cellWidth = Math.max(bounds.width, 1) / columns;
  const cellHeight = Math.max(bounds.height, 1) / rows;
  const column = (x: number) => Math.min(columns - 1, Math.floor(x / cellWidth));
  const row = (y: number) => Math.min(rows - 1, Math.floor(y / cellHeight));
  const starts = new Uint32Array(columns * rows + 1);
  const eachCell = (piece: number, visit: (cell: number) => void) => {
    const x1 = segments[4 * piece]!;
    const y1 = segments[4 * piece + 1]!;
    const x2 = segments[4 * piece + 2]!;
    const y2 = segments[4 * piece + 3]!;
    for (let r = row(Math.min(y1, y2)); r <= row(Math.max(y1, y2)); r++)
      for (let c = column(Math.min(x1, x2)); c <= column(Math.max(x1, x2)); c++) visit(r * columns + c);
  };
  for (let piece = 0; piece < count; piece++) eachCell(piece, (cell) => (starts[cell + 1]! += 1));
  for (let cell = 0; cell < columns * rows; cell++) starts[cell + 1]! += starts[cell]!;
  const pieces = new Uint32Array(starts[columns * rows]!);
  const filled = starts.slice(0, columns * rows);
  for (let piece = 0; piece < count; piece++) eachCell(piece, (cell) => (pieces[filled[cell]!++] = piece));
  return { columns, rows, cellWidth, cellHeight, starts, pieces };
}

const left = (segment: readonly number[]) => Math.min(segment[0]!, segment[2]!);

/**
 * The segments of one sweep, relative to the origin, each turned so that it runs anticlockwise
 * (start to end) as seen from it. `area` is start × end, twice the area of the triangle it makes
 * with the origin: the distance along a ray of direction u to the segment's line is
 * area / (u × (end − start)).
 */
class Sweep {
  readonly sx: number[] = [];
  readonly sy: number[] = [];
  readonly dx: number[] = [];
  readonly dy: number[] = [];
  readonly area: number[] = [];
  readonly nearest: number[] = [];
  readonly farthest: number[] = [];
  readonly startAngle: number[] = [];
  readonly endAngle: number[] = [];

  /**
   * With `shadowed`, the piece is left out when nearer pieces hide it whole, and else hides what
   * lies behind it (`Shadow`).
   */
  add(x1: number, y1: number, x2: number, y2: number, shadowed = false): void {
    let area = x1 * y2 - y1 * x2;
    const length1 = Math.hypot(x1, y1);
    const length2 = Math.hypot(x2, y2);
    // Seen edge-on (a wall that points at the origin, or one the origin stands on), a wall
    // covers no angle: it hides nothing, and a token in a doorway sees both rooms.
    if (Math.abs(area) <= 1e-12 * length1 * length2) return;
    if (area < 0) {
      [x1, y1, x2, y2] = [x2, y2, x1, y1];
      area = -area;
    }
    const dx = x2 - x1;
    const dy = y2 - y1;
    const length = Math.hypot(dx, dy);
    const along = -(x1 * dx + y1 * dy) / (length * length);
    const closest = along <= 0 ? Math.hypot(x1, y1) : along >= 1 ? Math.hypot(x2, y2) : area / length;
    const farthest = Math.max(length1, length2);
    if (shadowed) {
      const from = pseudoAngle(x1, y1);
      const to = pseudoAngle(x2, y2);
      if (shadow.hides(from, to, closest)) return;
      shadow.cast(from, to, dx, dy, area, farthest);
    }
    this.sx.push(x1);
    this.sy.push(y1);
    this.dx.push(dx);
    this.dy.push(dy);
    this.area.push(area);
    this.nearest.push(closest);
    this.farthest.push(farthest);
    this.startAngle.push(Math.atan2(y1, x1));
    this.endAngle.push(Math.atan2(y2, x2));
  }

  /** Each segment's start and end event's angle group, once the events are grouped. */
  startGroup = new Int32Array(0);
  endGroup = new Int32Array(0);

  get size(): number {
    return this.area.length;
  }

  /**
   * The segment's point on the ray at `angle`: at its own start or end group the end itself,
   * exact where a ray would be ill-conditioned (a wall seen nearly edge-on), else where the ray
   * meets it.
   */
  pointAt(segment: number, angle: number, group: number): [number, number] {
    if (group === this.startGroup[segment]) return [this.sx[segment]!, this.sy[segment]!];
    if (group === this.endGroup[segment])
      return [this.sx[segment]! + this.dx[segment]!, this.sy[segment]! + this.dy[segment]!];
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const distance = this.distance(segment, cos, sin);
    return [distance * cos, distance * sin];
  }

  /**
   * How far the segment's line is along the ray at this angle, held within the segment's own
   * distances: at an end merged with a neighbouring angle, a wall seen nearly edge-on would
   * otherwise throw its point far off.
   */
  distance(segment: number, cos: number, sin: number): number {
    const across = cos * this.dy[segment]! - sin * this.dx[segment]!;
    const distance = across > 0 ? this.area[segment]! / across : Infinity;
    return Math.min(this.farthest[segment]!, Math.max(this.nearest[segment]!, distance));
  }
}

/**
 * The diamond angle of a direction: in [0, 4), growing with the angle from the +x axis as atan2
 * does, a quarter turn per unit, with no trigonometry.
 */
function pseudoAngle(x: number, y: number): number {
  if (y >= 0) return x >= 0 ? y / (x + y) : 1 - x / (y - x);
  return x < 0 ? 2 - y / (-x - y) : 3 + x / (x - y);
}

/** The unit direction at a diamond angle. */
function directionAt(angle: number): [number, number] {
  const [x, y] =
    angle <= 1
      ? [1 - angle, angle]
      : angle <= 2
        ? [1 - angle, 2 - angle]
        : angle <= 3
          ? [angle - 3, 2 - angle]
          : [angle - 3, angle - 4];
  const length = Math.hypot(x, y);
  return [x / length, y / length];
}

const SHADOW_BINS = 256;
const BIN = 4 / SHADOW_BINS;
/** Diamond angles this close to a bin's edge count on both sides of it, against rounding. */
const BIN_MARGIN = 1e-9;
const EDGE_X = new Float64Array(SHADOW_BINS);
const EDGE_Y = new Float64Array(SHADOW_BINS);
for (let edge = 0; edge < SHADOW_BINS; edge++) [EDGE_X[edge], EDGE_Y[edge]] = directionAt(edge * BIN);
const binOf = (index: number) => ((index % SHADOW_BINS) + SHADOW_BINS) % SHADOW_BINS;

/**
 * How far from the origin each direction is surely blocked, for the sweep being collected: the
 * directions are cut into bins of diamond angle, and each bin keeps the least, over the pieces
 * that span it whole, of the farthest such a piece lies within it. A piece spanning a bin stops
 * every ray of it by that distance, so whatever lies further in every bin it touches is hidden
 * and cannot change the polygon. Exact, only ever leaving out what is behind; one sweep at a time.
 */
class Shadow {
  readonly depth = new Float64Array(SHADOW_BINS);

  clear(): void {
    this.depth.fill(Infinity);
  }

  /** Whether everything from diamond angle `from` anticlockwise to `to`, beyond `near`, is hidden. */
  hides(from: number, to: number, near: number): boolean {
    const first = Math.floor((from - BIN_MARGIN) / BIN);
    let last = Math.floor((to + BIN_MARGIN) / BIN);
    if (to < from) last += SHADOW_BINS;
    for (let bin = first; bin <= last; bin++)
      if (!(near > this.depth[binOf(bin)]! * (1 + 1e-9) + 1e-9)) return false;
    return true;
  }

  /** A piece from diamond angle `from` to `to` (start + t (dx, dy), as in `Sweep`) casts its shadow. */
  cast(from: number, to: number, dx: number, dy: number, area: number, farthest: number): void {
    const first = Math.ceil((from + BIN_MARGIN) / BIN);
    let last = Math.floor((to - BIN_MARGIN) / BIN);
    if (to < from) last += SHADOW_BINS;
    if (last <= first) return;
    const reach = (edge: number) => {
      const across = EDGE_X[edge]! * dy - EDGE_Y[edge]! * dx;
      return across > 0 ? Math.min(farthest, area / across) : farthest;
    };
    let behind = reach(binOf(first));
    for (let edge = first + 1; edge <= last; edge++) {
      const further = reach(binOf(edge));
      const bin = binOf(edge - 1);
      this.depth[bin] = Math.min(this.depth[bin]!, Math.max(behind, further));
      behind = further;
    }
  }

  /** Whether the box (relative to the origin) is hidden whole; never one holding the origin. */
  hidesBox(minX: number, minY: number, maxX: number, maxY: number): boolean {
    if (minX <= 0 && maxX >= 0 && minY <= 0 && maxY >= 0) return false;
    const nearX = minX > 0 ? minX : maxX < 0 ? -maxX : 0;
    const nearY = minY > 0 ? minY : maxY < 0 ? -maxY : 0;
    const a = pseudoAngle(minX, minY);
    const b = pseudoAngle(maxX, minY);
    const c = pseudoAngle(maxX, maxY);
    const d = pseudoAngle(minX, maxY);
    let from = Math.min(a, b, c, d);
    let to = Math.max(a, b, c, d);
    // A box clear of the origin spans less than half a turn: a wider range runs across angle 0.
    if (to - from > 2) {
      const turned = (angle: number) => (angle < 2 ? angle + 4 : angle);
      from = Math.min(turned(a), turned(b), turned(c), turned(d));
      to = Math.max(turned(a), turned(b), turned(c), turned(d));
    }
    return this.hides(from, to, Math.hypot(nearX, nearY));
  }

  /** The farthest any direction is surely blocked. */
  deepest(): number {
    let deepest = 0;
    for (let bin = 0; bin < SHADOW_BINS; bin++) {
      const depth = this.depth[bin]!;
      if (depth === Infinity) return depth;
      if (depth > deepest) deepest = depth;
    }
    return deepest;
  }
}

const shadow = new Shadow();

/**
 * Takes a sweep's pieces from the occluders' grid: the cells in rings from the origin's outwards,
 * so that near walls cast their shadows first, each cell skipped when hidden whole, each piece
 * taken once, kept to the box (and within `outer` of the origin), and left out when hidden.
 * One gathering at a time, its state in fields rather than closures made on every sweep.
 */
class Gathering {
  private sweep!: Sweep;
  private occluders!: Occluders;
  /** The pieces this gathering took are those marked with its stamp. */
  private seen = new Uint32Array(0);
  private stamp = 0;
  private ox = 0;
  private oy = 0;
  private box = [0, 0, 0, 0];
  private outer = Infinity;
  private cells = [0, 0, 0, 0];

  gather(sweep: Sweep, occluders: Occluders, ox: number, oy: number, box: number[], outer: number): void {
    this.sweep = sweep;
    this.occluders = occluders;
    this.ox = ox;
    this.oy = oy;
    this.box = box;
    this.outer = outer;
    shadow.clear();
    const grid = occluders.grid;
    if (this.seen.length < occluders.count) this.seen = new Uint32Array(occluders.count);
    this.stamp = this.stamp >= 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.seen.fill(0);
    const [minX, minY, maxX, maxY] = box as [number, number, number, number];
    const [left, top, right, bottom] = [this.column(minX), this.row(minY), this.column(maxX), this.row(maxY)];
    this.cells = [left, top, right, bottom];
    const originColumn = this.column(ox);
    const originRow = this.row(oy);
    const rings = Math.max(originColumn - left, right - originColumn, originRow - top, bottom - originRow);
    const side = Math.min(grid.cellWidth, grid.cellHeight);
    this.cell(originColumn, originRow);
    for (let ring = 1; ring <= rings; ring++) {
      // Every cell of this ring and beyond lies at least ring − 1 cells away.
      if (ring >= 2 && shadow.deepest() < (ring - 1) * side) break;
      for (let c = originColumn - ring; c <= originColumn + ring; c++) {
        this.cell(c, originRow - ring);
        this.cell(c, originRow + ring);
      }
      for (let r = originRow - ring + 1; r < originRow + ring; r++) {
        this.cell(originColumn - ring, r);
        this.cell(originColumn + ring, r);
      }
    }
  }

  private column(x: number): number {
    const { columns, cellWidth } = this.occluders.grid;
    return Math.min(columns - 1, Math.floor(x / cellWidth));
  }

  private row(y: number): number {
    const { rows, cellHeight } = this.occluders.grid;
    return Math.min(rows - 1, Math.floor(y / cellHeight));
  }

  private cell(c: number, r: number): void {
    const [left, top, right, bottom] = this.cells as [number, number, number, number];
    if (c < left || c > right || r < top || r > bottom) return;
    const { columns, cellWidth, cellHeight, starts, pieces } = this.occluders.grid;
    const { seen, stamp } = this;
    const x = c * cellWidth - this.ox;
    const y = r * cellHeight - this.oy;
    if (shadow.hidesBox(x, y, x + cellWidth, y + cellHeight)) return;
    const index = r * columns + c;
    for (let k = starts[index]!; k < starts[index + 1]!; k++) {
      const piece = pieces[k]!;
      if (seen[piece] === stamp) continue;
      seen[piece] = stamp;
      this.take(piece);
    }
  }

  private take(piece: number): void {
    const segments = this.occluders.segments;
    const x1 = segments[4 * piece]!;
    const y1 = segments[4 * piece + 1]!;
    const x2 = segments[4 * piece + 2]!;
    const y2 = segments[4 * piece + 3]!;
    const [minX, minY, maxX, maxY] = this.box as [number, number, number, number];
    if (Math.max(x1, x2) < minX || Math.min(x1, x2) > maxX) return;
    if (Math.max(y1, y2) < minY || Math.min(y1, y2) > maxY) return;
    const { ox, oy } = this;
    if (this.outer < Infinity && distanceToSegment(ox, oy, x1, y1, x2, y2) > this.outer) return;
    const within =
      Math.min(x1, x2) >= minX &&
      Math.max(x1, x2) <= maxX &&
      Math.min(y1, y2) >= minY &&
      Math.max(y1, y2) <= maxY;
    if (within) {
      this.sweep.add(x1 - ox, y1 - oy, x2 - ox, y2 - oy, true);
      return;
    }
    const clipped = clipToBox(x1, y1, x2, y2, minX, minY, maxX, maxY);
    if (clipped) this.sweep.add(clipped[0] - ox, clipped[1] - oy, clipped[2] - ox, clipped[3] - oy, true);
  }
}

const gathering = new Gathering();

const same = (x1: number, y1: number, x2: number, y2: number) =>
  (x1 - x2) ** 2 + (y1 - y2) ** 2 <= SAME_POINT_SQUARED;

/** Pieces of the polygon's boundary, each on one line, joined into vertices. */
class Outline {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  private line = Number.NaN;

  constructor(private readonly origin: Point) {}

  /** From (x1, y1) to (x2, y2) relative to the origin, along `line`. */
  piece(x1: number, y1: number, x2: number, y2: number, line: number): void {
    const last = this.xs.length - 1;
    const joins = last >= 0 && same(this.xs[last]!, this.ys[last]!, x1, y1);
    const point = same(x1, y1, x2, y2);
    if (joins && point) return;
    if (joins && line === this.line && last >= 1) {
      this.xs[last] = x2;
      this.ys[last] = y2;
      return;
    }
    if (!joins) {
      this.xs.push(x1);
      this.ys.push(y1);
    }
    if (!point) {
      this.xs.push(x2);
      this.ys.push(y2);
    }
    // Only a piece with a length continues on its line: a lone point is a corner.
    this.line = point ? Number.NaN : line;
  }

  polygon(): SightPolygon {
    let count = this.xs.length;
    if (count > 1 && same(this.xs[0]!, this.ys[0]!, this.xs[count - 1]!, this.ys[count - 1]!)) count -= 1;
    const points: SightPolygon = [];
    for (let i = 0; i < count; i++)
      points.push({ x: this.origin.x + this.xs[i]!, y: this.origin.y + this.ys[i]! });
    return points;
  }
}

const NO_WALL = -1;
/** Lines of the 60-gon are numbered below the walls' (0…) and the origin's (−1). */
const sideLine = (side: number) => -2 - (((side % CIRCLE_SIDES) + CIRCLE_SIDES) % CIRCLE_SIDES);

/**
 * What `origin` sees: the polygon of the points whose segment from the origin crosses no blocking
 * wall, within the map and within `radius` pixels (the 60-gon around that circle). A wall seen
 * edge-on hides nothing, so an origin standing on a wall (a token in a doorway) sees both sides.
 * Outside the map nothing is seen: an origin on its edge sees the half that lies on it.
 */
export function sightPolygon(origin: Point, occluders: Occluders, radius: number): SightPolygon {
  const { width, height } = occluders.bounds;
  const ox = Math.min(width, Math.max(0, origin.x));
  const oy = Math.min(height, Math.max(0, origin.y));
  const reach = Math.max(0, radius);
  // The box around the 60-gon, whose corners pass the circle.
  const outer = reach * CIRCLE_OVERSHOOT;
  const minX = Math.max(0, ox - outer);
  const minY = Math.max(0, oy - outer);
  const maxX = Math.min(width, ox + outer);
  const maxY = Math.min(height, oy + outer);
  const farthestCorner = Math.hypot(Math.max(ox, width - ox), Math.max(oy, height - oy));
  const circle = reach < farthestCorner;

  const sweep = new Sweep();
  gathering.gather(sweep, occluders, ox, oy, [minX, minY, maxX, maxY], circle ? outer : Infinity);
  // The box's sides stop every ray, so each angle has a nearest wall.
  sweep.add(minX - ox, minY - oy, maxX - ox, minY - oy);
  sweep.add(maxX - ox, minY - oy, maxX - ox, maxY - oy);
  sweep.add(maxX - ox, maxY - oy, minX - ox, maxY - oy);
  sweep.add(minX - ox, maxY - oy, minX - ox, minY - oy);

  const outline = new Outline({ x: ox, y: oy });
  const count = sweep.size;
  if (count === 0) return [];

  // Events: 2s is segment s's start, 2s + 1 its end; grouped into distinct angles.
  const events = new Uint32Array(2 * count);
  const eventAngle = new Float64Array(2 * count);
  for (let s = 0; s < count; s++) {
    eventAngle[2 * s] = sweep.startAngle[s]!;
    eventAngle[2 * s + 1] = sweep.endAngle[s]!;
  }
  sortByAngle(events, eventAngle);
  const groupOf = new Int32Array(2 * count);
  const groupAngles: number[] = [];
  const groupFirst: number[] = [];
  for (let e = 0; e < events.length; e++) {
    const angle = eventAngle[events[e]!]!;
    const group = groupAngles.length - 1;
    if (group < 0 || angle - groupAngles[group]! > SAME_ANGLE) {
      groupAngles.push(angle);
      groupFirst.push(e);
    }
    groupOf[events[e]!] = groupAngles.length - 1;
  }
  const groups = groupAngles.length;
  groupFirst.push(events.length);
  sweep.startGroup = new Int32Array(count);
  sweep.endGroup = new Int32Array(count);
  for (let s = 0; s < count; s++) {
    sweep.startGroup[s] = groupOf[2 * s]!;
    sweep.endGroup[s] = groupOf[2 * s + 1]!;
  }
  // The interval after group g ends at the next group's angle; the last one wraps past π.
  const intervalEnd = (group: number) =>
    group + 1 < groups ? groupAngles[group + 1]! : groupAngles[0]! + 2 * Math.PI;

  const active: number[] = [];
  const insert = (segment: number, cos: number, sin: number) => {
    const distance = sweep.distance(segment, cos, sin);
    let low = 0;
    let high = active.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sweep.distance(active[middle]!, cos, sin) < distance) low = middle + 1;
      else high = middle;
    }
    active.splice(low, 0, segment);
  };
  const live = (segment: number) => groupOf[2 * segment] !== groupOf[2 * segment + 1];

  // Before the first angle the sweep is in the last interval: the walls across the ±π line.
  {
    const middle = (groupAngles[groups - 1]! + intervalEnd(groups - 1)) / 2;
    const cos = Math.cos(middle);
    const sin = Math.sin(middle);
    for (let s = 0; s < count; s++) if (live(s) && groupOf[2 * s]! > groupOf[2 * s + 1]!) insert(s, cos, sin);
  }

  // A run of intervals with the same nearest wall is one piece, traced when the nearest changes.
  let run = NO_WALL;
  let runFrom = 0;
  let runGroup = 0;
  const traceRun = (to: number, toGroup: number) => {
    const interval: Interval = { from: runFrom, fromGroup: runGroup, to, toGroup };
    if (run === NO_WALL) outline.piece(0, 0, 0, 0, NO_WALL);
    else if (circle) traceClipped(outline, sweep, run, interval, reach);
    else trace(outline, sweep, run, interval);
  };
  for (let group = 0; group < groups; group++) {
    const from = groupAngles[group]!;
    const to = intervalEnd(group);
    for (let e = groupFirst[group]!; e < groupFirst[group + 1]!; e++) {
      const event = events[e]!;
      const segment = event >> 1;
      if (event & 1 && live(segment)) active.splice(active.indexOf(segment), 1);
    }
    const middle = (from + to) / 2;
    const cos = Math.cos(middle);
    const sin = Math.sin(middle);
    for (let e = groupFirst[group]!; e < groupFirst[group + 1]!; e++) {
      const event = events[e]!;
      const segment = event >> 1;
      if (!(event & 1) && live(segment)) insert(segment, cos, sin);
    }
    const nearest = active.length > 0 ? active[0]! : NO_WALL;
    if (group === 0 || nearest !== run) {
      if (group > 0) traceRun(from, group);
      run = nearest;
      runFrom = from;
      runGroup = group;
    }
  }
  traceRun(intervalEnd(groups - 1), 0);
  return outline.polygon();
}

/** An angular interval of the sweep, and the angle groups at its ends (−1: a 60-gon corner). */
interface Interval {
  from: number;
  fromGroup: number;
  to: number;
  toGroup: number;
}

/**
 * Events in order of angle: dealt into as many buckets as events by angle, then an insertion sort,
 * which only has the few inversions within a bucket left: O(n) for walls spread around, five
 * times quicker than `sort` with a comparator on a thousand events.
 */
function sortByAngle(events: Uint32Array, angles: Float64Array): void {
  const n = events.length;
  const bucketOf = (angle: number) =>
    Math.min(n - 1, Math.max(0, Math.floor(((angle + Math.PI) / (2 * Math.PI)) * n)));
  const starts = new Uint32Array(n + 1);
  for (let e = 0; e < n; e++) starts[bucketOf(angles[e]!) + 1]! += 1;
  for (let b = 0; b < n; b++) starts[b + 1]! += starts[b]!;
  for (let e = 0; e < n; e++) events[starts[bucketOf(angles[e]!)]!++] = e;
  for (let i = 1; i < n; i++) {
    const event = events[i]!;
    const angle = angles[event]!;
    let j = i - 1;
    while (j >= 0 && angles[events[j]!]! > angle) {
      events[j + 1] = events[j]!;
      j -= 1;
    }
    events[j + 1] = event;
  }
}

/** The interval's piece of boundary on its nearest wall. */
function trace(
  outline: Outline,
  sweep: Sweep,
  wall: number,
  { from, fromGroup, to, toGroup }: Interval,
): void {
  const [x1, y1] = sweep.pointAt(wall, from, fromGroup);
  const [x2, y2] = sweep.pointAt(wall, to, toGroup);
  outline.piece(x1, y1, x2, y2, wall);
}

/**
 * The same piece held within the 60-gon: cut at its corners, and on each side the nearer of the
 * wall and the side, which cross at most once.
 */
function traceClipped(
  outline: Outline,
  sweep: Sweep,
  wall: number,
  interval: Interval,
  radius: number,
): void {
  const { from, fromGroup, to, toGroup } = interval;
  let side = Math.floor(from / STEP);
  let a = from;
  let aGroup = fromGroup;
  while (a < to) {
    const corner = (side + 1) * STEP;
    const b = Math.min(to, corner);
    const bGroup = b === to ? toGroup : -1;
    if (b > a)
      tracePiece(outline, sweep, wall, { from: a, fromGroup: aGroup, to: b, toGroup: bGroup }, side, radius);
    a = b;
    aGroup = bGroup;
    side += 1;
  }
}

function tracePiece(
  outline: Outline,
  sweep: Sweep,
  wall: number,
  { from, fromGroup, to, toGroup }: Interval,
  side: number,
  radius: number,
): void {
  const tangent = (side + 0.5) * STEP;
  const [x1, y1] = sweep.pointAt(wall, from, fromGroup);
  const [x2, y2] = sweep.pointAt(wall, to, toGroup);
  const wallA = Math.hypot(x1, y1);
  const wallB = Math.hypot(x2, y2);
  const sideA = radius / Math.cos(from - tangent);
  const sideB = radius / Math.cos(to - tangent);
  const line = sideLine(side);
  if (wallA <= sideA && wallB <= sideB) {
    outline.piece(x1, y1, x2, y2, wall);
    return;
  }
  const cosA = Math.cos(from);
  const sinA = Math.sin(from);
  const cosB = Math.cos(to);
  const sinB = Math.sin(to);
  if (wallA >= sideA && wallB >= sideB) {
    outline.piece(sideA * cosA, sideA * sinA, sideB * cosB, sideB * sinB, line);
    return;
  }
  // The wall's line meets the side's, {p : p · n = radius} with n the unit at the tangent angle.
  const nx = Math.cos(tangent);
  const ny = Math.sin(tangent);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const facing = dx * nx + dy * ny;
  const along = facing === 0 ? 0 : (radius - (x1 * nx + y1 * ny)) / facing;
  const mx = x1 + along * dx;
  const my = y1 + along * dy;
  if (wallA < sideA) {
    outline.piece(x1, y1, mx, my, wall);
    outline.piece(mx, my, sideB * cosB, sideB * sinB, line);
  } else {
    outline.piece(sideA * cosA, sideA * sinA, mx, my, line);
    outline.piece(mx, my, x2, y2, wall);
  }
}

function distanceToSegment(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((px - x1) * dx + (py - y1) * dy) / lengthSquared));
  return Math.hypot(px - (x1 + along * dx), py - (y1 + along * dy));
}

/**
 * Even–odd: a horizontal ray from the point crosses the boundary an odd number of times. An edge
 * counts over [its lower y, its upper y), so a vertex on the ray counts once; the explored cells
 * (`explored.ts`) use the same rule.
 */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < crossingX(a, b, point.y)) inside = !inside;
  }
  return inside;
}

/** Where the edge from a to b crosses the line at height y (a.y ≠ b.y). */
export function crossingX(a: Point, b: Point, y: number): number {
  return a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x);
}

/**
 * Whether a token is in sight: the centre of one of its cells lies in one of the polygons, as an
 * area covers a token (decision 0017).
 */
export function seesBody(polygons: readonly SightPolygon[], body: Body, cellPx = CELL_PX): boolean {
  return cellCentres(body, cellPx).some((centre) =>
    polygons.some((polygon) => pointInPolygon(centre, polygon)),
  );
}
