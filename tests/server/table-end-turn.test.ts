import { describe, expect, it } from 'vitest';
import { tableMessages } from '../../src/domain/table/messages';
import { HIDDEN_TURN, type ChatMessage } from '../../src/domain/table/types';
import { drivers } from '../helpers/server';
import { MAP, monsterDraft, placeToken, playerDraft, serverLog, serverState } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('« Finir mon tour » (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const ids = { aria: '', borin: '', goblin: '', shadow: '' };
  const pass = (client: typeof owner, change: Record<string, unknown> = {}) =>
    client.send('turnOrderChange', {
      gameId: p.gameId,
      change: { type: 'turnOrder.next', map: MAP, ...change },
    });
  /** The MJ sets the fight's order: the initiative rolls are the server's chance. */
  const orderAs = async (...order: string[]) =>
    expect(
      await mj.send('turnOrderChange', {
        gameId: p.gameId,
        change: { type: 'turnOrder.reorder', map: MAP, order },
      }),
    ).toEqual({ ok: true });
  /** Sends a pass that must be refused, and checks that nothing reached the log. */
  const refused = async (client: typeof owner, change: Record<string, unknown> = {}) => {
    const before = (await serverLog(t, p.gameId)).length;
    expect(await pass(client, change)).toEqual({ ok: false, error: tableMessages.notYourTurn });
    expect(await serverLog(t, p.gameId)).toHaveLength(before);
  };

  it('passes the turn of the player’s own token, and everyone receives it', async () => {
    ids.aria = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter));
    ids.borin = await placeToken(t, p.gameId, other, playerDraft(p.otherCharacter, { x: 30 }));
    ids.goblin = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 50 }));
    ids.shadow = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Ombre', { x: 70, hidden: true }));
    expect(
      await mj.send('turnOrderChange', {
        gameId: p.gameId,
        change: { type: 'turnOrder.generate', map: MAP },
      }),
    ).toEqual({ ok: true });
    await orderAs(ids.aria, ids.goblin, ids.borin, ids.shadow);
    const from = (await serverState(t, p.gameId)).lastSeq;

    expect(await pass(owner, { playing: ids.aria, round: 1 })).toEqual({ ok: true });

    const state = await serverState(t, p.gameId);
    expect(state.turnOrders[MAP]).toEqual([ids.goblin, ids.borin, ids.shadow, ids.aria]);
    const appended = (await serverLog(t, p.gameId)).filter((event) => event.seq > from);
    expect(appended.every((event) => event.userId === p.owner.userId)).toBe(true);
    // Not the player's to undo: their history holds no turn.
    expect(appended.map((event) => event.type)).not.toContain('history.recorded');
    for (const client of [mj, owner, other]) {
      await client.reach(state.lastSeq);
      expect(client.inbox.state.turnOrders[MAP]?.[0]).toBe(ids.goblin);
      const lines = client.heard
        .filter((event) => event.seq > from && event.type === 'chat.system')
        .map((event) => (event.payload as ChatMessage).message);
      expect(lines).toEqual([tableMessages.turnOf('Gobelin 1')]);
    }
    // A second press of the same turn (a double click) changes nothing.
    expect(await pass(owner, { playing: ids.aria, round: 1 })).toEqual({ ok: true });
    expect((await serverState(t, p.gameId)).lastSeq).toBe(state.lastSeq);
  });

  it('refuses another player, and a player naming a turn not theirs, logging nothing', async () => {
    await refused(other);
    await refused(other, { playing: ids.goblin, round: 1 });
    await refused(owner, { playing: ids.borin, round: 1 });
    expect((await serverState(t, p.gameId)).turnOrders[MAP]?.[0]).toBe(ids.goblin);
  });

  it('refuses a player while a participant hidden from them plays, without telling who', async () => {
    await orderAs(ids.shadow, ids.aria, ids.goblin, ids.borin);
    await owner.reach((await serverState(t, p.gameId)).lastSeq);
    expect(owner.inbox.state.turnOrders[MAP]?.[0]).toBe(HIDDEN_TURN);
    await refused(owner);
    await refused(owner, { playing: HIDDEN_TURN, round: 1 });
    // Even naming the hidden one's id (never given to them) reads as any other turn.
    await refused(owner, { playing: ids.shadow, round: 1 });
    await refused(other, { playing: ids.shadow, round: 1 });
    expect(JSON.stringify([owner.heard, other.heard])).not.toContain('Ombre');
  });
});
