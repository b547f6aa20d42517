/**
 * Whether a file carries bytes past its own format's end: a PNG with data after its IEND chunk,
 * or anything ending with a ZIP archive (whose directory is read from the end, so a PNG, a JPEG
 * or an MP3 can be a valid ZIP at once: a polyglot). Pictures are re-encoded anyway; sounds are
 * stored as received, and a file that is two things at once is refused rather than guessed at.
 */
export function hasHiddenContent(bytes: Uint8Array, mime: string): boolean {
  return endsWithZipDirectory(bytes) || (mime === 'image/png' && hasBytesAfterPngEnd(bytes));
}

const ZIP_END_SIGNATURE = 0x06054b50;
const ZIP_END_SIZE = 22;

/** A ZIP's end-of-directory record: its signature, then a comment that runs exactly to the end. */
function endsWithZipDirectory(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earliest = Math.max(0, bytes.length - ZIP_END_SIZE - 0xffff);
  for (let at = bytes.length - ZIP_END_SIZE; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) !== ZIP_END_SIGNATURE) continue;
    if (at + ZIP_END_SIZE + view.getUint16(at + 20, true) === bytes.length) return true;
  }
  return false;
}

const PNG_SIGNATURE_SIZE = 8;

/** Walks a PNG's chunks (length, type, data, CRC) to IEND; true when bytes follow it. */
function hasBytesAfterPngEnd(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = PNG_SIGNATURE_SIZE;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    at += 12 + length;
    if (type === 'IEND') return at < bytes.length;
  }
  // No IEND: the decoder judges a truncated picture.
  return false;
}
