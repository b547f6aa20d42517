import { isChatEvent, type TableActor, type TableEvent } from '#shared/domain/table/types';
import { lineAs } from '#shared/domain/table/visibility';
import { chatPage, type Reader } from './log/reads';

/**
 * One page of the game's chat, the lines this member reads (`readsLine`), each as they may read
 * it (`lineAs`: a roll out of their sight is « jet secret »): the chat panel's history and a
 * replay's chat up to its point read it alike.
 */
export async function chatLinesAs(
  db: Reader,
  gameId: string,
  actor: TableActor,
  page: { before?: number; limit: number },
): Promise<TableEvent[]> {
  const { role, characterIds, userId } = actor;
  const events = await chatPage(db, gameId, { ...page, managers: role !== 'player', characterIds, userId });
  return events.flatMap((event): TableEvent[] => {
    if (!isChatEvent(event)) return [event];
    const line = lineAs(actor, event.payload);
    if (line === null) return [];
    return [line === event.payload ? event : { ...event, payload: line }];
  });
}
