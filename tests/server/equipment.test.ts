import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CharacterSheet,
  ConsumeShardResponse,
  EquippedItem,
  EquipResponse,
  MemoryEnchantment,
  WeaponAttack,
} from '../../src/api/schemas/characters';
import type { GameResource } from '../../src/api/schemas/resources';
import type { GameMessagesAnswer } from '../../src/api/schemas/table';
import { characterMessages as m } from '../../src/domain/character/messages';
import { createEquipmentService, type EquipmentNotice } from '../../server/modules/equipment/service';
import { createGameAccess } from '../../server/modules/games/access';
import { createResourcesService } from '../../server/modules/resources/service';
import { keepersParty, validCharacterBody } from '../helpers/characters';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

const notYours = "Vous n'êtes pas autorisé à modifier ou consulter ce personnage.";
const notFound = 'Personnage introuvable.';

const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

describe.each(drivers)('equipment and soul core (%s)', (driver) => {
  let t: TestServer;
  let owner: RegisteredUser;
  let mj: RegisteredUser;
  let teammate: RegisteredUser;
  let stranger: RegisteredUser;
  let gameId: string;
  let aria: string;
  const ids: Record<string, string> = {};

  const create = async (category: string, body: object) => {
    const response = await t.api<GameResource>('POST', `/game-data/${gameId}/${category}`, body, mj.token);
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const give = async (category: string, resourceId: string, quantity = 1) => {
    const response = await t.api(
      'POST',
      `/game-data/${gameId}/assign/${category}`,
      { resourceId, playerId: aria, quantity },
      mj.token,
    );
    expect(response.status).toBe(200);
  };
  const equip = (memory: string, action: unknown, user: RegisteredUser | null = owner, player = aria) =>
    t.api<EquipResponse & { error?: string }>(
      'PUT',
      `/player-memories/equip/${player}/${memory}`,
      { action },
      user?.token,
    );
  const sheet = async () =>
    (await t.api<CharacterSheet>('GET', `/players/${aria}`, undefined, owner.token)).body;
  const consume = (body: Record<string, unknown>, user: RegisteredUser | null = owner) =>
    t.api<ConsumeShardResponse & { error?: string }>(
      'POST',
      '/player-items/consume-soul-shard',
      { destinationId: aria, ...body },
      user?.token,
    );

  beforeAll(async () => {
    t = await startTestServer({ driver });
    ({ owner, mj, teammate, stranger, gameId } = await keepersParty(t));
    aria = (await t.api<{ id: string }>('POST', '/players', validCharacterBody('Aria', gameId), owner.token))
      .body.id;
    ids.helm = await create('memory', {
      name: 'Heaume',
      type: 'Casque',
      stat: [{ stat: 'athletisme', bonus: 2 }],
    });
    ids.crown = await create('memory', {
      name: 'Couronne',
      type: 'Casque',
      stat: [{ stat: 'savoir', bonus: 1 }],
    });
    ids.blade = await create('memory', {
      name: 'Lame FOR',
      type: 'Arme',
      stat: [
        { stat: 'athletisme', bonus: 1 },
        { stat: 'damage', bonus: '1d4' },
      ],
    });
    ids.orb = await create('memory', { name: 'Orbe', type: 'Breloque' });
    ids.cleave = await create('attack', {
      name: 'Taille',
      weaponType: 'Force',
      damageRoll: '1d8',
      cost: 'AS',
    });
    ids.thrust = await create('attack', {
      name: 'Estoc',
      weaponType: 'Agilité',
      damageRoll: '1d6',
      cost: 'AC',
      isGlobal: false,
      memoryId: ids.blade,
    });
    ids.shot = await create('attack', { name: 'Tir', weaponType: 'Agilité', damageRoll: '1d6', cost: 'AS' });
    ids.fire = await create('enchantment', { name: 'Feu', type: 'Élément', cost: '2', memoryId: ids.blade });
    ids.ice = await create('enchantment', { name: 'Glace', type: 'Élément', cost: '1' });
    ids.dormant = await create('item', { name: 'Dormant Soul Shard', type: 'Fragment' });
    ids.great = await create('item', { name: 'Great Soul Shard', type: 'Fragment' });
    ids.potion = await create('item', { name: 'Potion', type: 'Soin', value: 5 });
    await give('memory', ids.helm);
    await give('memory', ids.crown);
    await give('memory', ids.blade);
    await give('item', ids.dormant, 5);
    await give('item', ids.great, 3);
    await give('item', ids.potion, 2);
  });
  afterAll(() => t.close());

  describe('the sheet', () => {
    it('lists what the character holds, items with their quantities', async () => {
      const { memories, items, echoes, runes, aspectAbilities } = await sheet();
      expect(memories.map((memory) => [memory.name, memory.type, memory.equipped])).toEqual([
        ['Couronne', 'Casque', false],
        ['Heaume', 'Casque', false],
        ['Lame FOR', 'Arme', false],
      ]);
      expect(memories[2]!.stat).toEqual([
        { stat: 'athletisme', bonus: 1 },
        { stat: 'damage', bonus: '1d4' },
      ]);
      expect(items.map((item) => [item.name, item.quantity])).toEqual([
        ['Dormant Soul Shard', 5],
        ['Great Soul Shard', 3],
        ['Potion', 2],
      ]);
      expect(items[2]).toMatchObject({ type: 'Soin', value: 5 });
      expect([echoes, runes, aspectAbilities]).toEqual([[], [], []]);
    });
  });

  describe('PUT /player-memories/equip/{playerId}/{memoryId}', () => {
    it('equips, tells the owner’s and the MJ’s sockets, and answers what is worn', async () => {
      const [ownerSocket, mjSocket] = await Promise.all([t.socket(owner.token), t.socket(mj.token)]);
      const heard = Promise.all([
        nextEvent(ownerSocket, 'equipmentChange'),
        nextEvent(mjSocket, 'equipmentChange'),
      ]);
      const response = await equip(ids.helm!, 'equip');
      expect(response).toMatchObject({ status: 200, body: { message: 'Équipé: Heaume' } });
      expect(response.body.equipped).toEqual([
        {
          memoryId: ids.helm,
          Memory: { name: 'Heaume', type: 'Casque', stat: [{ stat: 'athletisme', bonus: 2 }] },
        },
      ]);
      expect(await heard).toEqual([{ playerId: aria }, { playerId: aria }]);
    });

    it('takes the old memory off a taken slot first: one memory per slot', async () => {
      const response = await equip(ids.crown!, 'equip');
      expect(response).toMatchObject({
        status: 200,
        body: { message: 'Déséquipé: Heaume · Équipé: Couronne' },
      });
      expect(response.body.equipped.map((item) => item.Memory.name)).toEqual(['Couronne']);
      expect(
        (await sheet()).memories.filter((memory) => memory.equipped).map((memory) => memory.name),
      ).toEqual(['Couronne']);
      const chat = await t.api<GameMessagesAnswer>(
        'GET',
        `/message?gameId=${gameId}`,
        undefined,
        owner.token,
      );
      // The table says whose character changed (the answer above keeps the spec's words).
      expect(chat.body.slice(-2).map((event) => [event.type, event.payload])).toEqual(
        ['Déséquipé: Heaume (Aria)', 'Équipé: Couronne (Aria)'].map((message) => [
          'chat.system',
          expect.objectContaining({ message, type: 'system', senderUserId: null }),
        ]),
      );
    });

    it('changes nothing when equipping what is worn or taking off what is not', async () => {
      expect((await equip(ids.crown!, 'equip')).body).toMatchObject({
        message: 'Aucun changement d’équipement.',
      });
      expect((await equip(ids.helm!, 'unequip')).body.equipped.map((item) => item.Memory.name)).toEqual([
        'Couronne',
      ]);
    });

    it.each([['porter'], [''], [42], [null], [undefined]])(
      "refuses the action %j with the spec's text",
      async (action) => {
        expect(await equip(ids.helm!, action)).toMatchObject({
          status: 400,
          body: { error: m.invalidEquipAction },
        });
      },
    );

    it('refuses a memory the character does not hold', async () => {
      for (const memory of [ids.orb!, crypto.randomUUID(), 'pas-un-id']) {
        expect(await equip(memory, 'equip')).toMatchObject({ status: 404, body: { error: m.memoryNotHeld } });
      }
      // Another game's memory, or a memory of the game held by someone else, are not the character's either.
      expect((await sheet()).memories.some((memory) => memory.id === ids.orb)).toBe(false);
    });

    it('lets the MJ change it; refuses another player, a stranger and anonymous callers', async () => {
      expect(await equip(ids.crown!, 'unequip', mj)).toMatchObject({
        status: 200,
        body: { message: 'Déséquipé: Couronne', equipped: [] },
      });
      expect(await equip(ids.crown!, 'equip', teammate)).toMatchObject({
        status: 403,
        body: { error: notYours },
      });
      expect(await equip(ids.crown!, 'equip', stranger)).toMatchObject({
        status: 404,
        body: { error: notFound },
      });
      expect((await equip(ids.crown!, 'equip', null)).status).toBe(401);
      expect((await equip(ids.crown!, 'equip', owner, crypto.randomUUID())).status).toBe(404);
      expect((await sheet()).memories.every((memory) => !memory.equipped)).toBe(true);
    });
  });

  describe('reading the equipment', () => {
    it('GET /player-memories/isEquipped/{playerId}?memoryId= and /equipped/{playerId}', async () => {
      await equip(ids.helm!, 'equip');
      const path = `/player-memories/isEquipped/${aria}`;
      expect(await t.api('GET', `${path}?memoryId=${ids.helm}`, undefined, mj.token)).toMatchObject({
        status: 200,
        body: { memoryId: ids.helm, isEquipped: true },
      });
      expect((await t.api('GET', `${path}?memoryId=${ids.crown}`, undefined, owner.token)).body).toEqual({
        memoryId: ids.crown,
        isEquipped: false,
      });
      expect(await t.api('GET', path, undefined, owner.token)).toMatchObject({
        status: 400,
        body: { error: m.memoryIdRequired },
      });
      expect((await t.api('GET', `${path}?memoryId=${ids.orb}`, undefined, owner.token)).status).toBe(404);
      expect((await t.api('GET', `${path}?memoryId=${ids.helm}`, undefined, teammate.token)).status).toBe(
        403,
      );
      const worn = await t.api<EquippedItem[]>(
        'GET',
        `/player-memories/equipped/${aria}`,
        undefined,
        owner.token,
      );
      expect(worn.body.map((item) => item.memoryId)).toEqual([ids.helm]);
      expect(
        (await t.api('GET', `/player-memories/equipped/${aria}`, undefined, stranger.token)).status,
      ).toBe(404);
    });

    it('GET /attack/memory/{memoryId}?playerId=: the worn weapon’s own attacks and the global ones of its type', async () => {
      const path = `/attack/memory/${ids.blade}?playerId=${aria}`;
      expect((await t.api<WeaponAttack[]>('GET', path, undefined, owner.token)).body).toEqual([]);
      await equip(ids.blade!, 'equip');
      const attacks = await t.api<WeaponAttack[]>('GET', path, undefined, owner.token);
      expect(attacks.body.map((attack) => attack.name)).toEqual(['Estoc', 'Taille']);
      expect(attacks.body[1]).toMatchObject({
        damageRoll: '1d8',
        range: 1,
        weaponType: 'Force',
        isGlobal: true,
      });
      expect((await t.api('GET', path, undefined, mj.token)).status).toBe(200);
      expect((await t.api('GET', path, undefined, teammate.token)).status).toBe(403);
      expect(
        (
          await t.api<WeaponAttack[]>(
            'GET',
            `/attack/memory/${ids.helm}?playerId=${aria}`,
            undefined,
            owner.token,
          )
        ).body,
      ).toEqual([]);
      expect(await t.api('GET', `/attack/memory/${ids.blade}`, undefined, owner.token)).toMatchObject({
        status: 400,
        body: { error: m.playerIdRequired },
      });
    });

    it('GET /memory-enchantments/{memoryId}/memory: for whoever may read the memory', async () => {
      const path = `/memory-enchantments/${ids.blade}/memory`;
      const enchantments = await t.api<MemoryEnchantment[]>('GET', path, undefined, owner.token);
      expect(enchantments.body).toEqual([
        { id: ids.fire, name: 'Feu', description: '', type: 'Élément', cost: '2' },
      ]);
      expect((await t.api('GET', path, undefined, mj.token)).status).toBe(200);
      expect((await t.api('GET', path, undefined, teammate.token)).status).toBe(404);
      expect((await t.api('GET', path, undefined, stranger.token)).status).toBe(404);
    });
  });

  describe('Soul Shards', () => {
    it('raises the core by 3 × 3^rank per shard, takes them from the inventory and tells the MJ’s open sheet', async () => {
      const mjSocket = await t.socket(mj.token);
      const heard = nextEvent(mjSocket, 'equipmentChange');
      const response = await consume({ selectedObjectId: ids.dormant, quantity: 2 });
      expect(response).toMatchObject({
        status: 200,
        body: { consumed: 2, sheet: { soulCore: 18 } },
      });
      expect(await heard).toEqual({ playerId: aria });
      expect(response.body.sheet.items.find((item) => item.id === ids.dormant)?.quantity).toBe(3);
    });

    it('refuses more than held, bad quantities, other items and items not held, changing nothing', async () => {
      expect(await consume({ selectedObjectId: ids.dormant, quantity: 4 })).toMatchObject({
        status: 400,
        body: { error: m.shardsTooFew(3) },
      });
      for (const quantity of [0, -1, 1.5, '2', null]) {
        expect(await consume({ selectedObjectId: ids.dormant, quantity })).toMatchObject({
          status: 400,
          body: { error: m.shardQuantityInvalid },
        });
      }
      expect(await consume({ selectedObjectId: ids.potion, quantity: 1 })).toMatchObject({
        status: 400,
        body: { error: m.notASoulShard },
      });
      for (const selectedObjectId of [ids.orb, crypto.randomUUID(), 'x']) {
        expect(await consume({ selectedObjectId, quantity: 1 })).toMatchObject({
          status: 404,
          body: { error: m.itemNotHeld },
        });
      }
      expect((await consume({ selectedObjectId: ids.dormant, quantity: 1 }, teammate)).status).toBe(403);
      expect((await consume({ selectedObjectId: ids.dormant, quantity: 1 }, stranger)).status).toBe(404);
      expect((await consume({ selectedObjectId: ids.dormant, quantity: 1 }, null)).status).toBe(401);
      const after = await sheet();
      expect(after.soulCore).toBe(18);
      expect(after.items.map((item) => item.quantity)).toEqual([3, 3, 2]);
    });

    it('stops at 1000: shards a full core cannot take stay, and a full core takes none', async () => {
      const response = await consume({ selectedObjectId: ids.great, quantity: 3 });
      expect(response.body).toMatchObject({ consumed: 2, sheet: { soulCore: 1000 } });
      expect(response.body.sheet.items.find((item) => item.id === ids.great)?.quantity).toBe(1);
      expect(await consume({ selectedObjectId: ids.dormant, quantity: 1 })).toMatchObject({
        status: 400,
        body: { error: m.soulCoreFull },
      });
    });

    it('removes the item when its last shard is used; the MJ may consume for the player', async () => {
      expect((await t.api('PUT', `/players/${aria}`, { soulCore: 0 }, mj.token)).status).toBe(200);
      const response = await consume({ selectedObjectId: ids.dormant, quantity: 3 }, mj);
      expect(response.body).toMatchObject({ consumed: 3, sheet: { soulCore: 27 } });
      expect(response.body.sheet.items.map((item) => item.name)).toEqual(['Great Soul Shard', 'Potion']);
    });

    it('PUT /players/{id} soulCore is the MJ’s: a player fills the core with shards only', async () => {
      expect(await t.api('PUT', `/players/${aria}`, { soulCore: 1000 }, owner.token)).toMatchObject({
        status: 403,
        body: { error: m.soulCoreMasterOnly },
      });
      expect((await sheet()).soulCore).toBe(27);
    });
  });

  describe('the notices of a change', () => {
    it("hand the chat's texts, the game and the watchers to the notifier, one per change", async () => {
      const notices: EquipmentNotice[] = [];
      const changedSheets: string[] = [];
      const db = t.database.db;
      const sheetsChanged = async (characterIds: Iterable<string>) =>
        void changedSheets.push(...characterIds);
      const service = createEquipmentService({
        db,
        gameAccess: createGameAccess(db),
        readResource: createResourcesService(db, sheetsChanged).read,
        notifyEquipment: (notice) => void notices.push(notice),
        sheetsChanged,
        log: pino({ level: 'silent' }),
      });
      const user = { id: owner.userId } as Parameters<typeof service.equip>[0];
      await service.equip(user, aria, ids.crown!, 'equip');
      await service.equip(user, aria, ids.crown!, 'equip');
      expect(notices).toEqual(
        ['Déséquipé: Heaume (Aria)', 'Équipé: Couronne (Aria)'].map((text) => ({
          gameId,
          playerId: aria,
          watchers: [owner.userId, mj.userId],
          text,
        })),
      );
      // The table's notice already tells the sheets: equipping sends no second one.
      expect(changedSheets).toEqual([]);
    });
  });
});
