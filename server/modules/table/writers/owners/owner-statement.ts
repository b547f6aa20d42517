import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { reportInternalError } from '../../../../lib/errors';
import { appendOwned, type OwnedRun, type RunOutcome } from '../../log/append-owned';
import type { LoggedEvent } from '../../log/rows';
import type { DueSnapshot } from '../../snapshots';

/** A statement that keeps failing (the database away) is tried again for about this long. */
const RETRY_DELAYS_MS = [20, 50, 100, 200, 400, 800, 1_000, 1_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000];

/** What one owner's statement logs: its events, each game's run, the snapshots they make due. */
export interface OwnerStatement {
  logged: LoggedEvent[];
  runs: Map<string, OwnedRun>;
  due: Map<string, DueSnapshot>;
}

/** The decided units waiting, as one statement: a game's runs joined, oldest first. */
export function statementOf(
  units: ReadonlyArray<{
    logged: LoggedEvent[];
    runs: Map<string, OwnedRun>;
    due?: Map<string, DueSnapshot>;
  }>,
): OwnerStatement {
  const logged = units.flatMap((unit) => unit.logged);
  const runs = new Map<string, OwnedRun>();
  // A game due in several units keeps its later snapshot.
  const due = new Map<string, DueSnapshot>();
  for (const unit of units) {
    for (const [gameId, run] of unit.runs) {
      const before = runs.get(gameId);
      runs.set(gameId, before ? { gameId, first: before.first, last: run.last, epoch: before.epoch } : run);
    }
    for (const [gameId, snapshot] of unit.due ?? []) due.set(gameId, snapshot);
  }
  return { logged, runs, due };
}

/**
 * The statement's outcome per game, tried again while the database is away; once the delays are
 * spent, every game of it is taken for lost ('fenced').
 */
export async function appendUntilAnswered(
  db: Db,
  log: FastifyBaseLogger,
  { logged, runs, due }: OwnerStatement,
): Promise<Map<string, RunOutcome>> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await appendOwned(db, logged, [...runs.values()], [...due.values()]);
    } catch (error) {
      // Only this same statement may follow a failed one: had it committed unseen, a longer one
      // would find its heads moved and take its own games for lost.
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        reportInternalError(log, error);
        return new Map([...runs.keys()].map((gameId) => [gameId, 'fenced']));
      }
      log.warn({ err: error, attempt }, 'table log: append failed, trying again');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
