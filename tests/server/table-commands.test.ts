import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessage, type GameMessagesAnswer } from '../../src/api/schemas/table';
import { invalidCommandText } from '../../src/domain/dice/notation';
import { tableMessages } from '../../src/domain/table/messages';
import type { ChatMessage } from '../../src/domain/table/types';
import { insertResource } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';
import {
  emitWithAck,
  joined,
  MAP,
  MAP_SIZE,
  monsterDraft,
  playerDraft,
  serverLog,
  serverState,
  tableParty,
  tokenOf,
  type TableClient,
  type TableParty,
} from '../helpers/table';

const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";
const roles = ['mj', 'owner', 'other', 'kicked', 'outsider'] as const;
type Role = (typeof roles)[number];

/** What a command answers for each role: `ok`, or the French refusal. */
type Expected = Record<Role, 'ok' | string>;
const masterOnly = (refusal: string): Expected => ({
  mj: 'ok',
  owner: refusal,
  other: refusal,
  kicked: forbidden,
  outsider: forbidden,
});
const ownerToo = (refusal: string): Expected => ({
  mj: 'ok',
  owner: 'ok',
  other: refusal,
  kicked: forbidden,
  outsider: forbidden,
});

interface Case {
  name: string;
  event: string;
  expected: Expected;
  /** Sets the table up (as the MJ) on `map` and gives the payload to send. */
  prepare(
    p: TableParty,
    map: string,
    mj: (event: string, payload: unknown) => Promise<void>,
  ): Promise<unknown>;
}

describe.each(drivers)('table commands (%s)', (driver) => {
  let t: TestServer;
  let p: TableParty;
  let mjClient: TableClient;
  beforeAll(async () => {
    t = await startTestServer({ driver });
    p = await tableParty(t);
    mjClient = await joined(t, p.mj, p.gameId);
  });
  afterAll(() => t.close());

  const user = (role: Role): RegisteredUser => p[role];
  /** A map of the game named `name`; returns its id. */
  const mapOfGame = (name: string) =>
    insertResource(t.database.db, p.gameId, 'map', name, { link: 'https://cartes.example/m.png' });
  const placeOwner = async (map: string, mj: (event: string, payload: unknown) => Promise<void>) => {
    await mj('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.place', map, ...playerDraft(p.ownerCharacter) },
    });
    return (await tokenOf(t, p.gameId, p.ownerCharacter, map)).usableId;
  };
  const onOwnerToken =
    (change: Record<string, unknown>) =>
    async (party: TableParty, map: string, mj: (event: string, payload: unknown) => Promise<void>) => ({
      gameId: party.gameId,
      change: { map, usableId: await placeOwner(map, mj), ...change },
    });
  /** A fight of the owner's character and a wolf; `first`: who the MJ puts at its head, else the rolls'. */
  const withOrder =
    (change: (order: string[]) => Record<string, unknown>, first?: 'owner' | 'wolf') =>
    async (party: TableParty, map: string, mj: (event: string, payload: unknown) => Promise<void>) => {
      const owners = await placeOwner(map, mj);
      await mj('itemChange', {
        gameId: party.gameId,
        change: { type: 'token.place', map, ...monsterDraft(p, 'Loup') },
      });
      await mj('turnOrderChange', { gameId: party.gameId, change: { type: 'turnOrder.generate', map } });
      const rolled = (await serverState(t, party.gameId)).turnOrders[map] ?? [];
      const head = first === 'owner' ? owners : rolled.find((usableId) => usableId !== owners);
      const order = first ? [head!, ...rolled.filter((usableId) => usableId !== head)] : rolled;
      if (first) {
        await mj('turnOrderChange', {
          gameId: party.gameId,
          change: { type: 'turnOrder.reorder', map, order },
        });
      }
      return { gameId: party.gameId, change: { map, ...change(order) } };
    };

  const cases: Case[] = [
    {
      name: 'select a map for everyone',
      event: 'mapChange',
      expected: masterOnly(tableMessages.onlyMasterMap),
      prepare: async (party, map) => ({
        gameId: party.gameId,
        map: { id: await mapOfGame(`${map}-autre`), ...MAP_SIZE },
        bringPlayers: true,
      }),
    },
    {
      name: 'clear the map',
      event: 'mapChange',
      expected: masterOnly(tableMessages.onlyMasterMap),
      prepare: async (party) => ({ gameId: party.gameId, map: null }),
    },
    {
      name: "place the owner's character",
      event: 'itemChange',
      expected: ownerToo(tableMessages.onlyOwnCharacter),
      prepare: async (party, map) => ({
        gameId: party.gameId,
        change: { type: 'token.place', map, ...playerDraft(party.ownerCharacter) },
      }),
    },
    {
      name: 'place a monster',
      event: 'itemChange',
      expected: masterOnly(tableMessages.onlyOwnCharacter),
      prepare: async (party, map) => ({
        gameId: party.gameId,
        change: { type: 'token.place', map, ...monsterDraft(p, 'Gobelin') },
      }),
    },
    {
      name: "move the owner's token",
      event: 'itemChange',
      expected: ownerToo(tableMessages.notYourToken),
      prepare: onOwnerToken({ type: 'token.move', x: 40, y: 50 }),
    },
    {
      name: "adjust the owner's token",
      event: 'itemChange',
      expected: ownerToo(tableMessages.notYourToken),
      prepare: onOwnerToken({ type: 'token.adjust', resource: 'HP', direction: 'decrease', amount: 5 }),
    },
    {
      name: "remove the owner's token",
      event: 'itemChange',
      expected: ownerToo(tableMessages.notYourToken),
      prepare: onOwnerToken({ type: 'token.remove' }),
    },
    {
      name: "hide the owner's token",
      event: 'itemChange',
      expected: masterOnly(tableMessages.onlyMasterTokens),
      prepare: onOwnerToken({ type: 'token.toggleVisibility' }),
    },
    {
      name: 'generate the turn order',
      event: 'turnOrderChange',
      expected: masterOnly(tableMessages.onlyMasterTurnOrder),
      prepare: withOrder(() => ({ type: 'turnOrder.generate' })),
    },
    {
      name: "pass the wolf's turn",
      event: 'turnOrderChange',
      expected: masterOnly(tableMessages.notYourTurn),
      prepare: withOrder((order) => ({ type: 'turnOrder.next', playing: order[0], round: 1 }), 'wolf'),
    },
    {
      name: "pass the owner's turn",
      event: 'turnOrderChange',
      expected: ownerToo(tableMessages.notYourTurn),
      prepare: withOrder((order) => ({ type: 'turnOrder.next', playing: order[0], round: 1 }), 'owner'),
    },
    {
      name: 'toggle a participant',
      event: 'turnOrderChange',
      expected: masterOnly(tableMessages.onlyMasterTurnOrder),
      prepare: withOrder((order) => ({ type: 'turnOrder.toggle', usableId: order[0] })),
    },
    {
      name: 'reorder',
      event: 'turnOrderChange',
      expected: masterOnly(tableMessages.onlyMasterTurnOrder),
      prepare: withOrder((order) => ({ type: 'turnOrder.reorder', order: [...order].reverse() })),
    },
    {
      name: 'new combat',
      event: 'turnOrderChange',
      expected: masterOnly(tableMessages.onlyMasterTurnOrder),
      prepare: withOrder(() => ({ type: 'turnOrder.newCombat' })),
    },
    {
      name: "speak as the owner's character",
      event: 'newMessage',
      expected: ownerToo(tableMessages.playerUnidentified),
      prepare: async (party) => ({
        gameId: party.gameId,
        playerId: party.ownerCharacter,
        content: { kind: 'text', text: 'Bonjour à tous' },
      }),
    },
    {
      name: "roll as the owner's character",
      event: 'newMessage',
      expected: ownerToo(tableMessages.playerUnidentified),
      prepare: async (party) => ({
        gameId: party.gameId,
        playerId: party.ownerCharacter,
        content: { kind: 'roll', dice: { count: 2, sides: 6, bonus: 1 } },
      }),
    },
  ];

  describe.each(cases)('$name', (c) => {
    it.each(roles)('as %s', async (role) => {
      const asMj = async (event: string, payload: unknown) => {
        expect(await mjClient.send(event, payload)).toEqual({ ok: true });
      };
      const map = `${MAP}-${c.name}-${role}`;
      // Each case on a map of its own, open for everyone.
      await asMj('mapChange', {
        gameId: p.gameId,
        map: { id: await mapOfGame(map), ...MAP_SIZE },
        bringPlayers: true,
      });
      const payload = await c.prepare(p, map, asMj);
      const actor = role === 'mj' ? mjClient.socket : (await joinedOrNot(role)).socket;
      const before = (await serverLog(t, p.gameId)).length;

      const answer = await emitWithAck(actor, c.event, payload);

      const after = await serverLog(t, p.gameId);
      if (c.expected[role] === 'ok') {
        expect(answer).toEqual({ ok: true });
        expect(after.length).toBeGreaterThan(before);
        expect(after.slice(before).every((event) => event.userId === user(role).userId)).toBe(true);
      } else {
        expect(answer).toEqual({ ok: false, error: c.expected[role] });
        expect(after).toHaveLength(before);
      }
    });
  });

  /** The socket of `role`: a member catches up first; outsiders are refused there too and act anyway. */
  async function joinedOrNot(role: Role) {
    if (role === 'kicked' || role === 'outsider') {
      const socket = await t.socket(user(role).token);
      expect(await emitWithAck(socket, 'tableCatchUp', { gameId: p.gameId, afterSeq: 0 })).toEqual({
        ok: false,
        error: forbidden,
      });
      return { socket };
    }
    return joined(t, user(role), p.gameId);
  }

  it('refuses an anonymous socket at the handshake, and an unknown game or a malformed payload in the ack', async () => {
    await expect(t.socket('')).rejects.toThrow('Authentification requise');
    const mj = await joined(t, p.mj, p.gameId);
    const before = (await serverLog(t, p.gameId)).length;
    expect(await mj.send('mapChange', { gameId: 'NOPE', map: null })).toEqual({
      ok: false,
      error: 'Partie non trouvée.',
    });
    for (const payload of [
      null,
      'x',
      { gameId: p.gameId },
      { gameId: p.gameId, change: { type: 'token.explode' } },
    ]) {
      expect(await mj.send('itemChange', payload)).toMatchObject({ ok: false, error: expect.any(String) });
    }
    expect(
      await mj.send('newMessage', { gameId: p.gameId, content: { kind: 'text', text: '/fireball' } }),
    ).toEqual({
      ok: false,
      error: invalidCommandText,
    });
    expect(await serverLog(t, p.gameId)).toHaveLength(before);
    // Still serving.
    expect(await mj.send('mapChange', { gameId: p.gameId, map: null })).toEqual({ ok: true });
  });

  it('builds the speaker on the server: the MJ under their name, a player as their character', async () => {
    const mj = await joined(t, p.mj, p.gameId);
    const owner = await joined(t, p.owner, p.gameId);
    await mj.send('newMessage', {
      gameId: p.gameId,
      playerId: p.otherCharacter,
      content: { kind: 'text', text: 'Salut' },
    });
    await owner.send('newMessage', {
      gameId: p.gameId,
      playerId: p.ownerCharacter,
      content: { kind: 'text', text: 'Coucou' },
    });
    const [fromMj, fromOwner] = (await serverLog(t, p.gameId)).slice(-2);
    expect(fromMj?.payload).toMatchObject({
      playerName: p.mj.displayName,
      senderId: null,
      senderUserId: p.mj.userId,
      message: 'Salut',
    });
    expect(fromOwner?.payload).toMatchObject({
      playerName: 'Aria',
      senderId: p.ownerCharacter,
      senderUserId: p.owner.userId,
      message: 'Coucou',
    });
  });

  it('rolls the dice itself: a result sent by a client is ignored', async () => {
    const owner = await joined(t, p.owner, p.gameId);
    for (let i = 0; i < 20; i += 1) {
      const forged = {
        gameId: p.gameId,
        playerId: p.ownerCharacter,
        content: {
          kind: 'roll',
          dice: { count: 3, sides: 20, bonus: 2 },
          dice_results: [20, 20, 20],
          total: 62,
        },
        roll: { dice: [20, 20, 20], total: 62, messageType: 'diceRollCriticalSuccess' },
        result: 62,
      };
      expect(await owner.send('newMessage', forged)).toEqual({ ok: true });
    }
    expect(
      await owner.send('newMessage', {
        gameId: p.gameId,
        playerId: p.ownerCharacter,
        content: { kind: 'roll', dice: { count: 1, sides: 7, bonus: 0 } },
      }),
    ).toMatchObject({ ok: false });
    const rolls = (await serverLog(t, p.gameId))
      .filter((event) => event.type === 'dice.rolled')
      .map((event) => (event.payload as ChatMessage).roll!)
      .slice(-20);
    expect(rolls).toHaveLength(20);
    for (const roll of rolls) {
      expect(roll.dice).toHaveLength(3);
      expect(roll.dice.every((die) => Number.isInteger(die) && die >= 1 && die <= 20)).toBe(true);
      expect(roll.total).toBe(roll.dice.reduce((sum, die) => sum + die, 0) + 2);
    }
    // Twenty forged triple twenties would all say 62; the server's dice do not.
    expect(rolls.some((roll) => roll.total !== 62)).toBe(true);

    // A text that looks like a result is a plain line, not a roll.
    await owner.send('newMessage', {
      gameId: p.gameId,
      playerId: p.ownerCharacter,
      content: { kind: 'text', text: '1d20 = 20 (Critique !)' },
    });
    expect((await serverLog(t, p.gameId)).at(-1)).toMatchObject({
      type: 'chat.posted',
      payload: { type: 'normal', message: '1d20 = 20 (Critique !)' },
    });
    expect((await serverLog(t, p.gameId)).at(-1)?.payload).not.toHaveProperty('roll');
  });

  it('rolls any die a command names, as the spec allows (/r 1d100), within sane bounds', async () => {
    const owner = await joined(t, p.owner, p.gameId);
    const say = (text: string) =>
      owner.send('newMessage', {
        gameId: p.gameId,
        playerId: p.ownerCharacter,
        content: { kind: 'text', text },
      });
    expect(await say('/r 1d100')).toEqual({ ok: true });
    const rolled = (await serverLog(t, p.gameId)).at(-1)!;
    expect(rolled).toMatchObject({ type: 'dice.rolled', payload: { roll: { count: 1, sides: 100 } } });
    const [die] = (rolled.payload as ChatMessage).roll!.dice;
    expect(die).toBeGreaterThanOrEqual(1);
    expect(die).toBeLessThanOrEqual(100);
    // What players receive is what their client reads.
    expect(chatMessage.safeParse(rolled.payload).success).toBe(true);
    expect(await say('/r 1d1001')).toEqual({ ok: false, error: invalidCommandText });
  });

  it('names a macro’s roll with its title, apart from the result it computes', async () => {
    const owner = await joined(t, p.owner, p.gameId);
    const macro = (text: string, label: string) =>
      owner.send('newMessage', {
        gameId: p.gameId,
        playerId: p.ownerCharacter,
        content: { kind: 'text', text, label },
      });
    expect(await macro('/r 1d20+3', 'Frappe du vent')).toEqual({ ok: true });
    const rolled = (await serverLog(t, p.gameId)).at(-1)!;
    expect(rolled).toMatchObject({ type: 'dice.rolled', payload: { label: 'Frappe du vent' } });
    expect((rolled.payload as ChatMessage).message).toMatch(/^1d20\+3 : \[\d+\] \+3 = \d+$/);

    // A title dressed as a result stays a label: the result is still the server's alone.
    expect(await macro('/r 1d4', '1d20 : [20] = 20 —')).toEqual({ ok: true });
    const forged = (await serverLog(t, p.gameId)).at(-1)!.payload as ChatMessage;
    expect(forged.label).toBe('1d20 : [20] = 20 —');
    expect(forged.message).toMatch(/^1d4 : \[[1-4]\] = [1-4]$/);
  });

  // OWASP XSS Filter Evasion Cheat Sheet: stored and returned as the text they are; the client
  // renders them as text (React escapes), the server never interprets them.
  const xss = [
    '<script>alert("XSS")</script>',
    '<IMG SRC="javascript:alert(\'XSS\');">',
    '<img src=x onerror=alert(1)>',
    '"><svg/onload=alert(String.fromCharCode(88,83,83))>',
    '<a href="jav&#x09;ascript:alert(\'XSS\');">clic</a>',
    '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
    "<BODY ONLOAD=alert('XSS')>",
    '<<SCRIPT>alert("XSS");//<</SCRIPT>',
    "';alert(String.fromCharCode(88,83,83))//';alert(String.fromCharCode(88,83,83))//",
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
    '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  ];

  it('keeps the OWASP XSS payloads inert: stored and sent back unchanged, as JSON', async () => {
    const mj = await joined(t, p.mj, p.gameId);
    const owner = await joined(t, p.owner, p.gameId);
    for (const text of xss) {
      expect(
        await owner.send('newMessage', {
          gameId: p.gameId,
          playerId: p.ownerCharacter,
          content: { kind: 'text', text },
        }),
      ).toEqual({ ok: true });
    }
    const map = xss[0]!;
    expect(
      await mj.send('mapChange', {
        gameId: p.gameId,
        map: { id: await mapOfGame(map), ...MAP_SIZE },
        bringPlayers: true,
      }),
    ).toEqual({ ok: true });
    const monster = await insertResource(t.database.db, p.gameId, 'monster', xss[1]!, {
      speciality: xss[2]!,
    });
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map, itemId: monster, isPlayer: false, x: 10, y: 10 },
      }),
    ).toEqual({ ok: true });

    const history = await t.api<GameMessagesAnswer>(
      'GET',
      `/message?gameId=${p.gameId}&limit=${xss.length}`,
      undefined,
      p.mj.token,
    );
    expect(history.headers.get('content-type')).toMatch(/^application\/json/);
    expect(history.body.map((event) => event.payload)).toEqual(
      xss.map((text) => expect.objectContaining({ message: text })),
    );
    const state = await serverState(t, p.gameId);
    expect(Object.values(state.tokens[map] ?? {})).toEqual([
      expect.objectContaining({ name: `${xss[1]} 1`, speciality: xss[2] }),
    ]);
    expect(state.currentMap).toMatchObject({ name: map, link: 'https://cartes.example/m.png' });
    await owner.reach(state.lastSeq);
    expect(owner.inbox.state.currentMap).toEqual(state.currentMap);
  });
});
