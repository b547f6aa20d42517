import { beforeAll, describe, expect, it } from 'vitest';
import type { TableViewAnswer } from '../../src/api/schemas/table';
import { bandOf } from '../../src/domain/table/health';
import type { MapToken, TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { createUsersService } from '../../server/modules/users/service';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  joined,
  MAP,
  monsterDraft,
  playerDraft,
  serverState,
  tokenOf,
  type TableClient,
  placeToken,
  type TokenIntent,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

/** A cell of the test map (1500 × 1000 px): 5 % across, 7.5 % down. */
const cell = (column: number, row: number) => ({ x: column * 5, y: row * 7.5 });

/** Every token an event carries, and every HP change it tells of, for the goblin. */
function aboutGoblin(heard: TableEvent[], goblin: string) {
  const tokens: MapToken[] = [];
  const adjusted: Array<Record<string, unknown>> = [];
  for (const event of heard) {
    if (event.type === 'token.placed' || event.type === 'token.visibilityChanged') {
      if (event.payload.token.usableId === goblin) tokens.push(event.payload.token);
    }
    if (event.type === 'token.adjusted' && event.payload.usableId === goblin) adjusted.push(event.payload);
  }
  return { tokens, adjusted };
}

describe.each(drivers)('a monster’s health (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  let goblin: string;
  let aria: string;
  const adjustGoblin = (amount: number) =>
    mj.send('itemChange', {
      gameId: p.gameId,
      change: {
        type: 'token.adjust',
        map: MAP,
        usableId: goblin,
        resource: 'HP',
        direction: 'decrease',
        amount,
      },
    });

  beforeAll(async () => {
    const place = (client: TableClient, intent: TokenIntent) => placeToken(t, p.gameId, client, intent);
    aria = await place(owner, playerDraft(p.ownerCharacter, cell(2, 1)));
    goblin = await place(mj, monsterDraft(p, 'Gobelin', cell(3, 1)));
  });

  it('gives the players its band, never its HP, live, after an attack and in a catch-up; the MJ its numbers', async () => {
    // 12 → 9: wounded; → 8: still wounded, which the players are not told; then Aria strikes until she lands a blow.
    expect(await adjustGoblin(3)).toEqual({ ok: true });
    expect(await adjustGoblin(1)).toEqual({ ok: true });
    let landed = false;
    for (let tries = 0; tries < 40 && !landed; tries += 1) {
      const before = (await tokenOf(t, p.gameId, p.monsters.Gobelin)).currentHP;
      expect(
        await owner.send('attack', {
          gameId: p.gameId,
          map: MAP,
          attackerId: aria,
          attack: { kind: 'simple' },
          targetId: goblin,
        }),
      ).toEqual({ ok: true });
      landed = (await tokenOf(t, p.gameId, p.monsters.Gobelin)).currentHP !== before;
    }
    expect(landed).toBe(true);

    const state = await serverState(t, p.gameId);
    for (const client of [mj, owner, other]) await client.reach(state.lastSeq);
    const truth = state.tokens[MAP]![goblin]!;
    expect(truth.currentHP).toBeLessThan(8);
    const band = bandOf(truth.currentHP!, truth.HP!);

    // The MJ hears every number.
    const master = aboutGoblin(mj.heard, goblin);
    expect(master.tokens[0]).toMatchObject({ HP: 12, currentHP: 12 });
    expect(master.adjusted.map((payload) => payload.value)).toEqual([9, 8, truth.currentHP]);
    expect(mj.inbox.state.tokens[MAP]![goblin]).toEqual(truth);

    // A late joiner catches up from the start; a request answers the table as it is now.
    const late = await joined(t, p.other, p.gameId);
    const view = await emitWithAck<TableViewAnswer>(owner.socket, 'itemRequest', { gameId: p.gameId });
    for (const [player, actor] of [
      [owner, p.actors.owner],
      [other, p.actors.other],
      [late, p.actors.other],
    ] as const) {
      const heard = aboutGoblin(player.heard, goblin);
      expect(heard.tokens).toEqual([
        expect.objectContaining({ HP: null, currentHP: null, health: 'unhurt' }),
      ]);
      // Unhurt → wounded, then the blow; the second scratch left it as wounded and came redacted.
      expect(heard.adjusted).toEqual([
        { map: MAP, usableId: goblin, resource: 'HP', health: 'wounded' },
        { map: MAP, usableId: goblin, resource: 'HP', health: band },
      ]);
      expect(JSON.stringify(heard)).not.toMatch(/"value"|"currentHP":\d|"HP":\d/);
      expect(player.inbox.state.tokens[MAP]![goblin]).toMatchObject({
        HP: null,
        currentHP: null,
        health: band,
      });
      expect(player.inbox.state).toEqual(visibleTo(state, actor));
      // A character's HP stay in everyone's sight.
      expect(player.inbox.state.tokens[MAP]![aria]).toMatchObject({ HP: 30, currentHP: 30 });
    }
    expect(view.ok && view.state.tokens[MAP]![goblin]).toMatchObject({
      HP: null,
      currentHP: null,
      health: band,
    });
  });

  it('keeps a monster’s AC, attack bonus and damage for the MJ and admins: players get none, live, caught up or asked', async () => {
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const overseer = await joined(t, admin, p.gameId);
    // One in sight from the start, one hidden then shown: both ways a token reaches a player.
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...monsterDraft(p, 'Loup', cell(5, 1)) },
      }),
    ).toEqual({ ok: true });
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...monsterDraft(p, 'Ombre', cell(6, 1)), hidden: true },
      }),
    ).toEqual({ ok: true });
    const shade = (await tokenOf(t, p.gameId, p.monsters.Ombre)).usableId;
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.toggleVisibility', map: MAP, usableId: shade },
      }),
    ).toEqual({ ok: true });
    const state = await serverState(t, p.gameId);
    const late = await joined(t, p.other, p.gameId);
    for (const client of [mj, overseer, owner, late]) await client.reach(state.lastSeq);

    const figures = { AC: 12, attackBonus: 2, damage: '1d6' };
    const hidden = { AC: null, attackBonus: null, damage: null };
    const monsterTokens = (heard: TableEvent[]) =>
      heard.flatMap((event) =>
        (event.type === 'token.placed' || event.type === 'token.visibilityChanged') &&
        !event.payload.token.isPlayer
          ? [event.payload.token]
          : [],
      );
    for (const manager of [mj, overseer]) {
      expect(monsterTokens(manager.heard).length).toBeGreaterThan(0);
      for (const token of monsterTokens(manager.heard)) expect(token).toMatchObject(figures);
    }
    for (const player of [owner, late]) {
      // Goblin, wolf and shade: every monster token the player was given.
      expect(monsterTokens(player.heard).length).toBeGreaterThanOrEqual(3);
      for (const token of monsterTokens(player.heard)) expect(token).toMatchObject(hidden);
    }
    for (const player of [owner, late]) {
      for (const token of Object.values(player.inbox.state.tokens[MAP]!)) {
        expect(token).toMatchObject(token.isPlayer ? { AC: 10, damage: expect.any(String) } : hidden);
      }
    }
    const asked = async (user: { token: string }) => {
      const socket = (await joined(t, user, p.gameId)).socket;
      const view = await emitWithAck<TableViewAnswer>(socket, 'itemRequest', { gameId: p.gameId });
      socket.close();
      return Object.values(view.state.tokens[MAP]!).filter((token) => !token.isPlayer);
    };
    for (const token of await asked(p.owner)) expect(token).toMatchObject(hidden);
    for (const token of await asked(p.mj)) expect(token).toMatchObject(figures);
    expect(late.inbox.state).toEqual(visibleTo(state, p.actors.other));
    for (const client of [overseer, late]) client.socket.close();
  });
});
