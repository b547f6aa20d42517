import { clearCache } from './cached-responses';
import { request } from './request';
import { messageBody } from './schemas/common';
import {
  gameData,
  gameIdListNames,
  gamePlayerList,
  gameSummaryList,
  type GameIdLists,
} from './schemas/games';

/** The game-data calls of platform.md §7 "Games and players", one function each. */

const gamePath = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}`;

// Counts and last connections move all the time: lobby and game reads never come from the cache.
export function listOwnedGames(signal?: AbortSignal) {
  return request('GET', '/game-data/owned', { schema: gameSummaryList, cache: false, signal });
}

/** The spec's client sends the name with every id list empty. */
export function createGame(name: string) {
  const emptyLists = Object.fromEntries(gameIdListNames.map((list) => [list, []])) as unknown as GameIdLists;
  return request('POST', '/game-data', { body: { name, ...emptyLists }, schema: gameData });
}

export async function deleteGame(gameId: string) {
  const answer = await request('DELETE', gamePath(gameId), { schema: messageBody });
  clearCache(gamePath(gameId));
  return answer;
}

export function getGame(gameId: string, signal?: AbortSignal) {
  return request('GET', gamePath(gameId), { schema: gameData, cache: false, signal });
}

export function listGamePlayers(gameId: string, signal?: AbortSignal) {
  return request('GET', `${gamePath(gameId)}/players`, { schema: gamePlayerList, cache: false, signal });
}

export async function leaveGame(gameId: string) {
  const answer = await request('POST', `${gamePath(gameId)}/leave`, { schema: messageBody });
  clearCache('/players/');
  return answer;
}
