import { randomUUID } from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CharacterSheet } from '../../src/api/schemas/characters';
import type { GameInvitation } from '../../src/api/schemas/game-invitations';
import type { GameResource, StoreEntry } from '../../src/api/schemas/resources';
import type { GameMessagesAnswer } from '../../src/api/schemas/table';
import { gameResources, storeEntries } from '../../server/db/schema/index';
import { apiParty, type ApiMember, type ApiParty, type ApiPlayer } from '../helpers/api-party';
import { drivers } from '../helpers/server';
import { serverForSuite } from '../helpers/suite-server';
import { emitWithAck, joined, MAP, playerDraft, serverLog, tableParty, tokenOf } from '../helpers/table';

/** Game data crossing a line it must not. */

const notInGame = 'Ce personnage ne peut plus agir dans cette partie : son joueur n’en fait plus partie.';

describe.each(drivers)('hardening of game data (%s)', (driver) => {
  const t = serverForSuite({ driver });

  /** The MJ kicks the table's owner player through their accepted invitation. */
  async function kickOwner(p: Awaited<ReturnType<typeof tableParty>>) {
    const sent = await t.api<GameInvitation[]>(
      'GET',
      `/game-invitations/sent?gameId=${p.gameId}`,
      undefined,
      p.mj.token,
    );
    const invitation = sent.body.find((one) => one.toUserId === p.owner.userId);
    expect(
      (await t.api('POST', `/game-invitations/${invitation!.id}/kick`, undefined, p.mj.token)).status,
    ).toBe(200);
  }

  const create = async (party: ApiParty, category: string, body: object) => {
    const response = await t.api<GameResource>(
      'POST',
      `/game-data/${party.gameId}/${category}`,
      body,
      party.mj.token,
    );
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const give = async (
    party: ApiParty,
    category: string,
    resourceId: string,
    playerId: string,
    quantity = 1,
  ) => {
    const response = await t.api(
      'POST',
      `/game-data/${party.gameId}/assign/${category}`,
      { resourceId, playerId, quantity },
      party.mj.token,
    );
    expect(response.status).toBe(200);
  };

  describe('a store copy carries no link into its first game', () => {
    it('exports and imports an enchantment and an attack without their memory, so the new game never notifies the first', async () => {
      const first = await apiParty(t.url, 'Première', 1);
      const second = await apiParty(t.url, 'Seconde', 0);
      const hero = first.players[0]!;
      const blade = await create(first, 'memory', { name: 'Lame FOR', type: 'Arme' });
      await give(first, 'memory', blade, hero.characterId);
      const forms = {
        enchantment: { name: 'Feu', type: 'Élément', cost: '2' },
        attack: { name: 'Estoc', weaponType: 'Force', damageRoll: '1d6', cost: 'AC', isGlobal: false },
      };
      const linked = {
        enchantment: await create(first, 'enchantment', { ...forms.enchantment, memoryId: blade }),
        attack: await create(first, 'attack', { ...forms.attack, memoryId: blade }),
      };
      const potion = await create(first, 'item', { name: 'Potion', type: 'Soin' });

      const heard: unknown[] = [];
      const heroSocket = await t.socket(hero.token);
      heroSocket.on('equipmentChange', (payload: unknown) => heard.push(payload));

      for (const category of ['enchantment', 'attack'] as const) {
        const resourceId = linked[category];
        const exported = await t.api<{ resource: GameResource }>(
          'POST',
          `/game-data/${first.gameId}/${category}/export`,
          { resourceId },
          first.mj.token,
        );
        expect(exported.status).toBe(200);
        const entryId = exported.body.resource.storeEntryId!;
        const entry = await t.api<StoreEntry>(
          'GET',
          `/global-store/${category}/${entryId}`,
          undefined,
          second.mj.token,
        );
        expect(entry.body).toMatchObject({ memoryId: null });

        const imported = await t.api<{ resource: GameResource }>(
          'POST',
          `/game-data/${second.gameId}/${category}/import`,
          { resourceId: entryId },
          second.mj.token,
        );
        expect(imported.status).toBe(201);
        expect(imported.body.resource).toMatchObject({ gameId: second.gameId, memoryId: null });
        // Edited then deleted in the second game: its sheets are told, never the first game's.
        const copy = `/game-data/${second.gameId}/${category}/${imported.body.resource.id}`;
        expect(
          (await t.api('PUT', copy, { ...forms[category], description: 'Copie' }, second.mj.token)).status,
        ).toBe(200);
        expect((await t.api('DELETE', copy, undefined, second.mj.token)).status).toBe(200);
      }

      // A notice the hero must hear, after everything above: socket.io keeps the order, so a wrong one would be first.
      await untilHeard(heroSocket, () => give(first, 'item', potion, hero.characterId));
      expect(heard).toEqual([{ playerId: hero.characterId }]);
    });

    it('drops the memory of an entry exported before migration 0008, and never tells the first game of a copy imported before it', async () => {
      const first = await apiParty(t.url, 'Ancienne', 1);
      const second = await apiParty(t.url, 'Nouvelle', 0);
      const hero = first.players[0]!;
      const blade = await create(first, 'memory', { name: 'Lame AGI', type: 'Arme' });
      await give(first, 'memory', blade, hero.characterId);
      const frost = { name: 'Givre', type: 'Élément', cost: '1' };
      const { db } = t.database;
      const [entry] = await db
        .insert(storeEntries)
        .values({
          category: 'enchantment',
          name: frost.name,
          fields: { type: frost.type, cost: frost.cost, memoryId: blade },
          createdBy: first.mj.userId,
          exportedBy: first.mj.userId,
          exportedAt: new Date(),
          sourceGameId: first.gameId,
        })
        .returning({ id: storeEntries.id });
      const imported = await t.api<{ resource: GameResource }>(
        'POST',
        `/game-data/${second.gameId}/enchantment/import`,
        { resourceId: entry!.id },
        second.mj.token,
      );
      expect(imported.status).toBe(201);
      expect(imported.body.resource).toMatchObject({ name: 'Givre', memoryId: null });

      // A copy imported before migration 0008 still names the first game's memory: its edits stay in its game.
      const [legacy] = await db
        .insert(gameResources)
        .values({
          gameId: second.gameId,
          category: 'enchantment',
          name: 'Givre ancien',
          fields: { type: frost.type, cost: frost.cost, memoryId: blade },
          importedFromGlobal: true,
          importedAt: new Date(),
        })
        .returning({ id: gameResources.id });
      const heard: unknown[] = [];
      const heroSocket = await t.socket(hero.token);
      heroSocket.on('equipmentChange', (payload: unknown) => heard.push(payload));
      const copy = `/game-data/${second.gameId}/enchantment/${legacy!.id}`;
      expect((await t.api('PUT', copy, { ...frost, name: 'Givre édité' }, second.mj.token)).status).toBe(200);
      expect((await t.api('DELETE', copy, undefined, second.mj.token)).status).toBe(200);
      const potion = await create(first, 'item', { name: 'Potion', type: 'Soin' });
      await untilHeard(heroSocket, () => give(first, 'item', potion, hero.characterId));
      expect(heard).toEqual([{ playerId: hero.characterId }]);
    });
  });

  describe('a character acts in its game only while its owner belongs to it', () => {
    let party: ApiParty;
    let kicked: ApiPlayer;
    let departed: ApiPlayer;
    const ids: Record<string, string> = {};

    const equip = (user: ApiMember, player: ApiPlayer, memory: string, action: 'equip' | 'unequip') =>
      t.api('PUT', `/player-memories/equip/${player.characterId}/${memory}`, { action }, user.token);
    const consume = (user: ApiMember, player: ApiPlayer) =>
      t.api(
        'POST',
        '/player-items/consume-soul-shard',
        { destinationId: player.characterId, selectedObjectId: ids.shard, quantity: 1 },
        user.token,
      );
    const sheet = async (player: ApiPlayer) =>
      (await t.api<CharacterSheet>('GET', `/players/${player.characterId}`, undefined, party.mj.token)).body;
    const chatLength = async () =>
      (await t.api<GameMessagesAnswer>('GET', `/message?gameId=${party.gameId}`, undefined, party.mj.token))
        .body.length;

    beforeAll(async () => {
      party = await apiParty(t.url, 'Exil', 2);
      [kicked, departed] = party.players as [ApiPlayer, ApiPlayer];
      ids.helm = await create(party, 'memory', { name: 'Heaume', type: 'Casque' });
      ids.ring = await create(party, 'memory', { name: 'Bottes', type: 'Chaussures' });
      ids.shard = await create(party, 'item', { name: 'Dormant Soul Shard', type: 'Fragment' });
      for (const player of [kicked, departed]) {
        for (const memory of [ids.helm, ids.ring]) await give(party, 'memory', memory, player.characterId);
        await give(party, 'item', ids.shard, player.characterId, 3);
        expect((await equip(player, player, ids.ring, 'equip')).status).toBe(200);
      }
      const sent = await t.api<GameInvitation[]>(
        'GET',
        `/game-invitations/sent?gameId=${party.gameId}`,
        undefined,
        party.mj.token,
      );
      const invitation = sent.body.find((one) => one.toUserId === kicked.userId);
      expect(
        (await t.api('POST', `/game-invitations/${invitation!.id}/kick`, undefined, party.mj.token)).status,
      ).toBe(200);
      expect(
        (await t.api('POST', `/game-data/${party.gameId}/leave`, undefined, departed.token)).status,
      ).toBe(200);
    });

    it.each(['kicked', 'departed'] as const)(
      'refuses a %s player equipping, unequipping, consuming shards and editing with a 403, no chat line, no change',
      async (who) => {
        const player = who === 'kicked' ? kicked : departed;
        const before = await sheet(player);
        const lines = await chatLength();
        const refused = { status: 403, body: { error: notInGame } };
        expect(await equip(player, player, ids.helm!, 'equip')).toMatchObject(refused);
        expect(await equip(player, player, ids.ring!, 'unequip')).toMatchObject(refused);
        expect(await consume(player, player)).toMatchObject(refused);
        expect(
          await t.api('PUT', `/players/${player.characterId}`, { assetLink: null }, player.token),
        ).toMatchObject(refused);
        expect(
          await t.api(
            'GET',
            `/attack/memory/${ids.ring}?playerId=${player.characterId}`,
            undefined,
            player.token,
          ),
        ).toMatchObject(refused);
        expect(await sheet(player)).toEqual(before);
        expect(await chatLength()).toBe(lines);
        // Their own sheet stays theirs to read.
        expect((await t.api('GET', `/players/${player.characterId}`, undefined, player.token)).status).toBe(
          200,
        );
      },
    );

    it('still lets the MJ act on a character whose player is gone', async () => {
      expect(await equip(party.mj, departed, ids.helm!, 'equip')).toMatchObject({
        status: 200,
        body: { message: 'Équipé: Heaume' },
      });
      expect((await consume(party.mj, kicked)).status).toBe(200);
    });

    it("refuses a kicked player's command on their own token at the table", async () => {
      const p = await tableParty(t);
      const owner = await joined(t, p.owner, p.gameId);
      expect(
        await owner.send('itemChange', {
          gameId: p.gameId,
          change: { type: 'token.place', map: MAP, ...playerDraft(p.ownerCharacter) },
        }),
      ).toEqual({ ok: true });
      const { usableId } = await tokenOf(t, p.gameId, p.ownerCharacter);
      await kickOwner(p);
      const before = (await serverLog(t, p.gameId)).length;
      expect(
        await emitWithAck(owner.socket, 'itemChange', {
          gameId: p.gameId,
          change: { type: 'token.move', map: MAP, usableId, x: 50, y: 50 },
        }),
      ).toEqual({ ok: false, error: "Vous n'êtes pas autorisé à accéder à cette partie..." });
      expect(await serverLog(t, p.gameId)).toHaveLength(before);
    });
    it('no longer tells a kicked or departed player’s tabs of their character: no equipmentChange, no playerUpdate', async () => {
      const p = await tableParty(t);
      const players = [p.owner, p.other];
      const characters = [p.ownerCharacter, p.otherCharacter];
      const tokens: string[] = [];
      for (const [index, user] of players.entries()) {
        const client = await joined(t, user, p.gameId);
        expect(
          await client.send('itemChange', {
            gameId: p.gameId,
            change: { type: 'token.place', map: MAP, ...playerDraft(characters[index]!) },
          }),
        ).toEqual({ ok: true });
        tokens.push((await tokenOf(t, p.gameId, characters[index]!)).usableId);
        client.socket.close();
      }
      await kickOwner(p);
      expect((await t.api('POST', `/game-data/${p.gameId}/leave`, undefined, p.other.token)).status).toBe(
        200,
      );

      // Their tabs stay open elsewhere in the app: the lobby's socket is in their user room.
      const heard = new Map<string, unknown[]>();
      const listen = async (token: string, name: string) => {
        const socket = await t.socket(token);
        heard.set(name, []);
        for (const event of ['equipmentChange', 'playerUpdate']) {
          socket.on(event, (payload: unknown) => heard.get(name)!.push({ event, payload }));
        }
        return socket;
      };
      const [mj, owner, other] = [
        await listen(p.mj.token, 'mj'),
        await listen(p.owner.token, 'owner'),
        await listen(p.other.token, 'other'),
      ];
      const helm = await t.api<GameResource>(
        'POST',
        `/game-data/${p.gameId}/memory`,
        { name: 'Heaume', type: 'Casque' },
        p.mj.token,
      );
      for (const [index, character] of characters.entries()) {
        const given = await t.api(
          'POST',
          `/game-data/${p.gameId}/assign/memory`,
          { resourceId: helm.body.id, playerId: character, quantity: 1 },
          p.mj.token,
        );
        expect(given.status).toBe(200);
        const equipped = await t.api(
          'PUT',
          `/player-memories/equip/${character}/${helm.body.id}`,
          { action: 'equip' },
          p.mj.token,
        );
        expect(equipped.status).toBe(200);
        expect(
          await emitWithAck(mj, 'itemChange', {
            gameId: p.gameId,
            change: {
              type: 'token.adjust',
              map: MAP,
              usableId: tokens[index],
              resource: 'HP',
              direction: 'decrease',
              amount: 2,
            },
          }),
        ).toEqual({ ok: true });
      }
      await vi.waitFor(() => expect(heard.get('mj')).toHaveLength(6));
      // Their sockets answer after the emits: had they been told, they would have heard by now.
      for (const socket of [owner, other])
        await emitWithAck(socket, 'tableCatchUp', { gameId: p.gameId, afterSeq: 0 });
      expect(heard.get('owner')).toEqual([]);
      expect(heard.get('other')).toEqual([]);
    });
  });

  describe('GET /map?ids= and /monster?ids= are one query, capped', () => {
    /** Every SQL statement the server sends while `act` runs, read through Drizzle's logger. */
    async function queriesDuring(act: () => Promise<unknown>): Promise<string[]> {
      const session = t.database.db._.session as unknown as { logger: Logger };
      const before = session.logger;
      const seen: string[] = [];
      session.logger = { logQuery: (query) => seen.push(query) };
      try {
        await act();
      } finally {
        session.logger = before;
      }
      return seen;
    }

    it('answers with one query whatever the number of ids, and refuses more than 100 distinct ones', async () => {
      const party = await apiParty(t.url, 'Cartes', 1);
      const player = party.players[0]!;
      const maps = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          create(party, 'map', { name: `Carte ${i}`, link: `https://cartes.example/${i}.png` }),
        ),
      );
      const exported = await t.api<{ resource: GameResource }>(
        'POST',
        `/game-data/${party.gameId}/map/export`,
        { resourceId: maps[0] },
        party.mj.token,
      );
      expect(exported.status).toBe(200);
      const lookup = (ids: string[], token: string) =>
        t.api<GameResource[]>('GET', `/map?ids=${ids.join(',')}`, undefined, token);

      // The lookup itself and nothing else (the session is in memory once it has been seen): nothing
      // per id, nothing per row.
      expect((await t.api('GET', '/auth/verify', undefined, player.token)).status).toBe(200);
      const duplicated = [...maps, ...maps, ...maps, ...Array.from({ length: 40 }, () => randomUUID())];
      let answer: Awaited<ReturnType<typeof lookup>> | undefined;
      const queries = await queriesDuring(async () => {
        answer = await lookup(duplicated, player.token);
      });
      expect(answer?.status).toBe(200);
      expect(answer?.body).toHaveLength(30);
      expect(answer?.body.find((map) => map.id === maps[0])).toMatchObject({
        storeEntryId: exported.body.resource.storeEntryId,
        creatorInfo: { id: party.mj.userId },
        exporterInfo: { id: party.mj.userId },
      });
      expect(queries).toHaveLength(1);
      expect(queries[0]).toContain('"game_resources"');

      const tooMany = [...maps, ...Array.from({ length: 71 }, () => randomUUID())];
      expect(await lookup(tooMany, player.token)).toMatchObject({
        status: 400,
        body: { error: '100 identifiants au plus par appel.' },
      });

      // An MJ of another game, and a stranger, get nothing of this one.
      const elsewhere = await apiParty(t.url, 'Ailleurs', 0);
      const stranger = await t.register();
      for (const token of [elsewhere.mj.token, stranger.token]) {
        expect((await lookup(maps, token)).body).toEqual([]);
        expect(
          (await t.api<GameResource[]>('GET', `/monster?ids=${maps.join(',')}`, undefined, token)).body,
        ).toEqual([]);
      }
    });
  });
});

/** Runs `act` and resolves once the socket heard the `equipmentChange` it causes. */
async function untilHeard(socket: Socket, act: () => Promise<unknown>): Promise<void> {
  const heard = new Promise<void>((resolve) => socket.once('equipmentChange', () => resolve()));
  await act();
  await heard;
}
