import type { Point } from '../../src/domain/geometry/geometry';

/** Segments against walls, for the sight tests: the definition the polygons are checked by. */

/** Closer than this to a wall or to the polygon's edge, a point is on the line: either answer is right. */
export const BAND = 1e-3;

export const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + along * dx), p.y - (a.y + along * dy));
}

/** Whether [p, q] and [a, b] cross at a point clear of all four ends by more than the band. */
export function crossesClearly(p: Point, q: Point, a: Point, b: Point): boolean {
  const d1 = cross(p, q, a);
  const d2 = cross(p, q, b);
  const d3 = cross(a, b, p);
  const d4 = cross(a, b, q);
  if (!(d1 * d2 < 0 && d3 * d4 < 0)) return false;
  return (
    distanceToSegment(a, p, q) > BAND &&
    distanceToSegment(b, p, q) > BAND &&
    distanceToSegment(p, a, b) > BAND &&
    distanceToSegment(q, a, b) > BAND
  );
}
