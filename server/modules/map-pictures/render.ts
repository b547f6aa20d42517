import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '#shared/domain/files';
import type { Size } from '#shared/domain/geometry/geometry';
import { PAINT_COLOUR, type VisibleArea } from '#shared/domain/table/visible-area';
import { coarseMask, type CoarseMask } from './mask';

/** A map's picture decoded at the size served, as raw RGB: what every painted-out render starts from. */
export interface DecodedPicture {
  pixels: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a stored picture straight to the size served (a JPEG shrinks as it decodes), its
 * transparency laid on the fog's colour: the decode is most of a render's cost, and it is the
 * same for every player and every version of their sight, so it is kept (service.ts).
 */
export async function decodeAt(bytes: Buffer, out: Size): Promise<DecodedPicture> {
  const pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: out.width, height: out.height, fit: 'fill' })
    .flatten({ background: PAINT_COLOUR })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { pixels, width: out.width, height: out.height };
}

/**
 * The quality of a served map: as the stored full picture's (images.ts), so the paint adds no blur.
 * Huffman tables not optimised: files 4 % larger, encoded in a third of the time, which was most of
 * a re-render (docs/benchmarks.md, masked-picture).
 */
const QUALITY = 85;

/**
 * Output pixels a mask cell spans: the paint's edge is this soft, and lets at most this much of
 * the picture past the visible area (tests/unit/map-picture-mask.test.ts).
 */
export const MASK_CELL = 4;

const [FOG_R, FOG_G, FOG_B] = [1, 3, 5].map((at) => Number.parseInt(PAINT_COLOUR.slice(at, at + 2), 16)) as [
  number,
  number,
  number,
];

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

/**
 * The picture's pixels laid on the fog's colour through the coarse mask enlarged linearly, in a new
 * buffer (the decoded picture is kept): the edge is a ramp one cell wide rather than a staircase,
 * and a pixel takes any of the picture only when a cell centre within one cell of it is visible or
 * remembered. A row goes by runs of pixels between the same cells: runs whose four cells are all
 * shown or all hidden are copied or painted whole, and the others blended pixel by pixel.
 */
function paintThrough(pixels: Buffer, size: Size, mask: CoarseMask): Buffer {
  const out = Buffer.allocUnsafe(pixels.length);
  const fogRow = Buffer.alloc(size.width * 3);
  for (let at = 0; at < fogRow.length; at += 3) fogRow.set([FOG_R, FOG_G, FOG_B], at);
  const { cells, width: across } = mask;
  const xs = axis(mask.width, size.width);
  const ys = axis(mask.height, size.height);
  const runs: number[] = [0];
  for (let x = 1; x < size.width; x++) if (xs.first[x] !== xs.first[x - 1]) runs.push(x);
  runs.push(size.width);
  const SHOWN = 0;
  const HIDDEN = 1;
  const BLENDED = 2;
  for (let y = 0; y < size.height; y++) {
    const top = ys.first[y]! * across;
    const bottom = top + ys.second * across;
    const down = ys.weight[y]!;
    const row = y * size.width * 3;
    const flush = (kind: number, from: number, to: number) => {
      if (kind === SHOWN) pixels.copy(out, row + from * 3, row + from * 3, row + to * 3);
      else if (kind === HIDDEN) fogRow.copy(out, row + from * 3, 0, (to - from) * 3);
      else {
        for (let x = from, at = row + from * 3; x < to; x++, at += 3) {
          const left = xs.first[x]!;
          const right = left + xs.second;
          const along = xs.weight[x]!;
          const upper = cells[top + left]! + (cells[top + right]! - cells[top + left]!) * along;
          const lower = cells[bottom + left]! + (cells[bottom + right]! - cells[bottom + left]!) * along;
          const shown = (upper + (lower - upper) * down) / 255;
          const hidden = 1 - shown;
          out[at] = pixels[at]! * shown + FOG_R * hidden + 0.5;
          out[at + 1] = pixels[at + 1]! * shown + FOG_G * hidden + 0.5;
          out[at + 2] = pixels[at + 2]! * shown + FOG_B * hidden + 0.5;
        }
      }
    };
    let kind = -1;
    let begin = 0;
    for (let k = 0; k < runs.length - 1; k++) {
      const left = xs.first[runs[k]!]!;
      const right = left + xs.second;
      const a = cells[top + left]!;
      const b = cells[top + right]!;
      const c = cells[bottom + left]!;
      const d = cells[bottom + right]!;
      const next = (a & b & c & d) === 255 ? SHOWN : (a | b | c | d) === 0 ? HIDDEN : BLENDED;
      if (next !== kind) {
        if (kind !== -1) flush(kind, begin, runs[k]!);
        kind = next;
        begin = runs[k]!;
      }
    }
    flush(kind, begin, size.width);
  }
  return out;
}

/**
 * The picture's pixels as a player may see them: everything outside `area` painted in the fog's
 * colour, in the pixels themselves; null `area`: the whole map shows.
 */
export function paintedPixels(picture: DecodedPicture, area: VisibleArea | null, map: Size): Buffer {
  const { pixels, width, height } = picture;
  if (area === null) return pixels;
  const cells = {
    width: Math.max(1, Math.ceil(width / MASK_CELL)),
    height: Math.max(1, Math.ceil(height / MASK_CELL)),
  };
  return paintThrough(pixels, { width, height }, coarseMask(area, map, cells));
}

/** The picture as a player receives it, one JPEG: no pixel under the paint survives in what is sent. */
export async function renderPainted(
  picture: DecodedPicture,
  area: VisibleArea | null,
  map: Size,
): Promise<Buffer> {
  const { width, height } = picture;
  return sharp(paintedPixels(picture, area, map), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: QUALITY, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
}
