import { API_BASE } from './paths';
import { authorizedFetch, request } from './request';
import { messageBody } from './schemas/common';
import { eveningRecap, lastTimeAnswer, recapEveningList } from './schemas/recap';

/** « Résumé de la séance »'s calls (decision 0037), one function each. */

const recapPath = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}/recap`;

export function listEvenings(gameId: string, signal?: AbortSignal) {
  return request('GET', `${recapPath(gameId)}/evenings`, { schema: recapEveningList, cache: false, signal });
}

/** The recap of evening `evening`, the last one when null. */
export function readRecap(gameId: string, evening: number | null, signal?: AbortSignal) {
  return request('GET', recapPath(gameId), {
    schema: eveningRecap,
    query: { evening: evening ?? undefined },
    cache: false,
    signal,
  });
}

export function saveEveningNotes(gameId: string, evening: number, notes: string) {
  return request('PUT', `${recapPath(gameId)}/notes`, { body: { evening, notes }, schema: eveningRecap });
}

export function readLastTime(gameId: string, signal?: AbortSignal) {
  return request('GET', `${recapPath(gameId)}/last-time`, { schema: lastTimeAnswer, cache: false, signal });
}

export function markLastTimeSeen(gameId: string, firstSeq: number) {
  return request('PUT', `${recapPath(gameId)}/last-time`, { body: { firstSeq }, schema: messageBody });
}

/** The evening's export, as the file the server named, in the reader's time zone. */
export async function exportEvening(
  gameId: string,
  evening: number,
  format: 'md' | 'json',
  timeZone: string,
): Promise<{ name: string; blob: Blob }> {
  const query = new URLSearchParams({ evening: String(evening), timeZone });
  const response = await authorizedFetch(`${API_BASE}${recapPath(gameId)}/export.${format}?${query}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { name: name ?? `seance.${format}`, blob: await response.blob() };
}
