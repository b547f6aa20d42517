import type { FastifyBaseLogger } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { CharacterSheet, TableVitals } from '#shared/wire/characters';
import type {
  AmbienceChangePayload,
  AttackPayload,
  FogChangePayload,
  VisionChangePayload,
  GridChangePayload,
  HistoryChangePayload,
  ItemChangePayload,
  MapChangePayload,
  NewMessagePayload,
  TableResync,
  TurnOrderChangePayload,
} from '#shared/wire/table';
import { parseChatLine } from '#shared/domain/dice/notation';
import type { TableCommand } from '#shared/domain/table/decide';
import type { HandoutCommand } from '#shared/domain/table/handouts';
import { applyEvents, emptyTable, snapshotOf, type TableSnapshot } from '#shared/domain/table/reducer';
import type { TableActor, TableEvent, TableState } from '#shared/domain/table/types';
import { visibleTo } from '#shared/domain/table/visibility';
import { projectAfter } from '#shared/domain/table/projection';
import { tokensOfMap } from '#shared/domain/table/records';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { ambienceMessages } from '#shared/domain/table/ambience';
import { managesTable } from '#shared/domain/table/visibility';

import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { AuthUser } from '../auth/access';
import { sheetOf } from '../characters/service';
import type { GameAccess } from '../games/access';
import { createTableEmitter, type Emit } from './emitter';
import { createPlayerUpdates, vitalsOfToken } from './player-updates';
import { createCommandInputs } from './command-inputs';
import { chatLinesAs } from './chat-lines';
import { eventsAfter, headAndEpochAt } from './log/reads';
import { createTableMembers, speakerOf, type SeatedActor } from './members';
import { latestSnapshot } from './snapshots';
import { createTableStates } from './states';
import type { TableWriterChoice } from './writers/choice';
import { createTableWriter } from './writers/create';
import type { Committed } from './writers/table-writer';

/** The games whose log a socket of this process reads (it caught up with them: docs/live-table.md "Emission"). */
function* gamesReadHere(realtime: Realtime): Iterable<string> {
  for (const room of realtime.io.of('/').adapter.rooms.keys()) {
    if (!room.startsWith('table:')) continue;
    const end = room.endsWith(':managers')
      ? -':managers'.length
      : room.endsWith(':players')
        ? -':players'.length
        : 0;
    if (end !== 0) yield room.slice('table:'.length, end);
  }
}

/**
 * How many events a client may have missed and still be sent them, projected one by one; further
 * behind, the table at the log's head costs it fewer bytes, and the server no more than a fold.
 */
export const CATCH_UP_EVENTS = 200;

/** `tableCatchUpAnswer`, in the domain's own event type. */
export interface CatchUp {
  ok: true;
  snapshot: TableSnapshot | null;
  events: TableEvent[];
  reset: boolean;
  epoch: number;
}

/**
 * The live table (docs/live-table.md): commands checked by `decide` against the game's state, logged by
 * the process's `TableWriter` (writers/), and emitted to each reader as they may see it.
 */
export function createTableService({
  db,
  access,
  realtime,
  log,
  writer: writerChoice,
}: {
  db: Db;
  access: GameAccess;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** How the table reaches its log (writers/choice.ts). */
  writer: TableWriterChoice;
}) {
  const states = createTableStates(log);
  const members = createTableMembers(db, access);
  const emitTable = createTableEmitter(realtime, members.playersOf);
  const playerUpdates = createPlayerUpdates({ db, access, realtime, log });
  const emit: Emit = (gameId, transitions) => {
    const emitting = emitTable(gameId, transitions);
    return emitting ? emitting.then(() => playerUpdates(transitions)) : playerUpdates(transitions);
  };
  const inputs = createCommandInputs(db);
  const commits = createTableWriter(writerChoice, {
    db,
    states,
    emit,
    log,
    watch: {
      gamesRead: () => gamesReadHere(realtime),
      taken: (gameId, epoch) => {
        const notice: TableResync = { gameId, epoch };
        realtime.io.to([rooms.tableManagers(gameId), rooms.tablePlayers(gameId)]).emit('tableResync', notice);
      },
    },
  });

  /** `commandId`: the client's id of it, under which a retry is answered as done (docs/live-table.md "Command ids"). */
  function command(gameId: string, actor: TableActor, command: TableCommand, commandId?: string): Committed {
    return commits.submit({
      gameId,
      userId: actor.userId,
      intent: { kind: 'command', actor, command },
      commandId,
    });
  }

  return {
    actorOf: members.actorOf,
    cached: states.cached,
    current: (gameId: string) => states.current(db, gameId),

    /**
     * The character's health on its token at the table — on the players' map, the only one that is
     * theirs (docs/live-table.md "The players' map") — or null when that map does not hold it.
     */
    async vitalsOf(gameId: string, characterId: string): Promise<TableVitals | null> {
      const state = await states.current(db, gameId);
      const map = state.currentMap?.name;
      const token =
        map === undefined
          ? undefined
          : Object.values(tokensOfMap(state, map)).find((one) => one.isPlayer && one.itemId === characterId);
      return token ? vitalsOfToken(token) : null;
    },

    /**
     * Lets the appends under way commit and emit, and refuses new ones, so nothing is emitted
     * through a closed Redis adapter; the clients catch up from the log once reconnected.
     */
    close: commits.close,

    /** A checked command of `actor`; throws the French refusal. */
    command,

    /** `itemChange`: a token placed is built from what the server stores, the rest goes as sent. */
    changeItem(gameId: string, actor: TableActor, { change, commandId }: ItemChangePayload): Committed {
      if (change.type !== 'token.place') return command(gameId, actor, change, commandId);
      return inputs
        .draftOf(gameId, change)
        .then((token) =>
          command(
            gameId,
            actor,
            { type: 'token.place', map: change.map, token, snap: change.snap },
            commandId,
          ),
        );
    },

    /** `mapChange`: a map of this game, or none. */
    async changeMap(gameId: string, actor: TableActor, { map, bringPlayers, commandId }: MapChangePayload) {
      if (map === null) return command(gameId, actor, { type: 'map.clear' }, commandId);
      return command(
        gameId,
        actor,
        { type: 'map.select', ...(await inputs.mapOf(gameId, map)), bringPlayers },
        commandId,
      );
    },

    /** `gridChange`: the whole grid of an open map, the MJ's and the admins' to set. */
    changeGrid: (gameId: string, actor: TableActor, { map, grid, commandId }: GridChangePayload) =>
      command(gameId, actor, { type: 'map.setGrid', map, grid }, commandId),

    /** `historyChange`: the user's own last action undone, or redone (decision 0022). */
    changeHistory: (gameId: string, actor: TableActor, { direction, commandId }: HistoryChangePayload) =>
      command(gameId, actor, { type: direction === 'undo' ? 'history.undo' : 'history.redo' }, commandId),
    /** `fogChange`: a shape of fog on an open map, or all of it revealed or covered; the MJ's and the admins'. */
    changeFog: (gameId: string, actor: TableActor, { map, change, commandId }: FogChangePayload) =>
      command(gameId, actor, { type: 'map.fog', map, change }, commandId),
    /** `visionChange`: walls, doors and the lighting of an open map; the MJ's and the admins'. */
    changeVision: (gameId: string, actor: TableActor, { map, change, commandId }: VisionChangePayload) =>
      command(gameId, actor, { type: 'map.vision', map, change }, commandId),

    /** `turnOrderChange`; « Générer » with the participants' initiative bonuses, as the server stores them. */
    async changeTurnOrder(gameId: string, actor: TableActor, { change, commandId }: TurnOrderChangePayload) {
      if (change.type !== 'turnOrder.generate') return command(gameId, actor, change, commandId);
      const bonuses = await inputs.initiativeBonuses(gameId, await states.current(db, gameId), change.map);
      return command(gameId, actor, { ...change, bonuses }, commandId);
    },

    /**
     * `ambienceChange` (decision 0031): the MJ's alone, a stored sound this game's own audio file,
     * timed by the server's clock.
     */
    async changeAmbience(gameId: string, actor: TableActor, { change, commandId }: AmbienceChangePayload) {
      if (!managesTable(actor)) throw httpError(403, ambienceMessages.onlyMaster);
      if (change.kind === 'play' && change.source.kind === 'file') {
        if (!(await inputs.isAudioFileOf(gameId, change.source.fileId))) {
          throw httpError(404, ambienceMessages.unknownFile);
        }
      }
      return command(gameId, actor, { type: 'ambience', at: Date.now(), change }, commandId);
    },

    /** `attack`: the server reads the attack, then `decide` checks it on the table and rolls. */
    async attack(gameId: string, actor: SeatedActor, intent: AttackPayload): Promise<TableEvent[]> {
      const attack = await inputs.attackOf(gameId, actor, await states.current(db, gameId), intent);
      return command(
        gameId,
        actor,
        {
          type: 'attack.perform',
          map: intent.map,
          attackerId: intent.attackerId,
          attack,
          targetId: intent.targetId ?? null,
          aim: intent.aim ?? null,
        },
        intent.commandId,
      );
    },

    /**
     * `newMessage`: the server names the speaker, rolls the dice and, for a whisper, reads whom it
     * may name: the game's characters (a plain line reads nothing).
     */
    say(gameId: string, actor: SeatedActor, { playerId, content, commandId }: NewMessagePayload): Committed {
      const speaker = speakerOf(actor, playerId);
      if (content.kind === 'roll') {
        const { dice, label, mode } = content;
        return command(gameId, actor, { type: 'dice.roll', dice, label, mode, speaker }, commandId);
      }
      const { text, label, mode } = content;
      const line: TableCommand = { type: 'chat.send', text, label, mode, speaker };
      if (parseChatLine(content.text).kind !== 'whisper') return command(gameId, actor, line, commandId);
      return inputs
        .whisperRecipients(gameId)
        .then((recipients) => command(gameId, actor, { ...line, recipients }, commandId));
    },

    /**
     * A handout shown or taken back by the game's MJ (decision 0041), whom the handouts service has
     * checked: logged like any table command, so each recipient — and they alone — receives it live,
     * in a catch-up and in a replay.
     */
    handout: (gameId: string, masterId: string, handout: HandoutCommand): Committed =>
      command(gameId, { userId: masterId, role: 'mj', characterIds: [] }, handout),

    /** A line of the server itself in the game's chat ('Équipé: …'), logged and emitted like any event. */
    async postSystemMessage(gameId: string, text: string): Promise<TableEvent> {
      const [event] = await commits.submit({ gameId, userId: null, intent: { kind: 'system', text } });
      if (!event) throw new Error('unreachable: one body makes one event');
      return event;
    },

    /**
     * Once this resolves, every command of the game answered so far is in the log: a reader of the
     * log outside the table's service reads it then.
     */
    flush: (gameId: string): Promise<void> => commits.flush(gameId),

    /** Once this resolves, every command this process answered so far is in the log: a backup reads it then. */
    flushAll: (): Promise<void> => commits.flushAll(),

    /** The table now, as `actor` may see it. */
    async view(gameId: string, actor: TableActor): Promise<TableState> {
      return visibleTo(await states.current(db, gameId), actor);
    },

    /**
     * The events after `afterSeq`, projected for `actor` (docs/live-table.md "Catch-up"), or the
     * table at the log's head when the client is more than CATCH_UP_EVENTS behind. The caller has
     * joined the rooms already, so nothing committed from now on is missed. Given the epoch of the
     * client's event at `afterSeq`, a copy holding an event the log does not (its owner died before
     * logging it, docs/live-table.md "Owners") is answered from the start, `reset`.
     */
    async catchUp(gameId: string, actor: TableActor, asked: number, epoch?: number): Promise<CatchUp> {
      // What was emitted before the socket joined is read from the log: the journal's or the owner's batches first.
      await commits.flush(gameId);
      const logged = await headAndEpochAt(db, gameId, asked);
      const reset =
        epoch !== undefined && asked > 0 && (asked > logged.head || (logged.epochAtSeq ?? 0) !== epoch);
      const afterSeq = reset ? 0 : asked;
      const head = logged.head;
      if (afterSeq >= head) {
        return { ok: true, snapshot: null, events: [], reset, epoch: reset ? 0 : (logged.epochAtSeq ?? 0) };
      }
      const far = head - afterSeq > CATCH_UP_EVENTS;
      // Projecting needs the state before each event: fold from a snapshot at or before the first
      // one sent; a far client gets the fold's end, the table at the head, from the latest.
      const base = (await latestSnapshot(db, gameId, far ? undefined : afterSeq)) ?? emptyTable;
      const after = await eventsAfter(db, gameId, base.lastSeq);
      const last = after.at(-1);
      const epochAtEnd = last
        ? (last.epoch ?? 0)
        : ((await headAndEpochAt(db, gameId, base.lastSeq)).epochAtSeq ?? 0);
      if (far) {
        const { state } = applyEvents(base, after);
        return {
          ok: true,
          snapshot: snapshotOf(visibleTo(state, actor)),
          events: [],
          reset,
          epoch: epochAtEnd,
        };
      }
      const { events } = projectAfter(base, after, afterSeq, actor);
      return { ok: true, snapshot: null, events, reset, epoch: epochAtEnd };
    },

    /**
     * One page of the game's chat, the lines this member reads (`readsLine`), each as they may read
     * it (`lineAs`: a roll out of their sight is « jet secret »).
     */
    async chatHistory(
      gameId: string,
      user: AuthUser,
      page: { before?: number; limit: number },
    ): Promise<TableEvent[]> {
      const actor = await members.actorOf(gameId, user);
      await commits.flush(gameId);
      return chatLinesAs(db, gameId, actor, page);
    },

    /**
     * The game's character sheets (`playerRequest`): all of them for the MJ and an admin, a player's
     * own for a player — a sheet is its owner's and the MJ's only (table.md §2 "Character sheet").
     */
    async charactersOf(gameId: string, actor: TableActor): Promise<CharacterSheet[]> {
      const rows = await db
        .select()
        .from(characters)
        .where(eq(characters.gameId, gameId))
        .orderBy(asc(characters.createdAt));
      const readable = actor.role === 'player' ? rows.filter((row) => row.userId === actor.userId) : rows;
      return Promise.all(readable.map((row) => sheetOf(db, row)));
    },
  };
}

export type TableService = ReturnType<typeof createTableService>;

/** What other server modules may do at the table (`app.table`). */
export type TablePublic = Pick<
  TableService,
  'postSystemMessage' | 'handout' | 'vitalsOf' | 'flush' | 'flushAll'
>;
