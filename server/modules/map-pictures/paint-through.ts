import type { Size } from '#shared/domain/geometry/geometry';
import { PAINT_COLOUR } from '#shared/domain/table/visible-area';
import { REMEMBERED, type CoarseMask } from './mask';

const FOG = [1, 3, 5].map((at) => Number.parseInt(PAINT_COLOUR.slice(at, at + 2), 16)) as [
  number,
  number,
  number,
];

/**
 * `value` laid on `fog` where `shown` (0–255) of it shows, rounded: in integers, ×257 / 65,536 for
 * / 255, which V8 runs faster than a float product or a table. 0 gives the fog's byte exactly.
 */
const blend = (value: number, fog: number, shown: number) =>
  ((value * shown + fog * (255 - shown)) * 257 + 32_768) >>> 16;

/**
 * `pixels` blended on the fog's colour at `shown` into `out` from byte `from` to byte `to`: what
 * remembered cells show (`REMEMBERED`), made once per picture rather than at each render.
 */
export function blendInto(pixels: Uint8Array, out: Uint8Array, from: number, to: number, shown: number) {
  const [r, g, b] = FOG;
  for (let at = from; at < to; at += 3) {
    out[at] = blend(pixels[at]!, r, shown);
    out[at + 1] = blend(pixels[at + 1]!, g, shown);
    out[at + 2] = blend(pixels[at + 2]!, b, shown);
  }
}

/** Where each output pixel reads the coarse cells along one axis: the two cells around it and its weight on the second. */
function axis(cells: number, out: number) {
  const first = new Int32Array(out);
  const weight = new Float32Array(out);
  for (let i = 0; i < out; i++) {
    const at = Math.min(cells - 1, Math.max(0, ((i + 0.5) * cells) / out - 0.5));
    first[i] = Math.min(Math.floor(at), Math.max(0, cells - 2));
    weight[i] = at - first[i]!;
  }
  return { first, weight, second: cells > 1 ? 1 : 0 };
}

/** How a stretch of a row is painted: the picture copied, the fog's colour, the remembered picture, or blended. */
const SHOWN = 0;
const HIDDEN = 1;
const DIMMED = 2;
const BLENDED = 3;

/**
 * The stretches of the rows of pixels between two rows of cells (the same for the four or so such
 * rows, so reckoned once for them): the runs of pixels between the same two cells, those whose
 * four cells are all shown, all hidden or all remembered joined with their like neighbours, each
 * other run a stretch of its own. A stretch is its kind and its first run; the next one's ends it.
 */
interface Stretches {
  kinds: Uint8Array;
  firstRuns: Int32Array;
  count: number;
}

function stretchesOf(
  cells: Uint8Array,
  top: number,
  bottom: number,
  cellOfRun: Int32Array,
  second: number,
  into: Stretches,
) {
  const { kinds, firstRuns } = into;
  let count = 0;
  let last = -1;
  for (let k = 0; k < cellOfRun.length; k++) {
    const left = cellOfRun[k]!;
    const a = cells[top + left]!;
    const b = cells[top + left + second]!;
    const c = cells[bottom + left]!;
    const d = cells[bottom + left + second]!;
    const alike = a === b && a === c && a === d;
    const kind = !alike
      ? BLENDED
      : a === 255
        ? SHOWN
        : a === 0
          ? HIDDEN
          : a === REMEMBERED
            ? DIMMED
            : BLENDED;
    if (kind !== last || kind === BLENDED) {
      kinds[count] = kind;
      firstRuns[count++] = k;
      last = kind;
    }
  }
  firstRuns[count] = cellOfRun.length;
  into.count = count;
}

/**
 * The picture's pixels laid on the fog's colour through the coarse mask enlarged linearly, into
 * `out` (the decoded picture is kept): the edge is a ramp one cell wide rather than a staircase,
 * and a pixel takes any of the picture only when a cell centre within one cell of it is visible or
 * remembered. A row goes by the stretches its two rows of cells give (`stretchesOf`), most of
 * them copied in one call from the picture, the fog's colour or `dimmed` (the picture as
 * remembered cells show it; blended here without it); only the runs along an edge are blended, at
 * one strength where their two cells enlarged down are alike, else pixel by pixel. Every byte of
 * `out` is written: it may hold another reader's picture.
 */
export function paintThrough(
  pixels: Buffer,
  dimmed: Buffer | undefined,
  size: Size,
  mask: CoarseMask,
  out: Buffer,
): Buffer {
  const fogRow = Buffer.alloc(size.width * 3);
  for (let at = 0; at < fogRow.length; at += 3) fogRow.set(FOG, at);
  const [fogR, fogG, fogB] = FOG;
  const { cells, width: across } = mask;
  const xs = axis(mask.width, size.width);
  const ys = axis(mask.height, size.height);
  const starts: number[] = [0];
  for (let x = 1; x < size.width; x++) if (xs.first[x] !== xs.first[x - 1]) starts.push(x);
  starts.push(size.width);
  const runs = Int32Array.from(starts);
  const cellOfRun = runs.subarray(0, -1).map((x) => xs.first[x]!);
  const stretches: Stretches = {
    kinds: new Uint8Array(cellOfRun.length),
    firstRuns: new Int32Array(cellOfRun.length + 1),
    count: 0,
  };
  let stretchesTop = -1;
  for (let y = 0; y < size.height; y++) {
    const top = ys.first[y]! * across;
    const bottom = top + ys.second * across;
    const down = ys.weight[y]!;
    if (top !== stretchesTop) {
      stretchesOf(cells, top, bottom, cellOfRun, xs.second, stretches);
      stretchesTop = top;
    }
    const { kinds, firstRuns, count } = stretches;
    const row = y * size.width * 3;
    for (let s = 0; s < count; s++) {
      const x = runs[firstRuns[s]!]!;
      const from = row + x * 3;
      const to = row + runs[firstRuns[s + 1]!]! * 3;
      const kind = kinds[s];
      if (kind === SHOWN) pixels.copy(out, from, from, to);
      else if (kind === HIDDEN) fogRow.copy(out, from, 0, to - from);
      else if (kind === DIMMED && dimmed) dimmed.copy(out, from, from, to);
      else {
        const left = xs.first[x]!;
        const right = left + xs.second;
        const shownLeft = cells[top + left]! + (cells[bottom + left]! - cells[top + left]!) * down;
        const shownRight = cells[top + right]! + (cells[bottom + right]! - cells[top + right]!) * down;
        if (shownLeft === shownRight) blendInto(pixels, out, from, to, Math.round(shownLeft));
        else {
          for (let along = x, at = from; at < to; along++, at += 3) {
            const shown = Math.round(shownLeft + (shownRight - shownLeft) * xs.weight[along]!);
            out[at] = blend(pixels[at]!, fogR, shown);
            out[at + 1] = blend(pixels[at + 1]!, fogG, shown);
            out[at + 2] = blend(pixels[at + 2]!, fogB, shown);
          }
        }
      }
    }
  }
  return out;
}
