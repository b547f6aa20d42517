import { describe, expect, it } from 'vitest';
import { exploredBy, exploredLayout } from '../../src/domain/geometry/explored';
import type { Point, Size } from '../../src/domain/geometry/geometry';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import type { VisibleArea } from '../../src/domain/table/visible-area';
import { dimmedOf, MASK_CELL, paintedPixels } from '../../server/modules/map-pictures/render';

const MAP: Size = { width: 800, height: 600 };
const OUT: Size = { width: 400, height: 300 };
const GROUND = [200, 60, 40];
const PAINT = [11, 13, 18];

/** Revealed: a rectangle over the map's left half, less a brush stroke across it; seen: a triangle. */
const REVEALED = { x1: 5, y1: 10, x2: 55, y2: 90 };
const STROKE = { y: 50, radius: 2 };
const SIGHT: Point[] = [
  { x: 100, y: 40 },
  { x: 700, y: 300 },
  { x: 100, y: 560 },
];
const AREA: VisibleArea = {
  fog: {
    base: 'covered',
    shapes: [
      {
        mode: 'reveal',
        kind: 'rect',
        points: [
          { x: REVEALED.x1, y: REVEALED.y1 },
          { x: REVEALED.x2, y: REVEALED.y2 },
        ],
      },
      {
        mode: 'cover',
        kind: 'brush',
        points: [
          { x: 0, y: STROKE.y },
          { x: 100, y: STROKE.y },
        ],
        radius: STROKE.radius,
      },
    ],
  },
  sight: [SIGHT],
  remembered: null,
};

/** Seen now: the left quarter; seen before: the left half's cells; the fog covers below y = 450. */
const square = (right: number): Point[] => [
  { x: 0, y: 0 },
  { x: right, y: 0 },
  { x: right, y: 600 },
  { x: 0, y: 600 },
];
const REMEMBERING: VisibleArea = {
  fog: {
    base: 'revealed',
    shapes: [
      {
        mode: 'cover',
        kind: 'rect',
        points: [
          { x: 0, y: 75 },
          { x: 100, y: 100 },
        ],
      },
    ],
  },
  sight: [square(200)],
  remembered: exploredBy(exploredLayout(DEFAULT_GRID, MAP), [square(400)]),
};

/** The same area, reckoned point by point in the map's pixels: the test's own account of it. */
function visibleAt(x: number, y: number): boolean {
  const px = (x / MAP.width) * 100;
  const py = (y / MAP.height) * 100;
  const revealed = px >= REVEALED.x1 && px <= REVEALED.x2 && py >= REVEALED.y1 && py <= REVEALED.y2;
  const stroked = Math.abs(y - (STROKE.y / 100) * MAP.height) <= (STROKE.radius / 100) * MAP.width;
  const side = (a: Point, b: Point) => (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
  const sides = SIGHT.map((a, i) => side(a, SIGHT[(i + 1) % SIGHT.length]!));
  const seen = sides.every((s) => s >= 0) || sides.every((s) => s <= 0);
  return revealed && !stroked && seen;
}

/**
 * Each pixel's max (or min) over the pixels up to a mask cell and one more away along one axis
 * (`step` 1: across, the width: down); outside the picture counts as hidden.
 */
function spread(values: Uint8Array, step: number, lines: number, pick: (...values: number[]) => number) {
  const reach = MASK_CELL + 1;
  const out = new Uint8Array(values.length);
  const length = step === 1 ? lines : values.length / lines;
  for (let i = 0; i < values.length; i++) {
    const at = step === 1 ? i % lines : Math.floor(i / lines);
    const around = [];
    for (let d = -reach; d <= reach; d++)
      around.push(at + d >= 0 && at + d < length ? values[i + d * step]! : 0);
    out[i] = pick(...around);
  }
  return out;
}

describe('a painted-out map picture', () => {
  it('shows the picture inside the visible area, and nothing of it further than one mask cell out', () => {
    const pixels = Buffer.alloc(OUT.width * OUT.height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = GROUND[i % 3]!;
    const painted = paintedPixels({ pixels, ...OUT }, AREA, MAP);
    const scale = MAP.width / OUT.width;
    const visible = new Uint8Array(OUT.width * OUT.height);
    for (let y = 0; y < OUT.height; y++)
      for (let x = 0; x < OUT.width; x++)
        visible[y * OUT.width + x] = visibleAt((x + 0.5) * scale, (y + 0.5) * scale) ? 1 : 0;
    // One cell, and a pixel for where a cell's centre falls between the pixels' centres.
    const near = spread(spread(visible, 1, OUT.width, Math.max), OUT.width, OUT.width, Math.max);
    const deep = spread(spread(visible, 1, OUT.width, Math.min), OUT.width, OUT.width, Math.min);
    let shown = 0;
    let hidden = 0;
    const wrong: string[] = [];
    for (let i = 0; i < visible.length; i++) {
      const colour = [...painted.subarray(i * 3, i * 3 + 3)].join();
      if (near[i] === 0) {
        hidden++;
        if (colour !== PAINT.join())
          wrong.push(`${i % OUT.width},${Math.floor(i / OUT.width)} shows ${colour}`);
      } else if (deep[i] === 1) {
        shown++;
        if (colour !== GROUND.join())
          wrong.push(`${i % OUT.width},${Math.floor(i / OUT.width)} hides ${colour}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Both sides are large: the area is neither empty nor the whole picture.
    expect(shown).toBeGreaterThan(10_000);
    expect(hidden).toBeGreaterThan(50_000);
  });

  it('shows the cells seen before at half strength, inside the fog’s reveal only', () => {
    const pixels = Buffer.alloc(OUT.width * OUT.height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = GROUND[i % 3]!;
    const painted = paintedPixels({ pixels, ...OUT }, REMEMBERING, MAP);
    // Map pixels → the served picture's, half as large.
    const at = (x: number, y: number) => {
      const i = (Math.floor(y / 2) * OUT.width + Math.floor(x / 2)) * 3;
      return [...painted.subarray(i, i + 3)];
    };
    const half = GROUND.map((value, i) => Math.round((value * 128 + PAINT[i]! * 127) / 255));
    expect(at(100, 200)).toEqual(GROUND);
    for (const [value, i] of at(300, 200).map((value, i) => [value, i] as const))
      expect(Math.abs(value - half[i]!)).toBeLessThanOrEqual(1);
    expect(at(600, 200)).toEqual(PAINT);
    // Under the fog: remembered or not, painted whole.
    expect(at(300, 550)).toEqual(PAINT);
  });

  it('writes every byte of a lent buffer, and copies remembered cells from the dimmed twin as it would blend them', () => {
    // A picture unlike itself everywhere, so that a byte taken from the wrong place shows.
    const pixels = Buffer.alloc(OUT.width * OUT.height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    const picture = { pixels, ...OUT };
    const fresh = paintedPixels(picture, REMEMBERING, MAP);
    const lent = Buffer.alloc(pixels.length, 0xab);
    const dimmed = dimmedOf(picture);
    expect(paintedPixels({ ...picture, dimmed }, REMEMBERING, MAP, lent)).toBe(lent);
    expect(lent.equals(fresh)).toBe(true);
    // Seen, remembered and hidden stretches all there: (100, 200), (300, 200), (600, 200) on the map.
    const at = (from: Buffer, x: number) => [
      ...from.subarray((100 * OUT.width + x / 2) * 3, (100 * OUT.width + x / 2) * 3 + 3),
    ];
    expect(at(lent, 100)).toEqual(at(pixels, 100));
    expect(at(lent, 300)).toEqual(at(dimmed, 300));
    expect(at(lent, 600)).toEqual(PAINT);
    // And for the first test's area, edges across and down.
    const edges = Buffer.alloc(pixels.length, 0xcd);
    paintedPixels(picture, AREA, MAP, edges);
    expect(edges.equals(paintedPixels(picture, AREA, MAP))).toBe(true);
  });

  it('leaves the picture as it is for a reader who sees the whole map', () => {
    const pixels = Buffer.from([1, 2, 3, 4, 5, 6]);
    expect(paintedPixels({ pixels, width: 2, height: 1 }, null, MAP)).toBe(pixels);
  });
});
