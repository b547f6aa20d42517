import type { FastifyBaseLogger } from 'fastify';
import type { TableEvent, TableState } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import { httpError, HttpError, reportInternalError } from '../../../../lib/errors';
import { decideBatchOn, type Decided } from '../../decide-batch';
import { emitReported, type Emit, type Transition } from '../../emitter';
import { createCommandIds } from '../../command-ids';
import type { OwnedRun } from '../../log/append-owned';
import type { LoggedEvent } from '../../log/rows';
import { tableServerMessages } from '../../messages';
import { appendUntilAnswered, statementOf } from './owner-statement';
import { lookEvery } from './orphan-watch';
import type { Owners } from './owners';
import { createUnsettledGames } from './unsettled-games';
import { snapshotDue, type DueSnapshot } from '../../snapshots';
import type { TableStates } from '../../states';
import { decidingIntent } from '../../decide-intent';
import type { TableSubmission, TableWriter } from '../table-writer';

interface Queued extends TableSubmission {
  resolve: (events: TableEvent[]) => void;
  reject: (error: unknown) => void;
  /** Handed over by another process: if this one does not hold the game either, it says so. */
  handedOver: boolean;
  /** How many times the owner could not be found or said it was not. */
  tries: number;
}

/** A decided batch, emitted, waiting for its statement. */
interface Unit {
  number: number;
  logged: LoggedEvent[];
  runs: Map<string, OwnedRun>;
  /**
   * The state after the batch of each game whose run crossed a snapshot's seq. The others' states
   * are not kept: held until the statement, every drop's copy outlived the young generation.
   */
  due?: Map<string, DueSnapshot>;
  answers: Array<Pick<Queued, 'gameId' | 'resolve' | 'reject'> & { events: TableEvent[] }>;
  /** Settles once every event of the batch was handed to the rooms; none when that was done at once. */
  emitted: Promise<void> | undefined;
}

/** What the owner is asked over its channel, and answers. */
type Asked = { kind: 'flush' } | ({ kind: 'command' } & TableSubmission);
type Answer =
  { ok: true; events: TableEvent[] } | { ok: false; status: number; error: string } | { notOwner: true };

const MAX_BATCH = 500;
/**
 * Senders answered in one turn of the event loop once their statement committed: a statement
 * answers a tenth of a second of drops, and sent in one go their acks held every socket for
 * milliseconds (docs/live-table.md "Owners").
 */
const ANSWERS_PER_TURN = 16;
/** A command handed over that finds no owner this many times is refused (try again). */
const MAX_TRIES = 5;
const ASK_TIMEOUT_MS = 5_000;
const FLUSH_ASK_TIMEOUT_MS = 2_000;
/** A held game nobody played for this long is let go, so locks do not pile up. */
const IDLE_MS = 5 * 60_000;

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

const notOwner = Symbol('not the owner');

/**
 * The table's commits on a shared PostgreSQL (docs/live-table.md "Owners"). One process at a time holds
 * a game (owners.ts) and decides its commands on its state in memory, emits the events at once and
 * answers the sender once they are logged: the log's commit is off every drop's way to the other
 * players, and a statement takes the drops of `everyMs` of every game this process holds, instead of
 * the one or two that arrived during the statement before. A command for a game another process
 * holds is handed to that owner. A process that lost a game without knowing it (its connection
 * cut, another took the game) has its appends refused by the epoch: the events it emitted were
 * never logged, the clients that folded them learn it at their next catch-up (`reset`), and the
 * senders were never told they were done.
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
  /** The games this process holds: their state with everything decided, logged or not. */
  const games = new Map<string, { state: TableState; epoch: number; usedAt: number }>();
  /** The ids of the held games' latest commands, read from the log when a game is taken. */
  const commandIds = createCommandIds();
  /** Per game, the units decided but not settled yet (a game is taken again only once none is left). */
  const unsettled = createUnsettledGames();
  const queue: Queued[] = [];
  let deciding: Promise<void> | null = null;
  let units: Unit[] = [];
  let numbered = 0;
  let settledUpTo = 0;
  const flushes: Array<{ upTo: number; resolve: () => void }> = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastWrite = 0;
  let stopping = false;

  const idleSweep = setInterval(() => {
    const now = Date.now();
    for (const [gameId, game] of games) {
      if (now - game.usedAt < IDLE_MS || unsettled.has(gameId)) continue;
      games.delete(gameId);
      void owners.release(gameId, true);
    }
  }, IDLE_MS / 5);
  idleSweep.unref();

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
  async function takeOverOrphans({ gamesRead, taken }: NonNullable<typeof watch>): Promise<void> {
    const read = [...new Set(gamesRead())].filter((gameId) => owners.epochOf(gameId) === undefined);
    const orphans = await owners.orphans(read);
    // Commands queue behind the takeover, as behind any game being taken.
    while (orphans.length > 0 && !stopping) {
      if (deciding) await deciding;
      if (deciding) continue;
      const gameId = orphans.shift()!;
      // A command took it meanwhile.
      if (owners.epochOf(gameId) !== undefined) continue;
      const takingOver = take(gameId).then(
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

  /** Whether this process holds the game now, with its state. */
  function holding(gameId: string, now: number): boolean {
    const known = games.get(gameId);
    if (!known || owners.epochOf(gameId) !== known.epoch) return false;
    known.usedAt = now;
    return true;
  }

  /** Takes a game this process does not hold (or lost): 'held' once it does, else who holds it. */
  async function take(gameId: string): Promise<'held' | { owner: string | null }> {
    // Lost with the connection: what it decided before is settled first, logged or refused.
    games.delete(gameId);
    await unsettled.settled(gameId);
    // Held without a state (reading it failed last time): let go, to be taken under a new epoch.
    if (owners.epochOf(gameId) !== undefined) await owners.release(gameId, false);
    const claimed = await owners.claim(gameId);
    if ('owner' in claimed) return claimed;
    try {
      // The copy in memory may hold events a lost epoch never logged: the log is the truth.
      const cached = states.cached(gameId);
      if (cached && cached.lastSeq > claimed.head) states.forget(gameId);
      const state = await states.current(db, gameId, claimed.head);
      // A command whose answer was lost with the last owner may be sent again here.
      await commandIds.load(db, gameId);
      games.set(gameId, { state, epoch: claimed.epoch, usedAt: Date.now() });
      return 'held';
    } catch (error) {
      await owners.release(gameId, false);
      throw error;
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
        if (holding(gameId, now)) {
          mine.push(...items);
          continue;
        }
        try {
          const holder = await take(gameId);
          if (holder === 'held') mine.push(...items);
          else for (const item of items) handOver(item, holder.owner);
        } catch (error) {
          for (const item of items) item.reject(error);
        }
      }
      if (mine.length > 0) await decide(await withCommandIds(mine));
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
      } else if (statement !== undefined && statement <= settledUpTo) item.resolve([]);
      else void unsettled.settled(gameId).then(() => enqueue(item));
    }
    return fresh;
  }

  /**
   * Decides commands of games this process holds, emits their events and queues their statement.
   * Settles once every event is handed to the rooms: at once, unless one had to read something first.
   */
  function decide(all: Queued[]): Promise<void> | undefined {
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
      if (commandId !== undefined) commandIds.add(gameId, commandId, numbered + 1);
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
    for (const gameId of runs.keys()) unsettled.add(gameId);
    numbered += 1;
    units.push({
      number: numbered,
      logged: decided.logged,
      runs,
      due,
      answers,
      emitted,
    });
    scheduleWrite(false);
    return emitted;
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

  /** A command for a game another process holds goes to it; its answer is the sender's. */
  function handOver(item: Queued, owner: string | null): void {
    if (item.handedOver) return item.reject(notOwner);
    if (owner === null) {
      // Taken a moment ago, its owner not named yet; or let go meanwhile.
      if (item.tries + 1 >= MAX_TRIES) return item.reject(httpError(503, tableServerMessages.stopping));
      setTimeout(() => enqueue({ ...item, tries: item.tries + 1 }), 20 * (item.tries + 1)).unref();
      return;
    }
    const asked: Asked = {
      kind: 'command',
      gameId: item.gameId,
      userId: item.userId,
      intent: item.intent,
      commandId: item.commandId,
    };
    owners
      .ask(owner, asked, ASK_TIMEOUT_MS)
      .then((raw) => {
        const answer = raw as Answer;
        if ('notOwner' in answer) return handOver({ ...item, tries: item.tries + 1 }, null);
        if (!answer.ok) return item.reject(httpError(answer.status, answer.error));
        item.resolve(answer.events);
      })
      // No answer: it may have been done or not, as with a server killed under a command.
      .catch(() => item.reject(httpError(503, tableServerMessages.stopping)));
  }

  void owners.answerWith(async (raw): Promise<Answer> => {
    const asked = raw as Asked;
    if (asked.kind === 'flush') {
      await flush();
      return { ok: true, events: [] };
    }
    try {
      const events = await new Promise<TableEvent[]>((resolve, reject) => {
        if (stopping) return reject(httpError(503, tableServerMessages.stopping));
        enqueue({ ...asked, resolve, reject, handedOver: true, tries: 0 });
      });
      return { ok: true, events };
    } catch (error) {
      if (error === notOwner) return { notOwner: true };
      if (error instanceof HttpError) return { ok: false, status: error.statusCode, error: error.message };
      return { ok: false, status: 500, error: reportInternalError(log, error) };
    }
  });

  function scheduleWrite(now: boolean): void {
    if (writing || units.length === 0) return;
    if (timer && !now) return;
    if (timer) clearTimeout(timer);
    const wait = now ? 0 : Math.max(0, lastWrite + everyMs - Date.now());
    timer = setTimeout(() => {
      timer = null;
      writing = writeUnits().finally(() => {
        writing = null;
        scheduleWrite(flushes.length > 0);
      });
    }, wait);
  }

  /** One statement for the units waiting, tried again while the database is away. */
  async function writeUnits(): Promise<void> {
    const taken = units;
    units = [];
    lastWrite = Date.now();
    const statement = statementOf(taken);
    const { runs } = statement;
    const outcomes = await appendUntilAnswered(db, log, statement);
    for (const [gameId, outcome] of outcomes) {
      if (outcome !== 'fenced') continue;
      const run = runs.get(gameId)!;
      log.warn(
        { gameId, epoch: run.epoch },
        'table log: game lost to another process, its last events dropped',
      );
      if (games.get(gameId)?.epoch === run.epoch) games.delete(gameId);
      states.forget(gameId);
      commandIds.forget(gameId);
      void owners.release(gameId, false);
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

  /** Resolves once everything decided so far is logged (or refused), its statement sent at once. */
  function flush(): Promise<void> {
    if (settledUpTo >= numbered) return Promise.resolve();
    return new Promise((resolve) => {
      flushes.push({ upTo: numbered, resolve });
      scheduleWrite(true);
    });
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
          !holding(item.gameId, Date.now()) ||
          (commandId !== undefined && !commandIds.known(gameId))
        )
          return enqueue(item);
        // Nothing before it and its game here: decided and emitted now, in the turn that read it,
        // as a relay would; only a command that had to wait joins a batch.
        const emitting = decide([item]);
        if (emitting) deciding = emitting.then(decideQueue);
      });
    },

    /**
     * Once this resolves, every event of the game emitted before it is in the log: this process's
     * statement, or the owner's, asked for; a silent owner is not waited for long.
     */
    async flush(gameId: string): Promise<void> {
      if (games.has(gameId)) return flush();
      const owner = await owners.ownerOf(gameId);
      if (owner === null) return flush();
      await owners.ask(owner, { kind: 'flush' } satisfies Asked, FLUSH_ASK_TIMEOUT_MS).catch(() => undefined);
    },

    /** Decides what is queued, logs everything, lets the games go and takes nothing more. */
    async close(): Promise<void> {
      stopping = true;
      clearInterval(idleSweep);
      if (watcher) clearInterval(watcher);
      await deciding;
      await flush();
      await writing;
      await owners.close();
    },
  };
}
