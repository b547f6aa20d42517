import { request } from './request';
import { messageBody } from './schemas/common';
import {
  journalPage,
  journalPageList,
  journalSaveAnswer,
  type CreateJournalPageRequest,
  type JournalSharing,
  type SaveJournalPageRequest,
} from './schemas/journal';

/** The journal's calls (decision 0030), one function each. */

export function listJournalPages(gameId: string, signal?: AbortSignal) {
  return request('GET', `/game-data/${encodeURIComponent(gameId)}/journal`, {
    schema: journalPageList,
    cache: false,
    signal,
  });
}

export function readJournalPage(id: string, signal?: AbortSignal) {
  return request('GET', `/journal/${encodeURIComponent(id)}`, { schema: journalPage, cache: false, signal });
}

export function createJournalPage(gameId: string, body: CreateJournalPageRequest) {
  return request('POST', `/game-data/${encodeURIComponent(gameId)}/journal`, { body, schema: journalPage });
}

export function saveJournalPage(id: string, body: SaveJournalPageRequest) {
  return request('PUT', `/journal/${encodeURIComponent(id)}`, { body, schema: journalSaveAnswer });
}

export function shareJournalPage(id: string, body: JournalSharing) {
  return request('PUT', `/journal/${encodeURIComponent(id)}/sharing`, { body, schema: journalPage });
}

export function deleteJournalPage(id: string) {
  return request('DELETE', `/journal/${encodeURIComponent(id)}`, { schema: messageBody });
}
