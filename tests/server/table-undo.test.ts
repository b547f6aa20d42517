import { describe, expect, it } from 'vitest';
import { undoMessages } from '../../src/domain/table/messages';
import { orderOf, own, tokenAt } from '../../src/domain/table/records';
import { visibleTo } from '../../src/domain/table/visibility';
import { drivers } from '../helpers/server';
import { MAP, monsterDraft, placeToken, playerDraft, serverState } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('undo and redo at the table (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const history = (direction: 'undo' | 'redo') => ({ gameId: p.gameId, direction });
  const item = (change: Record<string, unknown>) => ({ gameId: p.gameId, change: { map: MAP, ...change } });

  /** Every client at the server's head, each copy what its reader may see of the server's state. */
  async function everyoneSees() {
    const state = await serverState(t, p.gameId);
    const seats = [
      [mj, p.actors.mj],
      [owner, p.actors.owner],
      [other, p.actors.other],
    ] as const;
    for (const [client, actor] of seats) {
      await client.reach(state.lastSeq);
      expect(client.inbox.state).toEqual(visibleTo(state, actor));
    }
    return state;
  }

  it('lets the MJ undo and redo a move, a placement, a removal, an adjustment and a turn change', async () => {
    const goblin = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Gobelin', { x: 30, y: 30 }));
    const aria = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter));

    expect(await mj.send('itemChange', item({ type: 'token.move', usableId: goblin, x: 60, y: 60 }))).toEqual(
      {
        ok: true,
      },
    );
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    let state = await everyoneSees();
    expect(tokenAt(state, MAP, goblin)).toMatchObject({ x: 30, y: 30 });
    expect(tokenAt(owner.inbox.state, MAP, goblin)).toMatchObject({ x: 30, y: 30 });
    expect(await mj.send('historyChange', history('redo'))).toEqual({ ok: true });
    state = await everyoneSees();
    expect(tokenAt(state, MAP, goblin)).toMatchObject({ x: 60, y: 60 });

    const change = {
      type: 'token.adjust',
      usableId: goblin,
      resource: 'HP',
      direction: 'decrease',
      amount: 5,
    };
    expect(await mj.send('itemChange', item(change))).toEqual({ ok: true });
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    expect(tokenAt(await everyoneSees(), MAP, goblin)).toMatchObject({ currentHP: 12 });

    for (const usableId of [aria, goblin]) {
      expect(
        await mj.send('turnOrderChange', {
          gameId: p.gameId,
          change: { type: 'turnOrder.toggle', map: MAP, usableId },
        }),
      ).toEqual({ ok: true });
    }
    expect(
      await mj.send('turnOrderChange', { gameId: p.gameId, change: { type: 'turnOrder.next', map: MAP } }),
    ).toEqual({ ok: true });
    expect(orderOf(await serverState(t, p.gameId), MAP)[0]).toBe(goblin);
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    state = await everyoneSees();
    expect(orderOf(state, MAP)).toEqual([aria, goblin]);
    expect(owner.heard.at(-1)).toMatchObject({
      type: 'chat.system',
      payload: { message: undoMessages.turnBack('Aria') },
    });

    expect(await mj.send('itemChange', item({ type: 'token.remove', usableId: goblin }))).toEqual({
      ok: true,
    });
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    state = await everyoneSees();
    expect(tokenAt(state, MAP, goblin)).toMatchObject({ name: 'Gobelin 1', inTurnOrder: true });
    expect(orderOf(state, MAP)).toEqual([aria, goblin]);

    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup'));
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    expect(tokenAt(await everyoneSees(), MAP, wolf)).toBeUndefined();
  });

  it('lets a player undo their own move, and nothing else nor anyone else’s', async () => {
    const state = await serverState(t, p.gameId);
    const aria = Object.values(state.tokens[MAP] ?? {}).find((token) => token.itemId === p.ownerCharacter)!;
    expect(
      await owner.send('itemChange', item({ type: 'token.move', usableId: aria.usableId, x: 50, y: 40 })),
    ).toEqual({
      ok: true,
    });
    const change = {
      type: 'token.adjust',
      usableId: aria.usableId,
      resource: 'HP',
      direction: 'decrease',
      amount: 3,
    };
    expect(await owner.send('itemChange', item(change))).toEqual({ ok: true });
    // The other player has nothing of theirs to undo; the MJ's history is the MJ's.
    const before = await serverState(t, p.gameId);
    expect(await other.send('historyChange', history('undo'))).toEqual({
      ok: false,
      error: 'Rien à annuler.',
    });
    expect((await serverState(t, p.gameId)).lastSeq).toBe(before.lastSeq);

    expect(await owner.send('historyChange', history('undo'))).toEqual({ ok: true });
    const after = await everyoneSees();
    // The move is taken back; the HP she set since stay.
    expect(tokenAt(after, MAP, aria.usableId)).toMatchObject({
      x: aria.x,
      y: aria.y,
      currentHP: aria.currentHP! - 3,
    });
    expect(own(owner.inbox.state.history, p.owner.userId)?.undone).toHaveLength(1);
    expect(await owner.send('historyChange', history('undo'))).toEqual({
      ok: false,
      error: 'Rien à annuler.',
    });
  });

  it('never gives a player the MJ’s history, nor a hidden token it puts back', async () => {
    const lich = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Liche', { hidden: true }));
    expect(await mj.send('itemChange', item({ type: 'token.remove', usableId: lich }))).toEqual({ ok: true });
    const from = owner.heard.length;
    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    const state = await everyoneSees();
    expect(tokenAt(state, MAP, lich)).toBeDefined();
    expect(owner.heard.at(-1)).toMatchObject({ type: 'redacted' });
    const heard = JSON.stringify([...owner.heard, ...other.heard]);
    expect(heard).not.toContain('Liche');
    expect(heard).not.toContain(lich);
    expect(owner.heard.slice(from).every((event) => event.type === 'redacted')).toBe(true);
    expect(other.inbox.state.history).toEqual({});
  });

  it('refuses an undo past an attack, saying its rolls were seen, and changes nothing', async () => {
    const state = await serverState(t, p.gameId);
    const goblin = Object.values(state.tokens[MAP] ?? {}).find((token) => token.name === 'Gobelin 1')!;
    const aria = Object.values(state.tokens[MAP] ?? {}).find((token) => token.itemId === p.ownerCharacter)!;
    expect(
      await mj.send(
        'itemChange',
        item({ type: 'token.move', usableId: goblin.usableId, x: aria.x + 5, y: aria.y }),
      ),
    ).toEqual({ ok: true });
    expect(
      await mj.send('attack', {
        gameId: p.gameId,
        map: MAP,
        attackerId: goblin.usableId,
        attack: { kind: 'monster' },
        targetId: aria.usableId,
      }),
    ).toEqual({ ok: true });
    const before = await serverState(t, p.gameId);
    expect(await mj.send('historyChange', history('undo'))).toEqual({
      ok: false,
      error: undoMessages.barrier(undoMessages.attack('Gobelin 1')),
    });
    expect((await serverState(t, p.gameId)).lastSeq).toBe(before.lastSeq);
  });

  it('lets the MJ undo and redo « Tout cacher »: the players see again what it hid, and lose it again', async () => {
    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup', { x: 70, y: 70 }));
    const fog = (change: Record<string, unknown>) =>
      mj.send('fogChange', { gameId: p.gameId, map: MAP, change });
    expect(await fog({ kind: 'all', base: 'covered' })).toEqual({ ok: true });
    let state = await everyoneSees();
    expect(own(state.history, p.mj.userId)?.done.at(-1)?.label).toBe('Tout cacher');
    expect(tokenAt(other.inbox.state, MAP, wolf)).toBeUndefined();

    expect(await mj.send('historyChange', history('undo'))).toEqual({ ok: true });
    state = await everyoneSees();
    expect(own(state.fogs, MAP)).toBeUndefined();
    expect(other.inbox.state.fogs).toEqual({});
    expect(tokenAt(other.inbox.state, MAP, wolf)).toMatchObject({ usableId: wolf, HP: null });
    expect(other.heard.at(-1)).toMatchObject({ type: 'table.restored', payload: { fog: null } });

    expect(await mj.send('historyChange', history('redo'))).toEqual({ ok: true });
    state = await everyoneSees();
    expect(own(state.fogs, MAP)).toEqual({ base: 'covered', shapes: [] });
    expect(tokenAt(other.inbox.state, MAP, wolf)).toBeUndefined();
  });
});
