import type { TableEvent } from '../domain/table/types';
import { request } from './request';
import { gameMessagesAnswer } from './schemas/table';

/**
 * The game side of platform.md §7 "Messages": a game's chat, read over REST. Apart from the private
 * calls, so the friends list does not bring the table's schemas.
 */

/** The size of a page of the game chat: what the panel shows on opening. */
export const GAME_MESSAGES_PAGE = 100;

/**
 * `GET /message?gameId=…`: one page of a game's chat events, oldest first — the newest page, or
 * the one just before `before` (a seq). Never cached: the chat moves all the time.
 */
export function getGameMessages(
  gameId: string,
  { before, limit = GAME_MESSAGES_PAGE }: { before?: number; limit?: number } = {},
  signal?: AbortSignal,
) {
  return request('GET', '/message', {
    query: { gameId, before, limit },
    schema: gameMessagesAnswer,
    cache: false,
    signal,
  });
}

/**
 * Every chat event of the game after `afterSeq` (all of the newest page when null): pages back
 * from the newest until one reaches it, so a long disconnection loses nothing.
 */
export async function getGameMessagesAfter(
  gameId: string,
  afterSeq: number | null,
  signal?: AbortSignal,
): Promise<TableEvent[]> {
  let events = await getGameMessages(gameId, {}, signal);
  if (afterSeq === null) return events;
  let page = events;
  while (page.length === GAME_MESSAGES_PAGE && page[0]!.seq > afterSeq + 1) {
    page = await getGameMessages(gameId, { before: page[0]!.seq }, signal);
    events = [...page, ...events];
  }
  return events.filter((event) => event.seq > afterSeq);
}
