import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../server/db/pglite-thread';

describe('PGlite on its own thread', () => {
  let pglite: PgliteThread;
  beforeAll(async () => {
    pglite = await PgliteThread.create({ dataDir: 'memory://' });
    await pglite.exec('create table items (id integer primary key, label text not null)');
  });
  afterAll(() => pglite.close());

  it('answers queries with their rows, in object or array mode, dates kept as text when asked', async () => {
    await pglite.query('insert into items values ($1, $2), ($3, $4)', [1, 'épée', 2, 'bouclier']);
    const objects = await pglite.query<{ id: number; label: string }>('select * from items order by id');
    expect(objects.rows).toEqual([
      { id: 1, label: 'épée' },
      { id: 2, label: 'bouclier' },
    ]);
    const arrays = await pglite.query('select id, label from items order by id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([
      [1, 'épée'],
      [2, 'bouclier'],
    ]);
    const text = await pglite.query<{ at: unknown }>(
      `select timestamptz '2026-11-25 10:00:00+00' as at`,
      [],
      {
        parsers: { 1184: (value) => value },
      },
    );
    expect(typeof text.rows[0]!.at).toBe('string');
    const parsed = await pglite.query<{ at: unknown }>(`select timestamptz '2026-11-25 10:00:00+00' as at`);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
  });

  it('leaves the event loop free while a statement runs', async () => {
    let turns = 0;
    const turning = setInterval(() => (turns += 1), 1);
    try {
      await pglite.query('select pg_sleep(0.2)');
    } finally {
      clearInterval(turning);
    }
    // On the server's own thread the statement held the loop: no timer could fire before its end.
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses a parser it cannot carry rather than dropping it', async () => {
    await expect(
      pglite.query('select 1 as one', [], { parsers: { 23: (value) => Number(value) * 2 } }),
    ).rejects.toThrow(/not the identity/);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is still recognised", async () => {
    const failure = await pglite
      .query('insert into items values (1, $1)', ['doublon'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', table: 'items' });
  });

  it('commits a transaction that resolves and rolls back one that throws, other queries waiting meanwhile', async () => {
    let outside: Promise<{ rows: Array<{ count: number }> }> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query('insert into items values (3, $1)', ['arc']);
      // Outside the transaction: it waits for the end, as on PGlite's single connection.
      outside = pglite.query<{ count: number }>('select count(*)::int as count from items');
      await tx.query('insert into items values (4, $1)', ['flèches']);
    });
    expect((await outside!).rows).toEqual([{ count: 4 }]);
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into items values (5, $1)', ['perdu']);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    const { rows } = await pglite.query<{ id: number }>('select id from items order by id');
    expect(rows.map(({ id }) => id)).toEqual([1, 2, 3, 4]);
  });

  it("fails a transaction's commit with the database's error and leaves nothing of it", async () => {
    await pglite.exec(
      'create table parents (id integer primary key); create table children (parent integer references parents deferrable initially deferred)',
    );
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into children values (42)');
      }),
    ).rejects.toMatchObject({ code: '23503' });
    const { rows } = await pglite.query('select * from children');
    expect(rows).toEqual([]);
  });

  it('delivers a notification before the answer of the statement that sent it, until unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await pglite.listen('changes', (payload) => heard.push(payload));
    await pglite.query(`select pg_notify('changes', 'première')`);
    expect(heard).toEqual(['première']);
    await unlisten();
    await pglite.query(`select pg_notify('changes', 'seconde')`);
    await pglite.query('select 1');
    expect(heard).toEqual(['première']);
  });

  it('moves its write stamp with every statement that may change rows, never with a lone select', async () => {
    const moved = async (work: () => Promise<unknown>) => {
      const before = pglite.writeStamp;
      await work();
      return pglite.writeStamp !== before;
    };
    expect(await moved(() => pglite.query('select label from items where id = $1', [1]))).toBe(false);
    expect(await moved(() => pglite.query(`  SELECT count(*) from items`))).toBe(false);
    expect(await moved(() => pglite.query(`update items set label = 'épée' where id = 1`))).toBe(true);
    expect(await moved(() => pglite.query(`insert into items values (30, 'dague')`))).toBe(true);
    expect(await moved(() => pglite.query('delete from items where id = 30'))).toBe(true);
    expect(
      await moved(() =>
        pglite.query(`with gone as (delete from items where id = 99 returning id) select * from gone`),
      ),
    ).toBe(true);
    expect(await moved(() => pglite.exec('select 1; select 2'))).toBe(true);
    expect(
      await moved(() => pglite.transaction((tx) => tx.query('select label from items where id = 1'))),
    ).toBe(true);
  });

  it('dumps its data folder, which a new thread loads', async () => {
    const dump = await pglite.dumpDataDir('none');
    const copy = await PgliteThread.create({ dataDir: 'memory://', loadDataDir: dump });
    try {
      const { rows } = await copy.query<{ label: string }>('select label from items where id = 2');
      expect(rows).toEqual([{ label: 'bouclier' }]);
    } finally {
      await copy.close();
    }
  });
});
