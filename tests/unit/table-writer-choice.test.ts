import { describe, expect, it } from 'vitest';
import { chooseTableWriter } from '../../server/modules/table/writers/choice';

const timings = { logEveryMs: 1000, commitEveryMs: 50 };
const redis = { url: 'redis://127.0.0.1:6379', key: 'sr' };

describe('the table writer a configuration names', () => {
  it('is the sole writer when the process has a journal, whatever else is configured', () => {
    expect(
      chooseTableWriter({ ...timings, journalDir: '/data/table-journal', databaseUrl: undefined, redis }),
    ).toEqual({ kind: 'sole-writer', journalDir: '/data/table-journal', logEveryMs: 1000 });
  });

  it('is one owner among the processes on a PostgreSQL database, with the Redis they talk over', () => {
    expect(
      chooseTableWriter({ ...timings, journalDir: undefined, databaseUrl: 'postgres://db/sr', redis }),
    ).toEqual({ kind: 'owners', commitEveryMs: 50, redis });
    expect(
      chooseTableWriter({
        ...timings,
        journalDir: undefined,
        databaseUrl: 'postgres://db/sr',
        redis: undefined,
      }),
    ).toEqual({ kind: 'owners', commitEveryMs: 50, redis: undefined });
  });

  it('refuses a PGlite without a journal, which would lose what it answered before logging it', () => {
    expect(() =>
      chooseTableWriter({ ...timings, journalDir: undefined, databaseUrl: undefined, redis: undefined }),
    ).toThrow('journal');
  });
});
