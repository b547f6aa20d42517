import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameResource, StoreEntry } from '../../src/api/schemas/resources';
import { gameResources, storeEntries } from '../../server/db/schema/index';
import { apiParty, type ApiParty } from '../helpers/api-party';
import { drivers, startTestServer, type TestServer } from '../helpers/server';

/** Game data crossing a line it must not (issue 15, item 5): each case failed before its fix. */

describe.each(drivers)('hardening of game data (%s)', (driver) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ driver });
  });
  afterAll(() => t.close());

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

    it('drops the memory of an entry exported before the fix, and never tells the first game of a copy imported before it', async () => {
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

      // A copy imported before the fix still names the first game's memory: its edits stay in its game.
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
});

/** Runs `act` and resolves once the socket heard the `equipmentChange` it causes. */
async function untilHeard(socket: Socket, act: () => Promise<unknown>): Promise<void> {
  const heard = new Promise<void>((resolve) => socket.once('equipmentChange', () => resolve()));
  await act();
  await heard;
}
