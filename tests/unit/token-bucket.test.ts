import { describe, expect, it } from 'vitest';
import { createTokenBucket } from '../../server/lib/token-bucket';

describe('token bucket', () => {
  it('allows a burst, refuses past it, and refills with time up to its capacity', () => {
    let time = 0;
    const bucket = createTokenBucket(3, 2, () => time);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    time += 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    time += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
