import type { FastifyBaseLogger } from 'fastify';
import type { TableState } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import { reportInternalError } from '../../../../lib/errors';
import type { Journal } from './journal';
import { appendRows } from '../../log/append';
import { rowsJson, type LoggedEvent } from '../../log/rows';
import { dueSnapshots, type DueSnapshot } from '../../snapshots';

/** A batch the sole writer decided: each game's head before it and state after it, its events. */
export interface DecidedBatch {
  heads: ReadonlyMap<string, number>;
  working: ReadonlyMap<string, TableState>;
  logged: readonly LoggedEvent[];
}

/** A statement takes at most this many events; more start the next one at once. */
const MAX_STATEMENT_EVENTS = 1000;

/**
 * The journaled batches one statement will log: each one's journal line as it was written, each
 * game's last seq and due snapshot among them. Nothing per batch is kept as an object beside its
 * line: held until their statement, such objects outlived the young generation and were copied
 * and promoted, a cost the drops paid in collections (docs/live-table.md "The fan-out").
 */
interface Statement {
  /** JSON arrays of EventRow. */
  lines: string[];
  events: number;
  /** The journal's number of the last batch. */
  last: number;
  lastSeqs: Map<string, number>;
  /** A game due twice keeps its later snapshot. */
  due: Map<string, DueSnapshot>;
}

/**
 * The sole writer's way to the log (docs/live-table.md "Journal"): each decided batch is written to
 * the journal at once (`add`, before anything is emitted), then the batches the journal holds are
 * logged together, every `everyMs`, in one statement with the snapshots they make due: the
 * clients have them already and the journal keeps them, so waiting costs nothing but lets one
 * statement take a second of every table's drops (an embedded PGlite statement costs a few
 * milliseconds of CPU however few events it carries).
 * A failed statement is tried again at the next turn: the journal keeps what it carries.
 */
export function createLogWriter({
  db,
  journal,
  log,
  everyMs,
}: {
  db: Db;
  journal: Journal;
  log: FastifyBaseLogger;
  /** How long batches wait for the log (`TABLE_LOG_EVERY_MS`). */
  everyMs: number;
}) {
  /** Oldest first; the last one takes the next batches until it holds MAX_STATEMENT_EVENTS. */
  let waiting: Statement[] = [];
  /** The statements one after the other: each flush runs once the one before has settled. */
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function write({ lines, lastSeqs, due }: Statement): Promise<void> {
    // Each line is a JSON array: their elements joined make one.
    const rows = lines.length === 1 ? lines[0]! : `[${lines.map((line) => line.slice(1, -1)).join(',')}]`;
    return appendRows(db, rows, lastSeqs, [...due.values()]);
  }

  /** Logs the statements waiting when it starts; the batches added meanwhile wait for the next. */
  async function writeWaiting(): Promise<void> {
    const taken = waiting;
    waiting = [];
    for (const [index, statement] of taken.entries()) {
      try {
        await write(statement);
      } catch (error) {
        waiting = [...taken.slice(index), ...waiting];
        throw error;
      }
      journal.release(statement.last);
    }
  }

  /**
   * Logs what waits now, after the statement under way; rejects when a statement fails, and what
   * it could not log is tried again at the next turn.
   */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const run = chain.then(writeWaiting);
    chain = run.catch(() => {
      if (waiting.length > 0) schedule();
    });
    return run;
  }

  function schedule(): void {
    // Unreferenced: a stopping process logs what waits in `close`, it need not wait for the timer.
    timer ??= setTimeout(() => {
      timer = null;
      flush().catch((error: unknown) => reportInternalError(log, error));
    }, everyMs).unref();
  }

  return {
    /** Journals a decided batch; throws, with nothing kept, when the journal cannot take it. */
    add({ heads, working, logged }: DecidedBatch): void {
      if (logged.length === 0) return;
      const line = rowsJson(logged);
      const number = journal.write(line);
      let open = waiting.at(-1);
      if (!open || open.events >= MAX_STATEMENT_EVENTS) {
        open = { lines: [], events: 0, last: number, lastSeqs: new Map(), due: new Map() };
        waiting.push(open);
      }
      open.lines.push(line);
      open.events += logged.length;
      open.last = number;
      for (const { gameId, event } of logged) open.lastSeqs.set(gameId, event.seq);
      for (const snapshot of dueSnapshots(heads, working)) open.due.set(snapshot.gameId, snapshot);
      schedule();
    },

    /** Every batch added so far is in the log once this resolves (readers of the log wait on it). */
    flush,

    /** Logs what waits and empties the journal; a batch the log refused stays in it for the next start. */
    async close(): Promise<void> {
      await flush();
      journal.close();
    },
  };
}

export type LogWriter = ReturnType<typeof createLogWriter>;
