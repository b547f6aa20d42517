import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, type MapGrid } from '../../src/domain/geometry/grid';
import { tableMessages } from '../../src/domain/table/messages';
import { gridOf } from '../../src/domain/table/records';
import { insertResource } from '../helpers/game-fixtures';
import { drivers } from '../helpers/server';
import { MAP, MAP_SIZE, mapChoice, placeToken, playerDraft, serverState, tokenOf } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

const aligned: MapGrid = {
  cellPx: 100,
  offsetX: 20,
  offsetY: 10,
  shown: true,
  color: '#ffcc00',
  opacity: 0.5,
};

describe.each(drivers)('the map’s grid (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });

  it('is set by the MJ alone and reaches the players of that map', async () => {
    const refused = await owner.send('gridChange', { gameId: p.gameId, map: MAP, grid: aligned });
    expect(refused).toEqual({ ok: false, error: tableMessages.onlyMasterGrid });
    expect(gridOf(await serverState(t, p.gameId), MAP)).toEqual(DEFAULT_GRID);

    expect(await mj.send('gridChange', { gameId: p.gameId, map: MAP, grid: aligned })).toEqual({ ok: true });
    const state = await serverState(t, p.gameId);
    expect(gridOf(state, MAP)).toEqual(aligned);
    for (const client of [owner, other]) {
      await client.reach(state.lastSeq);
      // The grid, then the MJ's history of it, which players hear redacted.
      expect(client.heard.at(-2)).toMatchObject({
        type: 'map.gridSet',
        payload: { map: MAP, grid: aligned },
      });
      expect(gridOf(client.inbox.state, MAP)).toEqual(aligned);
    }
  });

  it('refuses a grid out of bounds, changing nothing', async () => {
    const before = await serverState(t, p.gameId);
    const answer = await mj.send('gridChange', {
      gameId: p.gameId,
      map: MAP,
      grid: { ...aligned, cellPx: 2 },
    });
    expect(answer.ok).toBe(false);
    expect((await serverState(t, p.gameId)).lastSeq).toBe(before.lastSeq);
  });

  it('keeps the grid of a map the MJ prepares from the players until they are brought to it', async () => {
    expect(
      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Crypte'), bringPlayers: false }),
    ).toEqual({ ok: true });
    expect(await mj.send('gridChange', { gameId: p.gameId, map: 'Crypte', grid: aligned })).toEqual({
      ok: true,
    });
    const prepared = await serverState(t, p.gameId);
    await owner.reach(prepared.lastSeq);
    expect(owner.heard.at(-1)).toMatchObject({ type: 'redacted' });
    expect(JSON.stringify(owner.inbox.state)).not.toContain('Crypte');

    expect(
      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Crypte'), bringPlayers: true }),
    ).toEqual({ ok: true });
    const shown = await serverState(t, p.gameId);
    await owner.reach(shown.lastSeq);
    expect(owner.heard.at(-1)).toMatchObject({ type: 'map.shown', payload: { grid: aligned } });
    expect(gridOf(owner.inbox.state, 'Crypte')).toEqual(aligned);
    await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, MAP), bringPlayers: true });
  });

  it('snaps a move asked with `snap` on the server, on the map’s grid', async () => {
    const usableId = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter));
    const moved = await owner.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.move', map: MAP, usableId, x: 10, y: 10, snap: true },
    });
    expect(moved).toEqual({ ok: true });
    // 150 px across → the line at 120 (20 + 100); 100 px down → the line at 110.
    expect(await tokenOf(t, p.gameId, p.ownerCharacter)).toMatchObject({ x: 8, y: 11 });
  });

  it('snaps a placement asked with `snap`, as the map’s menu asks it', async () => {
    const placed = await mj.send('itemChange', {
      gameId: p.gameId,
      change: {
        type: 'token.place',
        map: MAP,
        itemId: p.monsters.Loup,
        isPlayer: false,
        x: 10,
        y: 10,
        snap: true,
      },
    });
    expect(placed).toEqual({ ok: true });
    expect(await tokenOf(t, p.gameId, p.monsters.Loup)).toMatchObject({ x: 8, y: 11 });
  });

  it('seeds a map’s grid from its « Taille » the first time it is chosen', async () => {
    const plaine = await insertResource(t.database.db, p.gameId, 'map', 'Plaine', {
      link: 'https://cartes.example/Plaine.png',
      size: 30,
    });
    const choose = { gameId: p.gameId, map: { id: plaine, ...MAP_SIZE }, bringPlayers: false };
    expect(await mj.send('mapChange', choose)).toEqual({ ok: true });
    expect(gridOf(await serverState(t, p.gameId), 'Plaine')).toMatchObject({ cellPx: 50, offsetX: 0 });
    await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, MAP), bringPlayers: true });
  });
});
