import { describe, expect, it } from 'vitest';
import { spareBuffers } from '../../server/modules/map-pictures/spare-buffers';

describe('the buffers lent to map renders', () => {
  it('lends a buffer given back again, and never the same one to two borrowers', () => {
    const spares = spareBuffers(100);
    const first = spares.take(30);
    const second = spares.take(30);
    expect(second).not.toBe(first);
    spares.giveBack(first);
    expect(spares.take(30)).toBe(first);
    expect(spares.take(30)).not.toBe(first);
  });

  it('lends a kept buffer only for its own length', () => {
    const spares = spareBuffers(100);
    const kept = spares.take(30);
    spares.giveBack(kept);
    const other = spares.take(31);
    expect(other).not.toBe(kept);
    expect(other.length).toBe(31);
    expect(spares.take(30)).toBe(kept);
  });

  it('keeps the most recently given back within its bound, and none over it alone', () => {
    const spares = spareBuffers(100);
    const [oldest, older, newest] = [40, 40, 40].map((length) => spares.take(length)) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    for (const buffer of [oldest, older, newest]) spares.giveBack(buffer);
    expect(spares.take(40)).toBe(newest);
    expect(spares.take(40)).toBe(older);
    // The oldest went past the bound: a new one is made.
    const third = spares.take(40);
    expect(third).not.toBe(oldest);
    expect(third.length).toBe(40);
    const large = spares.take(101);
    spares.giveBack(large);
    expect(spares.take(101)).not.toBe(large);
  });
});
