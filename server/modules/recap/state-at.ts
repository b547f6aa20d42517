import { applyEvents, emptyTable } from '#shared/domain/table/reducer';
import type { TableState } from '#shared/domain/table/types';
import { eventsAfter, type Reader } from '../table/log/reads';
import { latestSnapshot } from '../table/snapshots';

/**
 * The server's table as it stood once event `seq` was folded: the nearest snapshot at or before
 * it, then the events up to it. The table keeps its last few snapshots only, so an old evening
 * folds from the log's start; long-lived checkpoints would serve it as well.
 */
export async function stateAt(db: Reader, gameId: string, seq: number): Promise<TableState> {
  const base = (await latestSnapshot(db, gameId, seq)) ?? emptyTable;
  if (base.lastSeq >= seq) return base;
  return applyEvents(base, await eventsAfter(db, gameId, base.lastSeq, seq)).state;
}
