import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tableEvents, tableReplayCheckpoints } from '../../db/schema/index';
import { emptyTable, restore } from '#shared/domain/table/reducer';
import {
  checkpointsAlong,
  REPLAY_CHECKPOINT_EVERY,
  stateAt,
  type TurnMark,
} from '#shared/domain/table/replay';
import type { TableEvent, TableState } from '#shared/domain/table/types';
import { eventsAfter } from '../table/log/reads';

/**
 * A game's replay checkpoints (decision 0036): written by the first replay that needs them, up to
 * the log's head, then read by every jump. They are written apart from the live table (its
 * writer, states and snapshots are not touched); two replays building the same ones write the
 * same states, and the second's rows are skipped. `every`: another spacing, for the bench to compare.
 */
export function createReplayCheckpoints(db: Db, every = REPLAY_CHECKPOINT_EVERY) {
  const building = new Map<string, Promise<void>>();

  async function latest(gameId: string): Promise<TableState> {
    const [row] = await db
      .select({ seq: tableReplayCheckpoints.seq, state: tableReplayCheckpoints.state })
      .from(tableReplayCheckpoints)
      .where(eq(tableReplayCheckpoints.gameId, gameId))
      .orderBy(desc(tableReplayCheckpoints.seq))
      .limit(1);
    return row ? restore(row) : emptyTable;
  }

  async function build(gameId: string, head: number): Promise<void> {
    const due = Math.floor(head / every) * every;
    // Every replay's request comes here: the last checkpoint's state is read only when one is due.
    const [written] = await db
      .select({ seq: sql<number | null>`max(${tableReplayCheckpoints.seq})` })
      .from(tableReplayCheckpoints)
      .where(eq(tableReplayCheckpoints.gameId, gameId));
    if (Number(written?.seq ?? 0) >= due) return;
    let state = await latest(gameId);
    // One checkpoint's worth of events at a time: an old game's first replay never holds its whole log.
    while (state.lastSeq < due) {
      const events = await eventsAfter(db, gameId, state.lastSeq, state.lastSeq + every);
      const { checkpoints, state: next } = checkpointsAlong(state, events, every);
      if (checkpoints.length === 0) return;
      await db
        .insert(tableReplayCheckpoints)
        .values(checkpoints.map(({ seq, state: kept, turns }) => ({ gameId, seq, state: kept, turns })))
        .onConflictDoNothing();
      state = next;
    }
  }

  async function window(
    gameId: string,
    at: number,
    upTo: number,
  ): Promise<{ base: TableState; events: TableEvent[] }> {
    // One round trip, not two: on a loaded machine each statement waits its turn for the
    // database, and the wait, not the work, was most of a jump. The events come as one JSON array,
    // their times written as `toISOString` writes them (`eventOf`).
    const { rows } = (await db.execute(sql`
      with base as (
        select seq, state from ${tableReplayCheckpoints}
        where game_id = ${gameId} and seq <= ${at} order by seq desc limit 1)
      select (select seq from base) as seq, (select state from base) as state,
        (select coalesce(json_agg(json_build_object(
            'seq', e.seq, 'epoch', e.epoch, 'type', e.type, 'payload', e.payload, 'userId', e.user_id,
            'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          order by e.seq), '[]')
        from ${tableEvents} e
        where e.game_id = ${gameId} and e.seq > coalesce((select seq from base), 0) and e.seq <= ${upTo}
        ) as events`)) as unknown as { rows: WindowRow[] };
    const [row] = rows;
    const base = row?.state ? restore({ seq: Number(row.seq), state: row.state }) : emptyTable;
    const events = (row?.events ?? []).map(
      ({ epoch, ...event }) => (epoch === 0 ? event : { ...event, epoch }) as TableEvent,
    );
    return { base, events };
  }

  return {
    /** Writes the checkpoints the log up to `head` is due, once per game and process at a time. */
    async upTo(gameId: string, head: number): Promise<void> {
      const running = building.get(gameId);
      if (running) await running;
      const work = build(gameId, head).finally(() => building.delete(gameId));
      building.set(gameId, work);
      await work;
    },

    /**
     * The server's state at the latest checkpoint at or before `at` (the empty table before the
     * first) and the log's events after it up to `upTo`: what a jump folds, read in one statement.
     */
    window,

    /**
     * The server's table once event `seq` was folded, whatever its age: the checkpoints up to it
     * written if due, then at most `every` events folded from the nearest.
     */
    async stateAt(gameId: string, seq: number): Promise<TableState> {
      await this.upTo(gameId, seq);
      const { base, events } = await window(gameId, seq, seq);
      return stateAt(base, events, seq);
    },

    /** The last checkpoint's state, and the turns of every checkpoint, oldest first. */
    async turns(gameId: string): Promise<{ last: TableState; turns: TurnMark[] }> {
      const rows = await db
        .select({ turns: tableReplayCheckpoints.turns })
        .from(tableReplayCheckpoints)
        .where(eq(tableReplayCheckpoints.gameId, gameId))
        .orderBy(asc(tableReplayCheckpoints.seq));
      return { last: await latest(gameId), turns: rows.flatMap((row) => row.turns) };
    },
  };
}

/** `window`'s one row: the checkpoint, if any, and the events after it, as the database writes them. */
interface WindowRow {
  seq: number | null;
  state: TableState | null;
  events: Array<Omit<TableEvent, 'epoch'> & { epoch: number }> | null;
}

export type ReplayCheckpoints = ReturnType<typeof createReplayCheckpoints>;

/** The seq of the game's last event logged at or before `at` (0 when none). */
export async function seqAtTime(db: Db, gameId: string, at: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${tableEvents.seq})` })
    .from(tableEvents)
    .where(and(eq(tableEvents.gameId, gameId), lte(tableEvents.createdAt, new Date(at))));
  return Number(row?.seq ?? 0);
}
