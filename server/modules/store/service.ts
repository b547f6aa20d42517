import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { ResourceCategory } from '#shared/domain/resources/categories';
import type { GameResource, StoreEntry } from '#shared/wire/resources';
import type { Db } from '../../db/client';
import { gameResources, storeEntries, type StoreEntryRow } from '../../db/schema/index';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import { createGameAccess } from '../games/access';
import { insertUnderGameCap } from '../resources/cap';
import type { FilesService } from '../files/service';
import type { ResourcesService } from '../resources/service';
import { categoryFields, peopleById, storeEntryView } from '../resources/views';
import { storeMessages } from './messages';

const isUuid = (value: string) => z.guid().safeParse(value).success;

/**
 * The fields that name another resource of the game they were made in (an attack's weapon, an
 * enchantment's memory): in any other game they point into the first one, whose members would
 * then hear of the copy's edits.
 */
const gameReferences = ['memoryId'] as const;

/**
 * The fields with every reference into a game dropped: what the store keeps, and what an import
 * writes (entries and copies made before this rule were cleaned by migration 0008). The MJ names
 * the memory of their own game on the copy's form if they want one.
 */
function portableFields(category: string, fields: Record<string, unknown>): Record<string, unknown> {
  const portable = { ...categoryFields(category, fields) };
  for (const reference of gameReferences) if (reference in portable) portable[reference] = null;
  return portable;
}

/**
 * The global store (platform.md §4 "Resource", §6, §7): an MJ exports a resource of their game
 * (a copy lands in the store and the resource is marked exported), any signed-in user browses it,
 * an MJ imports an entry into their game (a copy marked imported) and may remove that import, and
 * only the entry's creator — or an admin — removes it from the store.
 */
/** The fields of a map or a monster that may name a stored picture (decision 0028). */
const pictureFields = ['link', 'assetLink'] as const;

export function createStoreService(
  db: Db,
  resources: ResourcesService,
  files: Pick<FilesService, 'adoptInto'>,
) {
  const access = createGameAccess(db);

  async function findEntry(category: ResourceCategory, entryId: string): Promise<StoreEntryRow> {
    if (!isUuid(entryId)) throw httpError(404, storeMessages.entryNotFound);
    const [entry] = await db
      .select()
      .from(storeEntries)
      .where(and(eq(storeEntries.id, entryId), eq(storeEntries.category, category)));
    if (!entry) throw httpError(404, storeMessages.entryNotFound);
    return entry;
  }

  async function views(rows: StoreEntryRow[]): Promise<StoreEntry[]> {
    const people = await peopleById(
      db,
      rows.flatMap((row) => [row.createdBy, row.exportedBy]),
    );
    return rows.map((row) => storeEntryView(row, people));
  }

  return {
    async export(
      user: AuthUser,
      gameId: string,
      category: ResourceCategory,
      resourceId: string,
    ): Promise<GameResource> {
      await access.requireGameMaster(gameId, user.id);
      const resource = await resources.findInGame(gameId, category, resourceId);
      if (resource.importedFromGlobal) throw httpError(409, storeMessages.importNotExportable);
      if (resource.exportedToGlobal) throw httpError(409, storeMessages.alreadyExported);
      const exportedAt = new Date();
      try {
        await db.transaction(async (tx) => {
          await tx.insert(storeEntries).values({
            category,
            name: resource.name,
            description: resource.description,
            rarity: resource.rarity,
            price: resource.price,
            weight: resource.weight,
            fields: portableFields(category, resource.fields),
            createdBy: resource.createdBy,
            exportedBy: user.id,
            exportedAt,
            sourceGameId: gameId,
            sourceResourceId: resource.id,
          });
          await tx
            .update(gameResources)
            .set({ exportedToGlobal: true, exportedAt, exportedBy: user.id })
            .where(eq(gameResources.id, resource.id));
        });
      } catch (error) {
        if (violatedUniqueIndex(error) === 'store_entries_source_unique') {
          throw httpError(409, storeMessages.alreadyExported);
        }
        throw error;
      }
      return resources.read(user, category, resource.id);
    },

    async list(category: ResourceCategory): Promise<StoreEntry[]> {
      const rows = await db
        .select()
        .from(storeEntries)
        .where(eq(storeEntries.category, category))
        .orderBy(desc(storeEntries.exportedAt));
      return views(rows);
    },

    async get(category: ResourceCategory, entryId: string): Promise<StoreEntry> {
      const [view] = await views([await findEntry(category, entryId)]);
      return view!;
    },

    /** The creator removes their own entry, an admin any; the source resource is no longer marked exported. */
    async remove(user: AuthUser, category: ResourceCategory, entryId: string): Promise<void> {
      const entry = await findEntry(category, entryId);
      if (user.role !== 'admin' && entry.createdBy !== user.id)
        throw httpError(403, storeMessages.creatorOnly);
      await db.transaction(async (tx) => {
        await tx.delete(storeEntries).where(eq(storeEntries.id, entry.id));
        if (entry.sourceResourceId) {
          await tx
            .update(gameResources)
            .set({ exportedToGlobal: false, exportedAt: null, exportedBy: null })
            .where(eq(gameResources.id, entry.sourceResourceId));
        }
      });
    },

    async import(
      user: AuthUser,
      gameId: string,
      category: ResourceCategory,
      entryId: string,
    ): Promise<GameResource> {
      await access.requireGameMaster(gameId, user.id);
      const entry = await findEntry(category, entryId);
      if (entry.sourceGameId === gameId && entry.sourceResourceId !== null) {
        throw httpError(409, storeMessages.ownExport);
      }
      try {
        const [copy] = await insertUnderGameCap(db, gameId, category, async (tx) => {
          const fields = portableFields(category, entry.fields);
          // A picture stored by the exporting game is copied into this one, or the copy shows nothing.
          for (const field of pictureFields) {
            const link = fields[field];
            if (typeof link === 'string') fields[field] = await files.adoptInto(tx, gameId, link);
          }
          return tx
            .insert(gameResources)
            .values({
              gameId,
              category,
              name: entry.name,
              description: entry.description,
              rarity: entry.rarity,
              price: entry.price,
              weight: entry.weight,
              fields,
              createdBy: entry.createdBy,
              importedFromGlobal: true,
              importedAt: new Date(),
              importSourceId: entry.id,
            })
            .returning({ id: gameResources.id });
        });
        return await resources.read(user, category, copy!.id);
      } catch (error) {
        if (violatedUniqueIndex(error) === 'game_resources_import_unique') {
          throw httpError(409, storeMessages.alreadyImported);
        }
        throw error;
      }
    },

    /** Removing an import deletes the game's copy and its links; the store entry stays. */
    async removeImport(
      user: AuthUser,
      gameId: string,
      category: ResourceCategory,
      resourceId: string,
    ): Promise<void> {
      await access.requireGameMaster(gameId, user.id);
      if (!isUuid(resourceId)) throw httpError(404, storeMessages.importNotFound);
      const removed = await db
        .delete(gameResources)
        .where(
          and(
            eq(gameResources.id, resourceId),
            eq(gameResources.gameId, gameId),
            eq(gameResources.category, category),
            isNotNull(gameResources.importedAt),
          ),
        )
        .returning({ id: gameResources.id });
      if (removed.length === 0) throw httpError(404, storeMessages.importNotFound);
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;
