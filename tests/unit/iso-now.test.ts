import { describe, expect, it } from 'vitest';
import { isoNow } from '../../server/lib/iso-now';

describe('isoNow', () => {
  it('writes what toISOString writes, across seconds, days and years', () => {
    const times = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      -1,
      -999,
      -1000,
      -1001,
      Date.UTC(2026, 10, 28, 23, 59, 59, 999),
      Date.UTC(2026, 10, 29, 0, 0, 0, 0),
      Date.UTC(2024, 1, 29, 12, 0, 0, 5),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1, 0, 0, 0, 42),
      Date.UTC(-1, 0, 1, 0, 0, 0, 7),
    ];
    for (let step = 0; step < 3000; step += 1) times.push(1_795_000_000_000 + step * 7);
    for (const time of times) expect(isoNow(time), String(time)).toBe(new Date(time).toISOString());
  });

  it('reads the clock when given no time', () => {
    const before = Date.now();
    const now = Date.parse(isoNow());
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
