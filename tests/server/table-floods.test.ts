import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_RATES } from '../../server/modules/table/command-rates';
import { DRAGS_PER_SECOND } from '../../server/modules/table/socket';
import { tooManySocketsRefused } from '../../server/realtime/sockets-per-account';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  MAP,
  monsterDraft,
  playerDraft,
  serverLog,
  tokenOf,
  type TableClient,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

/**
 * Floods a hostile player may send: 200 attacks at once, each writing chat lines past the chat's
 * own limit; 150 sockets of one account, each asking for a drag allowance of its own. Each kind of
 * command has an allowance per account, and an account a number of sockets. Bounded in count: a flood here is a few hundred commands.
 */
/** The production default (server/config.ts). */
const SOCKETS_PER_ACCOUNT = 10;

describe.each(drivers)('floods at the table (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({
    driver,
    env: { TABLE_RATE_SCALE: '1', SOCKETS_PER_ACCOUNT: String(SOCKETS_PER_ACCOUNT) },
  });
  let hero: string;
  let wolf: string;

  beforeAll(async () => {
    const place = async (client: TableClient, intent: ReturnType<typeof playerDraft>) => {
      const answer = await client.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...intent },
      });
      if (!answer.ok) throw new Error(answer.error);
      return (await tokenOf(t, p.gameId, intent.itemId)).usableId;
    };
    hero = await place(owner, playerDraft(p.ownerCharacter, { x: 10, y: 10 }));
    wolf = await place(mj, monsterDraft(p, 'Loup', { x: 15, y: 10 }));
  });

  /** Sends `count` times at once and sorts the answers: refused for the flood, or anything else. */
  const flood = async (client: TableClient, count: number, event: string, payload: () => unknown) => {
    const answers = await Promise.all(Array.from({ length: count }, () => client.send(event, payload())));
    return answers.filter((answer) => !answer.ok).map((answer) => (answer.ok ? '' : answer.error));
  };

  it('refuses attacks past the allowance in French, before they roll or write a line', async () => {
    const logged = (await serverLog(t, p.gameId)).length;
    const refusals = await flood(owner, 200, 'attack', () => ({
      gameId: p.gameId,
      map: MAP,
      attackerId: hero,
      attack: { kind: 'simple' },
      targetId: wolf,
    }));
    const flooded = refusals.filter((error) => error === COMMAND_RATES.attack.refusal).length;
    // The allowance refills by one a second while the 200 are read.
    expect(flooded).toBeGreaterThanOrEqual(200 - COMMAND_RATES.attack.burst - 5);
    const attacks = (await serverLog(t, p.gameId))
      .slice(logged)
      .filter((event) => event.type === 'attack.performed');
    expect(attacks.length).toBeLessThanOrEqual(200 - flooded);
    expect((await t.api('GET', '/health')).status).toBe(200);
  });

  it('gives each kind of command its own allowance per account', async () => {
    const moves = await flood(owner, 300, 'itemChange', () => ({
      gameId: p.gameId,
      change: { type: 'token.move', map: MAP, usableId: hero, x: 12, y: 12 },
    }));
    expect(moves.filter((error) => error === COMMAND_RATES.move.refusal).length).toBeGreaterThanOrEqual(
      300 - COMMAND_RATES.move.burst - 40,
    );
    // The other player's allowance is theirs; the MJ's turn order is another kind.
    expect(
      await other.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...playerDraft(p.otherCharacter, { x: 30, y: 30 }) },
      }),
    ).toEqual({ ok: true });
    const turns = await flood(mj, 40, 'turnOrderChange', () => ({
      gameId: p.gameId,
      change: { type: 'turnOrder.next', map: MAP },
    }));
    expect(turns.filter((error) => error === COMMAND_RATES.turnOrder.refusal).length).toBeGreaterThanOrEqual(
      40 - COMMAND_RATES.turnOrder.burst - 5,
    );
  });

  it(`refuses the account's socket past ${SOCKETS_PER_ACCOUNT}, and lets one in again once one closes`, async () => {
    const { other: player } = p;
    // The `other` client of joinedParty holds one already.
    const opened: Socket[] = [];
    for (let n = 1; n < SOCKETS_PER_ACCOUNT; n++) opened.push(await t.socket(player.token));
    await expect(t.socket(player.token)).rejects.toThrow(tooManySocketsRefused(SOCKETS_PER_ACCOUNT));
    opened.pop()!.disconnect();
    await expect
      .poll(async () => {
        const socket = await t.socket(player.token).catch(() => null);
        if (socket) opened.push(socket);
        return socket !== null;
      })
      .toBe(true);
    opened.forEach((socket) => socket.disconnect());
  });

  it('relays one allowance of drags per account, however many sockets it opens', async () => {
    // Counted where the server hands them to socket.io: a volatile packet may still be dropped on
    // its way to a busy socket, which is not the allowance's doing.
    const adapter = t.app.realtime.io.of('/').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    let relayed = 0;
    adapter.broadcast = (packet, options) => {
      if ((packet as { data?: unknown[] }).data?.[0] === 'itemDragging') relayed += 1;
      broadcast(packet, options);
    };
    const tabs = await Promise.all([1, 2, 3].map(() => t.socket(p.owner.token)));
    try {
      await Promise.all(
        tabs.map((tab) => emitWithAck(tab, 'tableCatchUp', { gameId: p.gameId, afterSeq: 0 })),
      );
      for (const tab of tabs) {
        for (let n = 0; n < DRAGS_PER_SECOND; n++) {
          tab.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: hero, x: n % 50, y: 20 });
        }
      }
      // A last request from each tab, answered after its drags were read.
      await Promise.all(tabs.map((tab) => emitWithAck(tab, 'turnOrderRequest', { gameId: p.gameId })));
    } finally {
      adapter.broadcast = broadcast;
      tabs.forEach((tab) => tab.disconnect());
    }
    // 300 sent; the allowance refills by 100 a second while they are read.
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThan(2 * DRAGS_PER_SECOND);
  });
});
