import { describe, expect, it } from 'vitest';
import { cellCentres } from '../../src/domain/geometry/geometry';
import { occludersOf, seesBody } from '../../src/domain/geometry/sight';
import {
  darkvisionCells,
  MONSTER_DARKVISION_CELLS,
  sightCells,
  sightRadiusPx,
  sightsOf,
  UNLIT_SIGHT_CELLS,
} from '../../src/domain/table/vision';

const map = { width: 1500, height: 1000 };

describe('how far a token sees', () => {
  it('sees the whole map when it is lit, walls alone stopping it', () => {
    expect(sightCells({ isPlayer: true, instinct: 8 }, 'lit')).toBe(Infinity);
    expect(sightRadiusPx({ isPlayer: true, instinct: 8 }, 'lit', map, 75)).toBeCloseTo(
      Math.hypot(1500, 1000),
    );
  });

  it('makes out one cell in the dark, more with a sharp instinct', () => {
    const sight = (instinct: number) => sightCells({ isPlayer: true, instinct }, 'dark');
    expect([4, 8, 11, 12, 13, 14, 16, 20].map(sight)).toEqual([1, 1, 1, 2, 2, 3, 4, 6]);
    expect(darkvisionCells({ isPlayer: true, instinct: 8 })).toBe(0);
    expect(UNLIT_SIGHT_CELLS).toBe(1);
  });

  it('gives a monster its own darkvision, else the 12 cells of D&D’s creatures of the dark', () => {
    expect(sightCells({ isPlayer: false }, 'dark')).toBe(MONSTER_DARKVISION_CELLS);
    expect(sightCells({ isPlayer: false, darkvision: null }, 'dark')).toBe(12);
    expect(sightCells({ isPlayer: false, darkvision: 4 }, 'dark')).toBe(4);
    expect(sightCells({ isPlayer: false, darkvision: 0 }, 'dark')).toBe(1);
  });

  it('shows every square touching the token’s with one cell, and none further along a row', () => {
    const hero = { isPlayer: true as const, instinct: 8 };
    const eye = { centre: { x: 300, y: 300 }, radiusPx: sightRadiusPx(hero, 'dark', map, 75) };
    const sight = sightsOf([eye], occludersOf([], map));
    for (const [dx, dy] of [
      [75, 0],
      [75, 75],
      [-75, 75],
    ])
      expect(seesBody(sight, { centre: { x: 300 + dx!, y: 300 + dy! } }, 75)).toBe(true);
    expect(seesBody(sight, { centre: { x: 450, y: 300 } }, 75)).toBe(false);
    expect(seesBody(sight, { centre: { x: 450, y: 375 } }, 75)).toBe(false);
    // A 2 × 2 ogre sees the squares around its own.
    const ogre = { isPlayer: false as const, darkvision: 0, size: 2 };
    const ogreSight = sightsOf(
      [{ centre: { x: 300, y: 300 }, radiusPx: sightRadiusPx(ogre, 'dark', map, 75) }],
      occludersOf([], map),
    );
    const around = cellCentres({ centre: { x: 300, y: 300 }, size: 4 }, 75);
    expect(around.every((centre) => seesBody(ogreSight, { centre }, 75))).toBe(true);
    expect(seesBody(ogreSight, { centre: { x: 300 + 3 * 75, y: 300 } }, 75)).toBe(false);
  });
});
