import { afterAll, describe, expect, it } from 'vitest';
import type { TableViewAnswer } from '../../src/api/schemas/table';
import { wallMessages, type Wall } from '../../src/domain/geometry/walls';
import type { VisionChange } from '../../src/domain/table/map-vision';
import { tableMessages, visionMessages } from '../../src/domain/table/messages';
import type { TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { sightOfToken } from '../../src/domain/table/player-sight';
import { exploredLayoutOf, readExplored } from '../../src/domain/table/remembered';
import { isExploredAt } from '../../src/domain/geometry/explored';
import { characters } from '../../server/db/schema/index';
import { eq } from 'drizzle-orm';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  joined,
  MAP,
  monsterDraft,
  placeToken,
  playerDraft,
  serverState,
  type TableClient,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';
import { expectAttackUnseen, expectPingsOnlyWhereSeen } from '../helpers/unseen-at-table';

const wallOf = (id: string, [ax, ay, bx, by]: number[], kind: Wall['kind'] = 'wall'): Wall => ({
  id,
  a: { x: ax!, y: ay! },
  b: { x: bx!, y: by! },
  kind,
});
/** A wall down x = 450 px of the 1,500 × 1,000 map, with a door from y = 300 to 450. */
const room: VisionChange = {
  kind: 'add',
  walls: [
    wallOf('haut', [450, 0, 450, 300]),
    wallOf('porte', [450, 300, 450, 450], 'door'),
    wallOf('bas', [450, 450, 450, 1000]),
  ],
};

const idsOn = (state: TableState) => Object.keys(state.tokens[MAP] ?? {});
const lastSight = (client: TableClient) => client.heard.findLast((event) => event.type === 'vision.sight');
/** The goblin's place, in the map's pixels: (30.5 %, 60 %) of 1,500 × 1,000. */
const goblinAt = { x: 457.5, y: 600 };
/** Whether a player's copy remembers the cell of this point of the map. */
const remembers = (copy: TableState, at: { x: number; y: number }) => {
  const text = copy.sight?.explored;
  return text != null && isExploredAt(readExplored(exploredLayoutOf(copy, MAP), text), at);
};

describe.each(drivers)('walls and sight (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver, env: { TABLE_RATE_SCALE: '1' } });
  const vision = (client: TableClient, change: VisionChange, map = MAP) =>
    client.send('visionChange', { gameId: p.gameId, map, change });
  const head = async () => (await serverState(t, p.gameId)).lastSeq;
  const reachAll = async () => {
    const seq = await head();
    await Promise.all([mj, owner, other].map((client) => client.reach(seq)));
  };
  const view = async (client: TableClient) =>
    (await emitWithAck<TableViewAnswer>(client.socket, 'itemRequest', { gameId: p.gameId })).state;

  afterAll(async () => {
    expect(await vision(mj, { kind: 'clear' })).toEqual({ ok: true });
    await reachAll();
  });

  it('is the MJ’s to draw, on an open map, with walls on it and doors that exist: a refusal changes nothing', async () => {
    const before = await head();
    expect(await vision(owner, room)).toEqual({ ok: false, error: visionMessages.onlyMaster });
    expect(await vision(mj, { kind: 'add', walls: [wallOf('loin', [0, 0, 2000, 0])] })).toEqual({
      ok: false,
      error: wallMessages.offMap,
    });
    expect(await vision(mj, { kind: 'door', id: 'porte', open: true })).toEqual({
      ok: false,
      error: visionMessages.unknownDoor,
    });
    expect(await vision(mj, room, 'Secret')).toEqual({ ok: false, error: tableMessages.mapNotOpen });
    expect((await vision(mj, { kind: 'darken' } as unknown as VisionChange)).ok).toBe(false);
    expect(await head()).toBe(before);
  });

  it('shows each player what their own tokens see, live, in a view and caught up; a door opened shows more', async () => {
    // Aria above the door, Borin by the wall below it.
    const aria = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 25, y: 22.5 }));
    const borin = await placeToken(t, p.gameId, other, playerDraft(p.otherCharacter, { x: 24, y: 60 }));
    // Beside Borin, beyond the wall.
    const goblin = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 30.5, y: 60 }));
    await reachAll();
    expect(idsOn(owner.inbox.state)).toContain(goblin);

    expect(await vision(mj, room)).toEqual({ ok: true });
    expect(await vision(mj, { kind: 'door', id: 'porte', open: false })).toEqual({ ok: true });
    await reachAll();
    const state = await serverState(t, p.gameId);
    expect(idsOn(mj.inbox.state)).toContain(goblin);
    // The monster has no « Vision dans le noir »: the 12 cells of creatures of the dark.
    expect(mj.inbox.state.tokens[MAP]?.[goblin]?.darkvision).toBe(12);
    expect(mj.inbox.state.visions?.[MAP]?.walls).toHaveLength(3);
    expect(idsOn(owner.inbox.state).sort()).toEqual([aria, borin].sort());
    expect(idsOn(other.inbox.state).sort()).toEqual([aria, borin].sort());
    expect(owner.inbox.state).toEqual(visibleTo(state, p.actors.owner));
    expect(other.inbox.state).toEqual(visibleTo(state, p.actors.other));
    expect(owner.inbox.state.visions).toBeUndefined();
    expect(owner.inbox.state.sight?.polygons).toHaveLength(1);
    expect(lastSight(owner)).toMatchObject({ type: 'vision.sight', payload: { map: MAP } });
    expect(idsOn(await view(other))).not.toContain(goblin);

    // Aria sees through the open door; Borin, by the wall below it, does not.
    expect(await vision(mj, { kind: 'door', id: 'porte', open: true })).toEqual({ ok: true });
    await reachAll();
    const opened = await serverState(t, p.gameId);
    expect(lastSight(owner)).toMatchObject({ type: 'vision.sight', payload: { vanished: [] } });
    expect(remembers(owner.inbox.state, goblinAt)).toBe(true);
    expect(remembers(other.inbox.state, goblinAt)).toBe(false);
    expect(idsOn(owner.inbox.state)).toContain(goblin);
    expect(owner.inbox.state.tokens[MAP]?.[goblin]).toMatchObject({ HP: null, AC: null });
    expect(owner.inbox.state.tokens[MAP]?.[goblin]).not.toHaveProperty('darkvision');
    expect(idsOn(other.inbox.state)).not.toContain(goblin);
    expect(owner.inbox.state).toEqual(visibleTo(opened, p.actors.owner));
    const late = await joined(t, p.owner, p.gameId);
    expect(late.inbox.state).toEqual(visibleTo(opened, p.actors.owner));
    late.socket.disconnect();

    // Aria steps back behind the wall: the goblin leaves her copy with her own move.
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: MAP, usableId: aria, x: 10, y: 80 },
      }),
    ).toEqual({ ok: true });
    await reachAll();
    const moved = owner.heard.findLast((event) => event.type === 'vision.sight');
    expect(moved).toMatchObject({ payload: { vanished: [goblin] } });
    expect(idsOn(owner.inbox.state)).not.toContain(goblin);
    expect(owner.inbox.state).toEqual(visibleTo(await serverState(t, p.gameId), p.actors.owner));
    expect(await vision(mj, { kind: 'door', id: 'porte', open: false })).toEqual({ ok: true });
    await reachAll();

    // She remembers the room she saw, without the goblin in it, live and after a reload.
    expect(remembers(owner.inbox.state, goblinAt)).toBe(true);
    const reloaded = await joined(t, p.owner, p.gameId);
    expect(reloaded.inbox.state).toEqual(owner.inbox.state);
    expect(idsOn(reloaded.inbox.state)).not.toContain(goblin);
    reloaded.socket.disconnect();

    // Forgotten on the MJ's word, for every player; a player may not.
    expect(await vision(owner, { kind: 'forget' })).toEqual({ ok: false, error: visionMessages.onlyMaster });
    expect(await vision(mj, { kind: 'forget' })).toEqual({ ok: true });
    await reachAll();
    expect(remembers(owner.inbox.state, goblinAt)).toBe(false);
    expect(owner.inbox.state).toEqual(visibleTo(await serverState(t, p.gameId), p.actors.owner));
  });

  it('keeps the lines of an unseen monster’s attack and pings beyond the walls from the other players', async () => {
    const onMap = (await serverState(t, p.gameId)).tokens[MAP]!;
    const of = (itemId: string) => Object.values(onMap).find((token) => token.itemId === itemId)!.usableId;
    const from = await head();
    expect(
      await mj.send('attack', {
        gameId: p.gameId,
        map: MAP,
        attackerId: of(p.monsters.Gobelin),
        attack: { kind: 'monster' },
        targetId: of(p.otherCharacter),
      }),
    ).toEqual({ ok: true });
    await reachAll();
    await expectAttackUnseen(t, p.gameId, from, { client: owner, token: p.owner.token }, p.mj.token);

    // A ping beyond the walls reaches the managers alone; one where the party sees, everyone.
    await expectPingsOnlyWhereSeen(
      p.gameId,
      { pinger: owner, mj, player: other },
      { x: 1200, y: 500 },
      { x: 100, y: 500 },
    );
  });

  it('gives the MJ looking through a character’s eyes the sight its player is given, darkvision and all', async () => {
    await t.database.db.update(characters).set({ instinct: 16 }).where(eq(characters.id, p.ownerCharacter));
    const placed = (await serverState(t, p.gameId)).tokens[MAP]!;
    const aria = Object.values(placed).find((token) => token.itemId === p.ownerCharacter)!.usableId;
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.remove', map: MAP, usableId: aria },
      }),
    ).toEqual({ ok: true });
    const again = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter, { x: 25, y: 22.5 }));
    expect(await vision(mj, { kind: 'lighting', lighting: 'dark' })).toEqual({ ok: true });
    await reachAll();
    const seen = owner.inbox.state.sight!.polygons;
    // Instinct 16: four cells past its square, where a character reckoned without it sees one.
    expect(mj.inbox.state.tokens[MAP]?.[again]?.darkvision).toBe(4);
    expect(sightOfToken(mj.inbox.state, MAP, mj.inbox.state.tokens[MAP]![again]!)).toEqual(seen);
    expect(await vision(mj, { kind: 'lighting', lighting: 'lit' })).toEqual({ ok: true });
    await reachAll();
  });
});
