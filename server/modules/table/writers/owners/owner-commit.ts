import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import { httpError } from '../../../../lib/errors';
import { createCommandIds } from '../../command-ids';
import type { Emit } from '../../emitter';
import { tableServerMessages } from '../../messages';
import type { TableStates } from '../../states';
import type { TableSubmission, TableWriter } from '../table-writer';
import { createHandOver } from './hand-over';
import { createHeldGames } from './held-games';
import { lookEvery } from './orphan-watch';
import { createOwnerBatches, type Queued } from './owner-batch';
import type { Owners } from './owners';
import { createStatementRunner } from './statement-runner';
import { createUnsettledGames } from './unsettled-games';

/** A bound on one batch: a burst is decided in slices, between which the sockets are read again. */
const MAX_BATCH = 500;

/**
 * How often a process looks for games it has readers of whose owner is gone: the readers' copies
 * are back to the log within a second of the owner's death, with nobody playing.
 */
const WATCH_EVERY_MS = 250;

/** The games this process has readers of, and what tells them a game was taken over. */
export interface OwnerWatch {
  gamesRead: () => Iterable<string>;
  taken: (gameId: string, epoch: number) => void;
}

/**
 * The table's commits on a shared PostgreSQL (docs/live-table.md "Owners"). One process at a time holds
 * a game (owners.ts, held-games.ts) and decides its commands on its state in memory, emits the
 * events at once and answers the sender once they are logged (owner-batch.ts): the log's commit is
 * off every drop's way to the other players, and a statement takes the drops of `everyMs` of every
 * game this process holds (statement-runner.ts). A command for a game another process holds is
 * handed to that owner (hand-over.ts). A process that lost a game without knowing it (its
 * connection cut, another took the game) has its appends refused by the epoch: the events it
 * emitted were never logged, the clients that folded them learn it at their next catch-up
 * (`reset`), and the senders were never told they were done. This module is the queue that puts
 * them together: the commands of one turn decided in one batch, the games taken in between.
 */
export function createOwnerCommit({
  db,
  states,
  emit,
  log,
  owners,
  everyMs,
  watch,
}: {
  db: Db;
  states: TableStates;
  emit: Emit;
  log: FastifyBaseLogger;
  owners: Owners;
  /** The least time between two of the process's statements. */
  everyMs: number;
  /**
   * The games this process has readers of, looked at every `WATCH_EVERY_MS`: one whose owner is
   * gone is taken over at once, and `taken` tells its readers (docs/live-table.md "Taking over").
   */
  watch?: OwnerWatch;
}): TableWriter {
  const queue: Queued[] = [];
  let deciding: Promise<void> | null = null;
  let stopping = false;
  /** The ids of the held games' latest commands, read from the log when a game is taken. */
  const commandIds = createCommandIds();
  /** Per game, the units decided but not settled yet (a game is taken again only once none is left). */
  const unsettled = createUnsettledGames();
  /** What the games held and their batches both keep up to date. */
  const kept = { states, commandIds, unsettled, log };
  const games = createHeldGames({ ...kept, db, owners });
  const statements = createStatementRunner({ db, log, everyMs, unsettled, lost: games.lost });
  const batches = createOwnerBatches({ ...kept, games, statements, emit, enqueue });
  const { handOver, askFlush } = createHandOver({
    owners,
    log,
    enqueue,
    flush: statements.flush,
    stopping: () => stopping,
  });

  const watcher =
    watch &&
    lookEvery(
      WATCH_EVERY_MS,
      () => takeOverOrphans(watch),
      () => stopping,
      log,
    );

  /**
   * Takes over the games this process has readers of and whose owner is gone, without waiting for
   * a command: the readers may hold events the owner emitted and never logged, and only a new
   * epoch, announced, tells them to check their copies against the log.
   */
  async function takeOverOrphans({ gamesRead, taken }: OwnerWatch): Promise<void> {
    const read = [...new Set(gamesRead())].filter((gameId) => owners.epochOf(gameId) === undefined);
    const orphans = await owners.orphans(read);
    // Commands queue behind the takeover, as behind any game being taken.
    while (orphans.length > 0 && !stopping) {
      if (deciding) await deciding;
      if (deciding) continue;
      const gameId = orphans.shift()!;
      // A command took it meanwhile.
      if (owners.epochOf(gameId) !== undefined) continue;
      const takingOver = games.take(gameId).then(
        (holder) => {
          const game = games.get(gameId);
          if (holder === 'held' && game) taken(gameId, game.epoch);
        },
        (error: unknown) => log.warn({ err: error, gameId }, 'table owners: taking over failed'),
      );
      deciding = takingOver.then(decideQueue);
      await takingOver;
    }
  }

  function enqueue(item: Queued): void {
    queue.push(item);
    deciding ??= decideQueue();
  }

  async function decideQueue(): Promise<void> {
    // Let the commands already read from the sockets in this turn join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) {
      const byGame = new Map<string, Queued[]>();
      for (const item of queue.splice(0, MAX_BATCH)) {
        const items = byGame.get(item.gameId);
        if (items) items.push(item);
        else byGame.set(item.gameId, [item]);
      }
      const mine: Queued[] = [];
      const now = Date.now();
      for (const [gameId, items] of byGame) {
        if (games.holding(gameId, now)) {
          mine.push(...items);
          continue;
        }
        try {
          const holder = await games.take(gameId);
          if (holder === 'held') mine.push(...items);
          else for (const item of items) handOver(item, holder.owner);
        } catch (error) {
          for (const item of items) item.reject(error);
        }
      }
      if (mine.length > 0) await batches.decide(await withCommandIds(mine));
    }
    deciding = null;
  }

  /**
   * The commands, once the ids of their games are in memory: a held game's were dropped only when
   * too many games were read since; they are read again once its statements are settled.
   */
  async function withCommandIds(items: Queued[]): Promise<Queued[]> {
    const unknown = new Set<string>();
    for (const { gameId, commandId } of items) {
      if (commandId !== undefined && !commandIds.known(gameId)) unknown.add(gameId);
    }
    if (unknown.size === 0) return items;
    const failed = new Set<string>();
    for (const gameId of unknown) {
      try {
        await unsettled.settled(gameId);
        await commandIds.load(db, gameId);
      } catch (error) {
        failed.add(gameId);
        for (const item of items) if (item.gameId === gameId) item.reject(error);
      }
    }
    return items.filter((item) => !failed.has(item.gameId));
  }

  return {
    /** Decides, emits and logs the command here, or hands it to the game's owner. */
    submit(submission: TableSubmission): Promise<TableEvent[]> {
      if (stopping) return Promise.reject(httpError(503, tableServerMessages.stopping));
      return new Promise((resolve, reject) => {
        const { gameId, userId, intent, commandId } = submission;
        const item: Queued = {
          gameId,
          userId,
          intent,
          commandId,
          resolve,
          reject,
          handedOver: false,
          tries: 0,
        };
        if (
          queue.length > 0 ||
          deciding ||
          !games.holding(item.gameId, Date.now()) ||
          (commandId !== undefined && !commandIds.known(gameId))
        )
          return enqueue(item);
        // Nothing before it and its game here: decided and emitted now, in the turn that read it,
        // as a relay would; only a command that had to wait joins a batch.
        const emitting = batches.decide([item]);
        if (emitting) deciding = emitting.then(decideQueue);
      });
    },

    /**
     * Once this resolves, every event of the game emitted before it is in the log: this process's
     * statement, or the owner's, asked for; a silent owner is not waited for long.
     */
    async flush(gameId: string): Promise<void> {
      if (games.get(gameId)) return statements.flush();
      const owner = await owners.ownerOf(gameId);
      if (owner === null) return statements.flush();
      await askFlush(owner);
    },

    /** This process's statements: a command is answered once its statement committed. */
    flushAll: (): Promise<void> => statements.flush(),

    /** Decides what is queued, logs everything, lets the games go and takes nothing more. */
    async close(): Promise<void> {
      stopping = true;
      games.stop();
      if (watcher) clearInterval(watcher);
      await deciding;
      await statements.flush();
      await statements.idle();
      await owners.close();
    },
  };
}
