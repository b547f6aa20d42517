import type { ConnectedPlayersUpdate } from '#shared/wire/games';
import {
  ambienceChangePayload,
  attackPayload,
  fogChangePayload,
  visionChangePayload,
  gridChangePayload,
  historyChangePayload,
  itemChangePayload,
  itemDragPayload,
  type ItemDragPayload,
  mapChangePayload,
  newMessagePayload,
  tablePingPayload,
  tableRulerPayload,
  type TableRulerPayload,
  tableCatchUpRequest,
  tableRequest,
  turnOrderChangePayload,
  type GameCharactersAnswer,
  type ItemDragging,
  type TablePinged,
  type TableRulerShown,
  type TableViewAnswer,
  type ServerClockAnswer,
} from '#shared/wire/table';
import { z } from 'zod';
import { clampPercent, type Point } from '#shared/domain/geometry/geometry';
import { gridOf, openMap, tokenAt } from '#shared/domain/table/records';
import { tokenCells } from '#shared/domain/table/token-size';
import { managesTable, ownsToken, seenByPlayers, tokenSeenBy } from '#shared/domain/table/visibility';
import { tableMessages } from '#shared/domain/table/messages';
import { pointerAudience, pointOnMap } from '#shared/domain/table/pointers';
import type { TableActor, TableState } from '#shared/domain/table/types';
import type { Role } from '#shared/wire/auth';
import { httpError } from '../../lib/errors';
import { createTokenBuckets, MESSAGES_PER_SECOND, messageFloodRefusal } from '../../lib/token-bucket';
import { whenAccountChanges } from '../../realtime/account-changes';
import { rereadIdentity } from '../../realtime/identity';
import { rooms, tableRoomsOf } from '../../realtime/rooms';
import type { ConnectionHandler, RealtimeSocket } from '../../realtime/types';
import type { AccessGuard } from '../auth/access';
import type { TablePresence } from '../games/table-presence';
import { createCommandRates, kindOfItemChange } from './command-rates';
import { tableServerMessages } from './messages';
import type { SeatedActor } from './members';
import type { CatchUp, TableService } from './service';

/**
 * Drags relayed per user and second, from all their sockets: a mouse sends one every 10 ms, the
 * rest is dropped unsaid.
 */
export const DRAGS_PER_SECOND = 100;

/** Pings a user may send at once, then one a second: a ring everyone sees is not a drag. */
export const PING_BURST = 5;
/** A shown ruler is sent at the pointer's pace, thinned to 50 ms by the client: the rest is dropped unsaid. */
export const RULERS_PER_SECOND = 40;

/** The rooms a reader of the table joins: managers hear the log as is, players their projection. */
function readerRooms(gameId: string, actor: TableActor): string[] {
  return managesTable(actor)
    ? [rooms.tableManagers(gameId)]
    : [rooms.tablePlayers(gameId), rooms.tablePlayer(gameId, actor.userId)];
}

function isReading(socket: RealtimeSocket, gameId: string): boolean {
  return socket.rooms.has(rooms.tableManagers(gameId)) || socket.rooms.has(rooms.tablePlayers(gameId));
}

/**
 * A socket's seat at a table, with the names of the rooms that vouch for it, made once: a drop
 * checks them without building three strings (and hashing them) again.
 */
interface Seat {
  actor: SeatedActor;
  roomNames: { seat: string; managers: string; players: string };
}

const seatRooms = (gameId: string, userId: string): Seat['roomNames'] => ({
  seat: rooms.tableSeat(gameId, userId),
  managers: rooms.tableManagers(gameId),
  players: rooms.tablePlayers(gameId),
});

/**
 * The table's socket events (docs/live-table.md "Server"); the ack is `{ ok: true }` or
 * `{ ok: false, error }` with the French refusal. The actor comes from the session and the
 * database, and is kept per socket only while the rooms say it still holds (docs/live-table.md
 * "Seats"): a kick or a leave takes the socket out of the readers' rooms, a change of the user's
 * characters out of the seat room, on every process, so the next command reads it again. The
 * account's role is read again at every command (not at every drag): a role changed since the seats
 * were read, from any process, reads them all again (`reseatAll`).
 */
export function tableSocketEvents({
  table,
  presence,
  identity,
  messageBurst,
  rateScale,
}: {
  table: TableService;
  presence: TablePresence;
  identity: AccessGuard;
  /** Chat lines a user may send at once, from all their sockets (`MESSAGE_BURST`). */
  messageBurst: number;
  /** Multiplies every command allowance (`TABLE_RATE_SCALE`). */
  rateScale: number;
}): ConnectionHandler {
  const chat = createTokenBuckets(messageBurst, MESSAGES_PER_SECOND);
  const drags = createTokenBuckets(DRAGS_PER_SECOND, DRAGS_PER_SECOND);
  const rates = createCommandRates(rateScale);
  const pings = createTokenBuckets(PING_BURST * rateScale, rateScale);
  const rulers = createTokenBuckets(RULERS_PER_SECOND, RULERS_PER_SECOND);
  return (socket, on) => {
    const user = () => socket.data.user;
    const seats = new Map<string, Seat>();
    let seatedAs: Role = user().role;

    /**
     * Every table the socket holds a seat at, read again under the account's new role. A table it
     * no longer sits at, or whose view the role changes (a demoted admin must stop hearing hidden
     * tokens), is left whole: the log it folded was the other view's, so it opens the table anew.
     */
    async function reseatAll(): Promise<void> {
      const held = [...seats.keys()];
      seats.clear();
      seatedAs = user().role;
      for (const gameId of held) {
        const wasManaging = socket.rooms.has(rooms.tableManagers(gameId));
        const wasReading = isReading(socket, gameId);
        const actor = await readSeat(gameId).catch(() => null);
        if (!actor || (wasReading && managesTable(actor) !== wasManaging)) {
          seats.delete(gameId);
          await Promise.all(tableRoomsOf(gameId, user().id).map((room) => socket.leave(room)));
        }
      }
    }

    /** The session view's stamp when the account was last read (null: read it at the next command). */
    let readUnder: number | null = null;

    async function rereadAccount(): Promise<void> {
      const stamp = identity.accountsStamp();
      const { role } = await rereadIdentity(socket, identity);
      readUnder = stamp;
      if (role !== seatedAs) await reseatAll();
    }
    whenAccountChanges(socket, rereadAccount);

    /**
     * The actor of a command: the account read again first, so a changed role applies at once —
     * unless the session view vouches that no account changed since it was read, the commands of
     * a table then costing no promise at all while the seat holds (docs/live-table.md "The fan-out").
     */
    function actorOf(gameId: string): SeatedActor | Promise<SeatedActor> {
      if (readUnder !== null && readUnder === identity.accountsStamp()) return seatOf(gameId);
      return rereadAccount().then(() => seatOf(gameId));
    }

    function seatOf(gameId: string): SeatedActor | Promise<SeatedActor> {
      const known = seats.get(gameId);
      if (known && holds(known)) return known.actor;
      return readSeat(gameId);
    }

    /** The seat room still held, and one of the readers' rooms: nobody took the socket out since. */
    function holds({ roomNames }: Seat): boolean {
      const held = socket.rooms;
      return held.has(roomNames.seat) && (held.has(roomNames.managers) || held.has(roomNames.players));
    }

    async function readSeat(gameId: string): Promise<SeatedActor> {
      const roomNames = seatRooms(gameId, user().id);
      // Joined before reading: a change made from now on takes the socket out again, so what is read is never kept stale.
      await socket.join(roomNames.seat);
      try {
        const actor = await table.actorOf(gameId, user());
        seats.set(gameId, { actor, roomNames });
        return actor;
      } catch (error) {
        // An outsider's command leaves no room behind, whatever game ids they try.
        await socket.leave(roomNames.seat);
        throw error;
      }
    }

    // A drop, the table's most frequent command, goes without an async step of its own: the
    // seat is at hand and the command decided at once (docs/live-table.md "The fan-out").
    on('itemChange', itemChangePayload, (payload) => {
      rates.take(user().id, kindOfItemChange(payload.change));
      const actor = actorOf(payload.gameId);
      return actor instanceof Promise
        ? actor.then((seated) => table.changeItem(payload.gameId, seated, payload))
        : table.changeItem(payload.gameId, actor, payload);
    });
    on('mapChange', mapChangePayload, async (payload) => {
      rates.take(user().id, 'map');
      await table.changeMap(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('gridChange', gridChangePayload, async (payload) => {
      rates.take(user().id, 'map');
      await table.changeGrid(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('historyChange', historyChangePayload, async (payload) => {
      rates.take(user().id, 'history');
      await table.changeHistory(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('fogChange', fogChangePayload, async (payload) => {
      rates.take(user().id, 'fog');
      await table.changeFog(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('visionChange', visionChangePayload, async (payload) => {
      rates.take(user().id, 'vision');
      await table.changeVision(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('turnOrderChange', turnOrderChangePayload, async (payload) => {
      rates.take(user().id, 'turnOrder');
      await table.changeTurnOrder(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('attack', attackPayload, async (payload) => {
      rates.take(user().id, 'attack');
      await table.attack(payload.gameId, await actorOf(payload.gameId), payload);
    });
    on('ambienceChange', ambienceChangePayload, async (payload) => {
      rates.take(user().id, 'ambience');
      await table.changeAmbience(payload.gameId, await actorOf(payload.gameId), payload);
    });
    // The client's offset to this clock times the ambience's tracks (decision 0031).
    on('serverClock', z.object({}), (): ServerClockAnswer => ({ ok: true, now: Date.now() }));
    on('newMessage', newMessagePayload, async (payload) => {
      if (!chat.take(user().id)) throw httpError(429, messageFloodRefusal);
      await table.say(payload.gameId, await actorOf(payload.gameId), payload);
    });

    on('tableCatchUp', tableCatchUpRequest, async ({ gameId, afterSeq, epoch }): Promise<CatchUp> => {
      const actor = await actorOf(gameId);
      // Rooms first, then the log: an event committed in between arrives live and as a duplicate, never not at all.
      await Promise.all(readerRooms(gameId, actor).map((room) => socket.join(room)));
      return table.catchUp(gameId, actor, afterSeq, epoch);
    });

    const view = async ({ gameId }: { gameId: string }): Promise<TableViewAnswer> => ({
      ok: true,
      state: await table.view(gameId, await actorOf(gameId)),
    });
    on('mapRequest', tableRequest, view);
    on('itemRequest', tableRequest, view);
    on('turnOrderRequest', tableRequest, view);
    on('requestTurnOrder', tableRequest, view);

    on('playerRequest', tableRequest, async ({ gameId }): Promise<GameCharactersAnswer> => {
      return { ok: true, players: await table.charactersOf(gameId, await actorOf(gameId)) };
    });

    on('connectedPlayersRequest', tableRequest, async ({ gameId }): Promise<ConnectedPlayersUpdate> => {
      await actorOf(gameId);
      const players = await presence.connectedUsers(gameId);
      return { gameId, count: players.length, players };
    });

    /**
     * Where a reader's ping or ruler goes (decision 0018): the rooms of those who see its map, the
     * sender's own socket left out (it drew it already), or the refusal when the map is not theirs;
     * and its points kept on the map.
     */
    async function pointerRooms(gameId: string, map: string, bring: boolean, points: Point[]) {
      if (!isReading(socket, gameId)) throw httpError(403, tableServerMessages.notSeated);
      const actor = await seatOf(gameId);
      const state: TableState = table.cached(gameId) ?? (await table.current(gameId));
      const where = pointerAudience(state, actor, map, bring, points);
      if ('refusal' in where) throw httpError(403, where.refusal);
      // pointerAudience refuses a map that is not open.
      const size = openMap(state, map)!;
      const audience =
        where.audience === 'everyone'
          ? [rooms.tableManagers(gameId), rooms.tablePlayers(gameId)]
          : [rooms.tableManagers(gameId)];
      const onMap = points.map((point) => pointOnMap(point, size));
      return { actor, audience, onMap, name: user().displayName };
    }

    on('tablePing', tablePingPayload, async ({ gameId, map, at, bring }) => {
      if (!pings.take(user().id)) throw httpError(429, tableServerMessages.pingFlood);
      const { actor, audience, onMap, name } = await pointerRooms(gameId, map, bring, [at]);
      const pinged: TablePinged = { map, at: onMap[0]!, bring, userId: actor.userId, name };
      socket.to(audience).emit('tablePinged', pinged);
    });

    /** Each ruler this socket shows, by game: its end, and the rooms that hold it, told when it goes. */
    const shownRulers = new Map<string, { audience: string[]; end: TableRulerShown }>();

    // A socket's ruler messages are decided one after the other, as sent: an end read while the
    // arrow before it is still being checked would find nothing shown, and be lost.
    let rulerTurn: Promise<unknown> = Promise.resolve();
    on('tableRuler', tableRulerPayload, (payload) => {
      const turn = rulerTurn.then(() => showRuler(payload));
      rulerTurn = turn.catch(() => undefined);
      return turn;
    });

    async function showRuler({ gameId, map, ruler }: TableRulerPayload) {
      const held = shownRulers.get(gameId);
      if (!ruler) {
        // The end of a shown ruler must not be lost, or it would stay drawn on the others' maps; it
        // goes where the ruler went, which an end elsewhere would tell of.
        if (!held) return;
        shownRulers.delete(gameId);
        socket.to(held.audience).emit('tableRulerShown', held.end);
        return;
      }
      if (!rulers.take(user().id)) return;
      const { actor, audience, onMap, name } = await pointerRooms(gameId, map, false, [ruler.from, ruler.to]);
      const shown: TableRulerShown = {
        map,
        ruler: { from: onMap[0]!, to: onMap[1]! },
        userId: actor.userId,
        name,
      };
      // Readers who held it and may no longer (it reached into the fog, or moved to another map) see it end.
      const left = held?.audience.filter((room) => held.end.map !== map || !audience.includes(room)) ?? [];
      if (left.length > 0) socket.to(left).emit('tableRulerShown', held!.end);
      shownRulers.set(gameId, { audience, end: { ...shown, ruler: null } });
      socket.to(audience).volatile.emit('tableRulerShown', shown);
    }

    // A closed tab or a lost network never sends its ruler's end: the server says it, through the
    // adapter, to the readers on every process.
    socket.on('disconnecting', () => {
      for (const { audience, end } of shownRulers.values()) socket.to(audience).emit('tableRulerShown', end);
      shownRulers.clear();
    });

    // A drag is relayed in the turn that read it whenever the seat and the token are in memory: one
    // that waited a turn went out after the drop read with it (a finger's last move and its lift
    // often come in one read), and the others kept the token drawn where the drag had passed.
    on('itemDrag', itemDragPayload, (drag) => {
      const { gameId, map, usableId } = drag;
      // Only a reader of the table drags: a drag never seats anyone.
      if (!isReading(socket, gameId)) throw httpError(403, tableServerMessages.notSeated);
      // The seat as last read: a drag is too frequent to read the account for, and the next
      // command applies a changed role.
      const seat = seatOf(gameId);
      const relay = (actor: SeatedActor) => {
        if (!drags.take(actor.userId)) return undefined;
        // The copy in memory first; a token it lacks may come from another process.
        const cached = table.cached(gameId);
        return cached && tokenAt(cached, map, usableId)
          ? relayDrag(actor, cached, drag)
          : table.current(gameId).then((state) => relayDrag(actor, state, drag));
      };
      return seat instanceof Promise ? seat.then(relay) : relay(seat);
    });

    /** A drag relayed to those who may see the token where it is dragged, or the refusal. */
    function relayDrag(
      actor: SeatedActor,
      state: TableState,
      { gameId, map, usableId, ...position }: ItemDragPayload,
    ): void {
      const token = tokenSeenBy(actor, state, map, usableId);
      if (!token) throw httpError(404, tableMessages.tokenNotFound);
      if (!managesTable(actor) && !ownsToken(actor, token)) throw httpError(403, tableMessages.notYourToken);
      const dragging: ItemDragging = {
        map,
        usableId,
        ...clampPercent(position, openMap(state, map), tokenCells(token), gridOf(state, map).cellPx),
        userId: actor.userId,
      };
      // The players hear of a token they see on their map only, not of the map the MJ prepares,
      // and only while it is dragged out of the fog and within the party's sight.
      const audience =
        seenByPlayers(state, map, token) && seenByPlayers(state, map, { ...token, ...dragging })
          ? [rooms.tableManagers(gameId), rooms.tablePlayers(gameId)]
          : [rooms.tableManagers(gameId), rooms.tablePlayer(gameId, actor.userId)];
      socket.to(audience).volatile.emit('itemDragging', dragging);
    }
  };
}
