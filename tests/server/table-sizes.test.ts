import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItemDragging } from '../../src/api/schemas/table';
import { attackMessages, tableMessages } from '../../src/domain/table/messages';
import { insertResource } from '../helpers/game-fixtures';
import { drivers } from '../helpers/server';
import {
  MAP,
  placeToken,
  playerDraft,
  serverState,
  tokenOf,
  type TableClient,
  type TokenIntent,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

/**
 * Tokens of every size (docs/decisions/0017-tokens-of-every-size.md): the server gives a token the
 * cells of its monster's « Taille », keeps its whole square on the map, and measures reach from its
 * edge. Cells of the test map (1500 × 1000 px, 75 px a cell) are 5 % across and 7.5 % down.
 */
const cell = (column: number, row: number) => ({ x: column * 5, y: row * 7.5 });

describe.each(drivers)('tokens of every size (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  let ogre: string;
  let behemoth: string;

  beforeAll(async () => {
    const { db } = t.database;
    const fields = { HP: 40, AC: 5, attackBonus: 30, damage: '1d4' };
    ogre = await insertResource(db, p.gameId, 'monster', 'Ogre', { ...fields, size: 'Très grande' });
    behemoth = await insertResource(db, p.gameId, 'monster', 'Béhémoth', { ...fields, size: 'Gigantesque' });
  });

  const place = (client: TableClient, intent: TokenIntent) => placeToken(t, p.gameId, client, intent);
  const monster = (itemId: string, over: Partial<TokenIntent> = {}): TokenIntent => ({
    itemId,
    isPlayer: false,
    x: 10,
    y: 10,
    ...over,
  });
  const move = (usableId: string, at: { x: number; y: number }) =>
    mj.send('itemChange', { gameId: p.gameId, change: { type: 'token.move', map: MAP, usableId, ...at } });
  const strike = (attackerId: string, targetId: string) =>
    mj.send('attack', { gameId: p.gameId, map: MAP, attackerId, attack: { kind: 'monster' }, targetId });

  it('gives a token the cells of its monster’s size, a character one cell', async () => {
    const giant = await place(mj, monster(ogre, cell(5, 1)));
    const aria = await place(owner, playerDraft(p.ownerCharacter, cell(8, 3)));
    const state = await serverState(t, p.gameId);
    expect(state.tokens[MAP]![giant]).toMatchObject({ name: 'Ogre 1', size: 3 });
    expect(state.tokens[MAP]![aria]).toMatchObject({ name: 'Aria', size: 1 });
  });

  it('reaches from the edge of a large token: beside it, in range; a cell further, out of range', async () => {
    const giant = (await tokenOf(t, p.gameId, ogre)).usableId;
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    // Aria stands beside the ogre's right edge, by its bottom row: two cells from its centre.
    expect(await strike(giant, aria)).toEqual({ ok: true });
    expect(await move(aria, cell(9, 3))).toEqual({ ok: true });
    expect(await strike(giant, aria)).toEqual({ ok: false, error: attackMessages.outOfRange });
    // Diagonally off its corner still touches it.
    expect(await move(aria, cell(8, 4))).toEqual({ ok: true });
    expect(await strike(giant, aria)).toEqual({ ok: true });
  });

  it('keeps a 3×3 token’s whole square on the map, placed, moved and dragged', async () => {
    const giant = (await tokenOf(t, p.gameId, ogre)).usableId;
    const corner = { x: 85, y: 77.5 };
    expect(await move(giant, { x: 99, y: 99 })).toEqual({ ok: true });
    expect(await tokenOf(t, p.gameId, ogre)).toMatchObject(corner);

    const dragged: ItemDragging[] = [];
    other.socket.on('itemDragging', (drag: ItemDragging) => dragged.push(drag));
    mj.socket.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: giant, x: 120, y: 97 });
    await vi.waitFor(() =>
      expect(dragged).toEqual([{ map: MAP, usableId: giant, ...corner, userId: p.mj.userId }]),
    );

    const titan = await place(mj, monster(behemoth, { x: 99, y: 99 }));
    expect((await serverState(t, p.gameId)).tokens[MAP]![titan]).toMatchObject({ size: 4, x: 80, y: 70 });
  });

  it('places a monster hidden from the start: the players receive its seq redacted, never the monster', async () => {
    const placed = await mj.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.place', map: MAP, ...monster(behemoth, { ...cell(1, 8), hidden: true }) },
    });
    expect(placed).toEqual({ ok: true });
    const state = await serverState(t, p.gameId);
    const hidden = Object.values(state.tokens[MAP]!).find((token) => !token.visibility)!;
    expect(hidden).toMatchObject({ itemId: behemoth, name: 'Béhémoth A', size: 4 });
    // The placement, followed by the MJ's history of it.
    const placedAt = state.lastSeq - 1;
    for (const player of [owner, other]) {
      await player.reach(state.lastSeq);
      expect(player.heard.find((event) => event.seq === placedAt)).toMatchObject({
        type: 'redacted',
        payload: {},
      });
      expect(player.inbox.state.tokens[MAP]?.[hidden.usableId]).toBeUndefined();
      expect(JSON.stringify(player.heard)).not.toContain(hidden.usableId);
    }
    expect(mj.heard.find((event) => event.seq === placedAt)).toMatchObject({ type: 'token.placed' });
  });

  describe('a size set by the MJ (token.resize)', () => {
    const resize = (client: TableClient, usableId: string, size: string, snap?: boolean) =>
      client.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.resize', map: MAP, usableId, size, ...(snap ? { snap } : {}) },
      });

    it('makes a character large on every screen, and is the managers’ alone', async () => {
      const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
      expect(await resize(owner, aria, 'Grande')).toEqual({ ok: false, error: tableMessages.onlyMasterSize });
      expect(await resize(mj, aria, 'Grande')).toEqual({ ok: true });
      const state = await serverState(t, p.gameId);
      expect(state.tokens[MAP]![aria]).toMatchObject({ size: 2 });
      for (const player of [owner, other]) {
        await player.reach(state.lastSeq);
        expect(player.inbox.state.tokens[MAP]?.[aria]).toMatchObject({ size: 2 });
      }
    });

    it('brings the larger square back on the map, onto the grid when asked to snap', async () => {
      const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
      expect(await move(aria, { x: 95, y: 92.5 })).toEqual({ ok: true });
      // Four cells: the corner stops at 80 % across and 70 % down of 1,500 × 1,000.
      expect(await resize(mj, aria, 'Gigantesque')).toEqual({ ok: true });
      expect(await tokenOf(t, p.gameId, p.ownerCharacter)).toMatchObject({ size: 4, x: 80, y: 70 });
      expect(await move(aria, { x: 41, y: 31 })).toEqual({ ok: true });
      expect(await resize(mj, aria, 'Grande', true)).toEqual({ ok: true });
      expect(await tokenOf(t, p.gameId, p.ownerCharacter)).toMatchObject({ size: 2, ...cell(8, 4) });
    });

    it('reaches the players redacted for a hidden token, which a player cannot resize', async () => {
      const hidden = Object.values((await serverState(t, p.gameId)).tokens[MAP]!).find(
        (token) => !token.visibility,
      )!;
      expect(await resize(owner, hidden.usableId, 'Petite')).toEqual({
        ok: false,
        error: tableMessages.tokenNotFound,
      });
      expect(await resize(mj, hidden.usableId, 'Petite')).toEqual({ ok: true });
      const state = await serverState(t, p.gameId);
      expect(state.tokens[MAP]![hidden.usableId]).toMatchObject({ size: 1 });
      // The resize, followed by the MJ's history of it.
      const resizedAt = state.lastSeq - 1;
      for (const player of [owner, other]) {
        await player.reach(state.lastSeq);
        expect(player.heard.find((event) => event.seq === resizedAt)).toMatchObject({ type: 'redacted' });
      }
      expect(mj.heard.find((event) => event.seq === resizedAt)).toMatchObject({ type: 'token.resized' });
    });
  });
});
