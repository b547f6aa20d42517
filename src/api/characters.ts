import { clearCache } from './cached-responses';
import { request } from './request';
import {
  keptSheet,
  characterList,
  characterSheet,
  characterSummary,
  lobbyCharacterList,
  consumeShardResponse,
  createdCharacter,
  equipResponse,
  memoryEnchantmentList,
  weaponAttackList,
  type ConsumeShardRequest,
  type CreateCharacterRequest,
  type EquipAction,
  type UpdateCharacterRequest,
} from './schemas/characters';

/** The character calls of platform.md §7 "Games and players" and table.md §7, one function each. */

/** The signed-in user's characters (the legacy selection flow's dropdown). */
export function listMyCharacters(signal?: AbortSignal) {
  return request('GET', '/players', { schema: characterList, signal });
}

/** The signed-in user's characters in one game, with their health at the table. */
export function listGameCharacters(gameId: string, signal?: AbortSignal) {
  return request('GET', `/players/game/${encodeURIComponent(gameId)}/characters`, {
    schema: lobbyCharacterList,
    signal,
  });
}

/** Every character of a game, for its MJ and its players. */
export function listAllGameCharacters(gameId: string, signal?: AbortSignal) {
  return request('GET', `/players/game/${encodeURIComponent(gameId)}/all-characters`, {
    schema: characterList,
    signal,
  });
}

export function getCharacterInGame(playerId: string, gameId: string, signal?: AbortSignal) {
  return request('GET', `/players/${encodeURIComponent(playerId)}/game/${encodeURIComponent(gameId)}`, {
    schema: characterSummary,
    signal,
  });
}

/** `POST /players`: the server recomputes the sheet and answers the new character's id. */
export async function createCharacter(character: CreateCharacterRequest, signal?: AbortSignal) {
  const answer = await request('POST', '/players', { body: character, schema: createdCharacter, signal });
  clearCache('/players');
  return answer;
}

/**
 * A whole sheet: through its game when there is one (`GET /players/{id}/game/{gameId}`), else by
 * id alone for a character created outside any game.
 */
export function getCharacterSheet(playerId: string, gameId: string | null, signal?: AbortSignal) {
  const path =
    gameId === null
      ? `/players/${encodeURIComponent(playerId)}`
      : `/players/${encodeURIComponent(playerId)}/game/${encodeURIComponent(gameId)}`;
  // A sheet changes under the table's feet (soul core, image): always ask.
  return request('GET', path, { schema: keptSheet, cache: false, signal });
}

/** `PUT /players/{id}`: the soul core or the image link. */
export async function updateCharacter(
  playerId: string,
  changes: UpdateCharacterRequest,
  signal?: AbortSignal,
) {
  const answer = await request('PUT', `/players/${encodeURIComponent(playerId)}`, {
    body: changes,
    schema: characterSheet,
    signal,
  });
  clearCache('/players');
  return answer;
}

/** `PUT /player-memories/equip/{playerId}/{memoryId}`: the answer is what the character wears now. */
export function changeEquipment(
  playerId: string,
  memoryId: string,
  action: EquipAction,
  signal?: AbortSignal,
) {
  return request(
    'PUT',
    `/player-memories/equip/${encodeURIComponent(playerId)}/${encodeURIComponent(memoryId)}`,
    { body: { action }, schema: equipResponse, signal },
  );
}

/** The attacks of a weapon the character wears. */
export function getWeaponAttacks(memoryId: string, playerId: string, signal?: AbortSignal) {
  return request('GET', `/attack/memory/${encodeURIComponent(memoryId)}`, {
    query: { playerId },
    schema: weaponAttackList,
    cache: false,
    signal,
  });
}

export function getMemoryEnchantments(memoryId: string, signal?: AbortSignal) {
  return request('GET', `/memory-enchantments/${encodeURIComponent(memoryId)}/memory`, {
    schema: memoryEnchantmentList,
    cache: false,
    signal,
  });
}

/** Soul Shards into the core: the answer carries the sheet afterwards. */
export function consumeSoulShards(body: ConsumeShardRequest, signal?: AbortSignal) {
  return request('POST', '/player-items/consume-soul-shard', { body, schema: consumeShardResponse, signal });
}
