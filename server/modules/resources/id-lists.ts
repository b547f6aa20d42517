import { asc, eq } from 'drizzle-orm';
import type { LinkableCategory, ResourceCategory } from '#shared/domain/resources/categories';
import type { Db } from '../../db/client';
import { characters, gameResources } from '../../db/schema/index';
import { linkTables } from './links';

/** The resource part of a game's id lists (platform.md §3 "Game"). */
export interface ResourceIdLists {
  aspectAbilityIds: string[];
  attackIds: string[];
  echoIds: string[];
  enchantmentIds: string[];
  itemIds: string[];
  memoryIds: string[];
  mapIds: string[];
  monsterIds: string[];
  runeIds: string[];
  /** Link ids (one per character and resource) of the game's characters. */
  playerRuneIds: string[];
  playerMemoriesIds: string[];
  playerEchoIds: string[];
  playerItemsIds: string[];
}

const resourceListNames: Record<ResourceCategory, keyof ResourceIdLists> = {
  aspectAbility: 'aspectAbilityIds',
  attack: 'attackIds',
  echo: 'echoIds',
  enchantment: 'enchantmentIds',
  item: 'itemIds',
  memory: 'memoryIds',
  map: 'mapIds',
  monster: 'monsterIds',
  rune: 'runeIds',
};

const linkListNames: Partial<Record<LinkableCategory, keyof ResourceIdLists>> = {
  rune: 'playerRuneIds',
  memory: 'playerMemoriesIds',
  echo: 'playerEchoIds',
  item: 'playerItemsIds',
};

/**
 * The id lists `GET /game-data/{id}` answers with, as far as resources go: the lobby's game-data
 * call spreads this into its answer. Oldest first, so lists keep their order across calls.
 */
export async function resourceIdLists(db: Db, gameId: string): Promise<ResourceIdLists> {
  const lists: ResourceIdLists = {
    aspectAbilityIds: [],
    attackIds: [],
    echoIds: [],
    enchantmentIds: [],
    itemIds: [],
    memoryIds: [],
    mapIds: [],
    monsterIds: [],
    runeIds: [],
    playerRuneIds: [],
    playerMemoriesIds: [],
    playerEchoIds: [],
    playerItemsIds: [],
  };
  const resources = await db
    .select({ id: gameResources.id, category: gameResources.category })
    .from(gameResources)
    .where(eq(gameResources.gameId, gameId))
    .orderBy(asc(gameResources.createdAt), asc(gameResources.id));
  for (const { id, category } of resources) lists[resourceListNames[category as ResourceCategory]].push(id);

  for (const [category, listName] of Object.entries(linkListNames) as Array<
    [LinkableCategory, keyof ResourceIdLists]
  >) {
    const table = linkTables[category];
    const links = await db
      .select({ id: table.id })
      .from(table)
      .innerJoin(characters, eq(characters.id, table.characterId))
      .where(eq(characters.gameId, gameId))
      .orderBy(asc(table.createdAt), asc(table.id));
    lists[listName].push(...links.map((link) => link.id));
  }
  return lists;
}
