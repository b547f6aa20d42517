import { eq } from 'drizzle-orm';
import { gameIdListNames, type GameIdLists } from '#shared/wire/games';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';
import { resourceIdLists } from '../resources/id-lists';

async function playerIds(db: Db, gameId: string): Promise<string[]> {
  const rows = await db
    .select({ id: characters.id })
    .from(characters)
    .where(eq(characters.gameId, gameId))
    .orderBy(characters.createdAt);
  return rows.map((row) => row.id);
}

/**
 * The id lists of GET /game-data/{id} (platform.md §3 "Game"): the game's characters and its
 * resources with their links. Lists of things the product does not hold yet (macros, saves, game
 * messages, enchantments of memories, monsters' memories) read as empty until their module
 * brings the table and a reader here.
 */
export async function readIdLists(db: Db, gameId: string): Promise<GameIdLists> {
  const [players, resources] = await Promise.all([playerIds(db, gameId), resourceIdLists(db, gameId)]);
  const empty = Object.fromEntries(gameIdListNames.map((name) => [name, [] as string[]])) as GameIdLists;
  return { ...empty, ...resources, playerIds: players };
}
