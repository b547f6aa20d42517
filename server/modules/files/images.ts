import sharp from 'sharp';
import { imageVariants, MAX_INPUT_PIXELS, type ImageVariant } from '#shared/domain/files';
import { fileMessages } from '#shared/wire/files';
import { httpError } from '../../lib/errors';

export interface MadeVariant {
  name: ImageVariant;
  mime: 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
}

// The server serves its own results from the database: libvips' cache of past inputs would only hold memory.
sharp.cache(false);

const sharpFormats = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

/**
 * Decodes a picture received from a user and makes the sizes the app serves, re-encoded so that
 * nothing of the received file survives but its pixels: no EXIF, GPS or comment, no trailing
 * bytes. The size is read from the header and refused past MAX_INPUT_PIXELS before any pixel is
 * decoded (a 50,000 × 50,000 PNG of a few kilobytes would otherwise ask for 10 GB), and libvips
 * is given the same limit for what a header could hide.
 */
export async function makeImageVariants(
  bytes: Buffer,
  mime: keyof typeof sharpFormats,
): Promise<{ width: number; height: number; variants: MadeVariant[] }> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let header: sharp.Metadata;
  try {
    // The header alone, so the pixels are counted here and refused in words the MJ reads.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(400, fileMessages.unreadable);
  }
  const { width, height, format } = header;
  if (!width || !height || format !== sharpFormats[mime]) throw httpError(400, fileMessages.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw httpError(400, fileMessages.tooManyPixels(width, height));
  const opaque = !header.hasAlpha;
  const encode = async (name: ImageVariant, source: sharp.Sharp): Promise<MadeVariant> => {
    const side = imageVariants[name];
    const resized = source.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    // The full picture of an opaque map as JPEG: WebP takes several times longer to encode at 8192 px.
    const encoded =
      name === 'full' && opaque
        ? resized.jpeg({ quality: 85, mozjpeg: false })
        : resized.webp({ quality: name === 'thumb' ? 75 : 82, effort: 2 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const made = info.format === 'jpeg' ? ('image/jpeg' as const) : ('image/webp' as const);
    return { name, mime: made, bytes: data, width: info.width, height: info.height };
  };
  try {
    // Turned upright from its EXIF orientation, since the orientation goes with the rest of the metadata.
    const full = await encode('full', sharp(bytes, options).rotate());
    // The smaller sizes from the full one, already upright: a JPEG or WebP shrinks as it decodes,
    // where a second decode of a 20 MB PNG would cost as much as the first.
    const smaller = await Promise.all(
      (['phone', 'thumb'] as const).map((name) => encode(name, sharp(full.bytes, options))),
    );
    return { width: full.width, height: full.height, variants: [full, ...smaller] };
  } catch {
    throw httpError(400, fileMessages.unreadable);
  }
}
