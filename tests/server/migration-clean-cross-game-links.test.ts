import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameResources, games, storeEntries, users } from '../../server/db/schema/index';
import { databaseMigratedTo, type PartlyMigrated } from '../helpers/migrations';
import { drivers } from '../helpers/server';

describe.each(drivers)('migration 0008: links into another game are dropped (%s)', (driver) => {
  let database: PartlyMigrated;
  beforeAll(async () => {
    database = await databaseMigratedTo(driver, '0005_display_name_skeleton');
  });
  afterAll(() => database.close());

  it('nulls an attack’s or an enchantment’s memory of another game, and the store’s, and nothing else', async () => {
    const { db } = database;
    const [first, second] = await db
      .insert(users)
      .values(
        ['Ana', 'Bea'].map((name) => ({
          email: `${name.toLowerCase()}@example.com`,
          displayName: name,
          username: name,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await db.insert(games).values([
      { id: 'PREMIERE', name: 'Première', mjUserId: first!.id },
      { id: 'SECONDE2', name: 'Seconde', mjUserId: second!.id },
    ]);
    const resource = async (gameId: string, category: string, name: string, fields: object) => {
      const [row] = await db
        .insert(gameResources)
        .values({ gameId, category, name, fields: fields as Record<string, unknown> })
        .returning({ id: gameResources.id });
      return row!.id;
    };
    const blade = await resource('PREMIERE', 'memory', 'Lame', { type: 'Arme', stat: [] });
    const shield = await resource('SECONDE2', 'memory', 'Égide', { type: 'Casque', stat: [] });
    const attack = { weaponType: 'Force', damageRoll: '1d8', cost: 'AC' };
    const own = await resource('PREMIERE', 'attack', 'Taille', { ...attack, memoryId: blade });
    const importedAttack = await resource('SECONDE2', 'attack', 'Taille copiée', {
      ...attack,
      memoryId: blade,
    });
    const importedEnchantment = await resource('PREMIERE', 'enchantment', 'Éclat copié', {
      type: 'Feu',
      cost: 2,
      memoryId: shield,
    });
    const none = await resource('PREMIERE', 'enchantment', 'Sans mémoire', { type: 'Feu', memoryId: null });
    const gone = randomUUID();
    const dangling = await resource('PREMIERE', 'attack', 'Arme perdue', { ...attack, memoryId: gone });
    const [exported, plain] = await db
      .insert(storeEntries)
      .values([
        { category: 'attack', name: 'Taille exportée', fields: { ...attack, memoryId: blade } },
        { category: 'rune', name: 'Rune', fields: { level: 1 } },
      ])
      .returning({ id: storeEntries.id });

    await database.migrateRest();

    const fieldsById = new Map(
      [
        ...(await db.select({ id: gameResources.id, fields: gameResources.fields }).from(gameResources)),
        ...(await db.select({ id: storeEntries.id, fields: storeEntries.fields }).from(storeEntries)),
      ].map((row) => [row.id, row.fields]),
    );
    expect(fieldsById.get(importedAttack)).toEqual({ ...attack, memoryId: null });
    expect(fieldsById.get(importedEnchantment)).toEqual({ type: 'Feu', cost: 2, memoryId: null });
    expect(fieldsById.get(exported!.id)).toEqual({ ...attack, memoryId: null });
    // Links within their own game, to nothing, or absent stay as they were.
    expect(fieldsById.get(own)).toEqual({ ...attack, memoryId: blade });
    expect(fieldsById.get(dangling)).toEqual({ ...attack, memoryId: gone });
    expect(fieldsById.get(none)).toEqual({ type: 'Feu', memoryId: null });
    expect(fieldsById.get(plain!.id)).toEqual({ level: 1 });
    expect(fieldsById.get(blade)).toEqual({ type: 'Arme', stat: [] });
  });
});
