import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { FileKind } from '../../src/domain/files';
import type { StoredFile } from '../../src/api/schemas/files';
import type { ApiResponse, TestServer } from './server';

/**
 * Files for the uploads' tests and bench, made in memory: real pictures made with sharp, and the
 * hostile ones an attacker would send, written byte by byte.
 */

/** Sends `bytes` as an upload's raw body, with whatever type a browser would put on it. */
export async function uploadFile(
  t: Pick<TestServer, 'baseUrl'>,
  gameId: string,
  kind: FileKind,
  bytes: Uint8Array,
  token: string,
  contentType = 'application/octet-stream',
  name?: string,
): Promise<ApiResponse<StoredFile & { error?: string }>> {
  const named = name === undefined ? '' : `&name=${encodeURIComponent(name)}`;
  const response = await fetch(`${t.baseUrl}/game-data/${gameId}/files?kind=${kind}${named}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A GET of a stored file's bytes. */
export async function downloadFile(
  t: Pick<TestServer, 'url'>,
  path: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(`${t.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

/** A noisy opaque picture (noise, so its encoding is as large as a real map's). */
export function noisyPicture(width: number, height: number, seed = 1): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    pixels[index] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG with a camera's EXIF, GPS position included, as a phone takes it. */
export function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return noisyPicture(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'Téléphone', Model: 'Espion 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

const be32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([be32(data.length), typed, be32(crc32(typed))]);
}

/**
 * A valid PNG header claiming `width` × `height` pixels over a few bytes of data: decoded, a
 * 50,000 × 50,000 one asks for 10 GB (a decompression bomb).
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.concat([be32(width), be32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A ZIP holding one stored file, its directory at the end, so it can follow any other file. */
export function zipOf(name: string, content: string, offset = 0): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(offset, 42);
  const directoryAt = offset + local.length + fileName.length + data.length;
  const directorySize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A real PNG that is also a valid ZIP (its archive appended, offsets counted from the start). */
export async function pngZipPolyglot(): Promise<Buffer> {
  const png = await noisyPicture(32, 32).png().toBuffer();
  return Buffer.concat([png, zipOf('charge.html', '<script>alert(1)</script>', png.length)]);
}

/** The first bytes of a Linux executable, named `carte.png` by whoever sends it. */
export const elfExecutable = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120, 0x90),
]);

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

/** An MP3 as far as its first bytes tell: an ID3 tag, then MPEG frame headers and filler. */
export function mp3Sound(bytes = 64 * 1024): Buffer {
  const sound = Buffer.alloc(bytes, 0x55);
  sound.write('ID3', 0, 'latin1');
  sound.set([0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00], 3);
  for (let at = 10; at + 4 < bytes; at += 418) sound.set([0xff, 0xfb, 0x90, 0x64], at);
  return sound;
}

export function oggSound(bytes = 8 * 1024): Buffer {
  const sound = Buffer.alloc(bytes, 0x2a);
  sound.write('OggS', 0, 'latin1');
  return sound;
}
