import { describe, expect, it, vi } from 'vitest';
import type { PlayerUpdateEvent } from '../../src/api/schemas/characters';
import type { TableViewAnswer } from '../../src/api/schemas/table';
import { conditionsOf } from '../../src/domain/table/conditions';
import { conditionMessages, tableMessages } from '../../src/domain/table/messages';
import type { TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  MAP,
  monsterDraft,
  placeToken,
  playerDraft,
  serverLog,
  serverState,
  tokenOf,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('conditions at the table (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const mark = (client: typeof mj, usableId: string, change: unknown) =>
    client.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.condition', map: MAP, usableId, change },
    });
  const stunned = { op: 'add', kind: 'stunned', rounds: 2 };

  it('lets a player mark their own token and the MJ any; nobody else, and nothing logged then', async () => {
    const aria = await placeToken(t, p.gameId, owner, playerDraft(p.ownerCharacter));
    const wolf = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Loup', { x: 30 }));
    const shadow = await placeToken(t, p.gameId, mj, monsterDraft(p, 'Ombre', { x: 50, hidden: true }));
    const logged = (await serverLog(t, p.gameId)).length;

    expect(await mark(other, aria, stunned)).toEqual({ ok: false, error: tableMessages.notYourToken });
    expect(await mark(owner, wolf, stunned)).toEqual({ ok: false, error: tableMessages.notYourToken });
    expect(await mark(owner, shadow, stunned)).toEqual({ ok: false, error: tableMessages.tokenNotFound });
    expect(
      await mark(owner, aria, { op: 'add', kind: 'custom', label: 'x'.repeat(30), rounds: null }),
    ).toEqual({
      ok: false,
      error: conditionMessages.markTooLong,
    });
    const unknown = await mark(mj, wolf, { op: 'add', kind: 'hungry', rounds: null });
    expect(unknown).toMatchObject({ ok: false });
    expect(await serverLog(t, p.gameId)).toHaveLength(logged);

    expect(await mark(owner, aria, { op: 'add', kind: 'prone', rounds: null })).toEqual({ ok: true });
    expect(await mark(mj, wolf, stunned)).toEqual({ ok: true });
    expect(await mark(mj, aria, { op: 'add', kind: 'custom', label: 'Béni', rounds: 3 })).toEqual({
      ok: true,
    });
    expect(conditionsOf(await tokenOf(t, p.gameId, p.ownerCharacter))).toMatchObject([
      { kind: 'prone', roundsLeft: null },
      { kind: 'custom', label: 'Béni', roundsLeft: 3 },
    ]);
    expect(conditionsOf(await tokenOf(t, p.gameId, p.monsters.Loup!))).toMatchObject([
      { kind: 'stunned', roundsLeft: 2 },
    ]);
  });

  it('never lets a hidden token’s conditions reach a player’s copy', async () => {
    const shadow = (await tokenOf(t, p.gameId, p.monsters.Ombre!)).usableId;
    const from = (await serverState(t, p.gameId)).lastSeq;
    expect(await mark(mj, shadow, { op: 'add', kind: 'invisible', rounds: 1 })).toEqual({ ok: true });
    expect(
      await mark(mj, shadow, { op: 'add', kind: 'custom', label: 'Marque secrète', rounds: null }),
    ).toEqual({
      ok: true,
    });
    // Its turn comes and ends: the countdown and the line of what ended are the managers' too.
    expect(
      await mj.send('turnOrderChange', {
        gameId: p.gameId,
        change: { type: 'turnOrder.generate', map: MAP },
      }),
    ).toEqual({ ok: true });
    const order = (await serverState(t, p.gameId)).turnOrders[MAP] ?? [];
    for (let step = 0; step < order.length * 2; step += 1) {
      expect(
        await mj.send('turnOrderChange', { gameId: p.gameId, change: { type: 'turnOrder.next', map: MAP } }),
      ).toEqual({ ok: true });
    }

    const state = await serverState(t, p.gameId);
    for (const client of [mj, owner, other]) await client.reach(state.lastSeq);
    const since = (heard: TableEvent[]) => heard.filter((event) => event.seq > from);
    const secret = /invisible|Marque secrète|Invisible/;
    expect(JSON.stringify(since(mj.heard))).toMatch(secret);
    // The shadow's conditions changed four times at least: marked twice, counted down, ended.
    const shadowChanges = since(mj.heard).filter(
      (event) => event.type === 'token.conditionsChanged' && event.payload.usableId === shadow,
    );
    expect(shadowChanges.length).toBeGreaterThanOrEqual(3);
    for (const player of [owner, other]) {
      expect(JSON.stringify(since(player.heard))).not.toMatch(secret);
      for (const change of shadowChanges) {
        expect(player.heard.find((event) => event.seq === change.seq)?.type).toBe('redacted');
      }
      const view = await emitWithAck<TableViewAnswer>(player.socket, 'itemRequest', { gameId: p.gameId });
      expect(JSON.stringify(view)).not.toMatch(secret);
    }
    expect(owner.inbox.state).toEqual(visibleTo(state, p.actors.owner));
    expect(other.inbox.state).toEqual(visibleTo(state, p.actors.other));
    // While the visible wolf's stun counted down in everyone's copy.
    const wolf = await tokenOf(t, p.gameId, p.monsters.Loup!);
    expect(conditionsOf(wolf)).toEqual([]);
    expect(
      other.heard.some(
        (event) => event.type === 'token.conditionsChanged' && event.payload.usableId === wolf.usableId,
      ),
    ).toBe(true);
  });

  it('tells the character’s sheets of its conditions, and the other player nothing', async () => {
    const heard: Record<'owner' | 'other', PlayerUpdateEvent[]> = { owner: [], other: [] };
    owner.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.owner.push(update));
    other.socket.on('playerUpdate', (update: PlayerUpdateEvent) => heard.other.push(update));
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    expect(await mark(mj, aria, { op: 'add', kind: 'charmed', rounds: null })).toEqual({ ok: true });
    await vi.waitFor(() =>
      expect(heard.owner.at(-1)?.conditions?.map((condition) => condition.kind)).toContain('charmed'),
    );
    const sheet = await t.api<{ table: { conditions?: Array<{ kind: string }> } }>(
      'GET',
      `/players/${p.ownerCharacter}`,
      undefined,
      p.owner.token,
    );
    expect(sheet.body.table.conditions?.map((condition) => condition.kind)).toContain('charmed');
    expect(heard.other).toEqual([]);
  });
});
