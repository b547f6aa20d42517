import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameMessagesAnswer, TableRulerShown, TableViewAnswer } from '../../src/api/schemas/table';
import type { FogChange } from '../../src/domain/table/fog';
import { fogMessages, tableMessages } from '../../src/domain/table/messages';
import type { TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { insertCharacter } from '../helpers/game-fixtures';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  heardOn,
  joined,
  MAP,
  monsterDraft,
  placeToken,
  playerDraft,
  serverState,
  tokenOf,
  type TableClient,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';
import { expectAttackUnseen, expectPingsOnlyWhereSeen } from '../helpers/unseen-at-table';
import { fogRect as rect } from '../helpers/fog';

const coverAll: FogChange = { kind: 'all', base: 'covered' };
const revealAll: FogChange = { kind: 'all', base: 'revealed' };
const idsOn = (state: TableState) => Object.keys(state.tokens[MAP] ?? {});

describe.each(drivers)('the fog of war (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver, env: { TABLE_RATE_SCALE: '1' } });
  const fog = (client: TableClient, change: FogChange, map = MAP) =>
    client.send('fogChange', { gameId: p.gameId, map, change });
  const head = async () => (await serverState(t, p.gameId)).lastSeq;
  const reachAll = async () => {
    const seq = await head();
    await Promise.all([mj, owner, other].map((client) => client.reach(seq)));
  };
  const view = async (client: TableClient) =>
    (await emitWithAck<TableViewAnswer>(client.socket, 'itemRequest', { gameId: p.gameId })).state;

  afterEach(async () => {
    expect(await fog(mj, revealAll)).toEqual({ ok: true });
    await reachAll();
  });

  it('is the MJ’s to draw, on an open map, with shapes on the map: a refusal changes nothing', async () => {
    const before = await head();
    expect(await fog(owner, coverAll)).toEqual({ ok: false, error: fogMessages.onlyMaster });
    expect(await fog(mj, rect('cover', 0, 0, 120, 10))).toEqual({
      ok: false,
      error: fogMessages.invalidShape,
    });
    const brushWithoutRadius: FogChange = {
      kind: 'shape',
      shape: { mode: 'cover', kind: 'brush', points: [{ x: 1, y: 1 }] },
    };
    expect(await fog(mj, brushWithoutRadius)).toEqual({ ok: false, error: fogMessages.invalidShape });
    expect(await fog(mj, coverAll, 'Secret')).toEqual({ ok: false, error: tableMessages.mapNotOpen });
    expect((await fog(mj, { kind: 'all', base: 'dark' } as unknown as FogChange)).ok).toBe(false);
    expect(await head()).toBe(before);
  });

  it('takes a goblin under fog out of the players’ copies, live, in a view and caught up', async () => {
    const goblin = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 60, y: 60 }));
    const hero = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 10, y: 10 }));
    await reachAll();
    expect(idsOn(other.inbox.state)).toContain(goblin);

    expect(await fog(mj, coverAll)).toEqual({ ok: true });
    await reachAll();
    const state = await serverState(t, p.gameId);
    expect(idsOn(mj.inbox.state)).toContain(goblin);
    expect(idsOn(other.inbox.state)).not.toContain(goblin);
    expect(idsOn(other.inbox.state)).not.toContain(hero);
    // Its owner follows their character into the fog.
    expect(idsOn(owner.inbox.state)).toEqual([hero]);
    expect(other.inbox.state).toEqual(visibleTo(state, p.actors.other));
    expect(owner.inbox.state).toEqual(visibleTo(state, p.actors.owner));
    expect(idsOn(await view(other))).not.toContain(goblin);
    const late = await joined(t, p.other, p.gameId);
    expect(late.inbox.state).toEqual(visibleTo(state, p.actors.other));
    late.socket.disconnect();

    // The MJ reveals the goblin's corner of the map: it comes back, as a monster reaches a player.
    expect(await fog(mj, rect('reveal', 50, 50, 80, 80))).toEqual({ ok: true });
    await reachAll();
    // The MJ's history follows the change, redacted to a player.
    expect(other.heard.at(-2)).toMatchObject({ type: 'map.fogChanged', payload: { vanished: [] } });
    expect(other.inbox.state.tokens[MAP]?.[goblin]).toMatchObject({ HP: null, health: 'unhurt' });
    expect(idsOn(await view(other))).toContain(goblin);
    const revealed = await joined(t, p.other, p.gameId);
    expect(idsOn(revealed.inbox.state)).toContain(goblin);
    revealed.socket.disconnect();
  });

  it('takes a token walking into fog out of the players’ copies and brings it back when it walks out', async () => {
    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup', { x: 20, y: 60 }));
    expect(await fog(mj, rect('cover', 50, 0, 100, 100))).toEqual({ ok: true });
    await reachAll();
    expect(idsOn(other.inbox.state)).toContain(wolf);

    // Each move carries the MJ's history, which a player never hears (decision 0043).
    const move = (x: number) =>
      mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: MAP, usableId: wolf, x, y: 60 },
      });
    expect(await move(70)).toEqual({ ok: true });
    await reachAll();
    expect(other.heard.at(-1)).toMatchObject({ type: 'token.concealed', payload: { usableId: wolf } });
    expect(idsOn(other.inbox.state)).not.toContain(wolf);
    expect(await move(80)).toEqual({ ok: true });
    await reachAll();
    expect(other.heard.at(-1)).toMatchObject({ type: 'redacted' });
    expect(await move(20)).toEqual({ ok: true });
    await reachAll();
    expect(other.heard.at(-1)).toMatchObject({
      type: 'token.visibilityChanged',
      payload: { token: { usableId: wolf, x: 20 } },
    });
    expect(idsOn(other.inbox.state)).toContain(wolf);
  });

  it('keeps the lines of a fogged monster’s attack and pings in fog from the other players', async () => {
    const onMap = (await serverState(t, p.gameId)).tokens[MAP]!;
    const aria = Object.values(onMap).find((token) => token.itemId === p.ownerCharacter)!.usableId;
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: MAP, usableId: aria, x: 70, y: 30 },
      }),
    ).toEqual({ ok: true });
    const lurker = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Ombre', { x: 75, y: 30 }));
    expect(await fog(mj, rect('cover', 60, 0, 100, 100))).toEqual({ ok: true });
    const from = await head();
    expect(
      await mj.send('attack', {
        gameId: p.gameId,
        map: MAP,
        attackerId: lurker,
        attack: { kind: 'monster' },
        targetId: aria,
      }),
    ).toEqual({ ok: true });
    await reachAll();
    await expectAttackUnseen(t, p.gameId, from, { client: other, token: p.other.token }, p.mj.token);

    // A ping in the fog reaches the managers alone; one in the open, everyone.
    await expectPingsOnlyWhereSeen(
      p.gameId,
      { pinger: owner, mj, player: other },
      { x: 1200, y: 500 },
      { x: 100, y: 500 },
    );
  });

  it('shows a character made since the players were last read to its player, under fog', async () => {
    expect(await fog(mj, coverAll)).toEqual({ ok: true });
    // Aria in fog: every move on the map is one the players may see apart, so they are read.
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const change = { type: 'token.move', map: MAP, usableId: aria, x: 12, y: 12 };
    expect(await owner.send('itemChange', { gameId: p.gameId, change })).toEqual({ ok: true });
    await reachAll();
    const scout = await insertCharacter(t.database.db, {
      userId: p.actors.other.userId,
      gameId: p.gameId,
      name: 'Éclaireuse',
    });
    const placed = await placeToken(t, p.gameId, mj, playerDraft(scout, { x: 30, y: 30 }));
    await reachAll();
    expect(idsOn(other.inbox.state)).toContain(placed);
    expect(idsOn(owner.inbox.state)).not.toContain(placed);
  });

  it('letters a monster placed in the fog and numbers it among those the players saw once it comes out', async () => {
    expect(await fog(mj, rect('cover', 60, 0, 100, 100))).toEqual({ ok: true });
    for (const x of [75, 20]) await placeToken(t, p.gameId, mj, monsterDraft(p, 'Spectre', { x, y: 30 }));
    await reachAll();
    const spectres = async (client: TableClient) =>
      Object.values((await view(client)).tokens[MAP] ?? {})
        .filter((token) => token.name.startsWith('Spectre'))
        .map((token) => `${token.name} (${token.x})`)
        .sort();
    // The one in the open is the first spectre the players see: its name tells of no other.
    expect(await spectres(owner)).toEqual(['Spectre 1 (20)']);
    expect(await spectres(mj)).toEqual(['Spectre 1 (20)', 'Spectre A (75)']);

    expect(await fog(mj, revealAll)).toEqual({ ok: true });
    await reachAll();
    const shown = ['Spectre 1 (20)', 'Spectre 2 (75)'];
    expect(await spectres(other)).toEqual(shown);
    expect(await spectres(mj)).toEqual(shown);
    const live = Object.values(owner.inbox.state.tokens[MAP] ?? {}).map((token) => token.name);
    expect(live).toEqual(expect.arrayContaining(['Spectre 1', 'Spectre 2']));
    const history = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}&limit=5`,
      undefined,
      p.mj.token,
    );
    expect(history.body.at(-1)?.payload).toMatchObject({
      audience: 'managers',
      message: tableMessages.renamed('Spectre A', 'Spectre 2', true),
    });
  });

  it('shows a ruler to the players while both its ends are out of the fog, and ends it where it went', async () => {
    expect(await fog(mj, rect('cover', 60, 0, 100, 100))).toEqual({ ok: true });
    await reachAll();
    const mjTab = await joined(t, p.mj, p.gameId);
    const ownerRulers = heardOn<TableRulerShown>(owner.socket, 'tableRulerShown');
    const managerRulers = heardOn<TableRulerShown>(mjTab.socket, 'tableRulerShown');
    const rulers = () => ownerRulers.map((shown) => shown.ruler);
    const open = { from: { x: 100, y: 500 }, to: { x: 300, y: 500 } };
    const intoFog = { from: { x: 100, y: 500 }, to: { x: 1200, y: 500 } };
    const fromFog = { from: { x: 1200, y: 500 }, to: { x: 100, y: 500 } };

    // Each step heard before the next: a ruler's moves are volatile, dropped when they crowd in.
    const step = async (client: TableClient, ruler: typeof open | null, heard: number) => {
      client.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler });
      await vi.waitFor(() => expect(managerRulers).toHaveLength(heard));
    };

    // The MJ's arrow reaches into the fog: the players are told its end, the managers follow it.
    await step(mj, open, 1);
    await vi.waitFor(() => expect(rulers()).toEqual([open]));
    await step(mj, intoFog, 2);
    await step(mj, intoFog, 3);
    await step(mj, null, 4);
    expect(managerRulers.map((shown) => shown.ruler)).toEqual([open, intoFog, intoFog, null]);
    // A player's arrow from the fog is the managers' alone, its end too.
    await step(other, fromFog, 5);
    await step(other, null, 6);
    await step(mj, open, 7);
    await vi.waitFor(() => expect(rulers()).toEqual([open, null, open]));
    expect(ownerRulers.every((shown) => shown.userId === p.mj.userId)).toBe(true);

    // A tab closed while its arrow is in the fog says its end to the managers only.
    const mjRulers = heardOn<TableRulerShown>(mj.socket, 'tableRulerShown');
    mjTab.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler: intoFog });
    await vi.waitFor(() => expect(mjRulers.map((shown) => shown.ruler)).toEqual([intoFog]));
    mjTab.socket.close();
    await vi.waitFor(() => expect(mjRulers.map((shown) => shown.ruler)).toEqual([intoFog, null]));
    mj.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler: null });
    await vi.waitFor(() => expect(rulers()).toEqual([open, null, open, null]));
  });
});
