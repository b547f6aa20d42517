/**
 * Sight on the server (docs/decisions/0024-sight.md): six tokens walk a 4,000 × 4,000 map of 500
 * random walls, one step per move, and every move recomputes the six sight polygons and adds them
 * to the explored cells, as the server will for a party's player on each drop. Per-move p95 on a
 * lit map (sight to the edges) against Red Blob Games' plain ray cast (a ray to each wall's ends,
 * each tested against every wall) on the same moves; on a dark map (a darkvision of 6 cells)
 * against the same sweep with no walls; preparing the walls (a door opened) against a lit move.
 */
import { exploredBy, exploredLayout, unionExplored, type Explored } from '../src/domain/geometry/explored';
import type { Point, Size } from '../src/domain/geometry/geometry';
import { DEFAULT_GRID } from '../src/domain/geometry/grid';
import { occludersOf, sightPolygon, type Occluders, type SightPolygon } from '../src/domain/geometry/sight';
import { blocksSight, type Wall } from '../src/domain/geometry/walls';
import { sightRadiusPx } from '../src/domain/table/vision';
import { seeded } from './lib/table-log';
import { randomWalls, walks } from './lib/walls-world';
import { figure, print } from './lib/report';

const MAP: Size = { width: 4000, height: 4000 };
const WALLS = Number(process.env.BENCH_SIGHT_WALLS ?? 500);
const TOKENS = 6;
const MOVES = Number(process.env.BENCH_SIGHT_MOVES ?? 2000);
/** The plain ray cast takes tens of milliseconds a move: fewer moves give its p95. */
const BASELINE_MOVES = Math.min(MOVES, 200);
const WARM_UP = 50;

/** Red Blob Games' first method: a ray to each end of every wall and just either side of it. */
function rayCast(origin: Point, walls: readonly Wall[], bounds: Size): SightPolygon {
  const segments = walls.filter(blocksSight).map(({ a, b }) => [a, b] as const);
  const corners = [
    { x: 0, y: 0 },
    { x: bounds.width, y: 0 },
    { x: bounds.width, y: bounds.height },
    { x: 0, y: bounds.height },
  ];
  corners.forEach((corner, i) => segments.push([corner, corners[(i + 1) % 4]!]));
  const angles = segments
    .flatMap(([a, b]) => [a, b])
    .map((end) => Math.atan2(end.y - origin.y, end.x - origin.x))
    .flatMap((angle) => [angle - 1e-5, angle, angle + 1e-5])
    .sort((p, q) => p - q);
  return angles.map((angle) => {
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    let nearest = Infinity;
    for (const [a, b] of segments) {
      const sx = b.x - a.x;
      const sy = b.y - a.y;
      const across = dx * sy - dy * sx;
      if (across === 0) continue;
      const t = ((a.x - origin.x) * sy - (a.y - origin.y) * sx) / across;
      const u = ((a.x - origin.x) * dy - (a.y - origin.y) * dx) / across;
      if (t >= 0 && u >= 0 && u <= 1 && t < nearest) nearest = t;
    }
    return { x: origin.x + nearest * dx, y: origin.y + nearest * dy };
  });
}

/**
 * The 95th percentiles of each move's wall time and of its CPU time (`process.cpuUsage`, this
 * process's threads), after a warm-up. On a loaded machine the wall time counts the moves the
 * scheduler kept waiting; the CPU time only the work itself, which is what the budget is about.
 */
function p95PerMove(steps: readonly Point[][], move: (tokens: readonly Point[]) => void): Percentiles {
  for (const tokens of steps.slice(0, WARM_UP)) move(tokens);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const tokens of steps.slice(WARM_UP)) {
    const started = performance.now();
    const usage = process.cpuUsage();
    move(tokens);
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: p95(wall), cpu: p95(cpu) };
}

interface Percentiles {
  wall: number;
  cpu: number;
}

const p95 = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;

function sightMove(occluders: Occluders, radius: number, explored: { cells: Explored }) {
  return (tokens: readonly Point[]) => {
    const polygons = tokens.map((token) => sightPolygon(token, occluders, radius));
    explored.cells = unionExplored(explored.cells, exploredBy(explored.cells.layout, polygons));
  };
}

function median(work: () => unknown, repeats: number): number {
  work();
  const times = Array.from({ length: repeats }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[Math.floor(repeats / 2)]!;
}

export async function run(): Promise<void> {
  const random = seeded(45);
  const walls = randomWalls(random, WALLS, MAP);
  const steps = walks(random, MOVES + WARM_UP, TOKENS, MAP);
  const occluders = occludersOf(walls, MAP);
  const layout = exploredLayout(DEFAULT_GRID, MAP);
  const none = { cells: exploredBy(layout, []) };
  const shape = `${TOKENS} tokens, ${WALLS} walls (${occluders.count} blocking pieces once split) on ${MAP.width} × ${MAP.height} px, ${MOVES} moves`;

  const lit = Math.hypot(MAP.width, MAP.height);
  const litMs = p95PerMove(steps, sightMove(occluders, lit, { ...none }));
  const castMs = p95PerMove(steps.slice(0, BASELINE_MOVES + WARM_UP), (tokens) => {
    const polygons = tokens.map((token) => rayCast(token, walls, MAP));
    exploredBy(layout, polygons);
  });
  const litNote = `${shape}; 6 sights + explored union per move; baseline = plain ray cast, ${BASELINE_MOVES} moves`;
  print(figure('sight', 'move-lit-p95', litMs.wall, 'ms', castMs.wall, litNote));
  print(figure('sight', 'move-lit-cpu-p95', litMs.cpu, 'ms', castMs.cpu, `${litNote}; CPU time`));

  const dark = sightRadiusPx({ isPlayer: true, instinct: 20 }, 'dark', MAP, DEFAULT_GRID.cellPx);
  const darkMs = p95PerMove(steps, sightMove(occluders, dark, { ...none }));
  const openMs = p95PerMove(steps, sightMove(occludersOf([], MAP), dark, { ...none }));
  const darkNote = `${shape}; darkvision 6 cells (${Math.round(dark)} px); baseline = the same sweep with no walls`;
  print(figure('sight', 'move-dark-p95', darkMs.wall, 'ms', openMs.wall, darkNote));
  print(figure('sight', 'move-dark-cpu-p95', darkMs.cpu, 'ms', openMs.cpu, `${darkNote}; CPU time`));

  const prepareMs = median(() => occludersOf(walls, MAP), 50);
  print(
    figure(
      'sight',
      'prepare-walls',
      prepareMs,
      'ms',
      litMs.wall,
      `occludersOf (cut, split at crossings), run when a door opens or a wall changes; median of 50; baseline = a lit move's p95`,
    ),
  );
}
