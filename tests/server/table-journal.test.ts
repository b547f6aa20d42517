import * as fs from 'node:fs';
import type * as Fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openJournal } from '../../server/modules/table/journal';

// The journal's own writes, made to fall short or fail as a full disk would.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof Fs>();
  return { ...actual, writeSync: vi.fn(actual.writeSync) };
});
const { writeSync: realWriteSync } = await vi.importActual<typeof Fs>('node:fs');

describe('table journal', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'sr-journal-unit-'));
  });
  afterEach(async () => {
    vi.mocked(fs.writeSync).mockReset().mockImplementation(realWriteSync);
    await rm(directory, { recursive: true, force: true });
  });

  const contents = async () => {
    const [segment] = await readdir(directory);
    return readFile(path.join(directory, segment!), 'utf8');
  };
  const line = (text: string) => JSON.stringify([{ game_id: 'G', seq: 1, payload: { message: text } }]);

  it('writes the rest of a line the system took only part of, accents included', async () => {
    const journal = openJournal(directory);
    const first = line('Épée à deux mains');
    vi.mocked(fs.writeSync).mockImplementationOnce((fd, data) =>
      // Ten ASCII characters: ten bytes.
      realWriteSync(fd, String(data).slice(0, 10)),
    );
    expect(journal.write(first)).toBe(1);
    expect(journal.write(line('Après'))).toBe(2);
    expect(await contents()).toBe(`${first}\n${line('Après')}\n`);
  });

  it('cuts what a full disk left of a line, and the next line starts clean', async () => {
    const journal = openJournal(directory);
    journal.write(line('Avant'));
    vi.mocked(fs.writeSync).mockImplementationOnce((fd, data) => {
      realWriteSync(fd, String(data).slice(0, 10));
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    expect(() => journal.write(line('Perdue'))).toThrow('no space left');
    expect(journal.write(line('Après'))).toBe(2);
    expect(await contents()).toBe(`${line('Avant')}\n${line('Après')}\n`);
  });
});
