import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import {
  envelopesOf,
  type GameMessagesAnswer,
  type ItemDragging,
  type TableViewAnswer,
} from '../../src/api/schemas/table';
import { tableMessages } from '../../src/domain/table/messages';
import type { TableEvent } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { gameInvitations } from '../../server/db/schema/index';
import { createUsersService } from '../../server/modules/users/service';
import { validCharacterBody } from '../helpers/characters';
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
  TABLE_EVENT_NAMES,
  tableParty,
  tokenOf,
  placeToken,
  type TokenIntent,
} from '../helpers/table';
import { seatedTableForSuite } from '../helpers/table-suite';

const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";

/** Every table event a socket hears, as it arrived. */
function recorder(socket: Socket): TableEvent[] {
  const heard: TableEvent[] = [];
  for (const name of TABLE_EVENT_NAMES)
    socket.on(name, (message: TableEvent | TableEvent[]) => heard.push(...envelopesOf(message)));
  return heard;
}

function dragsOf(socket: Socket): ItemDragging[] {
  const heard: ItemDragging[] = [];
  socket.on('itemDragging', (drag: ItemDragging) => heard.push(drag));
  return heard;
}

describe.each(drivers)('table visibility (%s)', (driver) => {
  const { t, p, mj, owner, other } = seatedTableForSuite({ driver });
  const place = (token: TokenIntent) => placeToken(t, p.gameId, mj, token);

  it('sends each reader only what they may see, every seq included', async () => {
    const ownerHeard = recorder(owner.socket);
    const otherHeard = recorder(other.socket);
    const mjHeard = recorder(mj.socket);
    const from = (await serverState(t, p.gameId)).lastSeq;

    await mj.send('mapChange', {
      gameId: p.gameId,
      map: mapChoice(p, 'Secret'),
      bringPlayers: false,
    });
    await place(monsterDraft(p, 'Ombre', { hidden: true }));
    await place(playerDraft(p.ownerCharacter, { hidden: true }));
    await mj.send('turnOrderChange', { gameId: p.gameId, change: { type: 'turnOrder.generate', map: MAP } });

    const state = await serverState(t, p.gameId);
    for (const client of [mj, owner, other]) await client.reach(state.lastSeq);
    const types = (heard: TableEvent[]) =>
      heard.filter((event) => event.seq > from).map((event) => event.type);
    // Whoever plays first is hidden: the line announcing their turn is the managers' alone, as
    // are the rolls and the round of a fight the players see nobody in — but Aria's own roll —
    // and the MJ's history after each placement and « Générer » (decision 0022).
    expect(types(mjHeard)).toEqual([
      'map.selected',
      'token.placed',
      'history.recorded',
      'token.placed',
      'history.recorded',
      'dice.rolled',
      'dice.rolled',
      'turnOrder.generated',
      'chat.system',
      'chat.system',
      'history.recorded',
    ]);
    expect(types(ownerHeard)).toEqual([
      'redacted',
      'redacted',
      'redacted',
      'token.placed',
      'redacted',
      'redacted',
      'dice.rolled',
      'turnOrder.generated',
      'redacted',
      'redacted',
      'redacted',
    ]);
    expect(types(otherHeard)).toEqual([
      'redacted',
      'redacted',
      'redacted',
      'redacted',
      'redacted',
      'redacted',
      'redacted',
      'turnOrder.generated',
      'redacted',
      'redacted',
      'redacted',
    ]);
    // Nothing of the secret map or the hidden monster in what the players heard.
    expect(JSON.stringify(otherHeard)).not.toMatch(/Secret|Ombre|Aria/);
    expect(JSON.stringify(ownerHeard)).not.toMatch(/Secret|Ombre/);
    expect(owner.inbox.state).toEqual(visibleTo(state, p.actors.owner));
    expect(other.inbox.state).toEqual(visibleTo(state, p.actors.other));
    expect(mj.inbox.state).toEqual(state);
  });

  it('answers the request events with the table as the caller may see it', async () => {
    const state = await serverState(t, p.gameId);
    for (const event of ['mapRequest', 'itemRequest', 'turnOrderRequest', 'requestTurnOrder']) {
      expect(await emitWithAck<TableViewAnswer>(other.socket, event, { gameId: p.gameId })).toEqual({
        ok: true,
        state: visibleTo(state, p.actors.other),
      });
      expect(await emitWithAck<TableViewAnswer>(mj.socket, event, { gameId: p.gameId })).toEqual({
        ok: true,
        state,
      });
    }
    // A sheet is its owner's and the MJ's: a player hears of their own characters only.
    const sheetsFor = async (socket: typeof owner.socket) =>
      (
        await emitWithAck<{ ok: true; players: Array<{ id: string; name: string }> }>(
          socket,
          'playerRequest',
          {
            gameId: p.gameId,
          },
        )
      ).players.map(({ id, name }) => ({ id, name }));
    expect(await sheetsFor(owner.socket)).toEqual([{ id: p.ownerCharacter, name: 'Aria' }]);
    expect(await sheetsFor(mj.socket)).toEqual([
      { id: p.ownerCharacter, name: 'Aria' },
      { id: p.otherCharacter, name: 'Borin' },
    ]);
    expect(await emitWithAck(owner.socket, 'connectedPlayersRequest', { gameId: p.gameId })).toEqual({
      ok: true,
      gameId: p.gameId,
      count: 0,
      players: [],
    });
    const outsider = await t.socket(p.outsider.token);
    for (const event of [
      'mapRequest',
      'itemRequest',
      'turnOrderRequest',
      'requestTurnOrder',
      'playerRequest',
      'connectedPlayersRequest',
    ]) {
      expect(await emitWithAck(outsider, event, { gameId: p.gameId })).toEqual({
        ok: false,
        error: forbidden,
      });
    }
  });

  it('relays drags to those who may see the token, never logs them, and refuses others’ tokens', async () => {
    const wolf = await place(monsterDraft(p, 'Loup'));
    const shadow = (await tokenOf(t, p.gameId, p.monsters.Ombre)).usableId;
    const borin = await place(playerDraft(p.otherCharacter));
    const mjDrags = dragsOf(mj.socket);
    const ownerDrags = dragsOf(owner.socket);
    const otherDrags = dragsOf(other.socket);
    const logged = (await serverLog(t, p.gameId)).length;

    mj.socket.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: shadow, x: 5, y: 5 });
    mj.socket.emit('itemDrag', { gameId: p.gameId, map: MAP, usableId: wolf, x: 500, y: 6 });
    await vi.waitFor(() => expect(otherDrags).toHaveLength(1));
    // 1,500 px wide: a token a cell wide stops at 95 %, wholly on the map.
    expect(otherDrags).toEqual([{ map: MAP, usableId: wolf, x: 95, y: 6, userId: p.mj.userId }]);
    await vi.waitFor(() => expect(ownerDrags).toHaveLength(1));
    expect(ownerDrags[0]?.usableId).toBe(wolf);

    expect(
      await other.send('itemDrag', { gameId: p.gameId, map: MAP, usableId: borin, x: 20, y: 20 }),
    ).toEqual({ ok: true });
    await vi.waitFor(() => expect(mjDrags.map((drag) => drag.usableId)).toEqual([borin]));
    expect(
      await other.send('itemDrag', { gameId: p.gameId, map: MAP, usableId: wolf, x: 20, y: 20 }),
    ).toEqual({
      ok: false,
      error: tableMessages.notYourToken,
    });
    expect(
      await other.send('itemDrag', { gameId: p.gameId, map: MAP, usableId: shadow, x: 20, y: 20 }),
    ).toEqual({
      ok: false,
      error: tableMessages.tokenNotFound,
    });
    const outsider = await t.socket(p.outsider.token);
    expect(
      await emitWithAck(outsider, 'itemDrag', { gameId: p.gameId, map: MAP, usableId: wolf, x: 1, y: 1 }),
    ).toEqual({
      ok: false,
      error: "Rejoignez la table de la partie d'abord.",
    });
    expect(await serverLog(t, p.gameId)).toHaveLength(logged);
  });

  it('serves the chat history page by page, chat lines only, to members only', async () => {
    const chat = await t.api<GameMessagesAnswer>('GET', '/message', undefined, p.owner.token);
    expect(chat).toMatchObject({ status: 200, body: [] });
    await owner.send('newMessage', {
      gameId: p.gameId,
      playerId: p.ownerCharacter,
      content: { kind: 'text', text: 'un' },
    });
    await t.app.table.postSystemMessage(p.gameId, tableMessages.equipped('Épée runique'));
    await mj.send('newMessage', { gameId: p.gameId, content: { kind: 'text', text: '/r 1d20+3' } });
    await mj.send('itemChange', {
      gameId: p.gameId,
      change: {
        type: 'token.move',
        map: MAP,
        usableId: (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId,
        x: 1,
        y: 1,
      },
    });

    const all = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}`,
      undefined,
      p.other.token,
    );
    expect(all.status).toBe(200);
    expect(all.body.map((event) => event.type)).toEqual(['chat.posted', 'chat.system', 'dice.rolled']);
    expect(all.body[1]?.payload).toMatchObject({
      playerName: 'Système',
      message: 'Équipé: Épée runique',
      type: 'system',
      senderUserId: null,
    });
    const lastTwo = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}&limit=2`,
      undefined,
      p.mj.token,
    );
    expect(lastTwo.body.map((event) => event.type)).toEqual(['chat.system', 'dice.rolled']);
    const older = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}&limit=1&before=${lastTwo.body[0]?.seq}`,
      undefined,
      p.mj.token,
    );
    expect(older.body.map((event) => event.type)).toEqual(['chat.posted']);
    // The system line was emitted live too.
    await other.reach((await serverState(t, p.gameId)).lastSeq);

    for (const user of [p.outsider, p.kicked]) {
      expect(await t.api('GET', `/message?gameId=${p.gameId}`, undefined, user.token)).toMatchObject({
        status: 403,
        body: { error: forbidden },
      });
    }
    expect((await t.api('GET', `/message?gameId=${p.gameId}`)).status).toBe(401);
  });

  it('stops talking to a kicked player at once and refuses their commands', async () => {
    const party = await tableParty(t);
    const [mjClient, kickedSoon, stays] = await Promise.all([
      joined(t, party.mj, party.gameId),
      joined(t, party.owner, party.gameId),
      joined(t, party.other, party.gameId),
    ]);
    const heard = recorder(kickedSoon.socket);
    const [invitation] = await t.database.db
      .select({ id: gameInvitations.id })
      .from(gameInvitations)
      .where(and(eq(gameInvitations.gameId, party.gameId), eq(gameInvitations.toUserId, party.owner.userId)));
    expect(
      (await t.api('POST', `/game-invitations/${invitation?.id}/kick`, undefined, party.mj.token)).status,
    ).toBe(200);
    await vi.waitFor(async () =>
      expect(
        await t.app.realtime.io.in(`table:${party.gameId}:user:${party.owner.userId}`).fetchSockets(),
      ).toHaveLength(0),
    );
    await mjClient.send('newMessage', { gameId: party.gameId, content: { kind: 'text', text: 'Adieu' } });
    expect(
      await kickedSoon.send('newMessage', {
        gameId: party.gameId,
        playerId: party.ownerCharacter,
        content: { kind: 'text', text: 'Je suis encore là' },
      }),
    ).toEqual({
      ok: false,
      error: forbidden,
    });
    expect(await kickedSoon.send('tableCatchUp', { gameId: party.gameId, afterSeq: 0 })).toEqual({
      ok: false,
      error: forbidden,
    });
    // The player still seated heard the line, from the same room the kicked one was in.
    await stays.reach((await serverState(t, party.gameId)).lastSeq);
    // Seq 1 opened the party's map, seq 2 is the MJ's line.
    expect(stays.inbox.state.lastSeq).toBe(2);
    expect(heard).toEqual([]);
  });

  it('reads a seated player’s seat again once they made a character, so it is theirs at once', async () => {
    const party = await tableParty(t);
    const player = await joined(t, party.owner, party.gameId);
    const say = (text: string) =>
      player.send('newMessage', {
        gameId: party.gameId,
        playerId: party.ownerCharacter,
        content: { kind: 'text', text },
      });
    // A first command keeps the seat on the socket, without the character made below.
    expect(await say('Me voici')).toEqual({ ok: true });
    const made = await t.api<{ id: string }>(
      'POST',
      '/players',
      validCharacterBody('Cassia', party.gameId),
      party.owner.token,
    );
    expect(made.status).toBe(201);
    const { id } = made.body;
    expect(
      await player.send('itemChange', {
        gameId: party.gameId,
        change: { type: 'token.place', map: MAP, ...playerDraft(id) },
      }),
    ).toEqual({ ok: true });
    expect((await tokenOf(t, party.gameId, id)).name).toBe('Cassia');
  });

  it('seats an admin account at any table, member or not, with the MJ’s view and powers', async () => {
    const party = await tableParty(t);
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const mjClient = await joined(t, party.mj, party.gameId);
    await mjClient.send('itemChange', {
      gameId: party.gameId,
      change: { type: 'token.place', map: MAP, ...monsterDraft(party, 'Spectre', { hidden: true }) },
    });
    const overseer = await joined(t, admin, party.gameId);
    expect(overseer.inbox.state).toEqual(await serverState(t, party.gameId));
    const spectre = await tokenOf(t, party.gameId, party.monsters.Spectre);
    expect(
      await overseer.send('itemChange', {
        gameId: party.gameId,
        change: { type: 'token.move', map: MAP, usableId: spectre.usableId, x: 12, y: 34 },
      }),
    ).toEqual({ ok: true });
    expect(await tokenOf(t, party.gameId, party.monsters.Spectre)).toMatchObject({ x: 12, y: 34 });
    expect(await overseer.send('joinGame', { gameId: party.gameId })).toMatchObject({ ok: true });
    for (const path of [
      `/message?gameId=${party.gameId}`,
      `/game-data/${party.gameId}`,
      `/game-data/${party.gameId}/players`,
    ])
      expect((await t.api('GET', path, undefined, admin.token)).status).toBe(200);
    // The outsider of the same party stays out.
    expect(
      (await t.api('GET', `/message?gameId=${party.gameId}`, undefined, party.outsider.token)).status,
    ).toBe(403);
  });
});
