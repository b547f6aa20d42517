import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedFilePath } from '../../src/api/schemas/files';
import type { FileVariant } from '../../src/domain/files';
import { storedPictures, withPictureSource } from '../../src/effects/stored-files';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('stored pictures: one blob per file and size, shared, let go by the last view', () => {
  const made: string[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    made.length = 0;
    revoked.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      made.push(`blob:${made.length}`);
      return made.at(-1)!;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  function reader() {
    const reads: Array<{ id: string; variant: FileVariant; signal: AbortSignal }> = [];
    const read = (id: string, variant: FileVariant, signal: AbortSignal) => {
      reads.push({ id, variant, signal });
      return Promise.resolve(new Blob(['png']));
    };
    return { reads, cache: storedPictures(read) };
  }

  it('gives an outside link as it is, reading nothing', () => {
    const { reads, cache } = reader();
    const seen: string[] = [];
    cache.sourceOf('https://cdn.test/crypte.jpg', 'full').subscribe((source) => seen.push(source));
    expect(seen).toEqual(['https://cdn.test/crypte.jpg']);
    expect(reads).toEqual([]);
    expect(cache.held()).toBe(0);
  });

  it('reads a stored file once for every view showing it, and revokes it when the last stops', async () => {
    const { reads, cache } = reader();
    const link = storedFilePath('F1');
    const seen: string[] = [];
    const first = cache.sourceOf(link, 'full').subscribe((source) => seen.push(source));
    const second = cache.sourceOf(link, 'full').subscribe((source) => seen.push(source));
    await settle();
    expect(reads.map(({ id, variant }) => `${id}/${variant}`)).toEqual(['F1/full']);
    expect(seen).toEqual(['blob:0', 'blob:0']);
    first.unsubscribe();
    expect(revoked).toEqual([]);
    second.unsubscribe();
    expect(revoked).toEqual(['blob:0']);
    expect(cache.held()).toBe(0);
  });

  it('reads each size apart: a thumbnail is not the map', async () => {
    const { reads, cache } = reader();
    const link = storedFilePath('F1');
    const views = [cache.sourceOf(link, 'full').subscribe(), cache.sourceOf(link, 'thumb').subscribe()];
    await settle();
    expect(reads.map(({ variant }) => variant)).toEqual(['full', 'thumb']);
    expect(cache.held()).toBe(2);
    views.forEach((view) => view.unsubscribe());
    expect(cache.held()).toBe(0);
  });

  it('stops a read nobody waits for any more, and makes no blob of it', async () => {
    const { reads, cache } = reader();
    cache.sourceOf(storedFilePath('F1'), 'full').subscribe().unsubscribe();
    expect(reads[0]!.signal.aborted).toBe(true);
    await settle();
    expect(made).toEqual([]);
  });

  it('shows a file it cannot read as an unreachable link: its path, which an image fails to load', async () => {
    const cache = storedPictures(() => Promise.reject(new Error('403')));
    const seen: string[] = [];
    cache.sourceOf(storedFilePath('F1'), 'thumb').subscribe((source) => seen.push(source));
    await settle();
    expect(seen).toEqual([storedFilePath('F1', 'thumb')]);
  });

  it('lets go of a picture read only to be measured', async () => {
    const { cache } = reader();
    const size = await withPictureSource(storedFilePath('F1'), 'full', async (source) => source, cache);
    expect(size).toBe('blob:0');
    expect(revoked).toEqual(['blob:0']);
    expect(cache.held()).toBe(0);
  });
});
