import { sql } from 'drizzle-orm';
import { games, tableEvents, tableHeads, users } from '../../../db/schema/index';
import { snapshotWrites, type DueSnapshot } from '../snapshots';
import { execute } from './prepared';
import type { Reader } from './reads';

const APPEND = 'table-append';

/**
 * The sole writer's append (docs/live-table.md "Journal"): writes events (`rows`, a JSON array of
 * EventRow) and moves their games' heads to `lastSeqs`, with the snapshots the append made due, in
 * one statement whatever their number. No lock: the database is the sole writer's alone, and its
 * copies in memory are the heads, which the seqs continue without a hole (the primary key would
 * refuse a twin). The rows come as text: the sole writer hands over the lines its journal wrote,
 * instead of keeping the events as objects until the statement and writing them out a second time.
 */
export async function appendRows(
  db: Reader,
  rows: string,
  lastSeqs: ReadonlyMap<string, number>,
  snapshots: readonly DueSnapshot[] = [],
): Promise<void> {
  const heads = [...lastSeqs].map(([game_id, seq]) => ({ game_id, seq }));
  // One statement: every write happens, or none. The heads are upserted: a new game has none
  // yet. The sole writer logs what it decided up to a second ago: a game deleted since takes its
  // events with it, and an author whose account went since leaves them without one, as the
  // foreign keys would have. Each row
  // looks its game and author up by key: joins there doubled PGlite's cost per event (53 against
  // 35 µs), the planner knowing nothing of the JSON rows' number. A snapshot rides along instead
  // of a transaction of three more statements, which cost the embedded PGlite's server about 10 of
  // its 370 µs per drop (docs/live-table.md "Snapshots").
  await execute(
    db,
    APPEND,
    sql`
    with logged as (
      insert into ${tableEvents} (game_id, seq, type, payload, user_id, created_at, command_id)
      select events.game_id, events.seq, events.type, events.payload,
        (select ${users.id} from ${users} where ${users.id} = events.user_id), events.created_at,
        events.command_id
      from jsonb_to_recordset(${rows}::jsonb) as events(
        game_id text, seq integer, type text, payload jsonb, user_id uuid, created_at timestamptz,
        command_id uuid)
      where exists (select from ${games} where ${games.id} = events.game_id)
    ), ${snapshotWrites(snapshots)}
    insert into ${tableHeads} (game_id, seq)
    select heads.game_id, heads.seq
    from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb) as heads(game_id text, seq integer)
    where exists (select from ${games} where ${games.id} = heads.game_id)
    on conflict (game_id) do update set seq = excluded.seq`,
  );
}
