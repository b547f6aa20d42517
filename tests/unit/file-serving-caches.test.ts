import { describe, expect, it } from 'vitest';
import { servedBytesCache } from '../../server/modules/files/served-bytes';
import { unchangedReads } from '../../server/modules/files/unchanged-reads';

const bytesOf = (length: number, fill: number) => Buffer.alloc(length, fill);

describe('the bytes of the files served lately', () => {
  it('keeps them within their budget, the least recently served dropped first', async () => {
    const cache = servedBytesCache(250, 100);
    const loads: string[] = [];
    const read = (key: string, fill: number) =>
      cache.read(key, 100, async () => {
        loads.push(key);
        return bytesOf(100, fill);
      });
    await read('a', 1);
    await read('b', 2);
    await read('a', 1);
    // 300 bytes are past the budget: b, the least recently served, goes.
    await read('c', 3);
    expect((await read('a', 1)).equals(bytesOf(100, 1))).toBe(true);
    await read('b', 2);
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('never keeps one larger than the largest kept', async () => {
    const cache = servedBytesCache(1000, 100);
    let loads = 0;
    for (let round = 0; round < 2; round += 1)
      await cache.read('large', 101, async () => {
        loads += 1;
        return bytesOf(101, 0);
      });
    expect(loads).toBe(2);
  });
});

describe('reads kept while the database is unchanged', () => {
  it('answers from memory under the same stamp, and reads again once anything was written', async () => {
    let stamp = 0;
    let value = 'kept';
    let loads = 0;
    const reads = unchangedReads<string>(() => stamp, 10);
    const read = () =>
      reads.read('who', async () => {
        loads += 1;
        return value;
      });
    expect(await read()).toBe('kept');
    expect(await read()).toBe('kept');
    expect(loads).toBe(1);
    stamp += 1;
    value = 'changed';
    expect(await read()).toBe('changed');
    expect(loads).toBe(2);
  });

  it('does not keep a read that a write raced', async () => {
    let stamp = 0;
    let loads = 0;
    const reads = unchangedReads<string>(() => stamp, 10);
    const read = () =>
      reads.read('who', async () => {
        loads += 1;
        if (loads === 1) stamp += 1;
        return `read ${loads}`;
      });
    expect(await read()).toBe('read 1');
    expect(await read()).toBe('read 2');
    expect(await read()).toBe('read 2');
  });

  it('keeps at most its number of entries, the least recently used dropped first', async () => {
    const loads: string[] = [];
    const reads = unchangedReads<string>(() => 0, 2);
    const read = (key: string) =>
      reads.read(key, async () => {
        loads.push(key);
        return key;
      });
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await read(key);
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('reads every time without a stamp', async () => {
    let loads = 0;
    const reads = unchangedReads<number>(undefined, 10);
    for (let round = 0; round < 3; round += 1) await reads.read('who', async () => (loads += 1));
    expect(loads).toBe(3);
  });
});
