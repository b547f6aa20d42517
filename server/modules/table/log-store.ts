import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tableEvents, tableHeads, type TableEventRow } from '../../db/schema/index';
import { CHAT_EVENT_TYPES, type TableEvent, type TableEventBody } from '../../../src/domain/table/types';

/**
 * The game's log in the database: the only place seqs are given. Appends happen inside
 * `withHead`, which holds the game's head row locked until the transaction ends, so appends of
 * one game are serialised across every process on the database and each commit extends a
 * gapless prefix. Readers need no lock: what they see committed is always seq 1…k.
 */

/** A transaction's handle; queries inside it must use it, never the outer `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Reader = Db | Tx;

export function eventOf(row: TableEventRow): TableEvent {
  return {
    seq: row.seq,
    type: row.type,
    payload: row.payload,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  } as TableEvent;
}

/** Runs `work` in one transaction holding the game's head row; `head` is the last seq committed. */
export function withHead<T>(db: Db, gameId: string, work: (tx: Tx, head: number) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement creates the head or locks the existing one (ON CONFLICT DO UPDATE takes the row lock).
    const [row] = await tx
      .insert(tableHeads)
      .values({ gameId })
      .onConflictDoUpdate({ target: tableHeads.gameId, set: { seq: sql`${tableHeads.seq}` } })
      .returning({ seq: tableHeads.seq });
    return work(tx, row?.seq ?? 0);
  });
}

/** Appends bodies with the seqs after `head`; only inside `withHead`, which read that head. */
export async function appendEvents(
  tx: Tx,
  gameId: string,
  head: number,
  bodies: readonly TableEventBody[],
  userId: string | null,
): Promise<TableEvent[]> {
  if (bodies.length === 0) return [];
  const rows = await tx
    .insert(tableEvents)
    .values(
      bodies.map((body, index) => ({
        gameId,
        seq: head + index + 1,
        type: body.type,
        payload: body.payload as Record<string, unknown>,
        userId,
      })),
    )
    .returning();
  await tx
    .update(tableHeads)
    .set({ seq: head + bodies.length })
    .where(eq(tableHeads.gameId, gameId));
  return rows.sort((a, b) => a.seq - b.seq).map(eventOf);
}

/** The committed events with seq > afterSeq, in seq order. */
export async function eventsAfter(db: Reader, gameId: string, afterSeq: number): Promise<TableEvent[]> {
  const rows = await db
    .select()
    .from(tableEvents)
    .where(and(eq(tableEvents.gameId, gameId), gt(tableEvents.seq, afterSeq)))
    .orderBy(asc(tableEvents.seq));
  return rows.map(eventOf);
}

/** The last seq committed (0 for a game without a log yet). */
export async function headOf(db: Reader, gameId: string): Promise<number> {
  const [row] = await db
    .select({ seq: tableHeads.seq })
    .from(tableHeads)
    .where(eq(tableHeads.gameId, gameId));
  return row?.seq ?? 0;
}

/** One page of the chat, oldest first: the `limit` latest chat events with seq < before. */
export async function chatPage(
  db: Reader,
  gameId: string,
  { before, limit }: { before?: number; limit: number },
): Promise<TableEvent[]> {
  const rows = await db
    .select()
    .from(tableEvents)
    .where(
      and(
        eq(tableEvents.gameId, gameId),
        inArray(tableEvents.type, [...CHAT_EVENT_TYPES]),
        before === undefined ? sql`true` : lt(tableEvents.seq, before),
      ),
    )
    .orderBy(desc(tableEvents.seq))
    .limit(limit);
  return rows.reverse().map(eventOf);
}
