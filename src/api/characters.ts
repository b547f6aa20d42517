import { request } from './request';
import { characterList, characterSummary } from './schemas/characters';

/** The character calls of platform.md §7 "Games and players" and table.md §7, one function each. */

/** The signed-in user's characters (the legacy selection flow's dropdown). */
export function listMyCharacters(signal?: AbortSignal) {
  return request('GET', '/players', { schema: characterList, signal });
}

/** The signed-in user's characters in one game. */
export function listGameCharacters(gameId: string, signal?: AbortSignal) {
  return request('GET', `/players/game/${encodeURIComponent(gameId)}/characters`, {
    schema: characterList,
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
