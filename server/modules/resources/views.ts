import { inArray } from 'drizzle-orm';
import type { ResourceCategory } from '#shared/domain/resources/categories';
import {
  categoryFieldSchemas,
  type GameResource,
  type PersonInfo,
  type ResourceHolder,
  type StoreEntry,
} from '#shared/wire/resources';
import type { Db } from '../../db/client';
import { users, type GameResourceRow, type StoreEntryRow } from '../../db/schema/index';

/** Creator and exporter details for a batch of rows, in one query. */
export async function peopleById(db: Db, ids: Array<string | null>): Promise<Map<string, PersonInfo>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, display_name: users.displayName, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The stored fields read back through the category's schema, so an answer always has every
 * field with its default even if the row predates a field.
 */
export function categoryFields(category: string, fields: Record<string, unknown>): Record<string, unknown> {
  const schema = categoryFieldSchemas[category as ResourceCategory];
  const parsed = schema.safeParse(fields);
  return parsed.success ? parsed.data : fields;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function resourceView(
  row: GameResourceRow,
  people: Map<string, PersonInfo>,
  extra: { storeEntryId: string | null; holders?: ResourceHolder[] },
): GameResource {
  return {
    ...categoryFields(row.category, row.fields),
    category: row.category,
    id: row.id,
    gameId: row.gameId,
    name: row.name,
    description: row.description,
    rarity: row.rarity,
    price: row.price,
    weight: row.weight,
    createdBy: row.createdBy,
    creatorInfo: (row.createdBy && people.get(row.createdBy)) || null,
    createdAt: row.createdAt.toISOString(),
    exportedToGlobal: row.exportedToGlobal,
    exportedAt: iso(row.exportedAt),
    exportedBy: row.exportedBy,
    exporterInfo: (row.exportedBy && people.get(row.exportedBy)) || null,
    importedFromGlobal: row.importedFromGlobal,
    importedAt: iso(row.importedAt),
    importSourceId: row.importSourceId,
    storeEntryId: extra.storeEntryId,
    ...(extra.holders ? { holders: extra.holders } : {}),
  } as GameResource;
}

export function storeEntryView(row: StoreEntryRow, people: Map<string, PersonInfo>): StoreEntry {
  return {
    ...categoryFields(row.category, row.fields),
    category: row.category,
    id: row.id,
    name: row.name,
    description: row.description,
    rarity: row.rarity,
    price: row.price,
    weight: row.weight,
    createdBy: row.createdBy,
    creatorInfo: (row.createdBy && people.get(row.createdBy)) || null,
    exportedAt: row.exportedAt.toISOString(),
    exportedBy: row.exportedBy,
    exporterInfo: (row.exportedBy && people.get(row.exportedBy)) || null,
    sourceGameId: row.sourceGameId,
    sourceResourceId: row.sourceResourceId,
  } as StoreEntry;
}
