import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '#shared/domain/files';
import type { Size } from '#shared/domain/geometry/geometry';
import { paintDocument, PAINT_COLOUR } from '#shared/domain/table/visible-area';

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

/** The quality of a served map: as the stored full picture's (images.ts), so the paint adds no blur. */
const QUALITY = 85;

/**
 * The picture as a player receives it: the paint (`paintOver`, in the map's own pixels) laid over
 * it, the whole flattened into one JPEG, so that no pixel under the paint survives in what is sent.
 * `paint` null: the picture as it is.
 */
export async function renderPainted(
  picture: DecodedPicture,
  paint: string | null,
  map: Size,
): Promise<Buffer> {
  const { pixels, width, height } = picture;
  const base = sharp(pixels, { raw: { width, height, channels: 3 } });
  const layered =
    paint === null
      ? base
      : base.composite([{ input: Buffer.from(paintDocument(paint, map, { width, height })) }]);
  return layered.jpeg({ quality: QUALITY, mozjpeg: false }).toBuffer();
}
