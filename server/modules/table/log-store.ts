import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client';
import { games, tableEvents, tableHeads, users, type TableEventRow } from '../../db/schema/index';
import { CHAT_EVENT_TYPES, type TableEvent } from '../../../src/domain/table/types';
import { snapshotWrites, type DueSnapshot } from './snapshots';

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
    // Logs without owners keep epoch 0, which events leave out (docs/live-table.md "Owners").
    ...(row.epoch === 0 ? {} : { epoch: row.epoch }),
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

/** An event to log, with its game; the first event of a command carries the client's id of it. */
export interface LoggedEvent {
  gameId: string;
  event: TableEvent;
  commandId?: string;
}

/** An event as the log's statements read it (`jsonb_to_recordset`'s columns) and the journal keeps it. */
export interface EventRow {
  game_id: string;
  seq: number;
  epoch: number;
  type: string;
  payload: unknown;
  user_id: string | null;
  created_at: string;
  /** Left out when the event carries none (jsonb_to_recordset reads it as null). */
  command_id?: string;
}

/**
 * `JSON.stringify(rowsOf(logged))` without the rows built as objects first: the journal's line at
 * every drop, and the owners' statements. In V8's profile of `table-fanout` the line went from 180
 * to 134 samples of the PGlite server's 4,200 busy ones (docs/live-table.md "The fan-out").
 */
export function rowsJson(logged: readonly LoggedEvent[]): string {
  let json = '[';
  for (const [index, { gameId, event, commandId }] of logged.entries()) {
    json +=
      `${index === 0 ? '' : ','}{"game_id":${JSON.stringify(gameId)},"seq":${event.seq},` +
      `"epoch":${event.epoch ?? 0},"type":${JSON.stringify(event.type)},` +
      `"payload":${JSON.stringify(event.payload)},"user_id":${JSON.stringify(event.userId ?? null)},` +
      `"created_at":${JSON.stringify(event.createdAt)}${commandId === undefined ? '' : `,"command_id":"${commandId}"`}}`;
  }
  return `${json}]`;
}

export function rowsOf(logged: readonly LoggedEvent[]): EventRow[] {
  return logged.map(({ gameId, event, commandId }) => ({
    game_id: gameId,
    seq: event.seq,
    epoch: event.epoch ?? 0,
    type: event.type,
    payload: event.payload,
    user_id: event.userId,
    created_at: event.createdAt,
    ...(commandId === undefined ? {} : { command_id: commandId }),
  }));
}

/** `appendRows`, the events given as objects. */
export async function appendEvents(
  db: Reader,
  logged: readonly LoggedEvent[],
  snapshots: readonly DueSnapshot[] = [],
): Promise<void> {
  if (logged.length === 0) return;
  // Each game's events come in seq order: its last one is its head.
  const lastSeqs = new Map(logged.map(({ gameId, event }) => [gameId, event.seq]));
  await appendRows(db, rowsJson(logged), lastSeqs, snapshots);
}

/**
 * Writes events (`rows`, a JSON array of EventRow) and moves their games' heads to `lastSeqs`,
 * with the snapshots the append made due, in one statement whatever their number; inside
 * `withHeads`, whose heads the seqs must continue without a hole, by the database's sole writer,
 * whose own copies are the heads, or on copies that may be stale, whose statement the primary key
 * then refuses (a seq taken already) before it leaves a hole or a twin. The rows come as text: the
 * sole writer hands over the lines its journal wrote, instead of keeping the events as objects
 * until the statement and writing them out a second time.
 */
export async function appendRows(
  db: Reader,
  rows: string,
  lastSeqs: ReadonlyMap<string, number>,
  snapshots: readonly DueSnapshot[] = [],
): Promise<void> {
  const heads = [...lastSeqs].map(([game_id, seq]) => ({ game_id, seq }));
  // One statement: every write happens, or none. The heads are upserted: an append outside
  // `withHeads` (group-commit.ts) finds none for a new game. The sole writer logs what it decided
  // up to a second ago: a game deleted since takes its events with it, and an author
  // whose account went since leaves them without one, as the foreign keys would have. Each row
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

const APPEND = 'table-append';
const APPEND_OWNED = 'table-append-owned';
const dialect = new PgDialect();

/**
 * Runs `statement`; on a PostgreSQL pool outside a transaction, as the prepared statement `name`
 * of each connection, so the server parses and plans it once per connection instead of at every
 * append (220 instead of 380 µs of its CPU per append here). Its text must never change.
 */
async function execute<Row extends Record<string, unknown> = Record<string, unknown>>(
  db: Reader,
  name: string,
  statement: SQL,
): Promise<{ rows: Row[] }> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(statement)) as unknown as { rows: Row[] };
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return client.query<Row>({ name, text, values: params });
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
  { before, limit, managers }: { before?: number; limit: number; managers: boolean },
): Promise<TableEvent[]> {
  const rows = await db
    .select()
    .from(tableEvents)
    .where(
      and(
        eq(tableEvents.gameId, gameId),
        inArray(tableEvents.type, [...CHAT_EVENT_TYPES]),
        before === undefined ? sql`true` : lt(tableEvents.seq, before),
        // A line about a hidden token is the MJ's and the admins' only (docs/live-table.md "Visibility").
        managers ? sql`true` : sql`${tableEvents.payload}->>'audience' is null`,
      ),
    )
    .orderBy(desc(tableEvents.seq))
    .limit(limit);
  return rows.reverse().map(eventOf);
}
