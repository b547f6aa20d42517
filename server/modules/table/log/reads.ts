import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tableEvents, tableHeads } from '../../../db/schema/index';
import { CHAT_EVENT_TYPES, type TableEvent } from '#shared/domain/table/types';
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
