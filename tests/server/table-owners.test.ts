import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { poolOf } from '../../server/db/client';
import { tableHeads, tableSnapshots } from '../../server/db/schema/index';
import { appendOwned } from '../../server/modules/table/log/append-owned';
import { tableServerMessages } from '../../server/modules/table/messages';
import { createOwners, type Owners } from '../../server/modules/table/writers/owners/owners';
import { SNAPSHOT_EVERY } from '../../server/modules/table/snapshots';
import { insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';
import { systemLine } from '../helpers/system-line';
import { emitWithAck, joined, serverLog, serverState, tableParty, type TableParty } from '../helpers/table';

const say = (p: TableParty, text: string, playerId?: string) => ({
  gameId: p.gameId,
  playerId,
  content: { kind: 'text', text },
});
const chatLines = (log: TableEvent[]) =>
  log.flatMap((event) => (event.type === 'chat.posted' ? [event.payload.message] : []));

type CatchUpAck = SocketAck & { events?: TableEvent[]; reset?: boolean; epoch?: number };

describe.each(drivers)('catch-up against the epochs of the log (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('answers from the start, reset, a copy that holds a seq the log lacks or holds under another epoch', async () => {
    const p = await tableParty(t);
    const mj = await joined(t, p.mj, p.gameId);
    await mj.send('newMessage', say(p, 'Première'));
    const log = await serverLog(t, p.gameId);
    const head = log.length;
    const epoch = log.at(-1)!.epoch ?? 0;
    const ask = (afterSeq: number, askedEpoch?: number) =>
      emitWithAck<CatchUpAck>(mj.socket, 'tableCatchUp', { gameId: p.gameId, afterSeq, epoch: askedEpoch });

    const inStep = await ask(head, epoch);
    expect(inStep).toMatchObject({ ok: true, events: [], reset: false, epoch });
    const behind = await ask(head - 1, log.at(-2)!.epoch ?? 0);
    expect(behind).toMatchObject({ ok: true, reset: false, events: [log.at(-1)] });

    for (const astray of [await ask(head + 3, epoch), await ask(head, epoch + 7)]) {
      expect(astray).toMatchObject({ ok: true, reset: true, epoch });
      expect(applyEvents(emptyTable, astray.events ?? []).state).toEqual(
        visibleTo(await serverState(t, p.gameId), p.actors.mj),
      );
    }
    // A client that does not say its epoch is taken at its word, as before owners.
    expect(await ask(head + 3)).toMatchObject({ ok: true, events: [], reset: false });
  });
});

describe.skipIf(!drivers.includes('postgres'))('table owners on PostgreSQL (live-table.md "Owners")', () => {
  let a: TestServer;
  let b: TestServer;
  const slowCommits = { TABLE_COMMIT_EVERY_MS: '1500' };
  beforeAll(async () => {
    a = await startTestServer({ driver: 'postgres', env: slowCommits });
    b = await startTestServer({ peerOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const ownerOf = async (gameId: string) =>
    (
      await a.database.db
        .select()
        .from(tableHeads)
        .where(sql`${tableHeads.gameId} = ${gameId}`)
    )[0]!;

  it('emits a command at once and answers its sender only once the log holds it', async () => {
    const p = await tableParty(a);
    const mj = await joined(a, p.mj, p.gameId);
    const other = await joined(a, p.other, p.gameId);
    const before = (await serverLog(a, p.gameId)).length;
    let answered = false;
    const ack = mj.send('newMessage', say(p, 'Tout de suite')).then((answer) => {
      answered = true;
      return answer;
    });
    await other.reach(before + 1);
    expect(answered, 'the sender is answered after the others heard it').toBe(false);
    expect(await serverLog(a, p.gameId)).toHaveLength(before);
    expect(await ack).toEqual({ ok: true });
    expect(chatLines(await serverLog(a, p.gameId))).toEqual(['Tout de suite']);
  });

  it('hands a command heard by another process to the game’s owner, and its answer back', async () => {
    const p = await tableParty(a);
    const owner = await ownerOf(p.gameId);
    const otherOnB = await joined(b, p.other, p.gameId);
    const texts = ['Par ici', 'é'.repeat(250), 'Par là'];
    // Sent together, they wait for one of the owner's slow statements.
    const acks = await Promise.all(
      texts.map((text) => otherOnB.send('newMessage', say(p, text, p.otherCharacter))),
    );
    expect(acks).toEqual(texts.map(() => ({ ok: true })));
    // A rule's refusal comes back as the owner said it.
    const refused = await otherOnB.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.move', map: 'Forêt', usableId: 'aucun', x: 1, y: 1 },
    });
    expect(refused.ok).toBe(false);
    const log = await serverLog(a, p.gameId);
    expect(chatLines(log).sort()).toEqual([...texts].sort());
    expect(await ownerOf(p.gameId), 'the game stays with its owner').toMatchObject({
      owner: owner.owner,
      epoch: owner.epoch,
      seq: log.length,
    });
    await otherOnB.catchUp();
    expect(otherOnB.inbox.state).toEqual(visibleTo(await serverState(a, p.gameId), p.actors.other));
  });

  it('lets another process take a game whose owner was cut off; what the lost owner emitted unlogged is undone', async () => {
    const p = await tableParty(a);
    const mjOnA = await joined(a, p.mj, p.gameId);
    const otherOnB = await joined(b, p.other, p.gameId);
    const { owner, epoch } = await ownerOf(p.gameId);
    const head = (await serverLog(a, p.gameId)).length;
    // Heard by the MJ at once; its statement waits 1.5 s.
    const lost = mjOnA.send('newMessage', say(p, 'Perdue'));
    await mjOnA.reach(head + 1);

    const admin = new pg.Client(poolOf(a.database.db)!.options);
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [`sr-table-owner-${owner}`],
      );
      expect(cut.rowCount).toBe(1);
      await vi.waitFor(
        async () => {
          const left = await admin.query(`select 1 from pg_stat_activity where application_name = $1`, [
            `sr-table-owner-${owner}`,
          ]);
          expect(left.rowCount).toBe(0);
        },
        { timeout: 5000, interval: 20 },
      );
    } finally {
      await admin.end();
    }

    expect(await otherOnB.send('newMessage', say(p, 'Gagnante', p.otherCharacter))).toEqual({ ok: true });
    const taken = await ownerOf(p.gameId);
    expect(taken.owner).not.toBe(owner);
    expect(taken.epoch).toBe(epoch + 1);
    expect(await lost).toEqual({ ok: false, error: tableServerMessages.stopping });

    const log = await serverLog(a, p.gameId);
    expect(chatLines(log)).toEqual(['Gagnante']);
    expect(log.at(-1)).toMatchObject({ seq: head + 1, epoch: epoch + 1 });
    // The MJ folded 'Perdue' under that seq: the catch-up tells it to start again.
    await mjOnA.catchUp();
    expect(mjOnA.resets).toBe(1);
    expect(mjOnA.inbox.state).toEqual(visibleTo(await serverState(a, p.gameId), p.actors.mj));
    // The process cut off asks the new owner from now on.
    expect(await mjOnA.send('newMessage', say(p, 'Relayée'))).toEqual({ ok: true });
    expect(chatLines(await serverLog(a, p.gameId))).toEqual(['Gagnante', 'Relayée']);
  });

  it('logs a run under its epoch only, and knows a run it logged already', async () => {
    const p = await tableParty(a);
    const { db } = a.database;
    const { seq: head, epoch } = await ownerOf(p.gameId);
    const line = (seq: number, runEpoch: number) => systemLine(seq, runEpoch, `n°${seq}`);
    const run = (first: number, last: number, runEpoch: number) => ({
      logged: Array.from({ length: last - first + 1 }, (_, i) => ({
        gameId: p.gameId,
        event: line(first + i, runEpoch),
      })),
      runs: [{ gameId: p.gameId, first, last, epoch: runEpoch }],
    });
    const append = ({ logged, runs }: ReturnType<typeof run>) => appendOwned(db, logged, runs);

    expect(await append(run(head + 1, head + 2, epoch))).toEqual(new Map([[p.gameId, 'logged']]));
    expect(await append(run(head + 1, head + 2, epoch))).toEqual(new Map([[p.gameId, 'already']]));
    expect(await append(run(head + 3, head + 3, epoch - 1))).toEqual(new Map([[p.gameId, 'fenced']]));
    expect(await append(run(head + 5, head + 5, epoch))).toEqual(new Map([[p.gameId, 'fenced']]));
    const log = await serverLog(a, p.gameId);
    expect(log.map((event) => event.seq)).toEqual(Array.from({ length: head + 2 }, (_, i) => i + 1));
  });

  it('writes the snapshots its runs made due in the same statement, for the games it logged only', async () => {
    const [kept, lost] = [await tableParty(a), await tableParty(a)];
    const { db } = a.database;
    const runUpTo = async (gameId: string, last: number, epochShift: number) => {
      const { seq: head, epoch } = await ownerOf(gameId);
      const runEpoch = epoch + epochShift;
      return {
        logged: Array.from({ length: last - head }, (_, i) => ({
          gameId,
          event: systemLine(head + 1 + i, runEpoch),
        })),
        run: { gameId, first: head + 1, last, epoch: runEpoch },
        due: { gameId, state: { ...(await serverState(a, gameId)), lastSeq: last } },
      };
    };
    // Both runs cross SNAPSHOT_EVERY; the second is under an epoch its game has left.
    const parts = [
      await runUpTo(kept.gameId, SNAPSHOT_EVERY + 1, 0),
      await runUpTo(lost.gameId, SNAPSHOT_EVERY, -1),
    ];
    const outcomes = await appendOwned(
      db,
      parts.flatMap((part) => part.logged),
      parts.map((part) => part.run),
      parts.map((part) => part.due),
    );
    expect(outcomes).toEqual(
      new Map([
        [kept.gameId, 'logged'],
        [lost.gameId, 'fenced'],
      ]),
    );
    const snapshots = await db
      .select({ gameId: tableSnapshots.gameId, seq: tableSnapshots.seq })
      .from(tableSnapshots)
      .where(inArray(tableSnapshots.gameId, [kept.gameId, lost.gameId]));
    expect(snapshots).toEqual([{ gameId: kept.gameId, seq: SNAPSHOT_EVERY + 1 }]);
  });

  type Channel = readonly [string, { url: string; key: string } | undefined];
  const redisUrl = process.env.REDIS_URL;
  const channels: Channel[] = [['NOTIFY', undefined]];
  if (redisUrl) channels.push(['Redis', { url: redisUrl, key: `sr_test_owners_${process.pid}` }]);
  /** Two owners on the server's database, apart from its own, closed whatever the test does. */
  async function withTwoOwners(
    redis: Channel[1],
    test: (here: Owners, there: Owners) => Promise<void>,
  ): Promise<void> {
    const pool = poolOf(a.database.db)!;
    const log = a.app.log;
    const [here, there] = [createOwners({ pool, log, redis }), createOwners({ pool, log, redis })];
    try {
      await test(here, there);
    } finally {
      await here.close();
      await there.close();
    }
  }

  it.each(channels)(
    'carries a long message between owners over %s, and times out on a silent one',
    (_, redis) =>
      withTwoOwners(redis, async (here, there) => {
        // Asked before it listens, it would not hear (a process claims games only once it listens).
        await there.answerWith(async (message) => ({ echo: message }));
        const long = { text: '☀é'.repeat(6000), n: 42 };
        expect(await here.ask(there.processId, long, 5000)).toEqual({ echo: long });
        await expect(here.ask('personne', { n: 1 }, 200)).rejects.toThrow();
      }),
  );

  it.each(channels)('hears what it is asked over %s once it holds a game', async (_, redis) => {
    const [mj] = await a.registerMany(1);
    const gameId = await insertGame(a.database.db, mj!.userId);
    await withTwoOwners(redis, async (here, there) => {
      expect(await there.claim(gameId)).toMatchObject({ head: 0 });
      // It answers nothing yet (null), but it hears: the asker is not left waiting for a timeout.
      expect(await here.ask(there.processId, { n: 1 }, 2000)).toBeNull();
    });
  });
});
