/**
 * Commands under the client's id (docs/live-table.md "Command ids"): a command sent again under the id
 * it was sent with — its answer lost to a restart or a takeover — is answered as the first one
 * was and never done twice, whichever process hears it, in memory or from the log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/table/types';
import { drivers, startTestServer, type TestServer } from '../helpers/server';
import { joined, monsterDraft, MAP, serverLog, tableParty, type TableParty } from '../helpers/table';

const ofType = (log: TableEvent[], type: TableEvent['type']) => log.filter((event) => event.type === type);

describe.each(drivers)('table commands under the client’s id (%s)', (driver) => {
  let first: TestServer;
  /** The server now: `first`, or the one started again on its data. */
  let t: TestServer;
  beforeAll(async () => {
    first = await startTestServer({ driver });
    t = first;
  });
  afterAll(async () => {
    if (t !== first) await t.close();
    await first.close();
  });

  /** A party with a Loup on the map; the MJ seated. */
  async function withMonster() {
    const p = await tableParty(t);
    const mj = await joined(t, p.mj, p.gameId);
    const placed = await mj.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.place', map: MAP, ...monsterDraft(p, 'Loup') },
      commandId: randomUUID(),
    });
    expect(placed).toEqual({ ok: true });
    const log = await serverLog(t, p.gameId);
    const token = ofType(log, 'token.placed').at(-1)!.payload as { token: { usableId: string } };
    return { p, mj, usableId: token.token.usableId };
  }
  const adjust = (p: TableParty, usableId: string, commandId?: string) => ({
    gameId: p.gameId,
    change: {
      type: 'token.adjust',
      map: MAP,
      usableId,
      resource: 'HP',
      direction: 'decrease',
      amount: 3,
    },
    ...(commandId ? { commandId } : {}),
  });

  it('logs an adjustment, a chat line and a roll sent twice under one id once each, answering both alike', async () => {
    const { p, mj, usableId } = await withMonster();
    const commands: Array<[string, unknown]> = [
      ['itemChange', adjust(p, usableId, randomUUID())],
      [
        'newMessage',
        { gameId: p.gameId, content: { kind: 'text', text: 'Une fois' }, commandId: randomUUID() },
      ],
      [
        'newMessage',
        {
          gameId: p.gameId,
          content: { kind: 'roll', dice: { count: 1, sides: 20, bonus: 0 } },
          commandId: randomUUID(),
        },
      ],
    ];
    for (const [event, payload] of commands) {
      expect(await mj.send(event, payload)).toEqual({ ok: true });
      expect(await mj.send(event, payload), `${event} again`).toEqual({ ok: true });
    }
    const log = await serverLog(t, p.gameId);
    expect(ofType(log, 'token.adjusted')).toHaveLength(1);
    expect(ofType(log, 'chat.posted')).toHaveLength(1);
    expect(ofType(log, 'dice.rolled')).toHaveLength(1);
    // Another intent is another id: done again.
    expect(await mj.send('itemChange', adjust(p, usableId, randomUUID()))).toEqual({ ok: true });
    expect(ofType(await serverLog(t, p.gameId), 'token.adjusted')).toHaveLength(2);
  });

  it('refuses an id that is not a UUID', async () => {
    const { p, mj, usableId } = await withMonster();
    const answer = await mj.send('itemChange', adjust(p, usableId, 'x'.repeat(5000)));
    expect(answer.ok).toBe(false);
    expect(ofType(await serverLog(t, p.gameId), 'token.adjusted')).toHaveLength(0);
  });

  it('finds the first outcome in the log once the server has restarted', async () => {
    const { p, mj, usableId } = await withMonster();
    const again = adjust(p, usableId, randomUUID());
    expect(await mj.send('itemChange', again)).toEqual({ ok: true });
    await t.stop();
    t = await startTestServer({ peerOf: t });
    const mjAfter = await joined(t, p.mj, p.gameId);
    expect(await mjAfter.send('itemChange', again)).toEqual({ ok: true });
    expect(ofType(await serverLog(t, p.gameId), 'token.adjusted')).toHaveLength(1);
  });
});
