import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { CharacterSheet } from '../../../src/api/schemas/characters';
import type { NewMessagePayload } from '../../../src/api/schemas/table';
import { decide, systemMessage, type DecideEnv, type TableCommand } from '../../../src/domain/table/decide';
import { applyEvent, emptyTable, snapshotOf, type TableSnapshot } from '../../../src/domain/table/reducer';
import type { TableActor, TableEvent, TableEventBody, TableState } from '../../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../../src/domain/table/visibility';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';
import { httpError, reportInternalError } from '../../lib/errors';
import type { Realtime } from '../../realtime/types';
import type { AuthUser } from '../auth/access';
import { toSheet } from '../characters/service';
import type { GameAccess } from '../games/access';
import { createTableEmitter, type Transition } from './emitter';
import { appendEvents, chatPage, eventsAfter, withHead } from './log-store';
import { tableServerMessages } from './messages';
import { createTableMembers, speakerOf, type SeatedActor } from './members';
import { latestSnapshot, snapshotIfDue, SNAPSHOT_EVERY } from './snapshots';
import { createTableStates } from './states';

/** `tableCatchUpAnswer`, in the domain's own event type. */
export interface CatchUp {
  ok: true;
  snapshot: TableSnapshot | null;
  events: TableEvent[];
}

const env: DecideEnv = {
  randomInt,
  newUsableId: ({ isPlayer, name }) =>
    `${isPlayer ? 'player' : 'monster'}-${name}-${Date.now()}-${randomBytes(4).toString('hex')}`,
};

/**
 * The live table (docs/table.md): commands checked by `decide` against the committed state,
 * appended under the game's head lock, then emitted to each reader as they may see it.
 */
export function createTableService({
  db,
  access,
  realtime,
  log,
}: {
  db: Db;
  access: GameAccess;
  realtime: Realtime;
  log: FastifyBaseLogger;
}) {
  const states = createTableStates(log);
  const members = createTableMembers(db, access);
  const emit = createTableEmitter(realtime, members.playersOf);
  const queues = new Map<string, Promise<unknown>>();
  let stopping = false;

  /**
   * One append at a time per game in this process: the database lock alone would be enough for
   * the seqs, but queuing here spares pool connections waiting on it and keeps this process's
   * emissions in seq order.
   */
  function serially<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    const run = (queues.get(gameId) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    queues.set(gameId, tail);
    void tail.then(() => {
      if (queues.get(gameId) === tail) queues.delete(gameId);
    });
    return run;
  }

  /** Decides against the committed state under the lock, appends, commits, then emits. */
  function append(
    gameId: string,
    userId: string | null,
    decideOn: (state: TableState) => TableEventBody[] | string,
  ): Promise<TableEvent[]> {
    return serially(gameId, async () => {
      if (stopping) throw httpError(503, tableServerMessages.stopping);
      const transitions = await withHead(db, gameId, async (tx, head) => {
        let state = await states.current(tx, gameId, head);
        const decided = decideOn(state);
        if (typeof decided === 'string') throw httpError(400, decided);
        const steps: Transition[] = [];
        for (const event of await appendEvents(tx, gameId, head, decided, userId)) {
          const applied = applyEvent(state, event);
          // decide only returns events its own reducer accepts: anything else must not be logged.
          if (applied.outcome !== 'applied') throw new Error(`decided event does not fold: ${event.type}`);
          steps.push({ event, before: state, after: applied.state });
          state = applied.state;
        }
        await snapshotIfDue(tx, gameId, head, state);
        return steps;
      });
      const last = transitions.at(-1);
      if (last) states.remember(gameId, last.after);
      // Committed is done: a failed emission is caught up by the clients, never reported as a refusal.
      await emit(gameId, transitions).catch((error: unknown) => reportInternalError(log, error));
      return transitions.map(({ event }) => event);
    });
  }

  async function command(gameId: string, actor: TableActor, cmd: TableCommand): Promise<TableEvent[]> {
    return append(gameId, actor.userId, (state) => {
      const decision = decide(state, cmd, actor, env);
      return 'refusal' in decision ? decision.refusal : decision.events;
    });
  }

  return {
    actorOf: members.actorOf,
    cached: states.cached,
    current: (gameId: string) => states.current(db, gameId),

    /**
     * Lets the appends under way commit and emit, and refuses new ones, so nothing is emitted
     * through a closed Redis adapter; the clients catch up from the log once reconnected.
     */
    async close(): Promise<void> {
      stopping = true;
      await Promise.all(queues.values());
    },

    /** A checked command of `actor`; throws the French refusal. */
    command,

    /** `newMessage`: the server names the speaker and rolls the dice. */
    say(gameId: string, actor: SeatedActor, { playerId, content }: NewMessagePayload): Promise<TableEvent[]> {
      const speaker = speakerOf(actor, playerId);
      return command(
        gameId,
        actor,
        content.kind === 'text'
          ? { type: 'chat.send', text: content.text, speaker }
          : { type: 'dice.roll', dice: content.dice, label: content.label, speaker },
      );
    },

    /** A line of the server itself in the game's chat ('Équipé: …'), logged and emitted like any event. */
    async postSystemMessage(gameId: string, text: string): Promise<TableEvent> {
      const [event] = await append(gameId, null, () => [systemMessage(text)]);
      if (!event) throw new Error('unreachable: one body makes one event');
      return event;
    },

    /** The table now, as `actor` may see it. */
    async view(gameId: string, actor: TableActor): Promise<TableState> {
      return visibleTo(await states.current(db, gameId), actor);
    },

    /**
     * The events after `afterSeq`, projected for `actor` (docs/table.md "Catch-up"); a snapshot
     * first when the client is more than SNAPSHOT_EVERY events behind. The caller has joined the
     * rooms already, so nothing committed from now on is missed.
     */
    async catchUp(gameId: string, actor: TableActor, afterSeq: number): Promise<CatchUp> {
      const head = (await states.current(db, gameId)).lastSeq;
      if (afterSeq >= head) return { ok: true, snapshot: null, events: [] };
      const far = head - afterSeq > SNAPSHOT_EVERY;
      // Projecting needs the state before each event: fold from a snapshot at or before the start.
      const base = (await latestSnapshot(db, gameId, far ? undefined : afterSeq)) ?? emptyTable;
      const from = far ? base.lastSeq : afterSeq;
      let state = base;
      const events: TableEvent[] = [];
      for (const event of await eventsAfter(db, gameId, base.lastSeq)) {
        const applied = applyEvent(state, event);
        if (event.seq > from) events.push(projectEvent(event, state, applied.state, actor));
        state = applied.state;
      }
      const snapshot = far && base.lastSeq > 0 ? snapshotOf(visibleTo(base, actor)) : null;
      return { ok: true, snapshot, events };
    },

    /** One page of the game's chat; chat events read the same for every member, so none is projected. */
    async chatHistory(
      gameId: string,
      user: AuthUser,
      page: { before?: number; limit: number },
    ): Promise<TableEvent[]> {
      await access.requireMember(gameId, user.id);
      return chatPage(db, gameId, page);
    },

    /** The game's characters (`playerRequest`), for any member. */
    async charactersOf(gameId: string): Promise<CharacterSheet[]> {
      const rows = await db
        .select()
        .from(characters)
        .where(eq(characters.gameId, gameId))
        .orderBy(asc(characters.createdAt));
      return rows.map(toSheet);
    },
  };
}

export type TableService = ReturnType<typeof createTableService>;

/** What other server modules may do at the table (`app.table`). */
export type TablePublic = Pick<TableService, 'postSystemMessage'>;
