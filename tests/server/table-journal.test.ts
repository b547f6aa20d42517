import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, writeToFile as write } from '../../server/modules/table/writers/sole-writer/journal';

describe('table journal', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'sr-journal-unit-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const contents = async () => {
    const [segment] = await readdir(directory);
    return readFile(path.join(directory, segment!), 'utf8');
  };
  const line = (text: string) => JSON.stringify([{ game_id: 'G', seq: 1, payload: { message: text } }]);

  it('writes the rest of a line the system took only part of, accents included', async () => {
    let calls = 0;
    // The first call takes ten ASCII characters (ten bytes) of the line, as a short write would.
    const journal = openJournal(directory, (fd, data, offset) =>
      calls++ === 0 ? write(fd, String(data).slice(0, 10)) : write(fd, data, offset),
    );
    const first = line('Épée à deux mains');
    expect(journal.write(first)).toBe(1);
    expect(journal.write(line('Après'))).toBe(2);
    expect(calls).toBe(3);
    expect(await contents()).toBe(`${first}\n${line('Après')}\n`);
  });

  it('cuts what a full disk left of a line, and the next line starts clean', async () => {
    let full = false;
    const journal = openJournal(directory, (fd, data, offset) => {
      if (!full) return write(fd, data, offset);
      full = false;
      write(fd, String(data).slice(0, 10));
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    journal.write(line('Avant'));
    full = true;
    expect(() => journal.write(line('Perdue'))).toThrow('no space left');
    expect(journal.write(line('Après'))).toBe(2);
    expect(await contents()).toBe(`${line('Avant')}\n${line('Après')}\n`);
  });
});
