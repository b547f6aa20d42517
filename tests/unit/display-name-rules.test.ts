import { describe, expect, it } from 'vitest';
import { registerRequest } from '../../src/api/schemas/auth-requests';
import { accountMessages, displayNameError } from '../../src/domain/account';
import {
  displayNameSkeleton,
  hasInvisibleCharacter,
  normalizeDisplayName,
} from '../../src/domain/display-name';

describe('display names', () => {
  it('are stored in NFKC with their spaces collapsed', () => {
    expect(normalizeDisplayName('  Ｚｏé\u00A0\u3000 Ｘ ')).toBe('Zoé X');
    expect(normalizeDisplayName('ﬁn')).toBe('fin');
    // A decomposed é becomes the one character.
    expect(normalizeDisplayName('Zoe\u0301')).toBe('Zoé');
  });

  it.each([
    ['zero-width space', 'An\u200Ba'],
    ['zero-width joiner', 'An\u200Da'],
    ['left-to-right mark', 'An\u200Ea'],
    ['word joiner', 'An\u2060a'],
    ['byte order mark', '\uFEFFAna'],
    ['right-to-left override', 'An\u202Ea'],
    ['first strong isolate', 'An\u2068a'],
    ['soft hyphen', 'An\u00ADa'],
    ['control character', 'An\u0007a'],
    ['Hangul filler', 'An\u3164a'],
  ])('refuse a %s', (_, name) => {
    expect(hasInvisibleCharacter(normalizeDisplayName(name))).toBe(true);
    expect(displayNameError(name)).toBe(accountMessages.displayNameInvisible);
    const parsed = registerRequest.safeParse({
      email: 'a@example.com',
      password: 'secret',
      displayName: name,
    });
    expect(parsed.error?.issues[0]?.message).toBe(accountMessages.displayNameInvisible);
  });

  it('keep accents, spaces and scripts that imitate nothing', () => {
    for (const name of ['Zoé', 'Jean Luc', 'Ørjan', 'Дмитрий', 'Ἀχιλλεύς', '李小龍']) {
      expect(displayNameError(name)).toBeNull();
    }
  });

  it.each([
    ['case', 'Ana', 'aNA'],
    ['accents', 'Zoé', 'Zoe'],
    ['full-width letters', 'Ana', 'Ａｎａ'],
    ['Cyrillic look-alikes', 'Ana', 'Аnа'],
    ['Cyrillic capitals', 'BOB', 'ВОВ'],
    ['Greek look-alikes', 'Kato', 'Κατο'],
    ['zero and O', 'B0b', 'BOB'],
    ['one, capital i and small L', 'Al1', 'AII'],
    ['rn and m', 'Carmen', 'Carrnen'],
    ['collapsed spaces', 'Jean Luc', 'Jean   Luc'],
  ])('share a skeleton across %s', (_, a, b) => {
    expect(displayNameSkeleton(a)).toBe(displayNameSkeleton(b));
  });

  it('tell apart names a reader tells apart', () => {
    const names = ['Ana', 'Anna', 'Ann', 'Bob', 'Bab', 'Lia', 'Lisa', 'Jean Luc', 'JeanLuc'];
    expect(new Set(names.map(displayNameSkeleton)).size).toBe(names.length);
  });
});
