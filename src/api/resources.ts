import type { LinkableCategory, ResourceCategory } from '../domain/resources/categories';
import { request } from './request';
import { messageBody } from './schemas/common';
import {
  addToAllResponse,
  gameResource,
  gameResourceList,
  resourcePlayers,
  type AddToAllBody,
  type AssignBody,
  type GameResource,
  type ResourceForm,
} from './schemas/resources';

/** The game-resource calls of table.md §7 and platform.md §7, one function each. */

const game = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}`;
const id = encodeURIComponent;

export function listGameResources(
  gameId: string,
  category: ResourceCategory,
  { signal, cache = true }: { signal?: AbortSignal; cache?: boolean } = {},
) {
  return request('GET', `${game(gameId)}/${category}`, { schema: gameResourceList, signal, cache });
}

export function createResource(gameId: string, category: ResourceCategory, form: ResourceForm) {
  return request('POST', `${game(gameId)}/${category}`, { body: form, schema: gameResource });
}

export function updateResource(
  gameId: string,
  category: ResourceCategory,
  resourceId: string,
  form: ResourceForm,
) {
  return request('PUT', `${game(gameId)}/${category}/${id(resourceId)}`, {
    body: form,
    schema: gameResource,
  });
}

export function deleteResource(gameId: string, category: ResourceCategory, resourceId: string) {
  return request('DELETE', `${game(gameId)}/${category}/${id(resourceId)}`, { schema: messageBody });
}

export function assignResource(gameId: string, category: LinkableCategory, body: AssignBody) {
  return request('POST', `${game(gameId)}/assign/${category}`, { body, schema: messageBody });
}

export function unassignResource(
  gameId: string,
  category: LinkableCategory,
  resourceId: string,
  playerId: string,
) {
  return request('DELETE', `${game(gameId)}/unassign/${category}/${id(resourceId)}/${id(playerId)}`, {
    schema: messageBody,
  });
}

export function addResourceToAll(gameId: string, category: LinkableCategory, body: AddToAllBody) {
  return request('POST', `${game(gameId)}/add-to-all/${category}`, { body, schema: addToAllResponse });
}

export function getResource(category: ResourceCategory, resourceId: string, signal?: AbortSignal) {
  return request('GET', `/${category}/${id(resourceId)}`, { schema: gameResource, signal });
}

/**
 * platform.md §7: maps or monsters by id, skipped when there are none, sorted by name, and kept
 * to the ids asked for should the server send more.
 */
export async function lookupResources(
  category: 'map' | 'monster',
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<GameResource[]> {
  if (ids.length === 0) return [];
  const found = await request('GET', `/${category}`, {
    query: { ids: ids.join(',') },
    schema: gameResourceList,
    signal,
  });
  const wanted = new Set(ids);
  return found
    .filter((resource) => wanted.has(resource.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

const holderPaths = {
  rune: '/player-runes',
  memory: '/player-memories',
  echo: '/player-echoes',
  item: '/player-items',
} as const;

export function listResourceHolders(
  category: keyof typeof holderPaths,
  resourceId: string,
  signal?: AbortSignal,
) {
  return request('GET', `${holderPaths[category]}/${id(resourceId)}/players`, {
    schema: resourcePlayers,
    signal,
  });
}
