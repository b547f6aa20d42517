import { sql } from 'drizzle-orm';
import { tableEvents, tableHeads, users } from '../../../db/schema/index';
import { snapshotWrites, type DueSnapshot } from '../snapshots';
import { execute } from './prepared';
import type { Reader } from './reads';
import { rowsJson, type LoggedEvent } from './rows';

const APPEND_OWNED = 'table-append-owned';

/** One game's run in an owner's append: the seqs it takes and the epoch it was decided under. */
export interface OwnedRun {
  gameId: string;
  first: number;
  last: number;
  epoch: number;
}

/** What became of a game's run: logged now, logged by an earlier try of the same, or refused. */
export type RunOutcome = 'logged' | 'already' | 'fenced';

/**
 * An owner's append (docs/live-table.md "Owners"), one statement for every game of the batch: a game's
 * events are logged only if its head is still at the seq before them under the epoch they were
 * decided in, so a process that lost a game (another took it and moved the epoch on) logs nothing
 * into it. Each game stands or falls alone. A run found whole in the log already was logged by a
 * try whose answer was lost with its connection. The snapshots the runs made due ride along, for
 * the games logged: alone, each was a statement of its own, seven a second under the carried
 * load (docs/live-table.md "Snapshots").
 */
export async function appendOwned(
  db: Reader,
  logged: readonly LoggedEvent[],
  runs: readonly OwnedRun[],
  snapshots: readonly DueSnapshot[] = [],
): Promise<Map<string, RunOutcome>> {
  const heads = runs.map(({ gameId, first, last, epoch }) => ({ game_id: gameId, first, last, epoch }));
  // Every part of the statement sees the heads as they were before it: `was_*` are those.
  const { rows } = await execute<{
    game_id: string;
    moved: boolean;
    was_seq: number | null;
    was_epoch: number | null;
  }>(
    db,
    APPEND_OWNED,
    sql`
    with runs as (
      select * from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
        as runs(game_id text, first integer, last integer, epoch integer)
    ), moved as (
      update ${tableHeads} set seq = runs.last
      from runs
      where ${tableHeads.gameId} = runs.game_id and ${tableHeads.epoch} = runs.epoch
        and ${tableHeads.seq} = runs.first - 1
      returning ${tableHeads.gameId} as game_id
    ), logged as (
      insert into ${tableEvents} (game_id, seq, epoch, type, payload, user_id, created_at, command_id)
      select events.game_id, events.seq, events.epoch, events.type, events.payload,
        (select ${users.id} from ${users} where ${users.id} = events.user_id), events.created_at,
        events.command_id
      from jsonb_to_recordset(${rowsJson(logged)}::jsonb) as events(
        game_id text, seq integer, epoch integer, type text, payload jsonb, user_id uuid, created_at timestamptz,
        command_id uuid)
      where events.game_id in (select game_id from moved)
    ), ${snapshotWrites(snapshots, sql`due.game_id in (select game_id from moved)`)}
    select runs.game_id, runs.game_id in (select game_id from moved) as moved,
      heads.seq as was_seq, heads.epoch as was_epoch
    from runs left join ${tableHeads} heads on heads.game_id = runs.game_id`,
  );
  const outcomes = new Map<string, RunOutcome>();
  for (const run of runs) {
    const row = rows.find((one) => one.game_id === run.gameId);
    if (row?.moved) outcomes.set(run.gameId, 'logged');
    else if (row?.was_epoch === run.epoch && Number(row.was_seq) >= run.last)
      outcomes.set(run.gameId, 'already');
    else outcomes.set(run.gameId, 'fenced');
  }
  return outcomes;
}
