import { appendFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemMessage } from '../../src/domain/table/decide';
import type { TableEvent } from '../../src/domain/table/types';
import type { Transition } from '../../server/modules/table/emitter';
import { games as gamesTable, tableSnapshots, users } from '../../server/db/schema/index';
import { createGroupCommit } from '../../server/modules/table/writers/sole-writer/group-commit';
import { openJournal, replayJournal } from '../../server/modules/table/writers/sole-writer/journal';
import { createLogWriter } from '../../server/modules/table/writers/sole-writer/log-writer';
import { SNAPSHOT_EVERY, SNAPSHOTS_KEPT } from '../../server/modules/table/snapshots';
import { createTableStates } from '../../server/modules/table/states';
import { insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { serverLog } from '../helpers/table';

const log = pino({ level: 'silent' });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.each(drivers)('table group commit (%s)', (driver) => {
  let t: TestServer;
  let games: string[];

  let journals: string;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    const mj = await t.register();
    games = await Promise.all([1, 2, 3].map(() => insertGame(t.database.db, mj.userId)));
    journals = await mkdtemp(path.join(tmpdir(), 'sr-journal-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(journals, { recursive: true, force: true });
  });
  // The server files share one process: no spy outlives its test.
  afterEach(() => vi.restoreAllMocks());

  /** A sole writer's journal folder, and its log writer (batches wait `everyMs` for the log). */
  async function soleWriter(everyMs: number) {
    const directory = await mkdtemp(path.join(journals, 'j-'));
    return {
      directory,
      writer: createLogWriter({ db: t.database.db, journal: openJournal(directory), log, everyMs }),
    };
  }

  /** A group commit on `writer`, or on a sole writer of its own whose batches wait for `flush`. */
  async function committer(writer?: ReturnType<typeof createLogWriter>) {
    const emitted: Array<{ gameId: string; seqs: number[] }> = [];
    const emit = (gameId: string, transitions: readonly Transition[]) => {
      emitted.push({ gameId, seqs: transitions.map(({ event }) => event.seq) });
      return Promise.resolve();
    };
    const transaction = vi.spyOn(t.database.db, 'transaction');
    const commits = createGroupCommit({
      db: t.database.db,
      states: createTableStates(log),
      emit,
      log,
      writer: writer ?? (await soleWriter(60_000)).writer,
    });
    return { commits, emitted, transaction };
  }

  /** Appends to the log from now on: statements through drizzle, or the pool's prepared one. */
  function countAppends(): () => number {
    const execute = vi.spyOn(t.database.db, 'execute');
    if (t.database.driver !== 'postgres') return () => execute.mock.calls.length;
    const query = vi.spyOn(t.database.client, 'query');
    const prepared = () =>
      query.mock.calls.filter(([config]) => (config as { name?: string }).name === 'table-append').length;
    return () => execute.mock.calls.length + prepared();
  }

  const say = (gameId: string, text: string) => ({
    gameId,
    userId: null,
    decideOn: () => [systemMessage(text)],
  });

  it('logs the commands of several games that arrive together in one statement, each game gapless', async () => {
    const { commits, emitted, transaction } = await committer();
    const appends = countAppends();
    const submitted = Array.from({ length: 30 }, (_, i) => commits.submit(say(games[i % 3]!, `Ligne ${i}`)));
    const answered = await Promise.all(submitted);
    await commits.flush();
    expect(appends()).toBe(1);
    expect(transaction).not.toHaveBeenCalled();
    for (const gameId of games) {
      const logged = await serverLog(t, gameId);
      expect(logged.map((event) => event.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      // Emitted once committed, in seq order, each command's own events.
      expect(emitted.filter((e) => e.gameId === gameId).flatMap((e) => e.seqs)).toEqual(
        logged.map((event) => event.seq),
      );
    }
    expect(answered.map(([event]) => (event as TableEvent).payload)).toEqual(
      submitted.map((_, i) => expect.objectContaining({ message: `Ligne ${i}` })),
    );
  });

  it('as the sole writer, answers from the journal and logs batches together, a snapshot in the same statement', async () => {
    const mj = await t.register();
    const fresh = await Promise.all([1, 2].map(() => insertGame(t.database.db, mj.userId)));
    const { writer } = await soleWriter(60_000);
    const { commits, emitted, transaction } = await committer(writer);
    const appends = countAppends();
    await Promise.all(Array.from({ length: 20 }, (_, i) => commits.submit(say(fresh[i % 2]!, `Seul ${i}`))));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => commits.submit(say(fresh[i % 2]!, `Seul ${20 + i}`))),
    );
    // Answered and emitted from the journal: the log has nothing yet, then both batches in one statement.
    expect(await serverLog(t, fresh[0]!)).toEqual([]);
    expect(emitted.flatMap((e) => e.seqs)).toHaveLength(40);
    await commits.flush();
    expect(appends()).toBe(1);
    // More lines in one game cross seq SNAPSHOT_EVERY: its snapshot is written with the events, in
    // one statement.
    const more = SNAPSHOT_EVERY - 10;
    await Promise.all(Array.from({ length: more }, (_, i) => commits.submit(say(fresh[0]!, `Encore ${i}`))));
    await commits.close();
    expect(appends()).toBe(2);
    expect(transaction).not.toHaveBeenCalled();
    const [snapshot] = await t.database.db
      .select({ seq: tableSnapshots.seq, state: tableSnapshots.state })
      .from(tableSnapshots)
      .where(eq(tableSnapshots.gameId, fresh[0]!));
    expect(snapshot?.seq).toBe(20 + more);
    expect(snapshot?.state.lastSeq).toBe(20 + more);
    for (const [g, gameId] of fresh.entries()) {
      const logged = await serverLog(t, gameId);
      expect(logged.map((event) => event.seq)).toEqual(logged.map((_, i) => i + 1));
      expect(logged).toHaveLength(g === 0 ? 20 + more : 20);
      expect(emitted.flatMap((e) => (e.gameId === gameId ? e.seqs : []))).toEqual(logged.map((e) => e.seq));
    }
  });

  it(`keeps each game's ${SNAPSHOTS_KEPT} latest snapshots, whichever writer appends, and writes none for a game deleted meanwhile`, async () => {
    const mj = await t.register();
    const [kept, gone] = await Promise.all([1, 2].map(() => insertGame(t.database.db, mj.userId)));
    const lines = (
      commits: Awaited<ReturnType<typeof committer>>['commits'],
      gameId: string,
      count: number,
    ) => Promise.all(Array.from({ length: count }, (_, i) => commits.submit(say(gameId, `L${i}`))));
    const { writer } = await soleWriter(60_000);
    const sole = (await committer(writer)).commits;
    // In SNAPSHOT_EVERY, one statement per round: heads 0.75, 1.25 (a snapshot), 1.75.
    const every = (share: number) => share * SNAPSHOT_EVERY;
    for (const count of [every(0.75), every(0.5), every(0.5)]) {
      await lines(sole, kept!, count);
      await sole.flush();
    }
    // A game deleted between its commands and their statement takes them, and their snapshot, with it.
    await lines(sole, gone!, every(1.05));
    await t.database.db.delete(gamesTable).where(eq(gamesTable.id, gone!));
    await sole.close();
    // Another sole writer, as after a restart, reads the game back from the log: heads 2.25 (a
    // snapshot), 2.75, 3.25 (a snapshot), 3.75, 4.25 (a snapshot, and the first one dropped).
    const next = (await committer()).commits;
    for (const count of Array.from({ length: 5 }, () => every(0.5))) {
      await lines(next, kept!, count);
      await next.flush();
    }
    await next.close();
    const snapshots = await t.database.db
      .select({ gameId: tableSnapshots.gameId, seq: tableSnapshots.seq })
      .from(tableSnapshots)
      .where(inArray(tableSnapshots.gameId, [kept!, gone!]))
      .orderBy(tableSnapshots.seq);
    expect(snapshots).toEqual([2.25, 3.25, 4.25].map((share) => ({ gameId: kept, seq: every(share) })));
    expect(await serverLog(t, gone!)).toEqual([]);
    expect((await serverLog(t, kept!)).map((event) => event.seq)).toEqual(range(1, every(4.25)));
  });

  it('as the sole writer, emits a command of a game in memory before `submit` returns, and one that comes during an emission after it', async () => {
    const mj = await t.register();
    const gameId = await insertGame(t.database.db, mj.userId);
    const { writer } = await soleWriter(60_000);
    const emitted: number[] = [];
    let held: { promise: Promise<void>; release: () => void } | null = null;
    const commits = createGroupCommit({
      db: t.database.db,
      states: createTableStates(log),
      // Settles at once, as a drop's emission does, unless held (a hidden token's owners being read).
      emit: (_gameId, transitions) => {
        emitted.push(...transitions.map(({ event }) => event.seq));
        return held?.promise;
      },
      log,
      writer,
    });
    // The game's first command reads its state from the log: it waits for its turn.
    await commits.submit(say(gameId, 'Lue'));
    await new Promise((resolve) => setImmediate(resolve));
    const second = commits.submit(say(gameId, 'Aussitôt'));
    expect(emitted).toEqual([1, 2]);
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    held = { promise, release };
    const third = commits.submit(say(gameId, 'Retenue'));
    held = null;
    const fourth = commits.submit(say(gameId, 'Après'));
    // The fourth waits for the third's emission: nothing overtakes an event on its way.
    expect(emitted).toEqual([1, 2, 3]);
    release();
    const answered = await Promise.all([second, third, fourth]);
    expect(answered.map(([event]) => event?.seq)).toEqual([2, 3, 4]);
    expect(emitted).toEqual([1, 2, 3, 4]);
    await commits.close();
    expect((await serverLog(t, gameId)).map((event) => event.seq)).toEqual([1, 2, 3, 4]);
  });

  it('moves what a killed sole writer journaled into the log at the next start, each event once', async () => {
    const mj = await t.register();
    const fresh = await Promise.all([1, 2].map(() => insertGame(t.database.db, mj.userId)));
    const { directory, writer } = await soleWriter(60_000);
    const { commits } = await committer(writer);
    await Promise.all(Array.from({ length: 10 }, (_, i) => commits.submit(say(fresh[i % 2]!, `Avant ${i}`))));
    await commits.flush();
    const answered = await Promise.all(
      Array.from({ length: 20 }, (_, i) => commits.submit(say(fresh[i % 2]!, `Pendant ${i}`))),
    );
    // Killed here: 20 answered lines are in the journal only, and a last one was cut mid-write.
    const [segment] = readdirSync(directory);
    appendFileSync(path.join(directory, segment!), '[{"game_id":"');
    expect((await serverLog(t, fresh[0]!)).length).toBe(5);

    expect(await replayJournal(t.database.db, directory, log)).toBe(20);
    for (const [g, gameId] of fresh.entries()) {
      const logged = await serverLog(t, gameId);
      expect(logged.map((event) => event.seq)).toEqual(range(1, 15));
      expect(logged.slice(5)).toEqual(answered.filter((_, i) => i % 2 === g).flat());
    }
    expect(readdirSync(directory)).toEqual([]);
    // The next process journals afresh; a journal replayed twice logs nothing twice.
    expect(await replayJournal(t.database.db, directory, log)).toBe(0);
  });

  it("replays a journal line written before the journal kept the log's rows (events with their game)", async () => {
    const mj = await t.register();
    const gameId = await insertGame(t.database.db, mj.userId);
    const directory = await mkdtemp(path.join(journals, 'j-'));
    const createdAt = new Date().toISOString();
    const earlier = [1, 2].map((seq) => ({
      gameId,
      event: { seq, ...systemMessage(`Ancienne ${seq}`), userId: mj.userId, createdAt },
    }));
    appendFileSync(path.join(directory, '0000000000.ndjson'), `${JSON.stringify(earlier)}\n`);
    expect(await replayJournal(t.database.db, directory, log)).toBe(2);
    expect(await serverLog(t, gameId)).toEqual(earlier.map(({ event }) => event));
    expect(readdirSync(directory)).toEqual([]);
  });

  it('tries a statement that failed again at the next turn, the journal keeping what it carries', async () => {
    const mj = await t.register();
    const gameId = await insertGame(t.database.db, mj.userId);
    const directory = await mkdtemp(path.join(journals, 'j-'));
    const { db } = t.database;
    const execute = vi
      .fn((query: Parameters<typeof db.execute>[0]) => db.execute(query))
      .mockRejectedValueOnce(new Error('panne'));
    // The database once down: the statement goes through `execute`, never a pool of its own.
    const flaky = Object.assign(Object.create(db) as typeof db, { $client: undefined, execute });
    const writer = createLogWriter({ db: flaky, journal: openJournal(directory), log, everyMs: 20 });
    const { commits } = await committer(writer);
    await commits.submit(say(gameId, 'Têtue'));
    await expect(commits.flush()).rejects.toThrow('panne');
    await vi.waitFor(async () => expect(await serverLog(t, gameId)).toHaveLength(1));
    expect(execute).toHaveBeenCalledTimes(2);
    await commits.close();
    expect(readdirSync(directory)).toEqual([]);
  });

  it('logs, as the foreign keys would, what a sole writer decided for a game or an author deleted since', async () => {
    const mj = await t.register();
    const author = await t.register();
    const [gone, kept] = await Promise.all([1, 2].map(() => insertGame(t.database.db, mj.userId)));
    const { writer } = await soleWriter(60_000);
    const { commits } = await committer(writer);
    await Promise.all([
      commits.submit(say(gone!, 'Perdue')),
      commits.submit({ gameId: kept!, userId: author.userId, decideOn: () => [systemMessage('Gardée')] }),
    ]);
    await t.database.db.delete(gamesTable).where(eq(gamesTable.id, gone!));
    await t.database.db.delete(users).where(eq(users.id, author.userId));
    await commits.flush();
    expect(await serverLog(t, gone!)).toEqual([]);
    expect((await serverLog(t, kept!)).map(({ seq, userId }) => ({ seq, userId }))).toEqual([
      { seq: 1, userId: null },
    ]);
  });

  it('takes a deleted game’s logged events with it and leaves a deleted author’s lines without one', async () => {
    const mj = await t.register();
    const author = await t.register();
    const [gone, kept] = await Promise.all([1, 2].map(() => insertGame(t.database.db, mj.userId)));
    const { commits } = await committer();
    for (const gameId of [gone!, kept!]) {
      await commits.submit({ gameId, userId: author.userId, decideOn: () => [systemMessage('Écrite')] });
    }
    await commits.close();
    await t.database.db.delete(gamesTable).where(eq(gamesTable.id, gone!));
    await t.database.db.delete(users).where(eq(users.id, author.userId));
    const { rows } = (await t.database.db.execute(
      sql`select game_id, user_id from table_events where game_id in (${gone!}, ${kept!})`,
    )) as unknown as { rows: Array<{ game_id: string; user_id: string | null }> };
    expect(rows).toEqual([{ game_id: kept!, user_id: null }]);
  });

  it('refuses only the refused command and fails only the failing one; the rest of the batch is logged', async () => {
    const { commits } = await committer();
    const [gameId] = games as [string];
    const before = (await serverLog(t, gameId)).length;
    const outcomes = await Promise.allSettled([
      commits.submit(say(gameId, 'Avant')),
      commits.submit({ gameId, userId: null, decideOn: () => 'Refusé.' }),
      commits.submit({
        gameId,
        userId: null,
        decideOn: () => {
          throw new Error('panne');
        },
      }),
      commits.submit(say(gameId, 'Après')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 400,
      message: 'Refusé.',
    });
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'panne' });
    await commits.close();
    const logged = await serverLog(t, gameId);
    expect(logged.slice(before).map((event) => (event.payload as { message: string }).message)).toEqual([
      'Avant',
      'Après',
    ]);
    expect(logged.map((event) => event.seq)).toEqual(logged.map((_, i) => i + 1));
  });

  it('takes nothing more once closed, after committing what was queued', async () => {
    const { commits } = await committer();
    const [, gameId] = games as [string, string];
    const queued = commits.submit(say(gameId, 'Dernière'));
    await commits.close();
    await expect(queued).resolves.toHaveLength(1);
    await expect(commits.submit(say(gameId, 'Trop tard'))).rejects.toMatchObject({ statusCode: 503 });
  });

  it('keeps the states of at most its capacity of games, and reads a dropped one back from the log', async () => {
    const states = createTableStates(log, 2);
    const folded = [];
    // One after the other: the order of use is what the test is about.
    for (const gameId of games) folded.push(await states.current(t.database.db, gameId));
    // The first game, least recently used, made room for the third.
    expect(states.cached(games[0]!)).toBeUndefined();
    expect(states.cached(games[1]!)).toBe(folded[1]);
    expect(states.cached(games[2]!)).toBe(folded[2]);
    expect(await states.current(t.database.db, games[0]!)).toEqual(folded[0]);
    expect(states.cached(games[1]!)).toBeUndefined();
  });
});
