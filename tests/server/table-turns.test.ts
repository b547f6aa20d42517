import { describe, expect, it } from 'vitest';
import { tableMessages } from '../../src/domain/table/messages';
import type { ChatMessage, TableEvent } from '../../src/domain/table/types';
import { drivers } from '../helpers/server';
import { MAP, monsterDraft, playerDraft, serverState } from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

describe.each(drivers)('table turns (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const ok = { ok: true };
  const place = (token: ReturnType<typeof playerDraft>) =>
    mj.send('itemChange', { gameId: p.gameId, change: { type: 'token.place', map: MAP, ...token } });
  const turn = (type: string) => mj.send('turnOrderChange', { gameId: p.gameId, change: { type, map: MAP } });

  it('numbers monsters from 1 and generates with every token, also those placed after a first order', async () => {
    expect(await place(monsterDraft(p, 'Gobelin'))).toEqual(ok);
    expect(await turn('turnOrder.generate')).toEqual(ok);
    expect(await place(monsterDraft(p, 'Gobelin', { x: 30 }))).toEqual(ok);
    expect(await place(playerDraft(p.ownerCharacter, { x: 50 }))).toEqual(ok);
    expect(await turn('turnOrder.generate')).toEqual(ok);

    const state = await serverState(t, p.gameId);
    const tokens = Object.values(state.tokens[MAP] ?? {});
    expect(tokens.map((token) => token.name).sort()).toEqual(['Aria', 'Gobelin 1', 'Gobelin 2']);
    expect([...(state.turnOrders[MAP] ?? [])].sort()).toEqual(tokens.map((token) => token.usableId).sort());
  });

  it("announces whose turn begins, a hidden token's to the managers alone", async () => {
    expect(await place(monsterDraft(p, 'Ombre', { x: 70, hidden: true }))).toEqual(ok);
    const from = (await serverState(t, p.gameId)).lastSeq;
    expect(await turn('turnOrder.generate')).toEqual(ok);
    const { turnOrders } = await serverState(t, p.gameId);
    const order = turnOrders[MAP] ?? [];
    expect(order).toHaveLength(4);
    for (let step = 0; step < order.length; step += 1) expect(await turn('turnOrder.next')).toEqual(ok);

    const state = await serverState(t, p.gameId);
    for (const client of [mj, owner, other]) await client.reach(state.lastSeq);
    const tokens = state.tokens[MAP] ?? {};
    const since = (heard: TableEvent[]) => heard.filter((event) => event.seq > from);
    // One line after every turn change, naming who plays then: the order's head.
    const changes = since(mj.heard).filter((event) => event.type.startsWith('turnOrder.'));
    const system = since(mj.heard).filter((event) => event.type === 'chat.system');
    // A round begins with « Générer » and again once everyone has played (decision 0020).
    expect(
      system
        .map((event) => (event.payload as ChatMessage).message)
        .filter((line) => line.startsWith('Round')),
    ).toEqual([tableMessages.round(1), tableMessages.round(2)]);
    const lines = system.filter((event) => !(event.payload as ChatMessage).message.startsWith('Round'));
    expect(changes).toHaveLength(order.length + 1);
    lines.forEach((line, index) => {
      expect(line.seq).toBeGreaterThan(changes[index]!.seq);
      expect(line.seq).toBeLessThan(changes[index + 1]?.seq ?? Infinity);
    });
    const heads = changes.map((event) => tokens[(event.payload as { order: string[] }).order[0]!]!);
    expect(lines.map((event) => (event.payload as ChatMessage).message)).toEqual(
      heads.map((token) => tableMessages.turnOf(token.name)),
    );
    expect(lines.map((event) => (event.payload as ChatMessage).audience)).toEqual(
      heads.map((token) => (token.visibility ? undefined : 'managers')),
    );
    expect(tableMessages.turnOf('Gobelin 1')).toBe('C’est au tour de Gobelin 1.');
    expect(tableMessages.turnOf('Aria')).toBe('C’est au tour d’Aria.');

    // The players hear the same lines, but the hidden one's turn only as a redacted seq.
    for (const player of [owner, other]) {
      const heard = since(player.heard).filter((event) => lines.some((line) => line.seq === event.seq));
      expect(
        heard.map((event) => (event.type === 'redacted' ? null : (event.payload as ChatMessage).message)),
      ).toEqual(heads.map((token) => (token.visibility ? tableMessages.turnOf(token.name) : null)));
      expect(JSON.stringify(player.heard)).not.toContain('Ombre');
    }
  });
});
