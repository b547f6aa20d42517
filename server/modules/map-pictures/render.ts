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
 * Huffman tables not optimised: a tenth larger, and two thirds less of the render's time (figures:
 * docs/benchmarks.md, masked-picture).
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
 * The picture's pixels laid on the fog's colour through the coarse mask enlarged linearly, in a
 * copy (the decoded picture is kept): the edge is a ramp one cell wide rather than a staircase,
 * and a pixel takes any of the picture only when a cell centre within one cell of it is visible.
 * Inside the picture, a pixel whose four cells agree is either left or painted whole.
 */
function paintThrough(pixels: Buffer, size: Size, mask: CoarseMask): Buffer {
  const out = Buffer.from(pixels);
  const { cells, width: across } = mask;
  const xs = axis(mask.width, size.width);
  const ys = axis(mask.height, size.height);
  for (let y = 0; y < size.height; y++) {
    const top = ys.first[y]! * across;
    const bottom = top + ys.second * across;
    const down = ys.weight[y]!;
    let at = y * size.width * 3;
    for (let x = 0; x < size.width; x++, at += 3) {
      const left = xs.first[x]!;
      const right = left + xs.second;
      const a = cells[top + left]!;
      const b = cells[top + right]!;
      const c = cells[bottom + left]!;
      const d = cells[bottom + right]!;
      if ((a & b & c & d) === 255) continue;
      if ((a | b | c | d) === 0) {
        out[at] = FOG_R;
        out[at + 1] = FOG_G;
        out[at + 2] = FOG_B;
        continue;
      }
      const along = xs.weight[x]!;
      const upper = a + (b - a) * along;
      const shown = (upper + (c + (d - c) * along - upper) * down) / 255;
      const hidden = 1 - shown;
      out[at] = out[at]! * shown + FOG_R * hidden + 0.5;
      out[at + 1] = out[at + 1]! * shown + FOG_G * hidden + 0.5;
      out[at + 2] = out[at + 2]! * shown + FOG_B * hidden + 0.5;
    }
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
