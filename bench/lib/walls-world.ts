import type { Point, Size } from '../../src/domain/geometry/geometry';
import type { Wall } from '../../src/domain/geometry/walls';

/**
 * A dungeon for the sight benches: random walls, doors and windows over a map, and tokens walking
 * it a cell at a time. The same seed gives the same world.
 */

export function randomWalls(random: () => number, count: number, map: Size): Wall[] {
  const kinds: Wall['kind'][] = ['wall', 'wall', 'wall', 'wall', 'door', 'window'];
  return Array.from({ length: count }, (_, i) => {
    const a = { x: random() * map.width, y: random() * map.height };
    const length = 50 + random() * 350;
    const heading = random() * 2 * Math.PI;
    const b = {
      x: Math.min(map.width, Math.max(0, a.x + length * Math.cos(heading))),
      y: Math.min(map.height, Math.max(0, a.y + length * Math.sin(heading))),
    };
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    return { id: `w${i}`, a, b, kind, ...(kind === 'door' ? { open: random() < 0.5 } : {}) };
  });
}

/** Each move, one of the tokens steps a cell in one of eight directions, staying on the map. */
export function walks(random: () => number, moves: number, count: number, map: Size): Point[][] {
  let tokens = Array.from({ length: count }, () => ({
    x: 200 + random() * (map.width - 400),
    y: 200 + random() * (map.height - 400),
  }));
  const steps: Point[][] = [];
  for (let move = 0; move < moves; move++) {
    const mover = move % count;
    const heading = Math.floor(random() * 8) * (Math.PI / 4);
    tokens = tokens.map((token, i) =>
      i === mover
        ? {
            x: Math.min(map.width - 40, Math.max(40, token.x + 75 * Math.cos(heading))),
            y: Math.min(map.height - 40, Math.max(40, token.y + 75 * Math.sin(heading))),
          }
        : token,
    );
    steps.push(tokens);
  }
  return steps;
}
