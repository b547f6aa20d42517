import { describe, expect, it } from 'vitest';
import { cutToWidth } from '../../src/ui/game/name-cut';

/** Every letter and the ellipsis 6 units wide, as a fixed-width font would draw them. */
const fixed = (text: string) => Array.from(text).length * 6;

describe('a token’s name cut to its room', () => {
  it('keeps a name that fits whole', () => {
    expect(cutToWidth('Aria', 24, fixed)).toBe('Aria');
  });

  it('keeps the longest start that fits with its ellipsis', () => {
    expect(cutToWidth('Gobelin 12', 36, fixed)).toBe('Gobel…');
    expect(fixed(cutToWidth('Gobelin 12', 36, fixed))).toBeLessThanOrEqual(36);
  });

  it('leaves no space before the ellipsis', () => {
    expect(cutToWidth('Héros 127', 42, fixed)).toBe('Héros…');
  });

  it('draws the ellipsis alone where not a letter fits beside it', () => {
    expect(cutToWidth('Ogre', 8, fixed)).toBe('…');
  });

  it('counts a letter outside the basic plane as one', () => {
    expect(cutToWidth('𝔄𝔯𝔦𝔞 la Grise', 30, fixed)).toBe('𝔄𝔯𝔦𝔞…');
  });
});
