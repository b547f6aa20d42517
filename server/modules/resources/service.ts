import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  hasQuantity,
  type LinkableCategory,
  type ResourceCategory,
} from '#shared/domain/resources/categories';
import { type GameResource, type ResourceFormOutput, type ResourceHolder } from '#shared/wire/resources';
import type { Db } from '../../db/client';
import {
  characters,
  gameInvitations,
  gameResources,
  games,
  storeEntries,
  users,
  type GameResourceRow,
} from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { SheetsChanged } from '../characters/sheet-notices';
import { createGameAccess } from '../games/access';
import { insertUnderGameCap } from './cap';
import { linkTableOf, linkTables } from './links';
import { resourcesMessages } from './messages';
import { checkStoredPictures } from './pictures';
import { peopleById, resourceView } from './views';

const uuid = z.guid();
const isUuid = (value: string) => uuid.safeParse(value).success;

/** Categories every player of a game may read: what the table shows to all (maps, attacks, enchantments). */
const sharedWithMembers: readonly ResourceCategory[] = ['map', 'attack', 'enchantment'];
/** The lists the table's MJ side loads: an admin overseeing any table reads them too. */
const tableLists: readonly ResourceCategory[] = ['map', 'monster'];

/** `GET /map?ids=` and `/monster?ids=`: a game holds far fewer maps or monsters than this. */
export const LOOKUP_IDS_MAX = 100;

/** Splits a parsed form into the common columns and the category's jsonb fields. */
export function splitForm(form: ResourceFormOutput): {
  common: Pick<GameResourceRow, 'name' | 'description' | 'rarity' | 'price' | 'weight'>;
  fields: Record<string, unknown>;
} {
  const { name, description, rarity, price, weight, ...fields } = form;
  return { common: { name, description, rarity, price, weight }, fields };
}

/**
 * Game resources and their links to characters (platform.md §3, §6; table.md §7): only the game's
 * MJ reads the admin lists and changes resources and links; members read what the table shows
 * them; every id in a body must belong to the game in the path. A change a character sheet
 * shows is told to its open sheets (`sheetsChanged`) once committed.
 */
export function createResourcesService(db: Db, sheetsChanged: SheetsChanged) {
  const access = createGameAccess(db);

  async function findInGame(
    gameId: string,
    category: ResourceCategory,
    resourceId: string,
  ): Promise<GameResourceRow> {
    if (!isUuid(resourceId)) throw httpError(404, resourcesMessages.resourceNotFound);
    const [row] = await db
      .select()
      .from(gameResources)
      .where(
        and(
          eq(gameResources.id, resourceId),
          eq(gameResources.gameId, gameId),
          eq(gameResources.category, category),
        ),
      );
    if (!row) throw httpError(404, resourcesMessages.resourceNotFound);
    return row;
  }

  async function findCharacterInGame(gameId: string, characterId: string) {
    if (!isUuid(characterId)) throw httpError(404, resourcesMessages.characterNotFound);
    const [character] = await db
      .select({ id: characters.id, userId: characters.userId })
      .from(characters)
      .where(and(eq(characters.id, characterId), eq(characters.gameId, gameId)));
    if (!character) throw httpError(404, resourcesMessages.characterNotFound);
    return character;
  }

  /** A non-global attack's weapon must be a memory of the same game; a stored picture, a file of it. */
  async function checkReferences(gameId: string, form: ResourceFormOutput) {
    await checkStoredPictures(db, gameId, form);
    if (!('memoryId' in form) || form.memoryId === null) return;
    const [memory] = await db
      .select({ id: gameResources.id })
      .from(gameResources)
      .where(
        and(
          eq(gameResources.id, form.memoryId),
          eq(gameResources.gameId, gameId),
          eq(gameResources.category, 'memory'),
        ),
      );
    if (!memory) throw httpError(400, resourcesMessages.weaponNotFound);
  }

  async function holdersOf(
    category: ResourceCategory,
    resourceIds: string[],
  ): Promise<Map<string, ResourceHolder[]>> {
    const table = linkTableOf(category);
    const holders = new Map<string, ResourceHolder[]>(resourceIds.map((id) => [id, []]));
    if (!table || resourceIds.length === 0) return holders;
    const rows = await db
      .select({
        linkId: table.id,
        resourceId: table.resourceId,
        characterId: characters.id,
        characterName: characters.name,
        quantity: table.quantity,
        equipped: table.equipped,
      })
      .from(table)
      .innerJoin(characters, eq(characters.id, table.characterId))
      .where(inArray(table.resourceId, resourceIds))
      .orderBy(asc(characters.name));
    for (const { resourceId, ...holder } of rows) holders.get(resourceId)?.push(holder);
    return holders;
  }

  /**
   * The characters of the game holding the resources. Only that game's: a memory named by a copy
   * imported before store copies lost their references belongs to another game, whose sheets
   * have nothing to hear of this one.
   */
  async function holderIds(
    gameId: string,
    category: ResourceCategory,
    resourceIds: ReadonlyArray<unknown>,
  ): Promise<string[]> {
    const table = linkTableOf(category);
    const ids = resourceIds.filter((id): id is string => typeof id === 'string');
    if (!table || ids.length === 0) return [];
    const rows = await db
      .select({ characterId: table.characterId })
      .from(table)
      .innerJoin(characters, eq(characters.id, table.characterId))
      .where(and(inArray(table.resourceId, ids), eq(characters.gameId, gameId)));
    return rows.map((row) => row.characterId);
  }

  /**
   * The characters whose sheets show the resource: its holders and, for an attack or an
   * enchantment, the holders of its weapon (`newMemoryId` is the weapon an edit gives it).
   */
  async function sheetsShowing(row: GameResourceRow, newMemoryId?: string | null): Promise<string[]> {
    return [
      ...(await holderIds(row.gameId, row.category as ResourceCategory, [row.id])),
      ...(await holderIds(row.gameId, 'memory', [row.fields.memoryId, newMemoryId])),
    ];
  }

  async function storeEntryIds(resourceIds: string[]): Promise<Map<string, string>> {
    if (resourceIds.length === 0) return new Map();
    const rows = await db
      .select({ id: storeEntries.id, sourceResourceId: storeEntries.sourceResourceId })
      .from(storeEntries)
      .where(inArray(storeEntries.sourceResourceId, resourceIds));
    return new Map(
      rows.flatMap((row) => (row.sourceResourceId ? [[row.sourceResourceId, row.id] as const] : [])),
    );
  }

  /** Rows as answers; `withHolders` only for the game's MJ. */
  async function views(rows: GameResourceRow[], withHolders: boolean): Promise<GameResource[]> {
    const ids = rows.map((row) => row.id);
    const [people, entries] = await Promise.all([
      peopleById(
        db,
        rows.flatMap((row) => [row.createdBy, row.exportedBy]),
      ),
      storeEntryIds(ids),
    ]);
    const holdersByCategory = new Map<string, Map<string, ResourceHolder[]>>();
    if (withHolders) {
      for (const category of new Set(rows.map((row) => row.category as ResourceCategory))) {
        if (!linkTableOf(category)) continue;
        const ofCategory = rows.filter((row) => row.category === category).map((row) => row.id);
        holdersByCategory.set(category, await holdersOf(category, ofCategory));
      }
    }
    return rows.map((row) =>
      resourceView(row, people, {
        storeEntryId: entries.get(row.id) ?? null,
        holders: holdersByCategory.get(row.category)?.get(row.id),
      }),
    );
  }

  /**
   * Which resources a user may read outside the admin page, as one SQL condition so a lookup is
   * one query whatever its length: the game's MJ reads all; a player reads what the table shows
   * every member (maps, attacks, enchantments) and what their own characters hold. Monster stat
   * blocks stay the MJ's (table.md §6) — and an admin's, who oversees every table and reads its map
   * and monster lists — and an exported resource is read through the store's copy, never this
   * live one.
   */
  function readableBy(user: AuthUser) {
    const isMaster = sql`exists (select 1 from ${games}
      where ${games.id} = ${gameResources.gameId} and ${games.mjUserId} = ${user.id})`;
    const isPlayer = sql`exists (select 1 from ${gameInvitations}
      where ${gameInvitations.gameId} = ${gameResources.gameId} and ${gameInvitations.toUserId} = ${user.id}
        and ${gameInvitations.status} = 'accepted')`;
    const holdsIt = Object.entries(linkTables).map(
      ([category, table]) => sql`(${gameResources.category} = ${category} and exists (
        select 1 from ${table} inner join ${characters} on ${characters.id} = ${table.characterId}
        where ${table.resourceId} = ${gameResources.id} and ${characters.userId} = ${user.id}))`,
    );
    const overseesTables =
      user.role === 'admin' ? inArray(gameResources.category, [...tableLists]) : sql`false`;
    return or(
      isMaster,
      overseesTables,
      and(isPlayer, or(inArray(gameResources.category, [...sharedWithMembers]), ...holdsIt)),
    );
  }

  return {
    findInGame,

    /**
     * The game's resources of a category: its MJ's admin list. An admin overseeing the table reads
     * the lists the table offers (maps and monsters); the rest of the admin page stays the MJ's.
     */
    async list(user: AuthUser, gameId: string, category: ResourceCategory): Promise<GameResource[]> {
      if (user.role === 'admin' && tableLists.includes(category)) await access.find(gameId);
      else await access.requireGameMaster(gameId, user.id);
      const rows = await db
        .select()
        .from(gameResources)
        .where(and(eq(gameResources.gameId, gameId), eq(gameResources.category, category)))
        .orderBy(asc(gameResources.name), asc(gameResources.createdAt));
      return views(rows, true);
    },

    async create<C extends ResourceCategory>(
      user: AuthUser,
      gameId: string,
      category: C,
      form: ResourceFormOutput<C>,
    ): Promise<GameResource> {
      await access.requireGameMaster(gameId, user.id);
      await checkReferences(gameId, form);
      const { common, fields } = splitForm(form);
      const [row] = await insertUnderGameCap(db, gameId, category, (tx) =>
        tx
          .insert(gameResources)
          .values({ gameId, category, ...common, fields, createdBy: user.id })
          .returning(),
      );
      // A new attack or enchantment shows on the sheets holding its weapon.
      await sheetsChanged(await sheetsShowing(row!));
      const [view] = await views([row!], true);
      return view!;
    },

    async update<C extends ResourceCategory>(
      user: AuthUser,
      gameId: string,
      category: C,
      resourceId: string,
      form: ResourceFormOutput<C>,
    ): Promise<GameResource> {
      await access.requireGameMaster(gameId, user.id);
      const before = await findInGame(gameId, category, resourceId);
      await checkReferences(gameId, form);
      const { common, fields } = splitForm(form);
      const [row] = await db
        .update(gameResources)
        .set({ ...common, fields, updatedAt: new Date() })
        .where(eq(gameResources.id, resourceId))
        .returning();
      await sheetsChanged(await sheetsShowing(before, 'memoryId' in form ? form.memoryId : null));
      const [view] = await views([row!], true);
      return view!;
    },

    /** Deleting takes its links with it; a store copy made from it stays in the store. */
    async remove(
      user: AuthUser,
      gameId: string,
      category: ResourceCategory,
      resourceId: string,
    ): Promise<void> {
      await access.requireGameMaster(gameId, user.id);
      const row = await findInGame(gameId, category, resourceId);
      // Read before deleting: the links go with the resource.
      const showing = await sheetsShowing(row);
      await db.delete(gameResources).where(eq(gameResources.id, resourceId));
      await sheetsChanged(showing);
    },

    async assign(
      user: AuthUser,
      gameId: string,
      category: LinkableCategory,
      body: { resourceId: string; playerId: string; quantity: number },
    ): Promise<void> {
      await access.requireGameMaster(gameId, user.id);
      await findInGame(gameId, category, body.resourceId);
      await findCharacterInGame(gameId, body.playerId);
      const table = linkTables[category];
      const values = { characterId: body.playerId, resourceId: body.resourceId };
      if (hasQuantity(category)) {
        await db
          .insert(table)
          .values({ ...values, quantity: body.quantity })
          .onConflictDoUpdate({
            target: [table.characterId, table.resourceId],
            set: { quantity: sql`least(${table.quantity} + ${body.quantity}, 9999)` },
          });
      } else {
        const inserted = await db
          .insert(table)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: table.id });
        if (inserted.length === 0) throw httpError(409, resourcesMessages.alreadyHeld);
      }
      await sheetsChanged([body.playerId]);
    },

    async unassign(
      user: AuthUser,
      gameId: string,
      category: LinkableCategory,
      resourceId: string,
      characterId: string,
    ): Promise<void> {
      await access.requireGameMaster(gameId, user.id);
      await findInGame(gameId, category, resourceId);
      await findCharacterInGame(gameId, characterId);
      const table = linkTables[category];
      const removed = await db
        .delete(table)
        .where(and(eq(table.resourceId, resourceId), eq(table.characterId, characterId)))
        .returning({ id: table.id });
      if (removed.length === 0) throw httpError(404, resourcesMessages.notHeld);
      await sheetsChanged([characterId]);
    },

    /** Every character of the game's current players; items add up, others are given once. */
    async addToAll(
      user: AuthUser,
      gameId: string,
      category: LinkableCategory,
      body: { resourceId: string; quantity: number },
    ): Promise<number> {
      await access.requireGameMaster(gameId, user.id);
      await findInGame(gameId, category, body.resourceId);
      const players = await db
        .select({ id: characters.id })
        .from(characters)
        .innerJoin(
          gameInvitations,
          and(
            eq(gameInvitations.gameId, characters.gameId),
            eq(gameInvitations.toUserId, characters.userId),
            eq(gameInvitations.status, 'accepted'),
          ),
        )
        .where(eq(characters.gameId, gameId));
      if (players.length === 0) return 0;
      const table = linkTables[category];
      const rows = players.map((player) => ({ characterId: player.id, resourceId: body.resourceId }));
      if (hasQuantity(category)) {
        await db
          .insert(table)
          .values(rows.map((row) => ({ ...row, quantity: body.quantity })))
          .onConflictDoUpdate({
            target: [table.characterId, table.resourceId],
            set: { quantity: sql`least(${table.quantity} + ${body.quantity}, 9999)` },
          });
        await sheetsChanged(rows.map((row) => row.characterId));
        return players.length;
      }
      const inserted = await db
        .insert(table)
        .values(rows)
        .onConflictDoNothing()
        .returning({ characterId: table.characterId });
      await sheetsChanged(inserted.map((row) => row.characterId));
      return inserted.length;
    },

    /** `GET /{category}/{id}`: 404 for whoever may not read it, so nothing leaks. */
    async read(user: AuthUser, category: ResourceCategory, resourceId: string): Promise<GameResource> {
      if (!isUuid(resourceId)) throw httpError(404, resourcesMessages.resourceNotFound);
      const [found] = await db
        .select({ row: gameResources, isMaster: sql<boolean>`${games.mjUserId} = ${user.id}` })
        .from(gameResources)
        .innerJoin(games, eq(games.id, gameResources.gameId))
        .where(and(eq(gameResources.id, resourceId), eq(gameResources.category, category), readableBy(user)));
      if (!found) throw httpError(404, resourcesMessages.resourceNotFound);
      const [view] = await views([found.row], found.isMaster);
      return view!;
    },

    /** `GET /map?ids=` and `/monster?ids=`: the readable ones among the ids, by name; unknown ids are left out. */
    async lookup(
      user: AuthUser,
      category: 'map' | 'monster',
      idsText: string | undefined,
    ): Promise<GameResource[]> {
      const ids = [...new Set((idsText ?? '').split(',').map((id) => id.trim()))].filter(isUuid);
      if (ids.length > LOOKUP_IDS_MAX) throw httpError(400, resourcesMessages.tooManyIds(LOOKUP_IDS_MAX));
      if (ids.length === 0) return [];
      // The table asks this of every map and monster it shows: the rows, their creator and exporter
      // and their store entry come in one statement, since the embedded database has one connection.
      const creator = alias(users, 'creator');
      const exporter = alias(users, 'exporter');
      const rows = await db
        .select({
          row: gameResources,
          creator: { id: creator.id, display_name: creator.displayName, username: creator.username },
          exporter: { id: exporter.id, display_name: exporter.displayName, username: exporter.username },
          storeEntryId: storeEntries.id,
        })
        .from(gameResources)
        .leftJoin(creator, eq(creator.id, gameResources.createdBy))
        .leftJoin(exporter, eq(exporter.id, gameResources.exportedBy))
        .leftJoin(storeEntries, eq(storeEntries.sourceResourceId, gameResources.id))
        .where(and(inArray(gameResources.id, ids), eq(gameResources.category, category), readableBy(user)))
        .orderBy(asc(gameResources.name));
      const people = new Map(
        rows
          .flatMap(({ creator, exporter }) => [creator, exporter])
          .flatMap((one) => (one ? [[one.id, one] as const] : [])),
      );
      return rows.map(({ row, storeEntryId }) => resourceView(row, people, { storeEntryId }));
    },

    /** `GET /player-{…}/{id}/players`: the characters holding a resource, for the game's MJ. */
    async holders(user: AuthUser, category: LinkableCategory, resourceId: string) {
      if (!isUuid(resourceId)) throw httpError(404, resourcesMessages.resourceNotFound);
      const [row] = await db
        .select()
        .from(gameResources)
        .where(and(eq(gameResources.id, resourceId), eq(gameResources.category, category)));
      if (!row || (await access.roleOf(row.gameId, user.id)) !== 'mj') {
        throw httpError(404, resourcesMessages.resourceNotFound);
      }
      const table = linkTables[category];
      return db
        .select({
          id: characters.id,
          name: characters.name,
          userId: characters.userId,
          quantity: table.quantity,
          equipped: table.equipped,
        })
        .from(table)
        .innerJoin(characters, eq(characters.id, table.characterId))
        .where(eq(table.resourceId, resourceId))
        .orderBy(asc(characters.name));
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
