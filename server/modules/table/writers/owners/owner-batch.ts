import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent } from '#shared/domain/table/types';
import { httpError } from '../../../../lib/errors';
import type { CommandIds } from '../../command-ids';
import { decideBatchOn, type Decided } from '../../decide-batch';
import { decidingIntent } from '../../decide-intent';
import { emitReported, type Emit, type Transition } from '../../emitter';
import type { OwnedRun } from '../../log/append-owned';
import { snapshotDue, type DueSnapshot } from '../../snapshots';
import type { TableStates } from '../../states';
import type { TableSubmission } from '../table-writer';
import type { HeldGames } from './held-games';
import type { StatementRunner, Unit } from './statement-runner';
import type { UnsettledGames } from './unsettled-games';

/** A command waiting for its outcome, here or from the game's owner. */
export interface Queued extends TableSubmission {
  resolve: (events: TableEvent[]) => void;
  reject: (error: unknown) => void;
  /** Handed over by another process: if this one does not hold the game either, it says so. */
  handedOver: boolean;
  /** How many times the owner could not be found or said it was not. */
  tries: number;
}

/**
 * The owner's batches (docs/live-table.md "Owners"): commands of games this process holds, decided
 * on their states in memory, their events emitted at once and their statement queued; the senders
 * are answered once it is logged. Emitting before the commit takes the log off every drop's way to
 * the other players (docs/decisions/0003-emit-before-the-commit.md).
 */
export function createOwnerBatches({
  games,
  states,
  commandIds,
  unsettled,
  statements,
  emit,
  log,
  enqueue,
}: {
  games: HeldGames;
  states: TableStates;
  commandIds: CommandIds;
  unsettled: UnsettledGames;
  statements: StatementRunner;
  emit: Emit;
  log: FastifyBaseLogger;
  /** Queues a command again, for a later batch. */
  enqueue: (item: Queued) => void;
}) {
  /**
   * The commands that are no repeat of one decided before (docs/live-table.md "Command ids"). A repeat
   * is answered as its first try was, done, once that one is logged; until then, or when its
   * first try is in the same batch, it is asked again once the game's statements have settled
   * (a first try refused by the epoch is then gone from the ids, and this one is decided).
   */
  function firstTries(items: Queued[]): Queued[] {
    const fresh: Queued[] = [];
    const inBatch = items.length > 1 ? new Set<string>() : undefined;
    for (const item of items) {
      const { gameId, commandId } = item;
      const statement = commandId === undefined ? undefined : commandIds.get(gameId, commandId);
      if (commandId === undefined || (statement === undefined && !inBatch?.has(commandId))) {
        if (commandId !== undefined) inBatch?.add(commandId);
        fresh.push(item);
      } else if (statement !== undefined && statements.settled(statement)) item.resolve([]);
      else void unsettled.settled(gameId).then(() => enqueue(item));
    }
    return fresh;
  }

  /** Emits each command's events after the one before; a promise only once one of them is not done at once. */
  function emitInOrder(
    emitting: ReadonlyArray<{ gameId: string; transitions: Transition[] }>,
  ): Promise<void> | undefined {
    for (const [index, { gameId, transitions }] of emitting.entries()) {
      const pending = emitReported(emit, gameId, transitions, log);
      if (pending) return pending.then(() => emitInOrder(emitting.slice(index + 1)));
    }
    return undefined;
  }

  return {
    /**
     * Decides commands of games this process holds, emits their events and queues their statement.
     * Settles once every event is handed to the rooms: at once, unless one had to read something first.
     */
    decide(all: Queued[]): Promise<void> | undefined {
      const items = firstTries(all);
      let decided: Decided;
      try {
        decided = decideBatchOn(
          items.map(({ gameId, userId, intent, commandId }) => ({
            gameId,
            userId,
            commandId,
            decideOn: decidingIntent(intent),
          })),
          (gameId) => games.get(gameId)!.state,
          (gameId) => games.get(gameId)!.epoch,
        );
      } catch (error) {
        for (const item of items) item.reject(error);
        return;
      }
      const runs = new Map<string, OwnedRun>();
      let due: Map<string, DueSnapshot> | undefined;
      for (const [gameId, state] of decided.working) {
        const head = decided.heads.get(gameId) ?? 0;
        const game = games.get(gameId)!;
        if (state.lastSeq > head)
          runs.set(gameId, { gameId, first: head + 1, last: state.lastSeq, epoch: game.epoch });
        if (snapshotDue(head, state.lastSeq)) (due ??= new Map()).set(gameId, { gameId, state });
        game.state = state;
        states.remember(gameId, state);
      }
      const emitting: Array<{ gameId: string; transitions: Transition[] }> = [];
      const answers: Unit['answers'] = [];
      for (const [index, item] of items.entries()) {
        const outcome = decided.outcomes[index]!;
        if ('refusal' in outcome) {
          item.reject(httpError(400, outcome.refusal));
          continue;
        }
        const { gameId, resolve, reject, commandId } = item;
        // Logged by the statement this batch's unit will be.
        if (commandId !== undefined) commandIds.add(gameId, commandId, statements.next());
        emitting.push({ gameId, transitions: outcome.transitions });
        answers.push({ gameId, resolve, reject, events: outcome.transitions.map(({ event }) => event) });
      }
      // No await between the emission and the queueing: a catch-up that flushes after a client
      // heard an event of it waits for its statement.
      const emitted = emitInOrder(emitting);
      if (runs.size === 0) {
        const answer = () => {
          for (const { resolve, events } of answers) resolve(events);
        };
        if (emitted) return emitted.then(answer);
        answer();
        return;
      }
      statements.add({ logged: decided.logged, runs, due, answers, emitted });
      return emitted;
    },
  };
}

export type OwnerBatches = ReturnType<typeof createOwnerBatches>;
