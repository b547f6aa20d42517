import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tableHeads } from '../../../db/schema/index';
import type { Tx } from './reads';

/**
 * The game's log in the database: the only place seqs are given. Appends happen inside
 * `withHeads`, which holds the games' head rows locked until the transaction ends, so appends of
 * one game are serialised across every process on the database and each commit extends a
 * gapless prefix. Readers need no lock: what they see committed is always seq 1…k.
 */

/**
 * Runs `work` in one transaction holding the head rows of `gameIds`; `heads` maps each game to
 * its last committed seq. The rows are locked in id order, so two processes locking overlapping
 * sets wait for each other instead of deadlocking.
 *
 * The batch statements here pass their rows as one JSON parameter that PostgreSQL unpacks
 * (`jsonb_to_recordset`): a batch of hundreds of events is then three parameters, not thousands
 * for the query builder and the wire protocol to handle one by one (docs/live-table.md "Group commit").
 */
export function withHeads<T>(
  db: Db,
  gameIds: Iterable<string>,
  work: (tx: Tx, heads: ReadonlyMap<string, number>) => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(gameIds)].sort();
  return db.transaction(async (tx) => {
    // One statement creates the missing heads and locks every row (ON CONFLICT DO UPDATE takes the row lock).
    const { rows } = (await tx.execute(sql`
      insert into ${tableHeads} (game_id)
      select game_id from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb)
        with ordinality as ids(game_id, position)
      order by position
      on conflict (game_id) do update set seq = ${tableHeads}.seq
      returning game_id, seq`)) as unknown as { rows: Array<{ game_id: string; seq: number }> };
    return work(tx, new Map(rows.map((row) => [row.game_id, Number(row.seq)])));
  });
}
