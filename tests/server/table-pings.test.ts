import { describe, expect, it, vi } from 'vitest';
import type { TablePinged, TableRulerShown } from '../../src/api/schemas/table';
import { tableMessages } from '../../src/domain/table/messages';
import { drivers } from '../helpers/server';
import { emitWithAck, heardOn, joined, MAP, mapChoice, serverLog } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('pings and shown rulers (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver, env: { TABLE_RATE_SCALE: '1' } });

  it('relays a ping on the players’ map to every other reader, logging nothing', async () => {
    const mjPings = heardOn<TablePinged>(mj.socket, 'tablePinged');
    const otherPings = heardOn<TablePinged>(other.socket, 'tablePinged');
    const ownerPings = heardOn<TablePinged>(owner.socket, 'tablePinged');
    const logged = (await serverLog(t, p.gameId)).length;
    expect(await owner.send('tablePing', { gameId: p.gameId, map: MAP, at: { x: 300, y: 5000 } })).toEqual({
      ok: true,
    });
    const ping = { map: MAP, at: { x: 300, y: 1000 }, bring: false, userId: p.owner.userId };
    await vi.waitFor(() => expect(otherPings).toEqual([expect.objectContaining(ping)]));
    await vi.waitFor(() => expect(mjPings).toEqual([expect.objectContaining(ping)]));
    expect(otherPings[0]?.name).toEqual(expect.any(String));
    // The sender drew its ring at once: the relay is for the others.
    expect(ownerPings).toEqual([]);
    expect(await serverLog(t, p.gameId)).toHaveLength(logged);
  });

  it('lets only the MJ bring everyone’s view, and refuses what the pinger may not see', async () => {
    const otherPings = heardOn<TablePinged>(other.socket, 'tablePinged');
    expect(
      await owner.send('tablePing', { gameId: p.gameId, map: MAP, at: { x: 1, y: 1 }, bring: true }),
    ).toEqual({ ok: false, error: tableMessages.onlyMasterBrings });
    expect(
      await mj.send('tablePing', { gameId: p.gameId, map: MAP, at: { x: 10, y: 20 }, bring: true }),
    ).toEqual({ ok: true });
    await vi.waitFor(() =>
      expect(otherPings).toEqual([expect.objectContaining({ at: { x: 10, y: 20 }, bring: true })]),
    );

    // The MJ prepares the Secret map alone: the players neither ping there nor hear of it.
    expect(
      await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Secret'), bringPlayers: false }),
    ).toEqual({ ok: true });
    expect(await owner.send('tablePing', { gameId: p.gameId, map: 'Secret', at: { x: 1, y: 1 } })).toEqual({
      ok: false,
      error: tableMessages.mapNotOpen,
    });
    expect(
      await mj.send('tablePing', { gameId: p.gameId, map: 'Secret', at: { x: 1, y: 1 }, bring: true }),
    ).toEqual({ ok: false, error: tableMessages.bringToUnseenMap });
    expect(await mj.send('tablePing', { gameId: p.gameId, map: 'Secret', at: { x: 2, y: 2 } })).toEqual({
      ok: true,
    });
    // A ping on the players' map after it: had the secret one reached them, it would come first.
    expect(await mj.send('tablePing', { gameId: p.gameId, map: MAP, at: { x: 3, y: 3 } })).toEqual({
      ok: true,
    });
    await vi.waitFor(() => expect(otherPings.map((ping) => ping.map)).toEqual([MAP, MAP]));

    const outsider = await t.socket(p.outsider.token);
    expect(
      await emitWithAck(outsider, 'tablePing', { gameId: p.gameId, map: MAP, at: { x: 1, y: 1 } }),
    ).toEqual({ ok: false, error: "Rejoignez la table de la partie d'abord." });
    outsider.close();
  });

  it('refuses a flood of pings in French', async () => {
    const answers = [];
    for (let ping = 0; ping < 8; ping++) {
      answers.push(await other.send('tablePing', { gameId: p.gameId, map: MAP, at: { x: ping, y: 1 } }));
    }
    expect(answers).toContainEqual({
      ok: false,
      error: 'Vous signalez trop vite\u00a0: patientez un instant.',
    });
  });

  it('shows a ruler as it is drawn to the map’s readers, and its end', async () => {
    const ownerRulers = heardOn<TableRulerShown>(owner.socket, 'tableRulerShown');
    const mjRulers = heardOn<TableRulerShown>(mj.socket, 'tableRulerShown');
    const ruler = { from: { x: 10, y: 10 }, to: { x: 160, y: 10 } };
    other.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler });
    other.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler: null });
    await vi.waitFor(() => expect(ownerRulers.map((shown) => shown.ruler)).toEqual([ruler, null]));
    expect(ownerRulers[0]).toMatchObject({ map: MAP, userId: p.other.userId });
    // The MJ's arrow on the map they prepare stays theirs.
    const secret = { from: { x: 1, y: 1 }, to: { x: 2, y: 2 } };
    mj.socket.emit('tableRuler', { gameId: p.gameId, map: 'Secret', ruler: secret });
    expect(await owner.send('tableRuler', { gameId: p.gameId, map: 'Secret', ruler: secret })).toEqual({
      ok: false,
      error: tableMessages.mapNotOpen,
    });
    // Its end goes where it went; an arrow on the players' map after it reaches them alone.
    mj.socket.emit('tableRuler', { gameId: p.gameId, map: 'Secret', ruler: null });
    mj.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler });
    await vi.waitFor(() => expect(ownerRulers).toHaveLength(3));
    expect(ownerRulers.at(-1)).toMatchObject({ map: MAP, ruler, userId: p.mj.userId });
    expect(mjRulers.map((shown) => shown.ruler)).toEqual([ruler, null]);
  });

  it('drops a flood of a ruler’s moves, never its end', async () => {
    const ownerRulers = heardOn<TableRulerShown>(owner.socket, 'tableRulerShown');
    for (let x = 0; x < 60; x++) {
      other.socket.emit('tableRuler', {
        gameId: p.gameId,
        map: MAP,
        ruler: { from: { x, y: 1 }, to: { x, y: 9 } },
      });
    }
    other.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler: null });
    await vi.waitFor(() => expect(ownerRulers.at(-1)?.ruler).toBeNull());
    expect(ownerRulers.length).toBeLessThanOrEqual(41);
  });

  it('takes a sharer’s arrow off the others’ maps when their socket leaves', async () => {
    const ownerRulers = heardOn<TableRulerShown>(owner.socket, 'tableRulerShown');
    const tab = await joined(t, p.other, p.gameId);
    const ruler = { from: { x: 20, y: 20 }, to: { x: 80, y: 20 } };
    tab.socket.emit('tableRuler', { gameId: p.gameId, map: MAP, ruler });
    await vi.waitFor(() => expect(ownerRulers.map((shown) => shown.ruler)).toEqual([ruler]));
    tab.socket.close();
    await vi.waitFor(() => expect(ownerRulers.map((shown) => shown.ruler)).toEqual([ruler, null]));
    expect(ownerRulers[1]).toMatchObject({ map: MAP, userId: p.other.userId });
  });
});
