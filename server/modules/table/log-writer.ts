import type { FastifyBaseLogger } from 'fastify';
import type { TableState } from '../../../src/domain/table/types';
import type { Db } from '../../db/client';
import { reportInternalError } from '../../lib/errors';
import type { Journal } from './journal';
import { appendEvents, type LoggedEvent } from './log-store';
import { dueSnapshots } from './snapshots';

/** A batch the sole writer decided: each game's head before it and state after it, its events. */
export interface DecidedBatch {
  heads: ReadonlyMap<string, number>;
  working: ReadonlyMap<string, TableState>;
  logged: readonly LoggedEvent[];
}

/** A statement takes at most this many events; more start the next one at once. */
const MAX_STATEMENT_EVENTS = 1000;

/**
 * The sole writer's way to the log (docs/table.md "Journal"): each decided batch is written to
 * the journal at once (`add`, before anything is emitted), then the batches the journal holds are
 * logged together, every `everyMs`, in one statement with the snapshots they make due: the
 * clients have them already and the journal keeps them, so waiting costs nothing but lets one
 * statement take a quarter of a second of every table's drops (an embedded PGlite statement costs
 * about 0.4 ms of CPU however few events it carries).
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
  let waiting: Array<DecidedBatch & { number: number }> = [];
  /** The statements one after the other: each flush runs once the one before has settled. */
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  function write(batches: ReadonlyArray<DecidedBatch>): Promise<void> {
    const logged = batches.flatMap((batch) => batch.logged);
    // Per game, its head before the first of these batches and its state after the last.
    const heads = new Map<string, number>();
    const working = new Map<string, TableState>();
    for (const batch of batches) {
      for (const [gameId, head] of batch.heads) if (!heads.has(gameId)) heads.set(gameId, head);
      for (const [gameId, state] of batch.working) working.set(gameId, state);
    }
    return appendEvents(db, logged, dueSnapshots(heads, working));
  }

  /** Logs the batches waiting when it starts, in statements of at most MAX_STATEMENT_EVENTS events. */
  async function writeWaiting(): Promise<void> {
    let left = waiting.length;
    while (left > 0) {
      let events = 0;
      let count = 0;
      while (count < left && (count === 0 || events < MAX_STATEMENT_EVENTS)) {
        events += waiting[count]!.logged.length;
        count += 1;
      }
      const taken = waiting.slice(0, count);
      await write(taken);
      waiting = waiting.slice(count);
      left -= count;
      journal.release(taken.at(-1)!.number);
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
    add(batch: DecidedBatch): void {
      if (batch.logged.length === 0) return;
      const { heads, working, logged } = batch;
      waiting.push({ heads, working, logged, number: journal.write(logged) });
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
