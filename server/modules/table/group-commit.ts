import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent, TableState } from '../../../src/domain/table/types';
import type { Db } from '../../db/client';
import { httpError } from '../../lib/errors';
import { decideBatch, decideBatchOn, type Outcome, type Submission } from './decide-batch';
import { emitReported, type Emit } from './emitter';
import type { LogWriter } from './log-writer';
import { appendEvents, withHeads } from './log-store';
import { tableServerMessages } from './messages';
import { dueSnapshots } from './snapshots';
import type { TableStates } from './states';

interface Queued extends Submission {
  resolve: (events: TableEvent[]) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's unique_violation, whichever layer wraps it (drizzle puts the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let layer = error; layer instanceof Error; layer = layer.cause) {
    if ((layer as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A bound on one transaction's size, so a burst cannot hold the head locks for long. */
const MAX_BATCH = 500;

/**
 * Group commit (docs/table.md "Group commit"): the commands that arrive while the process's
 * transaction is under way wait, then all of them — whatever their games — are decided and logged
 * in its next single transaction, and emitted in seq order once it has committed. One queue per
 * process, not one per connection: side by side, four queues each made a statement of about one
 * drop, and PostgreSQL's backends spent 2.8 times the CPU per drop (docs/table.md "The fan-out"). One
 * transaction per batch instead of one per command is what lets the database keep up with every
 * table's drops. The sole writer decides on its copies in memory, journals the batch and emits it
 * at once; its log writer logs the journal's batches a moment later, many in one statement.
 */
export function createGroupCommit({
  db,
  states,
  emit,
  log,
  writer,
}: {
  db: Db;
  states: TableStates;
  emit: Emit;
  log: FastifyBaseLogger;
  /**
   * Given when this process is the only one appending to the database (it opened its embedded
   * PGlite itself, which no other process can open): no head lock, and the log written behind
   * the journal (log-writer.ts).
   */
  writer?: LogWriter;
}) {
  const queue: Queued[] = [];
  let draining: Promise<void> | null = null;
  let stopping = false;

  /**
   * The batch decided on the copies in memory and logged in one statement, without a lock: one
   * round trip instead of four. The copies are the committed state unless another process appended
   * since; then the seq given next is taken already and the primary key refuses the statement, or
   * a command may be refused for want of what the other process did. Either way, null: the batch
   * is decided again under the head locks.
   */
  async function logOnCopies(batch: readonly Queued[]): Promise<Outcome[] | null> {
    const decided = await decideBatch(batch, (gameId) =>
      states.current(db, gameId, states.cached(gameId)?.lastSeq),
    );
    if (decided.outcomes.some((outcome) => 'refusal' in outcome)) return null;
    try {
      await appendEvents(db, decided.logged, dueSnapshots(decided.heads, decided.working));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return decided.outcomes;
  }

  async function decideAndLog(batch: readonly Queued[]): Promise<Outcome[]> {
    if (!writer) {
      const logged = await logOnCopies(batch);
      if (logged) return logged;
      return withHeads(
        db,
        batch.map(({ gameId }) => gameId),
        async (tx, heads) => {
          const decided = await decideBatch(batch, (gameId) => states.current(tx, gameId, heads.get(gameId)));
          await appendEvents(tx, decided.logged, dueSnapshots(decided.heads, decided.working));
          return decided.outcomes;
        },
      );
    }
    // Nobody else appends: the copies in memory and the journal are the log. A game without a
    // copy is read from the log once the journal's batches are in it.
    const decided = await decideBatch(batch, async (gameId) => {
      const cached = states.cached(gameId);
      if (cached) return cached;
      await writer.flush();
      return states.current(db, gameId);
    });
    writer.add(decided);
    return decided.outcomes;
  }

  async function commit(batch: Queued[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await decideAndLog(batch);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One failing command must not sink the others: each is tried alone, and only it fails.
      for (const item of batch) await commit([item]);
      return;
    }
    for (const [index, item] of batch.entries()) await settle(item, outcomes[index]!);
  }

  /**
   * Answers a decided command: its refusal, or its events remembered and emitted, then answered.
   * Settles at once unless the emission had to read something first.
   */
  function settle(item: Queued, outcome: Outcome): Promise<void> | undefined {
    if ('refusal' in outcome) {
      item.reject(httpError(400, outcome.refusal));
      return undefined;
    }
    const { transitions } = outcome;
    const last = transitions.at(-1);
    if (last) states.remember(item.gameId, last.after);
    const answer = () => item.resolve(transitions.map(({ event }) => event));
    // Committed is done: a failed emission is caught up by the clients, never reported as a refusal.
    const emitting = emitReported(emit, item.gameId, transitions, log);
    if (emitting) return emitting.then(answer);
    answer();
    return undefined;
  }

  async function drain(): Promise<void> {
    // Let the commands already read from the sockets in this turn join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await commit(queue.splice(0, MAX_BATCH));
    draining = null;
  }

  /**
   * The sole writer's command with nothing queued before it and its game in memory: decided,
   * journaled and emitted in the turn that read it, as a relay would. Settles at once unless its
   * emission had to read something first; the commands after it wait for that.
   */
  function commitAtOnce(item: Queued, state: TableState, logWriter: LogWriter): Promise<void> | undefined {
    let outcome: Outcome;
    try {
      const decided = decideBatchOn([item], () => state);
      logWriter.add(decided);
      outcome = decided.outcomes[0]!;
    } catch (error) {
      item.reject(error);
      return undefined;
    }
    return settle(item, outcome);
  }

  return {
    /** Logs the command's events and emits them; rejects with the French refusal. */
    submit({ gameId, userId, decideOn }: Submission): Promise<TableEvent[]> {
      if (stopping) return Promise.reject(httpError(503, tableServerMessages.stopping));
      return new Promise((resolve, reject) => {
        const item: Queued = { gameId, userId, decideOn, resolve, reject };
        const state = writer && queue.length === 0 && !draining ? states.cached(gameId) : undefined;
        if (!writer || !state) {
          queue.push(item);
          draining ??= drain();
          return;
        }
        const emitting = commitAtOnce(item, state, writer);
        if (emitting) draining = emitting.then(drain);
      });
    },

    /** Once this resolves, every command answered so far is in the log (readers of the log wait on it). */
    flush: (): Promise<void> => writer?.flush() ?? Promise.resolve(),

    /** Commits and emits what is queued, logs what the journal holds, and takes nothing more. */
    async close(): Promise<void> {
      stopping = true;
      await draining;
      await writer?.close();
    },
  };
}
