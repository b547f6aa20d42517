import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent, TableState } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import { httpError } from '../../../../lib/errors';
import { createCommandIds } from '../../command-ids';
import { decideBatch, decideBatchOn, type Outcome, type Submission } from '../../decide-batch';
import { emitReported, type Emit, type Transition } from '../../emitter';
import type { LogWriter } from './log-writer';
import { tableServerMessages } from '../../messages';
import type { TableStates } from '../../states';
import type { Committed } from '../table-writer';

interface Queued extends Submission {
  resolve: (events: TableEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * A bound on one batch, decided in one go and journaled as one line: a burst is taken in slices,
 * between which the event loop reads the sockets again.
 */
const MAX_BATCH = 500;

/**
 * Group commit (docs/live-table.md "Group commit"), the sole writer's: the commands that arrive
 * while a batch is under way wait, then all of them — whatever their games — are decided together
 * on the copies in memory, journaled as one batch and emitted in seq order. One queue per process,
 * not one per connection: side by side, four queues each made a statement of about one drop, and
 * PostgreSQL's backends spent 2.8 times the CPU per drop (docs/live-table.md "The fan-out"). The log
 * writer logs the journal's batches a moment later, many in one statement: that is what lets the
 * database keep up with every table's drops.
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
   * The journal and the log behind it (log-writer.ts). This process is the only one appending to
   * the database (it opened its embedded PGlite itself, which no other process can open): its
   * copies in memory and its journal are the log, and no lock is needed.
   */
  writer: LogWriter;
}) {
  const queue: Queued[] = [];
  let draining: Promise<void> | null = null;
  let stopping = false;
  /** The ids of the games' latest commands, read from the log when first needed here. */
  const commandIds = createCommandIds();

  /**
   * The batch's commands that are no repeat of one decided before (docs/live-table.md "Command ids"):
   * a repeat is answered as its first try was, done; one whose first try is in this batch waits
   * for the next. A game's ids are read from the log once everything journaled is in it.
   */
  async function firstTries(batch: readonly Queued[]): Promise<Queued[]> {
    for (const { gameId, commandId } of batch) {
      if (commandId === undefined || commandIds.known(gameId)) continue;
      await writer.flush();
      await commandIds.load(db, gameId);
    }
    const fresh: Queued[] = [];
    const inBatch = new Set<string>();
    for (const item of batch) {
      const { gameId, commandId } = item;
      if (commandId === undefined) fresh.push(item);
      else if (commandIds.get(gameId, commandId) !== undefined) item.resolve([]);
      else if (inBatch.has(commandId)) queue.push(item);
      else {
        inBatch.add(commandId);
        fresh.push(item);
      }
    }
    return fresh;
  }

  /** Keeps the ids of the commands done. */
  function remember(batch: readonly Queued[], outcomes: readonly Outcome[]): void {
    for (const [index, { gameId, commandId }] of batch.entries()) {
      if (commandId !== undefined && 'transitions' in outcomes[index]!) commandIds.add(gameId, commandId);
    }
  }

  async function decideAndLog(batch: readonly Queued[]): Promise<Outcome[]> {
    // A game without a copy is read from the log once the journal's batches are in it.
    const decided = await decideBatch(batch, async (gameId) => {
      const cached = states.cached(gameId);
      if (cached) return cached;
      await writer.flush();
      return states.current(db, gameId);
    });
    writer.add(decided);
    return decided.outcomes;
  }

  async function commit(all: Queued[]): Promise<void> {
    let outcomes: Outcome[];
    let batch: Queued[] = all;
    try {
      batch = await firstTries(all);
      if (batch.length === 0) return;
      outcomes = await decideAndLog(batch);
      remember(batch, outcomes);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One failing command must not sink the others: each is tried alone, and only it fails.
      for (const item of batch) await commit([item]);
      return;
    }
    for (const [index, item] of batch.entries()) await settle(item, outcomes[index]!);
  }

  /**
   * A decided command's events remembered and emitted; they answer it once emitted, at once
   * unless the emission had to read something first.
   */
  function publish(gameId: string, transitions: readonly Transition[]): Committed {
    const last = transitions.at(-1);
    if (last) states.remember(gameId, last.after);
    const events = transitions.map(({ event }) => event);
    // Committed is done: a failed emission is caught up by the clients, never reported as a refusal.
    const emitting = emitReported(emit, gameId, transitions, log);
    return emitting ? emitting.then(() => events) : events;
  }

  /** Answers a decided command: its refusal, or its events once published. */
  function settle(item: Queued, outcome: Outcome): Promise<void> | undefined {
    if ('refusal' in outcome) {
      item.reject(httpError(400, outcome.refusal));
      return undefined;
    }
    const published = publish(item.gameId, outcome.transitions);
    if (published instanceof Promise) return published.then(item.resolve);
    item.resolve(published);
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
   * journaled and emitted in the turn that read it, as a relay would, and answered without a
   * promise unless its emission had to read something first (the commands after it then wait
   * for that).
   */
  function commitAtOnce(submission: Submission, state: TableState): Committed {
    const { gameId, commandId } = submission;
    // Journaled, then answered: a repeat of it is done.
    if (commandId !== undefined && commandIds.get(gameId, commandId) !== undefined) return [];
    let outcome: Outcome;
    try {
      const decided = decideBatchOn([submission], () => state);
      writer.add(decided);
      outcome = decided.outcomes[0]!;
    } catch (error) {
      return Promise.reject(error);
    }
    if (commandId !== undefined && 'transitions' in outcome) commandIds.add(gameId, commandId);
    if ('refusal' in outcome) return Promise.reject(httpError(400, outcome.refusal));
    const published = publish(submission.gameId, outcome.transitions);
    if (published instanceof Promise) draining = published.then(drain);
    return published;
  }

  return {
    /**
     * Logs the command's events and emits them; rejects with the French refusal. The sole writer's
     * drop, decided at once, is answered with its events themselves: no promise on its way.
     */
    submit(submission: Submission): Committed {
      if (stopping) return Promise.reject(httpError(503, tableServerMessages.stopping));
      const state =
        queue.length === 0 &&
        !draining &&
        (submission.commandId === undefined || commandIds.known(submission.gameId))
          ? states.cached(submission.gameId)
          : undefined;
      if (state) return commitAtOnce(submission, state);
      return new Promise((resolve, reject) => {
        queue.push({ ...submission, resolve, reject });
        draining ??= drain();
      });
    },

    /** Once this resolves, every command answered so far is in the log (readers of the log wait on it). */
    flush: (): Promise<void> => writer.flush(),

    /** Commits and emits what is queued, logs what the journal holds, and takes nothing more. */
    async close(): Promise<void> {
      stopping = true;
      await draining;
      await writer.close();
    },
  };
}
