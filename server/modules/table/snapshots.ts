import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { games, tableSnapshots } from '../../db/schema/index';
import { restore } from '#shared/domain/table/reducer';
import type { TableState } from '#shared/domain/table/types';
import type { Reader } from './log/reads';

/**
 * A snapshot every this many events: a game read again (a restart, a copy dropped) folds at most
 * this many, a catch-up at most CATCH_UP_EVENTS more. Each is a whole state (about 40 KB with a
 * fog and the histories) that the log's statement parses and stores: every 200 events, snapshots
 * were a fifth of PGlite's work per drop at the fan-out's load (docs/live-table.md "The fan-out").
 */
export const SNAPSHOT_EVERY = 1000;

/**
 * Snapshots kept per game. A client at most CATCH_UP_EVENTS (fewer than SNAPSHOT_EVERY) behind
 * gets the events it missed projected for it, which needs a state at or before its seq: the two
 * latest snapshots always include one; the third is slack.
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

/** A game's state to keep as a snapshot, with the append that made it due (log/append.ts). */
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
 * The parts of a statement (common table expressions, after `with`) that write the `due` snapshots
 * of games that still exist and drop each one's older snapshots but the SNAPSHOTS_KEPT − 1 before
 * it: every part of a statement sees the snapshots as they were before it, so the new one is
 * counted apart. The appends carry them (log/append.ts, log/append-owned.ts); `only` narrows them further (an owner's
 * append writes them for the games it logged). The text is the same whatever `due` holds, so a
 * prepared statement can carry it.
 */
export function snapshotWrites(due: readonly DueSnapshot[], only: SQL = sql`true`): SQL {
  const rows = due.map(({ gameId, state }) => ({ game_id: gameId, seq: state.lastSeq, state }));
  return sql`due as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as due(game_id text, seq integer, state jsonb)
      where exists (select from ${games} where ${games.id} = due.game_id) and ${only}
    ), snapshotted as (
      insert into ${tableSnapshots} (game_id, seq, state)
      select due.game_id, due.seq, due.state from due
      on conflict do nothing
    ), pruned as (
      delete from ${tableSnapshots} old using due
      where old.game_id = due.game_id and old.seq < due.seq and old.seq not in (
        select kept.seq from ${tableSnapshots} kept
        where kept.game_id = due.game_id and kept.seq < due.seq
        order by kept.seq desc limit ${sql.raw(String(SNAPSHOTS_KEPT - 1))})
    )`;
}
