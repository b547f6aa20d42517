import { and, desc, eq, lte, notInArray } from 'drizzle-orm';
import { tableSnapshots } from '../../db/schema/index';
import { restore, snapshotOf } from '../../../src/domain/table/reducer';
import type { TableState } from '../../../src/domain/table/types';
import type { Reader } from './log-store';

/** A snapshot every this many events: a join or a restart folds at most this many events. */
export const SNAPSHOT_EVERY = 200;

/**
 * Snapshots kept per game. A client at most SNAPSHOT_EVERY events behind gets the events it missed
 * projected for it, which needs a state at or before its seq: the two latest snapshots always
 * include one; the third is slack.
 */
export const SNAPSHOTS_KEPT = 3;

/** The latest snapshot with seq ≤ atMost (the latest of all without it), as a state. */
export async function latestSnapshot(
  db: Reader,
  gameId: string,
  atMost?: number,
): Promise<TableState | null> {
  const [row] = await db
    .select()
    .from(tableSnapshots)
    .where(
      and(
        eq(tableSnapshots.gameId, gameId),
        atMost === undefined ? undefined : lte(tableSnapshots.seq, atMost),
      ),
    )
    .orderBy(desc(tableSnapshots.seq))
    .limit(1);
  return row ? restore({ seq: row.seq, state: row.state }) : null;
}

/** Whether appending from seq `before` to `after` crosses a multiple of SNAPSHOT_EVERY. */
export const snapshotDue = (before: number, after: number): boolean =>
  Math.floor(before / SNAPSHOT_EVERY) !== Math.floor(after / SNAPSHOT_EVERY);

/** A game's state to keep as a snapshot, with the append that made it due (log-store.ts). */
export interface DueSnapshot {
  gameId: string;
  state: TableState;
}

/**
 * The snapshots an append made due: each game whose seqs, from its head before to its state after,
 * crossed a multiple of SNAPSHOT_EVERY.
 */
export function dueSnapshots(
  heads: ReadonlyMap<string, number>,
  working: ReadonlyMap<string, TableState>,
): DueSnapshot[] {
  const due: DueSnapshot[] = [];
  for (const [gameId, state] of working) {
    if (snapshotDue(heads.get(gameId) ?? 0, state.lastSeq)) due.push({ gameId, state });
  }
  return due;
}

/**
 * Writes a snapshot when an append crossed a multiple of SNAPSHOT_EVERY, and drops the old ones:
 * the owners', whose append may be refused game by game; the others write theirs with the append.
 */
export async function snapshotIfDue(
  tx: Reader,
  gameId: string,
  before: number,
  state: TableState,
): Promise<void> {
  if (!snapshotDue(before, state.lastSeq)) return;
  const { seq, state: copy } = snapshotOf(state);
  await tx.insert(tableSnapshots).values({ gameId, seq, state: copy }).onConflictDoNothing();
  const kept = tx
    .select({ seq: tableSnapshots.seq })
    .from(tableSnapshots)
    .where(eq(tableSnapshots.gameId, gameId))
    .orderBy(desc(tableSnapshots.seq))
    .limit(SNAPSHOTS_KEPT);
  await tx
    .delete(tableSnapshots)
    .where(and(eq(tableSnapshots.gameId, gameId), notInArray(tableSnapshots.seq, kept)));
}
