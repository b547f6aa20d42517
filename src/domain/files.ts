/**
 * What a game's stored files are and what each may weigh (decision 0026): shared by the server,
 * which decides, and the admin page, which refuses a file too heavy before sending its bytes.
 */

export const fileKinds = ['map', 'portrait', 'character', 'handout', 'audio'] as const;
export type FileKind = (typeof fileKinds)[number];

const MB = 1024 * 1024;

/** The largest upload of each kind: a battle map is the heaviest picture an evening needs. */
export const fileSizeCaps: Record<FileKind, number> = {
  map: 25 * MB,
  portrait: 5 * MB,
  character: 5 * MB,
  handout: 10 * MB,
  audio: 20 * MB,
};

export const megabytes = (bytes: number) => `${Math.round(bytes / MB)} Mo`;

const kindNames: Record<FileKind, string> = {
  map: 'Une carte',
  portrait: 'Un portrait',
  character: 'Une image de personnage',
  handout: 'Une aide de jeu',
  audio: 'Un son',
};

/** The refusal of a file above its kind's cap: the server's 413 and the page's check before sending. */
export const tooLargeText = (kind: FileKind, cap = fileSizeCaps[kind]) =>
  `${kindNames[kind]} ne peut pas dépasser ${megabytes(cap)}.`;

/**
 * The most pixels a picture may have, read from its header before anything is decoded: 100
 * megapixels (10,000 × 10,000) is past any printed battle map scanned at 300 dpi.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** The sizes made on upload; `full` is the picture itself, its longer side capped. */
export const imageVariants = { full: 8192, phone: 1280, thumb: 256 } as const;
export type ImageVariant = keyof typeof imageVariants;
export const fileVariants = ['full', 'phone', 'thumb', 'original'] as const;
export type FileVariant = (typeof fileVariants)[number];

export type SniffedType =
  | { family: 'image'; mime: 'image/png' | 'image/jpeg' | 'image/webp' }
  | { family: 'audio'; mime: 'audio/ogg' | 'audio/mpeg' }
  | { family: 'svg' }
  | { family: 'unknown' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * An MPEG audio frame header (11 sync bits, then a version, a layer, a bitrate and a rate that
 * are not reserved): stricter than the sync bits alone, which 1 random byte pair in 2,000 has.
 */
function isMpegFrame(bytes: Uint8Array): boolean {
  const [b0, b1, b2] = [bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && rate !== 0b11;
}

/** An XML or SVG text, however it opens (a byte-order mark, blanks, a comment, a doctype). */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && (head.includes('<svg') || head.startsWith('<?xml') || head.startsWith('<!'));
}

/**
 * The type of a file read from its first bytes, never from its name or the type its sender
 * claims: a renamed executable is `unknown`, whatever it is called.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { family: 'image', mime: 'image/png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { family: 'image', mime: 'image/jpeg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { family: 'image', mime: 'image/webp' };
  }
  if (startsWith(bytes, ascii('OggS'))) return { family: 'audio', mime: 'audio/ogg' };
  if (startsWith(bytes, ascii('ID3')) || isMpegFrame(bytes)) return { family: 'audio', mime: 'audio/mpeg' };
  if (looksLikeMarkup(bytes)) return { family: 'svg' };
  return { family: 'unknown' };
}

/** Which sniffed family each kind takes: a map is a picture, music is sound. */
export const familyOfKind: Record<FileKind, 'image' | 'audio'> = {
  map: 'image',
  portrait: 'image',
  character: 'image',
  handout: 'image',
  audio: 'audio',
};

/**
 * The name a picture dropped at the table gives its map: the file's name without its extension
 * (« Crypte du roi.png » → « Crypte du roi »), the whole name when nothing is left before the dot.
 */
export function mapNameOfFile(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
  return base === '' ? fileName : base;
}

/** The longest name a stored file keeps, in characters. */
export const MAX_FILE_NAME = 120;

/** An extension kept whole when a long name is cut: « .jpeg », « .webp », not a sentence after a dot. */
const extensionOf = (name: string) => /\.[\p{L}\p{N}]{1,8}$/u.exec(name)?.[0] ?? '';

/**
 * The name an upload is kept under, from what the browser said it was called: its last path
 * segment, without control or direction-changing characters (« \u202e » makes « gpj.exe » read
 * « exe.jpg »), spaces collapsed, no leading dot, at most `MAX_FILE_NAME` characters with its
 * extension kept; null when nothing is left.
 */
export function storedFileName(raw: string): string | null {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '');
  const characters = [...clean];
  if (characters.length === 0) return null;
  if (characters.length <= MAX_FILE_NAME) return clean;
  const extension = extensionOf(clean);
  const stem = [...clean.slice(0, clean.length - extension.length)];
  return `${stem
    .slice(0, MAX_FILE_NAME - [...extension].length)
    .join('')
    .trimEnd()}${extension}`;
}

const extensionOfMime: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
};

/**
 * The name a stored variant downloads under: the kept name with the extension of what is served,
 * since a picture is re-encoded (« crypte.png » is served as « crypte.jpg »).
 */
export function downloadName(name: string, mime: string): string {
  const wanted = extensionOfMime[mime] ?? '';
  const extension = extensionOf(name);
  return `${extension === '' ? name : name.slice(0, -extension.length)}${wanted}`;
}
