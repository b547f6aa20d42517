import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tableEvents, tableHeads, type TableEventRow } from '../../db/schema/index';
import { CHAT_EVENT_TYPES, type TableEvent } from '../../../src/domain/table/types';

/**
 * The game's log in the database: the only place seqs are given. Appends happen inside
 * `withHeads`, which holds the games' head rows locked until the transaction ends, so appends of
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

/**
 * Runs `work` in one transaction holding the head rows of `gameIds`; `heads` maps each game to
 * its last committed seq. The rows are locked in id order, so two processes locking overlapping
 * sets wait for each other instead of deadlocking.
 */
export function withHeads<T>(
  db: Db,
  gameIds: Iterable<string>,
  work: (tx: Tx, heads: ReadonlyMap<string, number>) => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(gameIds)].sort();
  return db.transaction(async (tx) => {
    // One statement creates the missing heads and locks every row (ON CONFLICT DO UPDATE takes the row lock).
    const rows = await tx
      .insert(tableHeads)
      .values(sorted.map((gameId) => ({ gameId })))
      .onConflictDoUpdate({ target: tableHeads.gameId, set: { seq: sql`${tableHeads.seq}` } })
      .returning({ gameId: tableHeads.gameId, seq: tableHeads.seq });
    return work(tx, new Map(rows.map((row) => [row.gameId, row.seq])));
  });
}

/** An event to log, with its game. */
export interface LoggedEvent {
  gameId: string;
  event: TableEvent;
}

/**
 * Writes events and moves their games' heads to the last of them, in two statements whatever
 * their number; only inside `withHeads`, whose heads the seqs must continue without a hole.
 */
export async function appendEvents(tx: Tx, logged: readonly LoggedEvent[]): Promise<void> {
  if (logged.length === 0) return;
  await tx.insert(tableEvents).values(
    logged.map(({ gameId, event }) => ({
      gameId,
      seq: event.seq,
      type: event.type,
      payload: event.payload as Record<string, unknown>,
      userId: event.userId,
      createdAt: new Date(event.createdAt),
    })),
  );
  const heads = new Map(logged.map(({ gameId, event }) => [gameId, event.seq]));
  await tx
    .insert(tableHeads)
    .values([...heads].map(([gameId, seq]) => ({ gameId, seq })))
    .onConflictDoUpdate({ target: tableHeads.gameId, set: { seq: sql`excluded.seq` } });
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
