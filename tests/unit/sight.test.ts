import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point, Size } from '../../src/domain/geometry/geometry';
import {
  CIRCLE_OVERSHOOT,
  occludersOf,
  pointInPolygon,
  seesBody,
  sightPolygon,
  type SightPolygon,
} from '../../src/domain/geometry/sight';
import { blocksSight, type Wall } from '../../src/domain/geometry/walls';
import { BAND, cross, crossesClearly, distanceToSegment } from '../helpers/segments';

/**
 * Sight against the definition, on random maps: a point is seen when the segment from the origin
 * to it crosses no blocking wall and it lies within the radius and the map. fast-check draws a
 * new seed each run and prints it with the smallest failing map, so a failure replays.
 */

/** Whether the segment stays further than the band from every blocking wall. */
function clearOfWalls(p: Point, q: Point, walls: readonly Wall[]): boolean {
  return walls.filter(blocksSight).every((wall) => {
    const d1 = cross(p, q, wall.a);
    const d2 = cross(p, q, wall.b);
    const d3 = cross(wall.a, wall.b, p);
    const d4 = cross(wall.a, wall.b, q);
    if (d1 * d2 < 0 && d3 * d4 < 0) return false;
    return (
      distanceToSegment(wall.a, p, q) > BAND &&
      distanceToSegment(wall.b, p, q) > BAND &&
      distanceToSegment(p, wall.a, wall.b) > BAND &&
      distanceToSegment(q, wall.a, wall.b) > BAND
    );
  });
}

function distanceToOutline(p: Point, polygon: SightPolygon): number {
  let nearest = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++)
    nearest = Math.min(nearest, distanceToSegment(p, polygon[j]!, polygon[i]!));
  return nearest;
}

const clearlyInside = (p: Point, polygon: SightPolygon) =>
  pointInPolygon(p, polygon) && distanceToOutline(p, polygon) > BAND;
const clearlyOutside = (p: Point, polygon: SightPolygon) =>
  !pointInPolygon(p, polygon) && distanceToOutline(p, polygon) > BAND;

/**
 * Ends on a coarse lattice half the time, so walls share ends, lie on one line, run along the
 * map's edge or through the origin (which is drawn on the same lattice), as drawn maps do.
 */
const coordinate = (length: number) =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.floor(length / 50) }).map((step) => step * 50),
    fc.double({ min: 0, max: length, noNaN: true }),
  );
const pointOn = (map: Size) => fc.record({ x: coordinate(map.width), y: coordinate(map.height) });

const wallOn = (map: Size) =>
  fc
    .record({
      a: pointOn(map),
      b: pointOn(map),
      kind: fc.constantFrom<Wall['kind']>('wall', 'wall', 'door', 'window'),
      open: fc.boolean(),
    })
    .filter(({ a, b }) => Math.hypot(b.x - a.x, b.y - a.y) >= 1);

const wallsOn = (map: Size, most: number) =>
  fc.array(wallOn(map), { maxLength: most }).map((drawn) =>
    drawn.map(({ a, b, kind, open }, i): Wall => ({
      id: `w${i}`,
      a,
      b,
      kind,
      ...(kind === 'door' ? { open } : {}),
    })),
  );

const scenes = (most = 30) =>
  fc
    .record({ width: fc.integer({ min: 200, max: 2000 }), height: fc.integer({ min: 200, max: 2000 }) })
    .chain((map) =>
      fc.record({
        map: fc.constant(map),
        walls: wallsOn(map, most),
        origin: pointOn(map),
        radius: fc.oneof(fc.constant(Infinity), fc.double({ min: 10, max: 2500, noNaN: true })),
        samples: fc.array(pointOn(map), { minLength: 40, maxLength: 80 }),
      }),
    );

/** Samples at random and at the walls' ends, just either side: where a sweep goes wrong. */
function probes(samples: readonly Point[], walls: readonly Wall[]): Point[] {
  const near = walls.flatMap(({ a, b }) =>
    [a, b].flatMap((end) =>
      [-0.5, 0.5].flatMap((dx) => [-0.5, 0.5].map((dy) => ({ x: end.x + dx, y: end.y + dy }))),
    ),
  );
  return [...samples, ...near];
}

const sightOf = (origin: Point, walls: readonly Wall[], map: Size, radius: number) =>
  sightPolygon(
    origin,
    occludersOf(walls, map),
    Number.isFinite(radius) ? radius : Math.hypot(map.width, map.height),
  );

const onMap = (p: Point, map: Size) => p.x >= 0 && p.y >= 0 && p.x <= map.width && p.y <= map.height;

// A property runs a few hundred maps: seconds on a busy machine, well past the default 5 s.
describe('the sight polygon', { timeout: 60_000 }, () => {
  it('never shows a point behind a blocking wall', () => {
    fc.assert(
      fc.property(scenes(), ({ map, walls, origin, radius, samples }) => {
        const polygon = sightOf(origin, walls, map, radius);
        for (const point of probes(samples, walls)) {
          if (!clearlyInside(point, polygon)) continue;
          const blocker = walls
            .filter(blocksSight)
            .find((wall) => crossesClearly(origin, point, wall.a, wall.b));
          expect(blocker, `${JSON.stringify(point)} seen through ${JSON.stringify(blocker)}`).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows every point of the map within the radius that no blocking wall hides', () => {
    fc.assert(
      fc.property(scenes(), ({ map, walls, origin, radius, samples }) => {
        const polygon = sightOf(origin, walls, map, radius);
        for (const point of probes(samples, walls)) {
          if (!onMap(point, map) || Math.hypot(point.x - origin.x, point.y - origin.y) > radius) continue;
          if (!clearOfWalls(origin, point, walls)) continue;
          expect(clearlyOutside(point, polygon), `${JSON.stringify(point)} hidden`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stays on the map and within the radius (its 60-gon)', () => {
    fc.assert(
      fc.property(scenes(), ({ map, walls, origin, radius }) => {
        for (const vertex of sightOf(origin, walls, map, radius)) {
          expect(vertex.x).toBeGreaterThanOrEqual(-BAND);
          expect(vertex.y).toBeGreaterThanOrEqual(-BAND);
          expect(vertex.x).toBeLessThanOrEqual(map.width + BAND);
          expect(vertex.y).toBeLessThanOrEqual(map.height + BAND);
          const distance = Math.hypot(vertex.x - origin.x, vertex.y - origin.y);
          expect(distance).toBeLessThanOrEqual(radius * CIRCLE_OVERSHOOT + BAND);
        }
      }),
    );
  });

  it('is the same with windows as without them: a window never blocks', () => {
    fc.assert(
      fc.property(scenes(), ({ map, walls, origin, radius }) => {
        const withoutWindows = walls.filter((wall) => wall.kind !== 'window');
        expect(sightOf(origin, walls, map, radius)).toEqual(sightOf(origin, withoutWindows, map, radius));
      }),
    );
  });

  it('never loses a point when a door opens', () => {
    fc.assert(
      fc.property(scenes(), fc.nat(), ({ map, walls, origin, radius, samples }, pick) => {
        fc.pre(walls.length > 0);
        const door = pick % walls.length;
        const closed = walls.map((wall, i) =>
          i === door ? { ...wall, kind: 'door' as const, open: false } : wall,
        );
        const opened = walls.map((wall, i) =>
          i === door ? { ...wall, kind: 'door' as const, open: true } : wall,
        );
        const before = sightOf(origin, closed, map, radius);
        const after = sightOf(origin, opened, map, radius);
        for (const point of probes(samples, walls))
          if (clearlyInside(point, before)) expect(clearlyOutside(point, after)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('shows what is behind a door once it opens', () => {
    fc.assert(
      fc.property(
        scenes(8),
        fc.nat(),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (scene, pick, along) => {
          const { map, walls, origin, radius } = scene;
          fc.pre(walls.length > 0);
          const index = pick % walls.length;
          const door = walls[index]!;
          const onDoor = {
            x: door.a.x + along * (door.b.x - door.a.x),
            y: door.a.y + along * (door.b.y - door.a.y),
          };
          const away = Math.hypot(onDoor.x - origin.x, onDoor.y - origin.y);
          fc.pre(away > 10 && away + 2 < radius);
          // Two pixels past the door, on the line from the origin.
          const behind = {
            x: onDoor.x + ((onDoor.x - origin.x) / away) * 2,
            y: onDoor.y + ((onDoor.y - origin.y) / away) * 2,
          };
          fc.pre(onMap(behind, map));
          const closed = walls.map((wall, i) =>
            i === index ? { ...wall, kind: 'door' as const, open: false } : wall,
          );
          const opened = walls.map((wall, i) =>
            i === index ? { ...wall, kind: 'door' as const, open: true } : wall,
          );
          fc.pre(clearOfWalls(origin, behind, opened));
          fc.pre(crossesClearly(origin, behind, door.a, door.b));
          expect(clearlyOutside(behind, sightOf(origin, closed, map, radius))).toBe(true);
          expect(clearlyInside(behind, sightOf(origin, opened, map, radius))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

const map: Size = { width: 1000, height: 800 };
const wall = (
  id: string,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  kind: Wall['kind'] = 'wall',
): Wall => ({
  id,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
  kind,
});
/** A 200 px room from (200, 200), its top wall a door from x 250 to 350. */
const room = (door: 'closed' | 'open') => [
  wall('top-left', 200, 200, 250, 200),
  { ...wall('door', 250, 200, 350, 200, 'door'), open: door === 'open' },
  wall('top-right', 350, 200, 400, 200),
  wall('right', 400, 200, 400, 400),
  wall('bottom', 400, 400, 200, 400),
  wall('left', 200, 400, 200, 200),
];
const area = (polygon: SightPolygon) =>
  Math.abs(
    polygon.reduce(
      (sum, a, i) =>
        sum + a.x * polygon[(i + 1) % polygon.length]!.y - polygon[(i + 1) % polygon.length]!.x * a.y,
      0,
    ),
  ) / 2;

describe('sight in a room', () => {
  it('is the room from inside a closed room, the map when nothing stands in the way', () => {
    expect(area(sightOf({ x: 300, y: 300 }, room('closed'), map, Infinity))).toBeCloseTo(200 * 200, 6);
    expect(area(sightOf({ x: 300, y: 300 }, [], map, Infinity))).toBeCloseTo(1000 * 800, 6);
  });

  it('reaches out through the open door', () => {
    const polygon = sightOf({ x: 300, y: 300 }, room('open'), map, Infinity);
    expect(pointInPolygon({ x: 300, y: 50 }, polygon)).toBe(true);
    expect(pointInPolygon({ x: 600, y: 300 }, polygon)).toBe(false);
  });

  it('sees both rooms from the doorway, even with the door closed', () => {
    const polygon = sightOf({ x: 300, y: 200 }, room('closed'), map, Infinity);
    expect(pointInPolygon({ x: 300, y: 100 }, polygon)).toBe(true);
    expect(pointInPolygon({ x: 300, y: 350 }, polygon)).toBe(true);
  });

  it('sees along both walls from the room’s corner, and around it', () => {
    const polygon = sightOf({ x: 200, y: 200 }, room('closed'), map, Infinity);
    expect(area(polygon)).toBeCloseTo(40_000 + 200 * 1000 + 200 * 800 - 200 * 200, 6);
  });

  it('covers the disc of its radius with the 60-gon around it', () => {
    const polygon = sightOf({ x: 500, y: 400 }, [], map, 100);
    expect(area(polygon)).toBeCloseTo(60 * 100 * 100 * Math.tan(Math.PI / 60), 3);
  });

  it('sees a token when the centre of one of its cells is in sight', () => {
    const polygon = sightOf({ x: 300, y: 300 }, room('closed'), map, Infinity);
    // A 2 × 2 ogre astride the right wall: its left cells are in the room.
    expect(seesBody([polygon], { centre: { x: 400, y: 300 }, size: 2 }, 75)).toBe(true);
    expect(seesBody([polygon], { centre: { x: 500, y: 300 }, size: 2 }, 75)).toBe(false);
  });
});
