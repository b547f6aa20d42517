import { describe, expect, it } from 'vitest';
import { downloadName, MAX_FILE_NAME, storedFileName } from '../../src/domain/files';

describe('the name a stored file keeps', () => {
  it('is the last path segment, cleaned of controls, direction marks and extra spaces', () => {
    expect(storedFileName('C:\\Cartes\\crypte.png')).toBe('crypte.png');
    expect(storedFileName('../../etc/passwd')).toBe('passwd');
    expect(storedFileName('\u202egnp.exe')).toBe('gnp.exe');
    expect(storedFileName('  Salle\t du\n trône .png ')).toBe('Salle du trône .png');
    expect(storedFileName('.cache.png')).toBe('cache.png');
  });

  it('is none when nothing is left', () => {
    expect(storedFileName('')).toBeNull();
    expect(storedFileName('dossier/')).toBeNull();
    expect(storedFileName(' \u200b ')).toBeNull();
  });

  it('is cut to its longest, by characters, its extension kept', () => {
    const kept = storedFileName(`${'é'.repeat(200)}.jpeg`)!;
    expect([...kept]).toHaveLength(MAX_FILE_NAME);
    expect(kept.endsWith('é.jpeg')).toBe(true);
    // An emoji is one character, never cut in half.
    expect([...storedFileName('🐉'.repeat(130))!]).toHaveLength(MAX_FILE_NAME);
  });

  it('downloads under the extension of what is served', () => {
    expect(downloadName('crypte.png', 'image/jpeg')).toBe('crypte.jpg');
    expect(downloadName('pluie', 'audio/ogg')).toBe('pluie.ogg');
  });
});
