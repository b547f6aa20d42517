import { request } from './request';
import { historyEvents, historyMarks, historyPoint } from './schemas/history';

/** A game's replay (docs/live-table.md "Replay"), one function per call. */

const base = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}/history`;

export function loadHistoryMarks(gameId: string, signal?: AbortSignal) {
  return request('GET', base(gameId), { schema: historyMarks, cache: false, signal });
}

/** The table after event `seq`, or after the last event logged at `at`. */
export function loadHistoryPoint(gameId: string, point: { seq?: number; at?: string }, signal?: AbortSignal) {
  const query = point.at === undefined ? `seq=${point.seq ?? 0}` : `at=${encodeURIComponent(point.at)}`;
  return request('GET', `${base(gameId)}/state?${query}`, { schema: historyPoint, cache: false, signal });
}

export function loadHistoryEvents(gameId: string, after: number, limit: number, signal?: AbortSignal) {
  return request('GET', `${base(gameId)}/events?after=${after}&limit=${limit}`, {
    schema: historyEvents,
    cache: false,
    signal,
  });
}
