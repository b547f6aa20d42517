import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '#shared/domain/files';
import type { Size } from '#shared/domain/geometry/geometry';
import { PAINT_COLOUR, type VisibleArea } from '#shared/domain/table/visible-area';
import { coarseMask, REMEMBERED } from './mask';
import { blendInto, paintThrough } from './paint-through';
import { spareBuffers } from './spare-buffers';

/** A map's picture decoded at the size served, as raw RGB: what every painted-out render starts from. */
export interface DecodedPicture {
  pixels: Buffer;
  width: number;
  height: number;
  /**
   * The pixels as remembered cells show them (`dimmedOf`), when kept: a remembered stretch is
   * then copied rather than blended at each render.
   */
  dimmed?: Buffer;
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

/** The picture at half strength on the fog's colour, as remembered cells show it (decision 0032). */
export function dimmedOf(picture: DecodedPicture): Buffer {
  const dimmed = Buffer.allocUnsafe(picture.pixels.length);
  blendInto(picture.pixels, dimmed, 0, dimmed.length, REMEMBERED);
  return dimmed;
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

/**
 * The picture's pixels as a player may see them: everything outside `area` painted in the fog's
 * colour, in the pixels themselves, into `into` when given (as long as the pixels, whatever it
 * holds) else a new buffer; null `area`: the whole map shows, the decoded pixels themselves.
 */
export function paintedPixels(
  picture: DecodedPicture,
  area: VisibleArea | null,
  map: Size,
  into?: Buffer,
): Buffer {
  const { pixels, width, height } = picture;
  if (area === null) return pixels;
  const cells = {
    width: Math.max(1, Math.ceil(width / MASK_CELL)),
    height: Math.max(1, Math.ceil(height / MASK_CELL)),
  };
  const mask = coarseMask(area, map, cells);
  return paintThrough(
    pixels,
    picture.dimmed,
    { width, height },
    mask,
    into ?? Buffer.allocUnsafe(pixels.length),
  );
}

/**
 * The buffers renders paint into: one 4,000 px map's (48 MB) and more, not an 8,192 px one's
 * (200 MB), which is rare enough to be made when asked.
 */
const spares = spareBuffers(64 * 1024 * 1024);

/** The picture as a player receives it, one JPEG: no pixel under the paint survives in what is sent. */
export async function renderPainted(
  picture: DecodedPicture,
  area: VisibleArea | null,
  map: Size,
): Promise<Buffer> {
  const { width, height } = picture;
  const encode = (pixels: Buffer) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: QUALITY, mozjpeg: false, optimiseCoding: false })
      .toBuffer();
  if (area === null) return encode(picture.pixels);
  const out = spares.take(picture.pixels.length);
  try {
    return await encode(paintedPixels(picture, area, map, out));
  } finally {
    // Encoded: sharp reads the pixels no longer.
    spares.giveBack(out);
  }
}
