import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from '../../server/lib/token-bucket';

describe('token buckets', () => {
  it('allow a burst per key, refuse past it, and refill with time up to their capacity', () => {
    let time = 0;
    const buckets = createTokenBuckets(3, 2, () => time);
    const take = (key: string, times: number) => Array.from({ length: times }, () => buckets.take(key));
    expect(take('ana', 4)).toEqual([true, true, true, false]);
    expect(take('bea', 3)).toEqual([true, true, true]);
    time += 500;
    expect(take('ana', 2)).toEqual([true, false]);
    time += 60_000;
    expect(take('ana', 4)).toEqual([true, true, true, false]);
  });

  it('forget the buckets that are full again, so memory holds only who sent lately', () => {
    let time = 0;
    const buckets = createTokenBuckets(3, 2, () => time);
    for (let user = 0; user < 50; user += 1) buckets.take(`user-${user}`);
    expect(buckets.size).toBe(50);
    // 3 tokens at 2 a second: full again after 1.5 s.
    time += 1500;
    buckets.take('ana');
    expect(buckets.size).toBe(1);
  });
});
