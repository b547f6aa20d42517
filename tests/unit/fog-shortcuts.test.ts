import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_SIZE, type Point, type Size } from '../../src/domain/geometry/geometry';
import {
  fogOf,
  inFog,
  shapeContains,
  tokenCentrePercent,
  tokenInFog,
  type FogShape,
  type MapFog,
} from '../../src/domain/table/fog';
import { openMap } from '../../src/domain/table/records';
import type { TableState } from '../../src/domain/table/types';
import { fogRect } from '../helpers/fog';
import { mapRef, mj, playerDraft, preparedSession, runServer } from './table-fixtures';

/** What `inFog` answered before the cells: the last of all the shapes that holds the point. */
function walkedInFog(fog: MapFog, point: Point, map: Size): boolean {
  const aspect = map.width > 0 ? map.height / map.width : 1;
  const over = fog.shapes.findLast((shape) => shapeContains(shape, point, aspect));
  return over ? over.mode === 'cover' : fog.base === 'covered';
}

const percent = fc.double({ min: 0, max: 100, noNaN: true });
const point = fc.record({ x: percent, y: percent });
const mode = fc.constantFrom('cover' as const, 'reveal' as const);
const shape: fc.Arbitrary<FogShape> = fc.oneof(
  fc.record({
    mode,
    kind: fc.constant('rect' as const),
    points: fc.array(point, { minLength: 2, maxLength: 2 }),
  }),
  fc.record({
    mode,
    kind: fc.constant('polygon' as const),
    points: fc.array(point, { minLength: 3, maxLength: 12 }),
  }),
  fc.record({
    mode,
    kind: fc.constant('brush' as const),
    points: fc.array(point, { minLength: 1, maxLength: 12 }),
    radius: fc.double({ min: 0.2, max: 25, noNaN: true }),
  }),
);
const fog: fc.Arbitrary<MapFog> = fc.record({
  base: fc.constantFrom('revealed' as const, 'covered' as const),
  shapes: fc.array(shape, { maxLength: 40 }),
});
/** Maps wide, tall, square, and of no height or width, where a brush reaches the whole height. */
const size: fc.Arbitrary<Size> = fc.oneof(
  fc.record({ width: fc.integer({ min: 1, max: 8000 }), height: fc.integer({ min: 1, max: 8000 }) }),
  fc.constantFrom({ width: 1500, height: 1000 }, { width: 1000, height: 0 }, { width: 0, height: 1000 }),
);

/**
 * Where a wrong cell would show: the shapes' own points and their edges' middles, nudged by a hair
 * and by a brush's radius, the cells' borders, and points off the map.
 */
function probes(fog: MapFog, extra: readonly Point[]): Point[] {
  const near = fog.shapes.flatMap((drawn) =>
    drawn.points.flatMap((at, i) => {
      const next = drawn.points[(i + 1) % drawn.points.length]!;
      const middle = { x: (at.x + next.x) / 2, y: (at.y + next.y) / 2 };
      const reach = drawn.radius ?? 0;
      return [at, middle].flatMap((p) =>
        [0, 1e-9, -1e-9, reach, -reach, reach + 1e-9, -reach - 1e-9].flatMap((d) => [
          { x: p.x + d, y: p.y },
          { x: p.x, y: p.y + d },
        ]),
      );
    }),
  );
  const borders = [0, 6.25, 12.5, 50, 93.75, 100].flatMap((x) => [0, 6.25, 50, 100].map((y) => ({ x, y })));
  const off = [
    { x: -1, y: 50 },
    { x: 101, y: 50 },
    { x: 50, y: -0.5 },
    { x: 50, y: 130 },
  ];
  return [...near, ...borders, ...off, ...extra];
}

describe('the fog’s cells', { timeout: 60_000 }, () => {
  it('find every point in fog or out of it as walking all the shapes does', () => {
    fc.assert(
      fc.property(fog, size, fc.array(point, { maxLength: 40 }), (drawn, map, extra) => {
        const at = probes(drawn, extra);
        expect(at.map((p) => inFog(drawn, p, map))).toEqual(at.map((p) => walkedInFog(drawn, p, map)));
      }),
      { numRuns: 150 },
    );
  });

  it('follow the fog through its changes and the map’s size', () => {
    fc.assert(
      fc.property(
        fog,
        fc.array(shape, { minLength: 1, maxLength: 5 }),
        size,
        size,
        (drawn, more, map, other) => {
          const later: MapFog = { ...drawn, shapes: [...drawn.shapes, ...more] };
          for (const [each, on] of [
            [drawn, map],
            [later, map],
            [later, other],
            [drawn, other],
          ] as const) {
            const at = probes(each, []);
            expect(at.map((p) => inFog(each, p, on))).toEqual(at.map((p) => walkedInFog(each, p, on)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('let a brush wider than its cell cover the cells it sweeps', () => {
    const stroke: MapFog = {
      base: 'revealed',
      shapes: [{ mode: 'cover', kind: 'brush', points: [{ x: 50, y: 50 }], radius: 20 }],
    };
    // 20 % of a 1,500 px width is 300 px, 30 % of a 1,000 px height.
    expect(inFog(stroke, { x: 69.9, y: 50 }, { width: 1500, height: 1000 })).toBe(true);
    expect(inFog(stroke, { x: 50, y: 79.9 }, { width: 1500, height: 1000 })).toBe(true);
    expect(inFog(stroke, { x: 50, y: 80.1 }, { width: 1500, height: 1000 })).toBe(false);
  });
});

/** Every token of every map of the state, and whether its centre is in fog, reckoned afresh. */
function fogReckoned(state: TableState): Array<[string, boolean]> {
  return Object.entries(state.tokens).flatMap(([map, tokens]) => {
    const fog = fogOf(state, map);
    const size = openMap(state, map) ?? DEFAULT_MAP_SIZE;
    return Object.values(tokens).map((token): [string, boolean] => [
      token.usableId,
      fog !== undefined && walkedInFog(fog, tokenCentrePercent(state, map, token), size),
    ]);
  });
}

describe('a token’s answer', { timeout: 60_000 }, () => {
  it('is asked again when the fog, the grid or the map changes under the same token', () => {
    fc.assert(
      fc.property(preparedSession, (steps) => {
        for (const { before, after } of runServer(steps).log) {
          for (const state of [before, after]) {
            const asked = Object.entries(state.tokens).flatMap(([map, tokens]) =>
              Object.values(tokens).map((token): [string, boolean] => [
                token.usableId,
                tokenInFog(state, map, token),
              ]),
            );
            expect(asked).toEqual(fogReckoned(state));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('follows the grid under a token that stays the same object', () => {
    const grid = (cellPx: number) => ({
      command: {
        type: 'map.setGrid' as const,
        map: 'Forêt',
        grid: { cellPx, offsetX: 0, offsetY: 0, shown: true, color: '#000000', opacity: 0.5 },
      },
      actor: mj,
    });
    // Its corner at 10 % of 1,500 px: its centre at 12.5 % under 75 px cells, 11 % under 30 px ones.
    const { log } = runServer([
      { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
      {
        command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana', { x: 10, y: 10 }) },
        actor: mj,
      },
      grid(75),
      { command: { type: 'map.fog', map: 'Forêt', change: fogRect('cover', 0, 0, 12, 100) }, actor: mj },
      grid(30),
    ]);
    const { before, after } = log.findLast(({ event }) => event.type === 'map.gridSet')!;
    const [token] = Object.values(after.tokens['Forêt']!);
    expect(before.tokens['Forêt']![token!.usableId]).toBe(token);
    expect(tokenInFog(before, 'Forêt', token!)).toBe(false);
    expect(tokenInFog(after, 'Forêt', token!)).toBe(true);
  });
});
