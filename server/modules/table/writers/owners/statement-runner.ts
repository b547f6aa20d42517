import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import { httpError } from '../../../../lib/errors';
import type { OwnedRun } from '../../log/append-owned';
import type { LoggedEvent } from '../../log/rows';
import { tableServerMessages } from '../../messages';
import type { DueSnapshot } from '../../snapshots';
import { appendUntilAnswered, statementOf } from './owner-statement';
import type { UnsettledGames } from './unsettled-games';

/** A sender whose command's events were emitted, answered once they are logged. */
export interface AwaitedAnswer {
  gameId: string;
  events: TableEvent[];
  resolve: (events: TableEvent[]) => void;
  reject: (error: unknown) => void;
}

/** A decided batch, emitted, waiting for its statement. */
export interface Unit {
  logged: LoggedEvent[];
  runs: Map<string, OwnedRun>;
  /**
   * The state after the batch of each game whose run crossed a snapshot's seq. The others' states
   * are not kept: held until the statement, every drop's copy outlived the young generation.
   */
  due?: Map<string, DueSnapshot>;
  answers: AwaitedAnswer[];
  /** Settles once every event of the batch was handed to the rooms; none when that was done at once. */
  emitted: Promise<void> | undefined;
}

/**
 * Senders answered in one turn of the event loop once their statement committed: a statement
 * answers a tenth of a second of drops, and sent in one go their acks held every socket for
 * milliseconds (docs/live-table.md "Owners").
 */
const ANSWERS_PER_TURN = 16;

/**
 * The owner's statements (docs/live-table.md "Owners"): the decided units wait, numbered in order,
 * and one statement takes every unit waiting, at most once every `everyMs` — at once when a flush
 * asks. A statement takes the drops of `everyMs` of every game the process holds, instead of the
 * one or two that arrived during the statement before. Once it has committed, its senders are
 * answered, or refused for a game it found `lost` to another process.
 */
export function createStatementRunner({
  db,
  log,
  everyMs,
  unsettled,
  lost,
}: {
  db: Db;
  log: FastifyBaseLogger;
  /** The least time between two statements. */
  everyMs: number;
  /** Each unit counts for its games until its statement settles. */
  unsettled: UnsettledGames;
  /** A game's run the append refused: another process holds the game under a newer epoch. */
  lost: (run: OwnedRun) => void;
}) {
  let units: Array<Unit & { number: number }> = [];
  let numbered = 0;
  let settledUpTo = 0;
  const flushes: Array<{ upTo: number; resolve: () => void }> = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastWrite = 0;

  function schedule(now: boolean): void {
    if (writing || units.length === 0) return;
    if (timer && !now) return;
    if (timer) clearTimeout(timer);
    const wait = now ? 0 : Math.max(0, lastWrite + everyMs - Date.now());
    timer = setTimeout(() => {
      timer = null;
      writing = write().finally(() => {
        writing = null;
        schedule(flushes.length > 0);
      });
    }, wait);
  }

  /** One statement for the units waiting, tried again while the database is away. */
  async function write(): Promise<void> {
    const taken = units;
    units = [];
    lastWrite = Date.now();
    const statement = statementOf(taken);
    const outcomes = await appendUntilAnswered(db, log, statement);
    for (const [gameId, outcome] of outcomes) {
      if (outcome === 'fenced') lost(statement.runs.get(gameId)!);
    }
    let answered = 0;
    for (const unit of taken) {
      if (unit.emitted) await unit.emitted;
      for (const answer of unit.answers) {
        if (outcomes.get(answer.gameId) === 'fenced')
          answer.reject(httpError(503, tableServerMessages.stopping));
        else answer.resolve(answer.events);
        answered += 1;
        // The drops read meanwhile are decided and emitted between two slices of answers.
        if (answered % ANSWERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      for (const gameId of unit.runs.keys()) unsettled.settle(gameId);
      settledUpTo = unit.number;
    }
    for (const waiting of flushes.filter(({ upTo }) => upTo <= settledUpTo)) {
      flushes.splice(flushes.indexOf(waiting), 1);
      waiting.resolve();
    }
  }

  /** Resolves once every unit added so far is logged (or refused), its statement sent at once. */
  function flush(): Promise<void> {
    if (settledUpTo >= numbered) return Promise.resolve();
    return new Promise((resolve) => {
      flushes.push({ upTo: numbered, resolve });
      schedule(true);
    });
  }

  return {
    /** The number the next unit takes: a command decided now is logged by that unit's statement. */
    next: (): number => numbered + 1,

    /** Whether the unit numbered `number` was logged, or refused. */
    settled: (number: number): boolean => number <= settledUpTo,

    /** Queues a decided unit for the next statement; its games are unsettled until then. */
    add(unit: Unit): void {
      for (const gameId of unit.runs.keys()) unsettled.add(gameId);
      numbered += 1;
      units.push({ ...unit, number: numbered });
      schedule(false);
    },

    flush,

    /** Resolves once the statement under way, if any, is done. */
    idle: (): Promise<void> => writing ?? Promise.resolve(),
  };
}

export type StatementRunner = ReturnType<typeof createStatementRunner>;
