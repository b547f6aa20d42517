import { eq } from 'drizzle-orm';
import { gameIdListNames, type GameIdListName, type GameIdLists } from '../../../src/api/schemas/games';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';

/** Reads one id list of a game. */
type IdListReader = (db: Db, gameId: string) => Promise<string[]>;

/**
 * Where each id list of GET /game-data/{id} comes from (platform.md §3 "Game"). A list whose
 * table does not exist yet reads as empty; the module that brings the table replaces its entry
 * here, and nothing else changes.
 */
const readers: Partial<Record<GameIdListName, IdListReader>> = {
  playerIds: async (db, gameId) =>
    (
      await db
        .select({ id: characters.id })
        .from(characters)
        .where(eq(characters.gameId, gameId))
        .orderBy(characters.createdAt)
    ).map((row) => row.id),
};

export async function readIdLists(db: Db, gameId: string): Promise<GameIdLists> {
  const lists = await Promise.all(
    gameIdListNames.map(async (name) => [name, (await readers[name]?.(db, gameId)) ?? []] as const),
  );
  return Object.fromEntries(lists) as GameIdLists;
}
