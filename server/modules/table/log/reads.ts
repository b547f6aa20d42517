import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tableEvents, tableHeads } from '../../../db/schema/index';
import { CHAT_EVENT_TYPES, type TableEvent } from '#shared/domain/table/types';
import { EVENING_GAP_MS, type Evening } from '#shared/domain/table/evenings';
import { eventOf } from './rows';

/** A transaction's handle; queries inside it must use it, never the outer `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Reader = Db | Tx;

/** The head of a game's log and the epoch of its event at `seq` (null when it has none there). */
export async function headAndEpochAt(
  db: Reader,
  gameId: string,
  seq: number,
): Promise<{ head: number; epochAtSeq: number | null }> {
  const { rows } = (await db.execute(sql`
    select (select ${tableHeads.seq} from ${tableHeads} where ${tableHeads.gameId} = ${gameId}) as head,
      (select ${tableEvents.epoch} from ${tableEvents}
        where ${tableEvents.gameId} = ${gameId} and ${tableEvents.seq} = ${seq}) as epoch`)) as unknown as {
    rows: Array<{ head: number | null; epoch: number | null }>;
  };
  const row = rows[0];
  return {
    head: Number(row?.head ?? 0),
    epochAtSeq: row?.epoch === null || row?.epoch === undefined ? null : Number(row.epoch),
  };
}

/** The last logged seq of each of `gameIds` that has a log. */
export async function headsOf(db: Reader, gameIds: readonly string[]): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: tableEvents.gameId, seq: sql<number>`max(${tableEvents.seq})` })
    .from(tableEvents)
    .where(inArray(tableEvents.gameId, [...gameIds]))
    .groupBy(tableEvents.gameId);
  return new Map(rows.map((row) => [row.gameId, Number(row.seq)]));
}

/** The client ids of the commands among the game's last `events` logged events, oldest first. */
export async function commandIdsOf(db: Reader, gameId: string, events: number): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select ${tableEvents.commandId} as command_id from ${tableEvents}
    where ${tableEvents.gameId} = ${gameId} and ${tableEvents.commandId} is not null
      and ${tableEvents.seq} > coalesce(
        (select ${tableHeads.seq} from ${tableHeads} where ${tableHeads.gameId} = ${gameId}), 0) - ${events}
    order by ${tableEvents.seq}`)) as unknown as { rows: Array<{ command_id: string }> };
  return rows.map((row) => row.command_id);
}

/** The committed events with seq > afterSeq (and ≤ upTo when given), in seq order. */
export async function eventsAfter(
  db: Reader,
  gameId: string,
  afterSeq: number,
  upTo?: number,
): Promise<TableEvent[]> {
  const rows = await db
    .select()
    .from(tableEvents)
    .where(
      and(
        eq(tableEvents.gameId, gameId),
        gt(tableEvents.seq, afterSeq),
        upTo === undefined ? undefined : lte(tableEvents.seq, upTo),
      ),
    )
    .orderBy(asc(tableEvents.seq));
  return rows.map(eventOf);
}

/** One page of the chat, oldest first: the `limit` latest chat events with seq < before. */
export async function chatPage(
  db: Reader,
  gameId: string,
  {
    before,
    limit,
    managers,
    characterIds,
    userId,
  }: {
    before?: number;
    limit: number;
    managers: boolean;
    characterIds: readonly string[];
    userId: string;
  },
): Promise<TableEvent[]> {
  const rows = await db
    .select()
    .from(tableEvents)
    .where(
      and(
        eq(tableEvents.gameId, gameId),
        inArray(tableEvents.type, [...CHAT_EVENT_TYPES]),
        before === undefined ? sql`true` : lt(tableEvents.seq, before),
        // A line about a hidden token is the MJ's and the admins' only (docs/live-table.md "Visibility"),
        // and the player's of the character it names as its reader (`readsLine`); a whisper its
        // sender's too.
        managers
          ? sql`true`
          : sql`(${tableEvents.payload}->>'audience' is null or (${tableEvents.payload}->>'whisperTo' is not null and ${tableEvents.payload}->>'senderUserId' = ${userId})${
              characterIds.length === 0
                ? sql``
                : sql` or ${tableEvents.payload}->>'reader' in (${sql.join(
                    characterIds.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
            })`,
      ),
    )
    .orderBy(desc(tableEvents.seq))
    .limit(limit);
  return rows.reverse().map(eventOf);
}

/**
 * The game's evenings of play (`eveningsOf`'s rule), found by the database: only the events that
 * follow a long pause and the log's last are read, not the whole log.
 */
export async function eveningsOfGame(db: Reader, gameId: string): Promise<Evening[]> {
  const { rows } = (await db.execute(sql`
    with paced as (
      select ${tableEvents.seq} as seq, ${tableEvents.createdAt} as created_at,
        ${tableEvents.createdAt} - lag(${tableEvents.createdAt}) over (order by ${tableEvents.seq}) as pause,
        lead(${tableEvents.seq}) over (order by ${tableEvents.seq}) as next_seq
      from ${tableEvents} where ${tableEvents.gameId} = ${gameId}
    )
    select seq, created_at, pause is null or pause >= ${`${EVENING_GAP_MS} milliseconds`}::interval as starts,
      next_seq is null as last
    from paced
    where pause is null or pause >= ${`${EVENING_GAP_MS} milliseconds`}::interval or next_seq is null
       or next_seq in (select p.seq from paced p where p.pause >= ${`${EVENING_GAP_MS} milliseconds`}::interval)
    order by seq`)) as unknown as {
    rows: Array<{ seq: number; created_at: string | Date; starts: boolean; last: boolean }>;
  };
  const evenings: Evening[] = [];
  for (const row of rows) {
    const seq = Number(row.seq);
    const at = new Date(row.created_at).toISOString();
    if (row.starts) {
      evenings.push({
        number: evenings.length + 1,
        firstSeq: seq,
        lastSeq: seq,
        startedAt: at,
        endedAt: at,
        events: 1,
      });
      continue;
    }
    const evening = evenings.at(-1);
    if (evening === undefined) continue;
    evening.lastSeq = seq;
    evening.endedAt = at;
    evening.events = seq - evening.firstSeq + 1;
  }
  return evenings;
}
