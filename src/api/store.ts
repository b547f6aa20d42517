import type { ResourceCategory } from '../domain/resources/categories';
import { request } from './request';
import { messageBody } from './schemas/common';
import { resourceWithMessage, storeEntry, storeEntryList } from './schemas/resources';

/** The global store calls of platform.md §7 and table.md §7, one function each. */

const game = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}`;

export function exportResource(gameId: string, category: ResourceCategory, resourceId: string) {
  return request('POST', `${game(gameId)}/${category}/export`, {
    body: { resourceId },
    schema: resourceWithMessage,
  });
}

export function listStoreEntries(category: ResourceCategory, signal?: AbortSignal) {
  return request('GET', `/global-store/${category}`, { schema: storeEntryList, signal });
}

export function getStoreEntry(category: ResourceCategory, entryId: string, signal?: AbortSignal) {
  return request('GET', `/global-store/${category}/${encodeURIComponent(entryId)}`, {
    schema: storeEntry,
    signal,
  });
}

export function removeStoreEntry(category: ResourceCategory, entryId: string) {
  return request('DELETE', `/global-store/${category}/${encodeURIComponent(entryId)}`, {
    schema: messageBody,
  });
}

export function importResource(gameId: string, category: ResourceCategory, entryId: string) {
  return request('POST', `${game(gameId)}/${category}/import`, {
    body: { resourceId: entryId },
    schema: resourceWithMessage,
  });
}

export function removeImport(gameId: string, category: ResourceCategory, resourceId: string) {
  return request('DELETE', `${game(gameId)}/${category}/import/${encodeURIComponent(resourceId)}`, {
    schema: messageBody,
  });
}
