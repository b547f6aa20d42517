import { describe, expect, it } from 'vitest';
import {
  inputTooDeepRefused,
  MAX_INPUT_DEPTH,
  nulCharacterRefused,
  untrustedInputRefusal,
} from '../../src/api/schemas/common';

/** `depth` arrays around `inner`: `[[…inner…]]`. */
const nested = (depth: number, inner: unknown = 0): unknown => {
  let value = inner;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

describe('untrusted input, before its schema reads it', () => {
  it('lets through the deepest payload it allows and refuses one level more', () => {
    expect(untrustedInputRefusal(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(untrustedInputRefusal(nested(MAX_INPUT_DEPTH + 1))).toBe(inputTooDeepRefused);
  });

  it('refuses 20,000 levels of arrays or objects without overflowing the stack', () => {
    expect(untrustedInputRefusal(nested(20_000))).toBe(inputTooDeepRefused);
    expect(untrustedInputRefusal(JSON.parse(`${'{"a":'.repeat(20_000)}0${'}'.repeat(20_000)}`))).toBe(
      inputTooDeepRefused,
    );
  });

  it('refuses the NUL character in a value or a key, at any allowed depth', () => {
    expect(untrustedInputRefusal({ text: 'a\u0000b' })).toBe(nulCharacterRefused);
    expect(untrustedInputRefusal({ ['clé\u0000']: 1 })).toBe(nulCharacterRefused);
    expect(untrustedInputRefusal(nested(10, 'x\u0000'))).toBe(nulCharacterRefused);
    expect(untrustedInputRefusal({ gameId: 'g', change: { x: 1, y: [2, 'trois'] } })).toBeNull();
  });
});
