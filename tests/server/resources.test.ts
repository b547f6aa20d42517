import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceIdLists } from '../../server/modules/resources/id-lists';
import { createUsersService } from '../../server/modules/users/service';
import type { GameResource, StoreEntry } from '../../src/api/schemas/resources';
import { insertAcceptedPlayer, insertCharacter, insertGame } from '../helpers/game-fixtures';
import { drivers, startTestServer, type RegisteredUser, type TestServer } from '../helpers/server';

const memory = { name: 'Casque du veilleur', type: 'Casque', stat: [{ stat: 'perception', bonus: 2 }] };
const attack = { name: 'Taille', weaponType: 'Force', damageRoll: '1d10+5', cost: 'AS' };

describe.each(drivers)('game resources (%s)', (driver) => {
  let t: TestServer;
  let mj: RegisteredUser;
  let otherMj: RegisteredUser;
  let player: RegisteredUser;
  let outsider: RegisteredUser;
  let admin: RegisteredUser;
  let gameId: string;
  let otherGameId: string;
  let heroId: string;
  let strangerId: string;

  beforeAll(async () => {
    t = await startTestServer({ driver });
    [mj, otherMj, player, outsider, admin] = await t.registerMany(5);
    await createUsersService(t.database.db).grantRole(admin.email, 'admin');
    gameId = await insertGame(t.database.db, mj.userId, 'Les Terres Brisées');
    otherGameId = await insertGame(t.database.db, otherMj.userId, 'Autre partie');
    await insertAcceptedPlayer(t.database.db, gameId, mj.userId, player.userId);
    heroId = await insertCharacter(t.database.db, { userId: player.userId, gameId, name: 'Aelis' });
    strangerId = await insertCharacter(t.database.db, {
      userId: outsider.userId,
      gameId: otherGameId,
      name: 'Brann',
    });
  });
  afterAll(() => t.close());

  async function create(
    category: string,
    body: object,
    game = gameId,
    token = mj.token,
  ): Promise<GameResource> {
    const response = await t.api<GameResource>('POST', `/game-data/${game}/${category}`, body, token);
    expect(response.status).toBe(201);
    return response.body;
  }

  describe('forms: each rule refused with a 400 and a French text', () => {
    const cases: Array<[string, string, object, string]> = [
      ['name required', 'rune', { name: '   ' }, 'Le nom de la ressource est requis.'],
      ['name missing', 'item', {}, 'Le nom de la ressource est requis.'],
      ['memory type', 'memory', { ...memory, type: 'Bouclier' }, 'Type de mémoire invalide'],
      [
        'memory bonus above 10',
        'memory',
        { ...memory, stat: [{ stat: 'savoir', bonus: 11 }] },
        'entre +1 et +10',
      ],
      [
        'memory bonus below 1',
        'memory',
        { ...memory, stat: [{ stat: 'savoir', bonus: 0 }] },
        'entre +1 et +10',
      ],
      [
        'memory bonus as text',
        'memory',
        { ...memory, stat: [{ stat: 'savoir', bonus: '3' }] },
        'entre +1 et +10',
      ],
      [
        'memory damage empty',
        'memory',
        { ...memory, stat: [{ stat: 'damage', bonus: ' ' }] },
        'bonus de dégâts',
      ],
      ['memory stat unknown', 'memory', { ...memory, stat: [{ stat: 'charisme', bonus: 1 }] }, 'Statistique'],
      ['attack weapon type', 'attack', { ...attack, weaponType: 'Magie' }, "Le type d'arme est requis"],
      [
        'attack weapon type missing',
        'attack',
        { name: 'x', damageRoll: '1d6', cost: 'AS' },
        "Le type d'arme",
      ],
      ['attack damage roll', 'attack', { ...attack, damageRoll: '10+d' }, 'Le jet de dégâts est invalide'],
      [
        'attack damage roll missing',
        'attack',
        { name: 'x', weaponType: 'Force', cost: 'AS' },
        'jet de dégâts',
      ],
      ['attack range negative', 'attack', { ...attack, range: -1 }, 'La portée'],
      ['attack range fractional', 'attack', { ...attack, range: 1.5 }, 'La portée'],
      ['attack max targets negative', 'attack', { ...attack, maxTargets: -2 }, 'Le nombre de cibles'],
      ['attack area', 'attack', { ...attack, areaOfEffect: 'square' }, 'La zone d’effet'],
      ['attack area size 0', 'attack', { ...attack, areaSize: 0 }, 'La taille de zone'],
      ['attack cost', 'attack', { ...attack, cost: 'PV' }, 'Le coût doit être AS ou AC.'],
      ['attack isGlobal', 'attack', { ...attack, isGlobal: 'oui' }, 'vraie ou fausse'],
      ['map link', 'map', { name: 'Forêt', link: 'javascript:alert(1)' }, 'Le lien doit être'],
      ['monster damage', 'monster', { name: 'Goule', damage: 'beaucoup' }, 'Le jet de dégâts'],
      ['item value', 'item', { name: 'Fragment', value: -5 }, 'La valeur doit être'],
    ];
    it.each(cases)('%s', async (_title, category, body, message) => {
      const response = await t.api<{ error: string }>(
        'POST',
        `/game-data/${gameId}/${category}`,
        body,
        mj.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(message);
    });

    it('keeps the defaults of the spec and normalises the damage roll', async () => {
      const created = await create('attack', { ...attack, damageRoll: ' 1D10 + 5 ' });
      expect(created).toMatchObject({
        category: 'attack',
        damageRoll: '1d10+5',
        range: 1,
        maxTargets: 1,
        areaOfEffect: 'single',
        areaSize: 1,
        isGlobal: true,
        exportedToGlobal: false,
        importedFromGlobal: false,
        creatorInfo: { id: mj.userId, display_name: mj.displayName },
      });
      const free = await create('memory', { ...memory, stat: [{ stat: 'damage', bonus: '1d4 feu' }] });
      expect(free).toMatchObject({ stat: [{ stat: 'damage', bonus: '1d4 feu' }], rang: 1 });
    });

    it('refuses an attack whose weapon is a memory of another game', async () => {
      const foreign = await create('memory', memory, otherGameId, otherMj.token);
      const response = await t.api(
        'POST',
        `/game-data/${gameId}/attack`,
        { ...attack, memoryId: foreign.id },
        mj.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('L’arme choisie doit être une mémoire de cette partie.');
    });
  });

  describe('admin lists and changes: the game master only', () => {
    it.each([
      ['the MJ of another game', () => otherMj.token, 403],
      ['a player of the game', () => player.token, 403],
      ['a stranger', () => outsider.token, 403],
      ['an admin who is not the MJ', () => admin.token, 403],
      ['an anonymous caller', () => undefined, 401],
    ])('%s cannot list, create, update or delete', async (_who, token, status) => {
      const rune = await create('rune', { name: 'Rune de feu', effet: 'Brûle' });
      const calls: Array<[string, string, object?]> = [
        ['GET', `/game-data/${gameId}/rune`],
        ['POST', `/game-data/${gameId}/rune`, { name: 'Intruse' }],
        ['PUT', `/game-data/${gameId}/rune/${rune.id}`, { name: 'Renommée' }],
        ['DELETE', `/game-data/${gameId}/rune/${rune.id}`],
      ];
      for (const [method, path, body] of calls) {
        const response = await t.api(method, path, body, token());
        expect(response.status, `${method} ${path}`).toBe(status);
        expect(typeof response.body.error).toBe('string');
      }
      if (status === 403) {
        const refused = await t.api('GET', `/game-data/${gameId}/rune`, undefined, token());
        expect(refused.body.error).toBe("Vous n'êtes pas autorisé à accéder à cette partie...");
      }
    });

    it('lets the MJ create, list, update and delete; an unknown game is a 404', async () => {
      const map = await create('map', { name: 'Forêt', link: 'https://example.com/foret.png', size: 20 });
      const renamed = await t.api<GameResource>(
        'PUT',
        `/game-data/${gameId}/map/${map.id}`,
        { name: 'Forêt noire', link: 'https://example.com/foret.png' },
        mj.token,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Forêt noire', size: null });
      const list = await t.api<GameResource[]>('GET', `/game-data/${gameId}/map`, undefined, mj.token);
      expect(list.body.map((entry) => entry.name)).toContain('Forêt noire');
      expect((await t.api('DELETE', `/game-data/${gameId}/map/${map.id}`, undefined, mj.token)).body).toEqual(
        {
          message: 'Ressource supprimée avec succès !',
        },
      );
      expect((await t.api('DELETE', `/game-data/${gameId}/map/${map.id}`, undefined, mj.token)).status).toBe(
        404,
      );
      expect((await t.api('GET', '/game-data/NOPE/map', undefined, mj.token)).body).toEqual({
        error: 'Partie non trouvée.',
      });
      expect((await t.api('GET', `/game-data/${gameId}/spell`, undefined, mj.token)).status).toBe(404);
    });

    it('refuses ids of another game, whatever the route', async () => {
      const foreignRune = await create('rune', { name: 'Rune étrangère' }, otherGameId, otherMj.token);
      const rune = await create('rune', { name: 'Rune locale' });
      const refusals: Array<[string, string, object?]> = [
        ['PUT', `/game-data/${gameId}/rune/${foreignRune.id}`, { name: 'Volée' }],
        ['DELETE', `/game-data/${gameId}/rune/${foreignRune.id}`],
        ['POST', `/game-data/${gameId}/assign/rune`, { resourceId: foreignRune.id, playerId: heroId }],
        ['POST', `/game-data/${gameId}/assign/rune`, { resourceId: rune.id, playerId: strangerId }],
        ['DELETE', `/game-data/${gameId}/unassign/rune/${rune.id}/${strangerId}`],
        ['POST', `/game-data/${gameId}/add-to-all/rune`, { resourceId: foreignRune.id, quantity: 1 }],
        ['POST', `/game-data/${gameId}/rune/export`, { resourceId: foreignRune.id }],
        ['DELETE', `/game-data/${gameId}/rune/import/${foreignRune.id}`],
        // The right game, the wrong category.
        ['POST', `/game-data/${gameId}/assign/memory`, { resourceId: rune.id, playerId: heroId }],
      ];
      for (const [method, path, body] of refusals) {
        const response = await t.api(method, path, body, mj.token);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error).toMatch(/introuvable/);
      }
      const badId = await t.api(
        'POST',
        `/game-data/${gameId}/assign/rune`,
        { resourceId: 'x', playerId: heroId },
        mj.token,
      );
      expect(badId.status).toBe(400);
      expect(badId.body.error).toBe('Identifiant de ressource invalide.');
    });
  });

  describe('player links', () => {
    it('assigns, lists holders, adds items up, unassigns', async () => {
      const helmet = await create('memory', memory);
      const path = `/game-data/${gameId}/assign/memory`;
      expect((await t.api('POST', path, { resourceId: helmet.id, playerId: heroId }, mj.token)).status).toBe(
        200,
      );
      const twice = await t.api('POST', path, { resourceId: helmet.id, playerId: heroId }, mj.token);
      expect(twice).toMatchObject({
        status: 409,
        body: { error: 'Ce personnage possède déjà cette ressource.' },
      });

      const holders = await t.api('GET', `/player-memories/${helmet.id}/players`, undefined, mj.token);
      expect(holders.body).toEqual([
        { id: heroId, name: 'Aelis', userId: player.userId, quantity: 1, equipped: false },
      ]);
      for (const token of [player.token, otherMj.token]) {
        expect((await t.api('GET', `/player-memories/${helmet.id}/players`, undefined, token)).status).toBe(
          404,
        );
      }

      const shard = await create('item', { name: 'Dormant Soul Shard', value: 3 });
      await t.api(
        'POST',
        `/game-data/${gameId}/assign/item`,
        { resourceId: shard.id, playerId: heroId, quantity: 2 },
        mj.token,
      );
      const added = await t.api(
        'POST',
        `/game-data/${gameId}/add-to-all/item`,
        { resourceId: shard.id, quantity: 3 },
        mj.token,
      );
      expect(added.body).toEqual({ message: 'Ressource ajoutée à tous les joueurs avec succès !', count: 1 });
      const items = await t.api<GameResource[]>('GET', `/game-data/${gameId}/item`, undefined, mj.token);
      expect(items.body.find((item) => item.id === shard.id)?.holders).toEqual([
        expect.objectContaining({ characterId: heroId, characterName: 'Aelis', quantity: 5 }),
      ]);
      const bad = await t.api(
        'POST',
        `/game-data/${gameId}/add-to-all/item`,
        { resourceId: shard.id, quantity: 1.5 },
        mj.token,
      );
      expect(bad).toMatchObject({
        status: 400,
        body: { error: 'La quantité doit être un nombre entier entre 1 et 9999.' },
      });

      const unassign = `/game-data/${gameId}/unassign/memory/${helmet.id}/${heroId}`;
      expect((await t.api('DELETE', unassign, undefined, player.token)).status).toBe(403);
      expect((await t.api('DELETE', unassign, undefined, mj.token)).status).toBe(200);
      expect((await t.api('DELETE', unassign, undefined, mj.token)).status).toBe(404);
      // Maps, monsters, enchantments and attacks are not held by characters.
      expect((await t.api('POST', `/game-data/${gameId}/assign/map`, {}, mj.token)).status).toBe(404);
    });

    it('tells the holder’s and the MJ’s open sheets of every change that shows on them, and nobody else', async () => {
      const sockets = await Promise.all([player, mj, outsider].map((user) => t.socket(user.token)));
      const [byPlayer, byMj, byOutsider] = sockets.map((socket) => {
        const heard: string[] = [];
        socket.on('equipmentChange', ({ playerId }: { playerId: string }) => heard.push(playerId));
        return heard;
      });
      let changes = 0;
      const shown = async (request: Promise<{ status: number }>) => {
        expect((await request).status).toBeLessThan(300);
        changes += 1;
        await expect.poll(() => [byPlayer!.length, byMj!.length]).toEqual([changes, changes]);
      };
      const call = (method: string, path: string, body?: object) =>
        t.api(method, `/game-data/${gameId}${path}`, body, mj.token);

      const blade = await create('memory', { name: 'Lame', type: 'Arme' });
      await shown(call('POST', '/assign/memory', { resourceId: blade.id, playerId: heroId }));
      let thrust: GameResource | undefined;
      await shown(
        (async () => {
          const response = await t.api<GameResource>(
            'POST',
            `/game-data/${gameId}/attack`,
            { ...attack, name: 'Estoc', isGlobal: false, memoryId: blade.id },
            mj.token,
          );
          thrust = response.body;
          return response;
        })(),
      );
      await shown(
        call('PUT', `/attack/${thrust!.id}`, {
          ...attack,
          name: 'Estoc vif',
          isGlobal: false,
          memoryId: blade.id,
        }),
      );
      await shown(call('PUT', `/memory/${blade.id}`, { name: 'Lame ancienne', type: 'Arme' }));
      await shown(call('DELETE', `/attack/${thrust!.id}`));
      const potion = await create('item', { name: 'Potion', type: 'Soin', value: 5 });
      await shown(call('POST', '/assign/item', { resourceId: potion.id, playerId: heroId, quantity: 2 }));
      await shown(call('POST', '/add-to-all/item', { resourceId: potion.id, quantity: 1 }));
      await shown(call('DELETE', `/unassign/memory/${blade.id}/${heroId}`));
      // Nobody holds the blade any more: editing it tells no sheet, deleting the held potion does.
      expect((await call('PUT', `/memory/${blade.id}`, { name: 'Lame oubliée', type: 'Arme' })).status).toBe(
        200,
      );
      await shown(call('DELETE', `/item/${potion.id}`));

      expect(byPlayer).toEqual(Array(changes).fill(heroId));
      expect(byMj).toEqual(byPlayer);
      expect(byOutsider).toEqual([]);
    });

    it('lets a player read what their characters hold and what the table shows, and nothing else', async () => {
      const held = await create('echo', { name: 'Écho lié', PV: 5 });
      const notHeld = await create('echo', { name: 'Écho libre' });
      const map = await create('map', { name: 'Ville', link: 'https://example.com/ville.png' });
      const monster = await create('monster', { name: 'Goule', HP: 12, damage: '2d6+1' });
      await t.api(
        'POST',
        `/game-data/${gameId}/assign/echo`,
        { resourceId: held.id, playerId: heroId },
        mj.token,
      );

      const read = (path: string, token?: string) => t.api('GET', path, undefined, token);
      expect((await read(`/echo/${held.id}`, player.token)).status).toBe(200);
      expect((await read(`/echo/${held.id}`, player.token)).body.holders).toBeUndefined();
      expect((await read(`/echo/${held.id}`, mj.token)).body.holders).toHaveLength(1);
      expect((await read(`/echo/${notHeld.id}`, player.token)).status).toBe(404);
      expect((await read(`/map/${map.id}`, player.token)).status).toBe(200);
      expect((await read(`/map/${map.id}`, outsider.token)).body).toEqual({
        error: 'Ressource introuvable dans cette partie.',
      });
      expect((await read(`/map/${map.id}`, otherMj.token)).status).toBe(404);
      expect((await read(`/map/${map.id}`)).status).toBe(401);
      // The id names a map: asked as a monster it does not exist.
      expect((await read(`/monster/${map.id}`, mj.token)).status).toBe(404);

      const lookup = (token: string) =>
        t.api<GameResource[]>('GET', `/monster?ids=${monster.id},${map.id},nope`, undefined, token);
      expect((await lookup(mj.token)).body.map((entry) => entry.name)).toEqual(['Goule']);
      // Monster stat blocks are the MJ's (table.md §6): a player sees what the table shows, not these.
      expect((await lookup(player.token)).body).toEqual([]);
      expect((await read(`/monster/${monster.id}`, player.token)).status).toBe(404);
      expect((await read(`/monster/${monster.id}`, mj.token)).status).toBe(200);
      const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
      expect(await read(`/map?ids=${tooMany}`, player.token)).toMatchObject({
        status: 400,
        body: { error: '100 identifiants au plus par appel.' },
      });
      expect(
        (await t.api<GameResource[]>('GET', `/monster?ids=${monster.id}`, undefined, outsider.token)).body,
      ).toEqual([]);
      expect((await t.api<GameResource[]>('GET', '/map', undefined, player.token)).body).toEqual([]);
    });
  });

  describe('global store', () => {
    it('exports, lists, imports into another game, removes the import, and keeps store removal to creator or admin', async () => {
      const monster = await create('monster', { name: 'Wyverne', HP: 40, damage: '2d8', speciality: 'Vol' });
      const exportPath = `/game-data/${gameId}/monster/export`;
      expect((await t.api('POST', exportPath, { resourceId: monster.id }, otherMj.token)).status).toBe(403);
      expect((await t.api('POST', exportPath, { resourceId: monster.id }, player.token)).status).toBe(403);
      const exported = await t.api<{ message: string; resource: GameResource }>(
        'POST',
        exportPath,
        { resourceId: monster.id },
        mj.token,
      );
      expect(exported.status).toBe(200);
      expect(exported.body.message).toBe('Ressource exportée vers le store global avec succès !');
      expect(exported.body.resource).toMatchObject({ exportedToGlobal: true, exportedBy: mj.userId });
      expect(exported.body.resource.storeEntryId).toEqual(expect.any(String));
      const entryId = exported.body.resource.storeEntryId!;
      expect((await t.api('POST', exportPath, { resourceId: monster.id }, mj.token)).body).toEqual({
        error: 'Cette ressource est déjà dans le store global.',
      });

      // Exported: outsiders read the store's copy, never the game's live one (which the MJ edits on).
      expect((await t.api('GET', `/monster/${monster.id}`, undefined, outsider.token)).status).toBe(404);
      const store = await t.api<StoreEntry[]>('GET', '/global-store/monster', undefined, outsider.token);
      expect(store.body.find((entry) => entry.id === entryId)).toMatchObject({
        name: 'Wyverne',
        HP: 40,
        createdBy: mj.userId,
        creatorInfo: { display_name: mj.displayName },
        sourceGameId: gameId,
      });
      expect((await t.api('GET', '/global-store/monster')).status).toBe(401);
      expect(
        (await t.api('GET', `/global-store/monster/${entryId}`, undefined, player.token)).body,
      ).toMatchObject({
        id: entryId,
        exporterInfo: { id: mj.userId },
      });
      expect((await t.api('GET', `/global-store/rune/${entryId}`, undefined, player.token)).status).toBe(404);

      // Another MJ imports it into their own game, once.
      const importPath = `/game-data/${otherGameId}/monster/import`;
      expect((await t.api('POST', importPath, { resourceId: entryId }, mj.token)).status).toBe(403);
      const imported = await t.api<{ message: string; resource: GameResource }>(
        'POST',
        importPath,
        { resourceId: entryId },
        otherMj.token,
      );
      expect(imported.status).toBe(201);
      expect(imported.body.message).toBe('Ressource importée avec succès !');
      expect(imported.body.resource).toMatchObject({
        gameId: otherGameId,
        name: 'Wyverne',
        importedFromGlobal: true,
        importSourceId: entryId,
        exportedToGlobal: false,
      });
      expect((await t.api('POST', importPath, { resourceId: entryId }, otherMj.token)).body).toEqual({
        error: 'Cette ressource est déjà importée dans cette partie.',
      });
      expect(
        (await t.api('POST', `/game-data/${gameId}/monster/import`, { resourceId: entryId }, mj.token))
          .status,
      ).toBe(409);
      const copyId = imported.body.resource.id;
      expect(
        (
          await t.api(
            'POST',
            `/game-data/${otherGameId}/monster/export`,
            { resourceId: copyId },
            otherMj.token,
          )
        ).status,
      ).toBe(409);

      // Removing the import deletes the copy only.
      const removeImport = `/game-data/${otherGameId}/monster/import/${copyId}`;
      expect((await t.api('DELETE', removeImport, undefined, mj.token)).status).toBe(403);
      expect(
        (await t.api('DELETE', `/game-data/${gameId}/monster/import/${monster.id}`, undefined, mj.token))
          .status,
      ).toBe(404);
      expect((await t.api('DELETE', removeImport, undefined, otherMj.token)).body).toEqual({
        message: 'Import supprimé avec succès !',
      });
      expect((await t.api('GET', `/monster/${copyId}`, undefined, otherMj.token)).status).toBe(404);
      expect((await t.api('GET', `/global-store/monster/${entryId}`, undefined, otherMj.token)).status).toBe(
        200,
      );

      // Only the creator, or an admin, removes it from the store.
      for (const token of [otherMj.token, player.token]) {
        const refused = await t.api('DELETE', `/global-store/monster/${entryId}`, undefined, token);
        expect(refused).toMatchObject({
          status: 403,
          body: { error: 'Seul le créateur de cette ressource peut la retirer du store global.' },
        });
      }
      expect((await t.api('DELETE', `/global-store/monster/${entryId}`)).status).toBe(401);
      expect((await t.api('DELETE', `/global-store/monster/${entryId}`, undefined, mj.token)).body).toEqual({
        message: 'Ressource supprimée du store global avec succès !',
      });
      const after = await t.api<GameResource>('GET', `/monster/${monster.id}`, undefined, mj.token);
      expect(after.body).toMatchObject({ exportedToGlobal: false, exportedAt: null, storeEntryId: null });
      expect((await t.api('GET', `/monster/${monster.id}`, undefined, outsider.token)).status).toBe(404);
    });

    it('lets an admin remove any entry, and keeps an entry whose source was deleted', async () => {
      const rune = await create('rune', { name: 'Rune ancienne', effet: 'Ancienne' });
      const exported = await t.api<{ resource: GameResource }>(
        'POST',
        `/game-data/${gameId}/rune/export`,
        { resourceId: rune.id },
        mj.token,
      );
      const entryId = exported.body.resource.storeEntryId!;
      await t.api('DELETE', `/game-data/${gameId}/rune/${rune.id}`, undefined, mj.token);
      const entry = await t.api<StoreEntry>('GET', `/global-store/rune/${entryId}`, undefined, admin.token);
      expect(entry.body).toMatchObject({ name: 'Rune ancienne', effet: 'Ancienne', sourceResourceId: null });
      expect((await t.api('DELETE', `/global-store/rune/${entryId}`, undefined, admin.token)).status).toBe(
        200,
      );
      expect((await t.api('GET', `/global-store/rune/${entryId}`, undefined, admin.token)).status).toBe(404);
    });

    it('drops the weapon of an attack copied to the store', async () => {
      const weapon = await create('memory', { ...memory, name: 'Épée FOR', type: 'Arme' });
      const slash = await create('attack', { ...attack, isGlobal: false, memoryId: weapon.id });
      const exported = await t.api<{ resource: GameResource }>(
        'POST',
        `/game-data/${gameId}/attack/export`,
        { resourceId: slash.id },
        mj.token,
      );
      const entry = await t.api<StoreEntry>(
        'GET',
        `/global-store/attack/${exported.body.resource.storeEntryId}`,
        undefined,
        otherMj.token,
      );
      expect(entry.body).toMatchObject({ memoryId: null, isGlobal: false, damageRoll: '1d10+5' });
    });
  });

  it('gives the game id lists of its resources and of its characters’ links', async () => {
    const game = await insertGame(t.database.db, mj.userId, 'Listes');
    const character = await insertCharacter(t.database.db, {
      userId: player.userId,
      gameId: game,
      name: 'Lise',
    });
    const made = {
      rune: await create('rune', { name: 'R' }, game),
      memory: await create('memory', memory, game),
      item: await create('item', { name: 'I' }, game),
      echo: await create('echo', { name: 'E' }, game),
      map: await create('map', { name: 'M', link: 'https://example.com/m.png' }, game),
    };
    for (const category of ['rune', 'memory', 'item', 'echo'] as const) {
      const response = await t.api(
        'POST',
        `/game-data/${game}/assign/${category}`,
        { resourceId: made[category].id, playerId: character },
        mj.token,
      );
      expect(response.status).toBe(200);
    }
    const lists = await resourceIdLists(t.database.db, game);
    expect(lists).toMatchObject({
      runeIds: [made.rune.id],
      memoryIds: [made.memory.id],
      itemIds: [made.item.id],
      echoIds: [made.echo.id],
      mapIds: [made.map.id],
      monsterIds: [],
      attackIds: [],
    });
    for (const name of ['playerRuneIds', 'playerMemoriesIds', 'playerItemsIds', 'playerEchoIds'] as const) {
      expect(lists[name]).toHaveLength(1);
    }
    expect(await resourceIdLists(t.database.db, 'NONE')).toMatchObject({ runeIds: [], playerItemsIds: [] });
  });
});
