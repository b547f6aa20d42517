import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopesOf, type GameMessagesAnswer } from '../../src/api/schemas/table';
import { attackNumbers } from '../../src/domain/table/attack-numbers';
import { bandOf } from '../../src/domain/table/health';
import { attackMessages, tableMessages } from '../../src/domain/table/messages';
import type { ChatMessage, TableEvent } from '../../src/domain/table/types';
import { characterMemories, characters, gameResources } from '../../server/db/schema/index';
import { createUsersService } from '../../server/modules/users/service';
import { insertResource } from '../helpers/game-fixtures';
import { drivers, sharedDrivers, startTestServer, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';
import {
  emitWithAck,
  joined,
  joinedParty,
  MAP,
  mapChoice,
  monsterDraft,
  playerDraft,
  serverLog,
  serverState,
  tableParty,
  tokenOf,
  type TableClient,
  type TableParty,
  placeToken,
  type TokenIntent,
} from '../helpers/table';

const forbidden = "Vous n'êtes pas autorisé à accéder à cette partie...";

/**
 * Cells on the test map (1500 × 1000 px, a cell of 75 px): a cell is 5 % across, 7.5 % down. The
 * owner's token at column 2, row 1; a wolf next to it, a goblin far away.
 */
const cell = (column: number, row: number) => ({ x: column * 5, y: row * 7.5 });
/** The centre of that cell, where an area is aimed. */
const centre = (column: number, row: number) => ({ x: column * 5 + 2.5, y: row * 7.5 + 3.75 });

describe.each(drivers)('attacks at the table (%s)', (driver) => {
  let t: TestServer;
  let p: TableParty;
  let mj: TableClient;
  let owner: TableClient;
  let other: TableClient;
  let slash: string;
  let whirl: string;
  let foreign: string;
  let sword: string;

  const place = (client: TableClient, intent: TokenIntent) => placeToken(t, p.gameId, client, intent);
  const attack = (client: TableClient | { send: TableClient['send'] }, fields: Record<string, unknown>) =>
    client.send('attack', { gameId: p.gameId, map: MAP, ...fields });
  const hpOf = async (usableId: string) => (await serverState(t, p.gameId)).tokens[MAP]![usableId]!.currentHP;
  /** The log after `from`, as the server holds it. */
  const since = async (from: number) => (await serverLog(t, p.gameId)).filter((event) => event.seq > from);
  const head = async () => (await serverState(t, p.gameId)).lastSeq;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    p = await tableParty(t);
    const { db } = t.database;
    // Aria wears a FOR sword; the game offers a slash for it, a whirl of the soul, and an attack of another weapon.
    await db
      .update(characters)
      .set({ forceWeapon: 3, deplacement: 4 })
      .where(eq(characters.id, p.ownerCharacter));
    sword = await insertResource(db, p.gameId, 'memory', 'Épée longue FOR', { type: 'Arme', stat: [] });
    await db
      .insert(characterMemories)
      .values({ characterId: p.ownerCharacter, resourceId: sword, category: 'memory', equipped: true });
    const attackFields = {
      weaponType: 'Force',
      damageRoll: '1d8+2',
      range: 1,
      maxTargets: 1,
      areaOfEffect: 'single',
      areaSize: 1,
      cost: 'AC',
      isGlobal: false,
      memoryId: sword,
    };
    slash = await insertResource(db, p.gameId, 'attack', 'Taillade', attackFields);
    whirl = await insertResource(db, p.gameId, 'attack', 'Tourbillon', {
      ...attackFields,
      range: 0,
      areaOfEffect: 'circle',
      areaSize: 2,
      maxTargets: 0,
      cost: 'AS',
    });
    foreign = await insertResource(db, p.gameId, 'attack', 'Tir', {
      ...attackFields,
      weaponType: 'Agilité',
      memoryId: null,
      isGlobal: true,
    });
    [mj, owner, other] = await joinedParty(t, p);
  });
  afterAll(() => t.close());

  it('builds a token from the stored sheet or bestiary, whatever the client claims', async () => {
    const forged = {
      ...playerDraft(p.ownerCharacter, cell(2, 1)),
      HP: 999,
      currentHP: 999,
      AC: 99,
      name: 'Imposteur',
      visibility: false,
      hidden: true,
    };
    const aria = await place(owner, forged);
    expect((await serverState(t, p.gameId)).tokens[MAP]![aria]).toMatchObject({
      name: 'Aria',
      HP: 30,
      currentHP: 30,
      AC: 10,
      soulEssence: 100,
      currentSoulEssence: 100,
      visibility: true,
      ...cell(2, 1),
    });
    const wolf = await place(mj, {
      ...monsterDraft(p, 'Loup', cell(3, 1)),
      HP: 1,
      AC: 1,
      attackBonus: 50,
    } as never);
    expect((await serverState(t, p.gameId)).tokens[MAP]![wolf]).toMatchObject({
      name: 'Loup 1',
      HP: 12,
      currentHP: 12,
      AC: 12,
      attackBonus: 2,
      damage: '1d6',
    });
  });

  it('refuses maps and ids a prototype would answer for, and still folds', async () => {
    const from = await head();
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect(
        await mj.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.place', map: name, ...monsterDraft(p, 'Gobelin') },
        }),
      ).toEqual({ ok: false, error: tableMessages.mapNotOpen });
      expect(
        await mj.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.move', map: name, usableId: 'name', x: 1, y: 1 },
        }),
      ).toEqual({ ok: false, error: tableMessages.tokenNotFound });
      expect(
        await mj.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.remove', map: MAP, usableId: name },
        }),
      ).toEqual({ ok: false, error: tableMessages.tokenNotFound });
      expect(
        await mj.send('turnOrderChange', {
          gameId: p.gameId,
          change: { type: 'turnOrder.newCombat', map: name },
        }),
      ).toEqual({
        ok: false,
        error: tableMessages.mapNotOpen,
      });
      expect(await mj.send('mapChange', { gameId: p.gameId, map: { id: name }, bringPlayers: true })).toEqual(
        {
          ok: false,
          error: "Cette carte n'existe pas dans cette partie.",
        },
      );
      expect(
        await attack(owner, { map: name, attackerId: name, attack: { kind: 'simple' }, targetId: name }),
      ).toMatchObject({
        ok: false,
      });
    }
    expect(await since(from)).toEqual([]);
    // A map of another game is not this game's either.
    const elsewhere = await tableParty(t);
    expect(await mj.send('mapChange', { gameId: p.gameId, map: mapChoice(elsewhere, 'Crypte') })).toEqual({
      ok: false,
      error: "Cette carte n'existe pas dans cette partie.",
    });
    expect((await serverState(t, p.gameId)).lastSeq).toBe(from);
    // A reader joining now has the log folded to the same table.
    const reader = await joined(t, p.mj, p.gameId);
    expect(reader.inbox.state).toEqual(await serverState(t, p.gameId));
    reader.socket.disconnect();
  });

  it.runIf(sharedDrivers.includes(driver))(
    'folds the log to the same table in another process started on the same database',
    async () => {
      const restarted = await startTestServer({ peerOf: t });
      try {
        const reader = await joined(restarted, p.mj, p.gameId);
        expect(reader.inbox.state).toEqual(await serverState(t, p.gameId));
      } finally {
        await restarted.close();
      }
    },
  );

  it('rolls a player’s attack on the server: d20 + stat against AC, damage from the stored attack', async () => {
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const wolf = (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId;
    const from = await head();
    // Forged dice, results and stats are not part of an attack: they are dropped.
    expect(
      await attack(owner, {
        attackerId: aria,
        attack: { kind: 'weapon', attackId: slash, damageRoll: '99d20', bonus: 60 },
        targetId: wolf,
        roll: 20,
        damage: 500,
        outcome: 'criticalSuccess',
      }),
    ).toEqual({ ok: true });
    const events = await since(from);
    expect(events[0]).toMatchObject({
      type: 'attack.performed',
      payload: { map: MAP, attackerId: aria, targetIds: [wolf], attack: 'Taillade' },
      userId: p.owner.userId,
    });
    const lines = events
      .filter((event) => event.type === 'dice.rolled')
      .map((event) => event.payload as ChatMessage);
    expect(lines[0]!.roll).toMatchObject({ count: 1, sides: 20, bonus: 3 });
    expect(lines[0]!.message).toMatch(/^Taillade → Loup 1 — 1d20\+3 : \[\d+\] \+3 = \d+ · CA 12 : /);
    expect(lines[0]!.playerName).toBe('Aria');
    const natural = lines[0]!.roll!.dice[0]!;
    const landed = natural === 20 || (natural !== 1 && natural + 3 >= 12);
    if (landed) {
      expect(lines[1]!.roll).toMatchObject({ count: 1, sides: 8, bonus: 2, messageType: 'damageRoll' });
      expect(await hpOf(wolf)).toBe(Math.max(0, 12 - lines[1]!.roll!.total));
    } else {
      expect(lines).toHaveLength(1);
      expect(await hpOf(wolf)).toBe(12);
    }
    await owner.reach(await head());
    await mj.reach(await head());
    // The MJ reads the wolf's HP; its attacker, only its state.
    expect(mj.inbox.state.tokens[MAP]![wolf]!.currentHP).toBe(await hpOf(wolf));
    expect(owner.inbox.state.tokens[MAP]![wolf]).toMatchObject({
      HP: null,
      currentHP: null,
      health: bandOf((await hpOf(wolf))!, 12),
    });
  });

  it('refuses, with the spec’s texts, what the attacker may not do, and logs nothing', async () => {
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const wolf = (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId;
    const goblin = await place(mj, monsterDraft(p, 'Gobelin', cell(15, 10)));
    const from = await head();
    const refusals: Array<[TableClient | { send: TableClient['send'] }, Record<string, unknown>, string]> = [
      [owner, { attackerId: aria, attack: { kind: 'simple' }, targetId: goblin }, attackMessages.outOfRange],
      [
        owner,
        { attackerId: aria, attack: { kind: 'weapon', attackId: foreign }, targetId: wolf },
        attackMessages.unknownAttack,
      ],
      [
        owner,
        { attackerId: aria, attack: { kind: 'weapon', attackId: 'inconnue' }, targetId: wolf },
        attackMessages.unknownAttack,
      ],
      [
        mj,
        { attackerId: aria, attack: { kind: 'simple' }, targetId: wolf },
        attackMessages.mastersDoNotAttack,
      ],
      [other, { attackerId: aria, attack: { kind: 'simple' }, targetId: wolf }, attackMessages.notOnMap],
      [
        owner,
        { attackerId: wolf, attack: { kind: 'monster' }, targetId: aria },
        attackMessages.onlyMasterMonsters,
      ],
      [owner, { attackerId: aria, attack: { kind: 'simple' }, targetId: aria }, attackMessages.tokenNotFound],
      [
        owner,
        { attackerId: aria, attack: { kind: 'weapon', attackId: whirl }, aim: cell(30, 30) },
        attackMessages.outOfRange,
      ],
    ];
    for (const [client, fields, refusal] of refusals) {
      expect(await attack(client, { ...fields })).toEqual({ ok: false, error: refusal });
    }
    for (const role of ['kicked', 'outsider'] as const) {
      const socket = await t.socket(p[role].token);
      expect(
        await emitWithAck(socket, 'attack', {
          gameId: p.gameId,
          map: MAP,
          attackerId: aria,
          attack: { kind: 'simple' },
          targetId: wolf,
        }),
      ).toEqual({ ok: false, error: forbidden });
      socket.close();
    }
    expect(await since(from)).toEqual([]);

    // A dead target, and no one in the area.
    await mj.send('itemChange', {
      gameId: p.gameId,
      change: {
        type: 'token.adjust',
        map: MAP,
        usableId: wolf,
        resource: 'HP',
        direction: 'decrease',
        amount: 99,
      },
    });
    const dead = await head();
    expect(await attack(owner, { attackerId: aria, attack: { kind: 'simple' }, targetId: wolf })).toEqual({
      ok: false,
      error: attackMessages.deadTarget,
    });
    expect(
      await attack(owner, { attackerId: aria, attack: { kind: 'weapon', attackId: whirl }, aim: cell(2, 3) }),
    ).toEqual({
      ok: false,
      error: attackMessages.nobodyInArea,
    });
    expect(await head()).toBe(dead);
  });

  it('hits every living token an area covers, spends the essence, and lets the MJ make a monster strike', async () => {
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const first = await place(mj, monsterDraft(p, 'Spectre', cell(4, 2)));
    const second = await place(mj, monsterDraft(p, 'Liche', cell(5, 3)));
    const from = await head();
    expect(
      await attack(owner, {
        attackerId: aria,
        attack: { kind: 'weapon', attackId: whirl },
        aim: centre(4, 2),
      }),
    ).toEqual({
      ok: true,
    });
    const events = await since(from);
    expect(events[0]).toMatchObject({ type: 'attack.performed' });
    expect([...(events[0]!.payload as { targetIds: string[] }).targetIds].sort()).toEqual(
      [first, second].sort(),
    );
    expect(events[1]).toMatchObject({
      type: 'token.adjusted',
      payload: { usableId: aria, resource: 'soulEssence', value: 90 },
    });

    // A monster strikes within its reach: the MJ brings it next to Aria first.
    await mj.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.move', map: MAP, usableId: first, ...cell(3, 1) },
    });
    const before = await head();
    expect(await attack(mj, { attackerId: first, attack: { kind: 'monster' }, targetId: aria })).toEqual({
      ok: true,
    });
    const strike = await since(before);
    expect(strike[0]).toMatchObject({
      type: 'attack.performed',
      payload: { attackerId: first, targetIds: [aria] },
    });
    const line = strike[1]!.payload as ChatMessage;
    expect(line.roll).toMatchObject({ count: 1, sides: 20, bonus: 2 });
    expect(line.playerName).toBe('Spectre 1');
  });

  it('tells of a hidden monster only those who could see it, live and in the history', async () => {
    const shade = await place(mj, monsterDraft(p, 'Ombre', { ...cell(8, 8), hidden: true }));
    const ownerHeard: TableEvent[] = [];
    owner.socket.on('broadcastMessage', (message: TableEvent | TableEvent[]) =>
      ownerHeard.push(...envelopesOf(message)),
    );
    await mj.send('itemChange', {
      gameId: p.gameId,
      change: {
        type: 'token.adjust',
        map: MAP,
        usableId: shade,
        resource: 'HP',
        direction: 'decrease',
        amount: 99,
      },
    });
    expect(
      await mj.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.remove', map: MAP, usableId: shade },
      }),
    ).toEqual({ ok: true });
    const last = await head();
    await owner.reach(last);
    await mj.reach(last);
    // Hidden, it bears a letter, which the players never read (docs/live-table.md "Names in sight").
    const killed = 'Vous avez tué un Ombre A.';
    expect(mj.heard.some((event) => (event.payload as ChatMessage).message === killed)).toBe(true);
    expect(JSON.stringify(owner.heard)).not.toContain('Ombre');
    expect(JSON.stringify(ownerHeard)).not.toContain('Ombre');
    const history = (token: string) =>
      t.api<GameMessagesAnswer>('GET', `/message?gameId=${p.gameId}&limit=200`, undefined, token);
    expect(JSON.stringify((await history(p.owner.token)).body)).not.toContain('Ombre');
    expect((await history(p.mj.token)).body.map((event) => (event.payload as ChatMessage).message)).toContain(
      killed,
    );
    // A visible monster's death is everyone's.
    const wolf = (await tokenOf(t, p.gameId, p.monsters.Loup)).usableId;
    await mj.send('itemChange', {
      gameId: p.gameId,
      change: { type: 'token.remove', map: MAP, usableId: wolf },
    });
    expect(
      (await history(p.owner.token)).body.map((event) => (event.payload as ChatMessage).message),
    ).toContain('Vous avez tué un Loup 1.');
  });

  it('tells a death when it happens and the victim of a hidden monster what it cost, each to exactly its readers', async () => {
    const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
    const change = (fields: Record<string, unknown>) =>
      mj.send('itemChange', { gameId: p.gameId, change: { map: MAP, ...fields } });
    await change({
      type: 'token.adjust',
      usableId: aria,
      resource: 'HP',
      direction: 'increase',
      amount: 999,
    });
    const messagesOf = (client: TableClient) =>
      client.heard.flatMap((event) => ('message' in event.payload ? [event.payload.message as string] : []));
    const historyOf = async (token: string) =>
      (
        await t.api<GameMessagesAnswer>('GET', `/message?gameId=${p.gameId}&limit=200`, undefined, token)
      ).body.map((event) => (event.payload as ChatMessage).message);

    // A hidden monster next to Aria strikes until it lands.
    const lurker = await place(mj, monsterDraft(p, 'Ombre', { ...cell(2, 2), hidden: true }));
    let lost = 0;
    for (let tries = 0; lost === 0 && tries < 60; tries += 1) {
      const hp = (await hpOf(aria))!;
      expect(await attack(mj, { attackerId: lurker, attack: { kind: 'monster' }, targetId: aria })).toEqual({
        ok: true,
      });
      lost = hp - (await hpOf(aria))!;
    }
    const struck = attackMessages.struckUnseen(lost);
    await Promise.all([mj, owner, other].map(async (client) => client.reach(await head())));
    expect(messagesOf(owner)).toContain(struck);
    expect(messagesOf(mj)).toContain(struck);
    expect(messagesOf(other)).not.toContain(struck);
    expect(JSON.stringify(owner.heard)).not.toContain('Ombre');
    expect(await historyOf(p.owner.token)).toContain(struck);
    expect(await historyOf(p.mj.token)).toContain(struck);
    expect(await historyOf(p.other.token)).not.toContain(struck);
    expect(JSON.stringify(await historyOf(p.owner.token))).not.toContain('Ombre');

    // Aria strikes a wolf at its last HP until it dies: everyone who sees them both reads it then
    // (the wolf of the party's setting died above: this one is the only one on the map).
    const { x, y } = (await serverState(t, p.gameId)).tokens[MAP]![aria]!;
    const wolf = await place(mj, monsterDraft(p, 'Loup', { x: x + 5, y }));
    await change({
      type: 'token.adjust',
      usableId: wolf,
      resource: 'HP',
      direction: 'decrease',
      amount: 11,
    });
    for (let tries = 0; (await hpOf(wolf))! > 0 && tries < 60; tries += 1) {
      expect(
        await attack(owner, {
          attackerId: aria,
          attack: { kind: 'weapon', attackId: slash },
          targetId: wolf,
        }),
      ).toEqual({ ok: true });
    }
    const name = (await serverState(t, p.gameId)).tokens[MAP]![wolf]!.name;
    const killed = attackMessages.killedBy('Aria', name);
    await Promise.all([mj, owner, other].map(async (client) => client.reach(await head())));
    for (const client of [mj, owner, other]) expect(messagesOf(client)).toContain(killed);
    expect(await historyOf(p.other.token)).toContain(killed);
  });

  it('rolls the worn weapon’s damage with the attack’s, the numbers the sheet and the menu show', async () => {
    const { db } = t.database;
    const stat = [{ stat: 'damage', bonus: '1d4' }];
    await db
      .update(gameResources)
      .set({ fields: { type: 'Arme', stat } })
      .where(eq(gameResources.id, sword));
    try {
      const shown = attackNumbers({ damageRoll: '1d8+2', cost: 'AC' }, { stat }).damage;
      expect(shown).toBe('1d8+1d4+2');
      const aria = (await tokenOf(t, p.gameId, p.ownerCharacter)).usableId;
      const before = (await serverState(t, p.gameId)).tokens[MAP]!;
      const { x, y } = before[aria]!;
      // A fresh wolf below Aria: the one of the setting died above and keeps its token.
      await place(mj, monsterDraft(p, 'Loup', { x, y: y + 7.5 }));
      const wolf = Object.keys((await serverState(t, p.gameId)).tokens[MAP]!).find((id) => !(id in before))!;
      let damage: ChatMessage | undefined;
      for (let tries = 0; !damage && tries < 60; tries += 1) {
        const from = await head();
        const struck = { attackerId: aria, attack: { kind: 'weapon', attackId: slash }, targetId: wolf };
        expect(await attack(owner, struck)).toEqual({ ok: true });
        damage = (await since(from))
          .filter((event) => event.type === 'dice.rolled')
          .map((event) => event.payload as ChatMessage)
          .find((line) => line.roll?.messageType === 'damageRoll');
      }
      expect(damage!.roll).toMatchObject({ count: 1, sides: 8, extra: [{ count: 1, sides: 4 }], bonus: 2 });
      const { dice, extra, total } = damage!.roll!;
      expect(total).toBe(dice[0]! + extra![0]!.dice[0]! + 2);
      expect(damage!.message).toContain(`— ${shown} : `);
    } finally {
      await db
        .update(gameResources)
        .set({ fields: { type: 'Arme', stat: [] } })
        .where(eq(gameResources.id, sword));
    }
  });
});

describe.each(drivers)('seats at the table (%s)', (driver) => {
  const t = serverForSuite({ driver });

  it('seats an MJ account playing at someone else’s game as that game’s player', async () => {
    const p = await tableParty(t);
    await createUsersService(t.database.db).grantRole(p.owner.email, 'mj');
    const owner = await joined(t, p.owner, p.gameId);
    expect(
      await owner.send('mapChange', { gameId: p.gameId, map: mapChoice(p, 'Crypte'), bringPlayers: true }),
    ).toEqual({
      ok: false,
      error: tableMessages.onlyMasterMap,
    });
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...monsterDraft(p, 'Loup') },
      }),
    ).toEqual({ ok: false, error: tableMessages.onlyOwnCharacter });
    expect(
      await owner.send('itemChange', {
        gameId: p.gameId,
        change: { type: 'token.place', map: MAP, ...playerDraft(p.ownerCharacter) },
      }),
    ).toEqual({ ok: true });
  });

  it('lets an admin who is not the MJ read the game’s maps and monsters', async () => {
    const p = await tableParty(t);
    const admin = await t.register();
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    const maps = await t.api<Array<{ name: string }>>(
      'GET',
      `/game-data/${p.gameId}/map`,
      undefined,
      admin.token,
    );
    expect(maps.status).toBe(200);
    expect(maps.body.map((map) => map.name).sort()).toEqual(['Crypte', 'Forêt', 'Secret']);
    const monsters = await t.api<Array<{ name: string }>>(
      'GET',
      `/monster?ids=${Object.values(p.monsters).join(',')}`,
      undefined,
      admin.token,
    );
    expect(monsters.body).toHaveLength(5);
    // Still the MJ's list only, for everyone else.
    expect((await t.api('GET', `/game-data/${p.gameId}/map`, undefined, p.owner.token)).status).toBe(403);
  });
});
