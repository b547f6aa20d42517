import { describe, expect, it } from 'vitest';
import { byteRange } from '../../server/modules/files/routes';
import { hasHiddenContent } from '../../server/modules/files/hidden-content';
import { sniffFileType } from '../../src/domain/files';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...Buffer.from(value, 'latin1')] : [value])),
  );

describe('a file’s type, read from its first bytes', () => {
  it.each([
    ['PNG', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0), { family: 'image', mime: 'image/png' }],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), { family: 'image', mime: 'image/jpeg' }],
    ['WebP', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), { family: 'image', mime: 'image/webp' }],
    ['a RIFF that is no WebP (a WAV)', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '), { family: 'unknown' }],
    ['Ogg', bytes('OggS', 0), { family: 'audio', mime: 'audio/ogg' }],
    ['MP3 with an ID3 tag', bytes('ID3', 4, 0), { family: 'audio', mime: 'audio/mpeg' }],
    [
      'MP3 opening on a frame (MPEG-1 layer III, 128 kb/s)',
      bytes(0xff, 0xfb, 0x90, 0x64),
      { family: 'audio', mime: 'audio/mpeg' },
    ],
    ['frame sync bits with a reserved version', bytes(0xff, 0xeb, 0x90, 0x64), { family: 'unknown' }],
    ['frame sync bits with a reserved bitrate', bytes(0xff, 0xfb, 0xf0, 0x64), { family: 'unknown' }],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), { family: 'svg' }],
    [
      'SVG behind a byte-order mark, blanks and a declaration',
      bytes(0xef, 0xbb, 0xbf, '  \n<?xml version="1.0"?><svg>'),
      { family: 'svg' },
    ],
    ['an ELF executable', bytes(0x7f, 'ELF', 2, 1), { family: 'unknown' }],
    ['a Windows executable', bytes('MZ', 0x90, 0), { family: 'unknown' }],
    ['nothing', bytes(), { family: 'unknown' }],
  ])('%s', (_name, file, expected) => {
    expect(sniffFileType(file)).toEqual(expected);
  });
});

describe('bytes hidden behind a file', () => {
  const png = bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 0, 'IEND', 0xae, 0x42, 0x60, 0x82);
  const zipEnd = bytes('PK', 5, 6, ...Array<number>(18).fill(0));

  it('a PNG ending on its IEND hides nothing; a byte more is refused', () => {
    expect(hasHiddenContent(png, 'image/png')).toBe(false);
    expect(hasHiddenContent(new Uint8Array([...png, 0]), 'image/png')).toBe(true);
  });

  it('any file ending with a ZIP directory is refused, whose comment runs to its end', () => {
    expect(hasHiddenContent(new Uint8Array([...bytes('OggS'), ...zipEnd]), 'audio/ogg')).toBe(true);
    // The signature alone, its comment length not reaching the end: chance, not an archive.
    expect(hasHiddenContent(new Uint8Array([...bytes('OggS'), ...zipEnd, 1]), 'audio/ogg')).toBe(false);
  });
});

describe('a Range header', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
  ])('%s', (header, range) => {
    expect(byteRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=50-10', 'bytes=-', 'items=0-1'])('%s is refused (416)', (header) => {
    expect(() => byteRange(header, 1000)).toThrow(expect.objectContaining({ statusCode: 416 }));
  });
});
