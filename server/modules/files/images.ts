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
  // Turned upright from its EXIF orientation, since the orientation goes with the rest of the metadata.
  const upright = sharp(bytes, options).rotate();
  const opaque = !header.hasAlpha;
  try {
    const variants = await Promise.all(
      (Object.entries(imageVariants) as Array<[ImageVariant, number]>).map(async ([name, side]) => {
        const resized = upright
          .clone()
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
        // The full picture of an opaque map as JPEG: WebP takes several times longer to encode at 8192 px.
        const encoded =
          name === 'full' && opaque
            ? resized.jpeg({ quality: 85, mozjpeg: false })
            : resized.webp({ quality: name === 'thumb' ? 75 : 82, effort: 2 });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        return {
          name,
          mime: info.format === 'jpeg' ? ('image/jpeg' as const) : ('image/webp' as const),
          bytes: data,
          width: info.width,
          height: info.height,
        };
      }),
    );
    const full = variants.find((variant) => variant.name === 'full')!;
    return { width: full.width, height: full.height, variants };
  } catch {
    throw httpError(400, fileMessages.unreadable);
  }
}
