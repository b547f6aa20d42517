import { describe, expect, it, vi } from 'vitest';
import type { GameMessagesAnswer, ItemDragging, TableViewAnswer } from '../../src/api/schemas/table';
import { attackMessages, tableMessages } from '../../src/domain/table/messages';
import type { ChatMessage } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { drivers } from '../helpers/server';
import {
  emitWithAck,
  joined,
  MAP,
  mapChoice,
  monsterDraft,
  playerDraft,
  serverLog,
  serverState,
  tokenOf,
  type TokenIntent,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

/** Cells on the test map (1500 × 1000 px, a cell of 75 px): a cell is 5 % across, 7.5 % down. */
const cell = (column: number, row: number) => ({ x: column * 5, y: row * 7.5 });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(drivers)('the table’s secrets and rules (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });

  const place = async (map: string, intent: TokenIntent, client = mj) => {
    expect(
      await client.send('itemChange', { gameId: p.gameId, change: { type: 'token.place', map, ...intent } }),
    ).toEqual({ ok: true });
  };
  const placedIds = async (map: string) => Object.keys((await serverState(t, p.gameId)).tokens[map] ?? {});
  const chatOf = async (token: string) =>
    (
      await t.api<GameMessagesAnswer>('GET', `/message?gameId=${p.gameId}&limit=100`, undefined, token)
    ).body.map((event) => (event.payload as ChatMessage).message);
  const everyoneReaches = async () => {
    const { lastSeq } = await serverState(t, p.gameId);
    for (const client of [mj, owner, other]) await client.reach(lastSeq);
  };

  it('keeps the map the MJ prepares alone from the players, live, caught up, asked for and in the chat', async () => {
    const from = (await serverState(t, p.gameId)).lastSeq;
    const drags: ItemDragging[] = [];
    other.socket.on('itemDragging', (drag: ItemDragging) => drags.push(drag));
    await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Secret'), bringPlayers: false });
    await place('Secret', monsterDraft(p, 'Liche', cell(2, 1)));
    // Hidden: once the players are brought, its owner alone sees it.
    await place('Secret', playerDraft(p.ownerCharacter, { ...cell(3, 1), hidden: true }));
    const lich = (await tokenOf(t, p.gameId, p.monsters.Liche, 'Secret')).usableId;
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter, 'Secret')).usableId;
    expect(
      await mj.send('attack', {
        gameId: p.gameId,
        map: 'Secret',
        attackerId: lich,
        attack: { kind: 'monster' },
        targetId: aria,
      }),
    ).toEqual({ ok: true });
    expect(
      await mj.send('turnOrderChange', {
        gameId: p.gameId,
        change: { type: 'turnOrder.generate', map: 'Secret' },
      }),
    ).toEqual({ ok: true });
    await everyoneReaches();

    const state = await serverState(t, p.gameId);
    // Live: every seq, none of it readable.
    for (const client of [owner, other]) {
      const heard = client.heard.filter((event) => event.seq > from);
      expect(heard.map((event) => event.type)).toEqual(heard.map(() => 'redacted'));
    }
    // Asked for and caught up from the start, by a fresh client.
    const late = await joined(t, p.other, p.gameId);
    for (const event of ['mapRequest', 'itemRequest', 'turnOrderRequest']) {
      const answer = await emitWithAck<TableViewAnswer>(owner.socket, event, { gameId: p.gameId });
      expect(answer).toEqual({ ok: true, state: visibleTo(state, p.actors.owner) });
      expect(JSON.stringify(answer)).not.toMatch(/Secret|Liche/);
    }
    expect(JSON.stringify(late.heard)).not.toMatch(/Secret|Liche/);
    expect(late.inbox.state).toEqual(visibleTo(state, p.actors.other));
    late.socket.close();
    // The chat: the attack and the turn are the MJ's lines.
    const secretLines = (lines: string[]) =>
      lines.filter((line) => /^(Attaque|Dégâts|C’est au tour)/.test(line));
    // The attack line, its damage when it hits, whose turn it is.
    expect(secretLines(await chatOf(p.mj.token)).length).toBeGreaterThanOrEqual(2);
    for (const player of [p.owner, p.other]) expect(secretLines(await chatOf(player.token))).toEqual([]);
    // A drag there is the MJ's alone: the players hear the next one, on their map, and only it.
    await place(MAP, monsterDraft(p, 'Loup'));
    const wolfId = (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId;
    mj.socket.emit('itemDrag', { gameId: p.gameId, map: 'Secret', usableId: lich, x: 5, y: 5 });
    mj.socket.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: wolfId, x: 6, y: 6 });
    await vi.waitFor(() => expect(drags).toHaveLength(1));
    expect(drags[0]?.usableId).toBe(wolfId);
    // The owner's own token there is not theirs to touch while they are not brought.
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: 'Secret', usableId: aria, x: 1, y: 1 },
      }),
    ).toEqual({ ok: false, error: tableMessages.tokenNotFound });
  });

  it('brings the prepared map whole into the players’ copies, and takes the one they left away', async () => {
    await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Secret'), bringPlayers: true });
    await everyoneReaches();
    const state = await serverState(t, p.gameId);
    expect(owner.inbox.state).toEqual(visibleTo(state, p.actors.owner));
    expect(other.inbox.state).toEqual(visibleTo(state, p.actors.other));
    expect(Object.keys(other.inbox.state.tokens)).toEqual(['Secret']);
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter, 'Secret')).usableId;
    expect(owner.inbox.state.tokens.Secret).toHaveProperty(aria);
    expect(other.inbox.state.tokens.Secret).not.toHaveProperty(aria);
    expect(other.heard.at(-1)).toMatchObject({ type: 'map.shown', payload: { map: { name: 'Secret' } } });

    await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Forêt'), bringPlayers: true });
    await everyoneReaches();
    const back = await serverState(t, p.gameId);
    expect(other.inbox.state).toEqual(visibleTo(back, p.actors.other));
    expect(Object.keys(other.inbox.state.tokens)).toEqual([MAP]);
  });

  it('names a monster from what the players see, and gives every token an opaque id', async () => {
    const before = new Set(await placedIds(MAP));
    await place(MAP, monsterDraft(p, 'Spectre', { ...cell(10, 5), hidden: true }));
    await place(MAP, monsterDraft(p, 'Spectre', cell(11, 5)));
    const [hidden, shown] = (await placedIds(MAP)).filter((id) => !before.has(id));
    await everyoneReaches();
    const names = () => Object.values(other.inbox.state.tokens[MAP] ?? {}).map((token) => token.name);
    expect(names()).toContain('Spectre 1');
    expect(names()).not.toContain('Spectre 2');

    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.toggleVisibility', map: MAP, usableId: hidden },
      }),
    ).toEqual({ ok: true });
    await everyoneReaches();
    expect(names()).toEqual(expect.arrayContaining(['Spectre 1', 'Spectre 2']));
    expect(JSON.stringify(other.heard)).not.toMatch(/Spectre [A-Z]/);
    expect((await chatOf(p.mj.token)).at(-1)).toBe(tableMessages.renamed('Spectre A', 'Spectre 2', true));

    const ids = Object.values((await serverState(t, p.gameId)).tokens).flatMap((onMap) => Object.keys(onMap));
    expect(ids).toContain(shown);
    for (const id of ids) expect(id).toMatch(UUID);
  });

  it('writes a player’s own adjustments in the chat, where the MJ reads them', async () => {
    await place(MAP, playerDraft(p.ownerCharacter, cell(2, 1)), owner);
    const aria = await tokenOf(t, p.gameId, p.ownerCharacter);
    const adjust = (direction: 'increase' | 'decrease', amount: number) =>
      owner.send('itemChange', {
        gameId: p.gameId,
        change: {
          type: 'token.adjust',
          map: MAP,
          usableId: aria.usableId,
          resource: 'soulEssence',
          direction,
          amount,
        },
      });
    expect(await adjust('decrease', 10)).toEqual({ ok: true });
    expect(await adjust('increase', 10)).toEqual({ ok: true });
    const essence = aria.currentSoulEssence!;
    const lines = [
      `Aria ajuste son essence d’âme : ${essence} → ${essence - 10}.`,
      `Aria ajuste son essence d’âme : ${essence - 10} → ${essence}.`,
    ];
    expect((await chatOf(p.mj.token)).slice(-2)).toEqual(lines);
    expect((await chatOf(p.other.token)).slice(-2)).toEqual(lines);
  });

  it('lets a monster strike within its reach only', async () => {
    await place(MAP, monsterDraft(p, 'Ombre', cell(8, 8)));
    await place(MAP, monsterDraft(p, 'Gobelin', cell(15, 10)));
    const shade = (await tokenOf(t, p.gameId, p.monsters.Ombre)).usableId;
    const goblin = (await tokenOf(t, p.gameId, p.monsters.Gobelin)).usableId;
    const logged = (await serverLog(t, p.gameId)).length;
    const strike = () =>
      mj.send('attack', {
        gameId: p.gameId,
        map: MAP,
        attackerId: shade,
        attack: { kind: 'monster' },
        targetId: goblin,
      });
    expect(await strike()).toEqual({ ok: false, error: attackMessages.outOfRange });
    expect(await serverLog(t, p.gameId)).toHaveLength(logged);
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.move', map: MAP, usableId: shade, ...cell(14, 10) },
      }),
    ).toEqual({ ok: true });
    expect(await strike()).toEqual({ ok: true });
  });
});
