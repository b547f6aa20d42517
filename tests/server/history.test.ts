import { describe, expect, it } from 'vitest';
import type { HistoryEvents, HistoryMarks, HistoryPoint } from '../../src/api/schemas/history';
import { historyMessages } from '../../src/api/schemas/history';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import { REPLAY_CHECKPOINT_EVERY } from '../../src/domain/table/replay';
import type { TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { tableEvents, tableReplayCheckpoints, tableSnapshots } from '../../server/db/schema/index';
import { tableLog } from '../../bench/lib/table-log';
import { insertGame } from '../helpers/game-fixtures';
import { fogRect } from '../helpers/fog';
import { drivers } from '../helpers/server';
import {
  MAP,
  monsterDraft,
  placeToken,
  playerDraft,
  serverLog,
  serverState,
  tokenOf,
  type TableClient,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';
import { eq } from 'drizzle-orm';

const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";

/** The server's state after event `seq`, folded from the log. */
const foldedTo = (log: readonly TableEvent[], seq: number): TableState =>
  applyEvents(
    emptyTable,
    log.filter((event) => event.seq <= seq),
  ).state;

describe.each(drivers)('replay (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const history = <T>(path: string, token: string) =>
    t.api<T>('GET', `/game-data/${p.gameId}/history${path}`, undefined, token);
  const reachAll = async () => {
    const { lastSeq } = await serverState(t, p.gameId);
    await Promise.all([mj, owner, other].map((client) => client.reach(lastSeq)));
  };

  it('is its members’ alone: 401 without a session, 403 to an outsider or a kicked player, 404 for no game', async () => {
    expect((await t.api('GET', `/game-data/${p.gameId}/history`)).status).toBe(401);
    for (const user of [p.outsider, p.kicked]) {
      for (const path of ['', '/state?seq=1', '/events?after=0']) {
        expect(await history(path, user.token)).toMatchObject({ status: 403, body: { error: forbidden } });
      }
    }
    expect(await t.api('GET', '/game-data/pas-une-partie/history', undefined, p.mj.token)).toMatchObject({
      status: 404,
      body: { error: 'Partie non trouvée.' },
    });
    expect(await history('/state?seq=-1', p.owner.token)).toMatchObject({
      status: 400,
      body: { error: historyMessages.badSeq },
    });
    expect(await history('/events?after=0&limit=5000', p.owner.token)).toMatchObject({
      status: 400,
      body: { error: historyMessages.badLimit },
    });
  });

  it('shows each member the table as they saw it then: no hidden or fogged token reaches a player', async () => {
    const hidden = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Ombre', { hidden: true }));
    const fogged = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 80, y: 80 }));
    await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 5, y: 5 }));
    expect(
      await mj.send('fogChange', {
        gameId: p.gameId,
        map: MAP,
        change: fogRect('cover', 70, 70, 100, 100),
      }),
    ).toEqual({ ok: true });
    expect(
      await mj.send('turnOrderChange', {
        gameId: p.gameId,
        change: { type: 'turnOrder.generate', map: MAP },
      }),
    ).toEqual({ ok: true });
    await reachAll();
    const log = await serverLog(t, p.gameId);
    const head = log.length;

    const seats: Array<[TableClient, { token: string }, TableActor]> = [
      [mj, p.mj, p.actors.mj],
      [owner, p.owner, p.actors.owner],
      [other, p.other, p.actors.other],
    ];
    for (const [client, user, actor] of seats) {
      for (const seq of [0, 1, Math.floor(head / 2), head - 1, head]) {
        const { body } = await history<HistoryPoint>(`/state?seq=${seq}`, user.token);
        expect(body.seq).toBe(seq);
        expect(body.state).toEqual(JSON.parse(JSON.stringify(visibleTo(foldedTo(log, seq), actor))));
        expect(body.chat.every((line) => line.seq <= seq)).toBe(true);
      }
      // What they play back is what their live copy heard under each seq, nothing more.
      const { body: page } = await history<HistoryEvents>('/events?after=0&limit=1000', user.token);
      expect(page.events.map((event) => event.seq)).toEqual(log.map((event) => event.seq));
      const heard = new Map(client.heard.map((event) => [event.seq, event]));
      for (const event of page.events) {
        if (heard.has(event.seq)) expect(event).toEqual(heard.get(event.seq));
      }
      const marks = (await history<HistoryMarks>('', user.token)).body;
      expect(marks.head).toBe(head);
      expect(marks.evenings).toHaveLength(1);
    }
    const seen =
      (await history<HistoryPoint>(`/state?seq=${head}`, p.other.token)).body.state.tokens[MAP] ?? {};
    expect(Object.keys(seen)).not.toContain(hidden);
    expect(Object.keys(seen)).not.toContain(fogged);
    const mjSees =
      (await history<HistoryPoint>(`/state?seq=${head}`, p.mj.token)).body.state.tokens[MAP] ?? {};
    expect(Object.keys(mjSees)).toEqual(expect.arrayContaining([hidden, fogged]));
    // The fight's first turn is on the players' map: everyone may jump to it.
    const turns = (await history<HistoryMarks>('', p.other.token)).body.turns;
    expect(turns).toEqual([expect.objectContaining({ round: 1, starts: true })]);
    const at = log.at(-1)!.createdAt;
    expect((await history<HistoryPoint>(`/state?at=${encodeURIComponent(at)}`, p.other.token)).body.seq).toBe(
      head,
    );
  });

  it('lets two members replay while commands arrive, and writes nothing of the live table', async () => {
    const mover = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const snapshotsBefore = await t.database.db
      .select()
      .from(tableSnapshots)
      .where(eq(tableSnapshots.gameId, p.gameId));
    const moves = Array.from({ length: 20 }, (_, i) =>
      owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: MAP, usableId: mover, x: 20 + i, y: 30 },
      }),
    );
    const replays = Array.from({ length: 10 }, (_, i) =>
      Promise.all([
        history<HistoryPoint>(`/state?seq=${i + 1}`, p.mj.token),
        history<HistoryEvents>(`/events?after=${i}&limit=50`, p.other.token),
      ]),
    );
    expect(await Promise.all(moves)).toEqual(moves.map(() => ({ ok: true })));
    const answers = (await Promise.all(replays)).flat();
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const log = await serverLog(t, p.gameId);
    expect(log.map((event) => event.seq)).toEqual(log.map((_, i) => i + 1));
    for (const [i, [point]] of (await Promise.all(replays)).entries()) {
      expect(point.body.state).toEqual(
        JSON.parse(JSON.stringify(visibleTo(foldedTo(log, i + 1), p.actors.mj))),
      );
    }
    const snapshotsAfter = await t.database.db
      .select()
      .from(tableSnapshots)
      .where(eq(tableSnapshots.gameId, p.gameId));
    expect(snapshotsAfter).toEqual(snapshotsBefore);
  });

  it('jumps anywhere in a long game from checkpoints written by its first replay', async () => {
    const gameId = await insertGame(t.database.db, p.mj.userId, 'Longue partie');
    const count = 2 * REPLAY_CHECKPOINT_EVERY + Math.floor(REPLAY_CHECKPOINT_EVERY / 2);
    const log = tableLog(count);
    for (let from = 0; from < count; from += 500) {
      await t.database.db.insert(tableEvents).values(
        log.slice(from, from + 500).map((event) => ({
          gameId,
          seq: event.seq,
          type: event.type,
          payload: event.payload as Record<string, unknown>,
          createdAt: new Date(event.createdAt),
        })),
      );
    }
    const long = (path: string) =>
      t.api<HistoryPoint>('GET', `/game-data/${gameId}/history${path}`, undefined, p.mj.token);
    for (const seq of [REPLAY_CHECKPOINT_EVERY - 1, REPLAY_CHECKPOINT_EVERY, count - 3]) {
      const { body } = await long(`/state?seq=${seq}`);
      expect(body.state).toEqual(JSON.parse(JSON.stringify(foldedTo(log, seq))));
    }
    const kept = await t.database.db
      .select({ seq: tableReplayCheckpoints.seq })
      .from(tableReplayCheckpoints)
      .where(eq(tableReplayCheckpoints.gameId, gameId));
    expect(kept.map((row) => row.seq).sort((a, b) => a - b)).toEqual([
      REPLAY_CHECKPOINT_EVERY,
      2 * REPLAY_CHECKPOINT_EVERY,
    ]);
  });
});
