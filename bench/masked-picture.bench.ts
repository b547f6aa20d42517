/**
 * A player's map picture painted out on the server (docs/decisions/0032-masked-map-pictures.md): a
 * 4,000 × 4,000 map stored as an upload stores it, a fog of 50 shapes, and six tokens walking among
 * 500 walls; each move gives six new sight polygons, the cells seen before (what the tokens saw
 * on their walk so far) shown at half strength, and the picture is painted again over the
 * decoded picture the server keeps, with its dimmed twin (service.ts), at the full width and at a
 * desktop's 2,048 px.
 * Wall and CPU time p95 (CPU: `process.cpuUsage`, libvips' threads included) against a plain
 * resize of the same stored picture to the same width (decode, resize, encode), measured in the
 * same run; and the first render, decode included.
 */
import sharp from 'sharp';
import { exploredBy, exploredLayout, unionExplored, type Explored } from '../src/domain/geometry/explored';
import type { Size } from '../src/domain/geometry/geometry';
import { DEFAULT_GRID } from '../src/domain/geometry/grid';
import { occludersOf, sightPolygon } from '../src/domain/geometry/sight';
import type { FogShape, MapFog } from '../src/domain/table/fog';
import { paintOver } from '../src/domain/table/visible-area';
import { makeImageVariants } from '../server/modules/files/images';
import { decodeAt, dimmedOf, renderPainted } from '../server/modules/map-pictures/render';
import { noisyPicture } from '../tests/helpers/files';
import { percentile } from './lib/load';
import { figure, print } from './lib/report';
import { seeded } from './lib/table-log';
import { randomWalls, walks } from './lib/walls-world';

const MAP: Size = { width: 4000, height: 4000 };
const WALLS = 500;
const TOKENS = 6;
const FOG_SHAPES = 50;
const RENDERS = Number(process.env.BENCH_MASKED_RENDERS ?? 40);
const WARM_UP = 3;

/** Half reveals, half covers, over a covered map: rectangles, polygons and brush strokes. */
function randomFog(random: () => number): MapFog {
  const at = () => ({ x: random() * 100, y: random() * 100 });
  const shapes = Array.from({ length: FOG_SHAPES }, (_, i): FogShape => {
    const mode = i % 3 === 2 ? 'cover' : 'reveal';
    if (i % 3 === 0) return { mode, kind: 'rect', points: [at(), at()] };
    if (i % 3 === 1) return { mode, kind: 'polygon', points: Array.from({ length: 8 }, at) };
    const start = at();
    const points = Array.from({ length: 40 }, (_, step) => ({
      x: Math.min(100, Math.max(0, start.x + step * (random() - 0.3))),
      y: Math.min(100, Math.max(0, start.y + step * (random() - 0.3))),
    }));
    return { mode, kind: 'brush', points, radius: 1 + random() * 3 };
  });
  return { base: 'covered', shapes };
}

/** Wall and CPU time of each call, after a warm-up; their 95th percentiles. */
async function p95Of(times: number, work: (index: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await work(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = WARM_UP; i < WARM_UP + times; i++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    await work(i);
    const used = process.cpuUsage(usage);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    );
  return { wall: p95(wall), cpu: p95(cpu) };
}

export async function run(): Promise<void> {
  const random = seeded(33);
  const upload = await noisyPicture(MAP.width, MAP.height).png({ compressionLevel: 1 }).toBuffer();
  const stored = await makeImageVariants(upload, 'image/png');
  const full = stored.variants.find((variant) => variant.name === 'full')!;
  const occluders = occludersOf(randomWalls(random, WALLS, MAP), MAP);
  const fog = randomFog(random);
  const steps = walks(random, RENDERS + WARM_UP, TOKENS, MAP);
  const lit = Math.hypot(MAP.width, MAP.height);
  const layout = exploredLayout(DEFAULT_GRID, MAP);
  // The sights and what they explored are the table's work on a move (bench/sight.bench.ts):
  // reckoned before the clock runs.
  let walked: Explored | null = null;
  const areas = steps.map((step) => {
    const sight = step.map((eye) => sightPolygon(eye, occluders, lit));
    const area = { fog, sight, remembered: walked };
    const seen = exploredBy(layout, sight);
    walked = walked === null ? seen : unionExplored(walked, seen);
    return area;
  });
  const paintAt = (move: number) => paintOver(areas[move]!, MAP)!;
  const shape = `${MAP.width} × ${MAP.height} px map (${full.mime}, ${Math.round(full.bytes.length / 1024)} KB), fog of ${FOG_SHAPES} shapes, ${TOKENS} sights over ${WALLS} walls, ${RENDERS} moves`;

  for (const width of [MAP.width, 2048]) {
    const out = { width, height: Math.round((MAP.height * width) / MAP.width) };
    const resize = await p95Of(RENDERS, () =>
      sharp(full.bytes).resize(out.width, out.height).jpeg({ quality: 85 }).toBuffer(),
    );
    const started = performance.now();
    const plain = await decodeAt(full.bytes, out);
    const decoded = { ...plain, dimmed: dimmedOf(plain) };
    await renderPainted(decoded, areas[0]!, MAP);
    const firstMs = performance.now() - started;
    const painted = await p95Of(RENDERS, (move) => renderPainted(decoded, areas[move]!, MAP));
    const note = `${shape}; served ${out.width} px wide; baseline = a plain resize of the same picture to that width`;
    print(figure('masked-picture', `render-${width}-p95`, painted.wall, 'ms', resize.wall, note));
    print(
      figure('masked-picture', `render-${width}-cpu-p95`, painted.cpu, 'ms', resize.cpu, `${note}; CPU time`),
    );
    print(
      figure(
        'masked-picture',
        `first-render-${width}`,
        firstMs,
        'ms',
        resize.wall,
        `${note}; decode of the stored picture and its dimmed twin included, once per picture and width`,
      ),
    );
  }
  const paintMs = await p95Of(RENDERS, async (move) => paintAt(move));
  print(
    figure(
      'masked-picture',
      'paint-p95',
      paintMs.wall,
      'ms',
      0,
      `${shape}; the paint's SVG text, the table's share of a move; no baseline`,
    ),
  );
}
