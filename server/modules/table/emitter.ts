import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { socketEventOf } from '#shared/wire/table';
import { fogOf, tokenInFog } from '#shared/domain/table/fog';
import { visionOf } from '#shared/domain/table/player-sight';
import { tokensOfMap } from '#shared/domain/table/records';
import { linePerPlayer, projectEvent } from '#shared/domain/table/visibility';
import { isChatEvent, type TableActor, type TableEvent, type TableState } from '#shared/domain/table/types';
import { reportInternalError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Broadcast, Realtime } from '../../realtime/types';

/** One logged event with the server's state around it: what projecting it needs. */
export interface Transition {
  event: TableEvent;
  before: TableState;
  after: TableState;
}

/**
 * Hands a command's events to the rooms. It settles at once unless it must read something first
 * (a hidden player token's owners): a drop is then emitted without a promise on its way.
 */
export type Emit = (gameId: string, transitions: readonly Transition[]) => void | Promise<void>;

/**
 * Emits and reports a failure instead of throwing it: the events are decided and on their way to
 * the log, and the clients that missed them catch up from it.
 */
export function emitReported(
  emit: Emit,
  gameId: string,
  transitions: readonly Transition[],
  log: FastifyBaseLogger,
): void | Promise<void> {
  try {
    return emit(gameId, transitions)?.catch((error: unknown) => void reportInternalError(log, error));
  } catch (error) {
    reportInternalError(log, error);
  }
}

/** A player owning nothing: what every player receives unless the event touches a hidden token of theirs. */
const anyPlayer: TableActor = { userId: '', role: 'player', characterIds: [] };

/**
 * Which players may read an event apart from `anyPlayer`. On a map without vision a token event's
 * projection differs only for the owners of the map's hidden player tokens (hidden, or in fog: its
 * owner sees it, the other players do not), before or after it; on a map with vision each player
 * sees what their own tokens see, and a line may be meant for one character's player (`reader`),
 * a whisper's sender or a hidden roll's roller: then every player's copy is projected.
 */
interface Apart {
  /** The characters of the event's map's hidden player tokens, before and after it. */
  owners: ReadonlySet<string>;
  /** Whether every player's copy is projected. */
  everyone: boolean;
  /** A chat line, whose readers may be anyone: the players are read again for it. */
  line: boolean;
}

const nobody: Apart = { owners: new Set(), everyone: false, line: false };

/** Whether some player may see this event differently from `anyPlayer`. */
const readApart = ({ owners, everyone }: Apart) => everyone || owners.size > 0;

/**
 * Who reads the event apart, found once per event for the players' reading and their projections:
 * each look at a token in fog walks the shapes over its centre.
 */
function apartOf({ event, before, after }: Transition): Apart {
  if (isChatEvent(event))
    return { owners: nobody.owners, everyone: linePerPlayer(event.payload), line: true };
  const map = mapOf(event);
  if (map === undefined) return nobody;
  const everyone = (visionOf(before, map) ?? visionOf(after, map)) !== undefined;
  const owners = new Set<string>();
  // A move changes where a token stands, never which tokens the map holds nor, without fog, who
  // sees them: the state after it is enough, one loop over the map's tokens at every drop instead of two.
  if (event.type !== 'token.moved' || fogOf(after, map) !== undefined)
    addHiddenPlayerTokens(before, map, owners);
  addHiddenPlayerTokens(after, map, owners);
  return owners.size === 0 && !everyone ? nobody : { owners, everyone, line: false };
}

/** The map a table event is about, the one the players are brought to included. */
function mapOf(event: TableEvent): string | undefined {
  const map =
    event.type === 'map.selected'
      ? event.payload.map.name
      : 'map' in event.payload
        ? event.payload.map
        : undefined;
  return typeof map === 'string' ? map : undefined;
}

/** Adds the characters of the map's player tokens that some players see and others do not. */
function addHiddenPlayerTokens(state: TableState, map: string, owners: Set<string>): void {
  const tokens = tokensOfMap(state, map);
  for (const usableId in tokens) {
    const token = tokens[usableId]!;
    if (token.isPlayer && (!token.visibility || tokenInFog(state, map, token))) owners.add(token.itemId);
  }
}

/**
 * The players of a game as last read, kept for the drops that follow: on a map with fog, a player
 * token in it makes every move one that players may see apart, and reading the players at each
 * one cost more than the rest of the drop (a query per drop, run on PGlite's own thread).
 */
interface KnownPlayers {
  players: TableActor[];
  characters: Set<string>;
}

/** Games whose players are kept, the most recently read ones: as many as the states kept. */
const KNOWN_GAMES = 2000;

/**
 * Whether the players read before serve this event as well as reading them again would: while
 * they own every hidden player token of the event's map, before and after it, the only ones who
 * may read it apart. A player who joined since, or a character made since, that owns none reads
 * as `anyPlayer` does; one that owns one is not known, and the players are read again. One who
 * left is still projected for, into a room they no longer are in. A chat line may be meant for
 * anyone: read every time.
 */
function servedBy(known: KnownPlayers, { owners, line }: Apart): boolean {
  if (line) return false;
  for (const itemId of owners) if (!known.characters.has(itemId)) return false;
  return true;
}

/**
 * The players who receive the event apart, known from the event itself: who undid, redid or
 * recorded an action (a move's author, decision 0043), a handout's recipients.
 */
function readersApart(event: TableEvent): readonly string[] {
  switch (event.type) {
    case 'history.recorded':
    case 'table.restored':
      return [event.payload.by];
    case 'token.moved':
      return event.payload.recorded ? [event.payload.recorded.by] : [];
    case 'handout.shown':
    case 'handout.takenBack':
      return event.payload.recipients;
    default:
      return [];
  }
}

/** Each `except` is one more operator to build: left out when nobody is apart, as at a drop. */
function except(readers: Broadcast, apart: string[]): Broadcast {
  return apart.length > 0 ? readers.except(apart) : readers;
}

/** What some of a command's readers receive of it, one envelope per event in seq order, and their rooms. */
interface Copy {
  events: readonly TableEvent[];
  rooms: string[];
}

/** Whether two copies of one command hold the very same envelopes: their readers share one message. */
const sameEnvelopes = (a: readonly TableEvent[], b: readonly TableEvent[]) =>
  a.every((event, index) => event === b[index]);

/**
 * A copy cut into messages, one per run of envelopes under the same socket event name: each
 * message is one packet, encoded once and written once to each socket (decision 0042).
 */
function messagesOf(events: readonly TableEvent[]): Array<{ name: string; payload: unknown }> {
  const messages: Array<{ name: string; events: TableEvent[] }> = [];
  for (const event of events) {
    const name = socketEventOf(event.type);
    const last = messages.at(-1);
    if (last?.name === name) last.events.push(event);
    else messages.push({ name, events: [event] });
  }
  return messages.map(({ name, events: run }) => ({ name, payload: run.length === 1 ? run[0] : run }));
}

/**
 * Sends each event to every reader of the game's table as they may see it, through rooms only, so
 * it works unchanged over the Redis adapter: the MJ and admins' room gets it as logged, the
 * players' room the projection of a player owning nothing, except the players whose own
 * projection differs (the owner of a hidden token), who get theirs in their own room.
 */
export function createTableEmitter(
  realtime: Realtime,
  playersOf: (gameId: string) => Promise<TableActor[]>,
): Emit {
  const { io } = realtime;
  const known = new Map<string, KnownPlayers>();
  return function emit(gameId, transitions) {
    const apart = transitions.map(apartOf);
    // The players are read only when some of them may see an event apart.
    if (!apart.some(readApart)) return send(gameId, transitions, apart, []);
    const kept = known.get(gameId);
    if (kept && apart.every((each) => servedBy(kept, each)))
      return send(gameId, transitions, apart, kept.players);
    return playersOf(gameId).then((players) => {
      known.delete(gameId);
      if (known.size >= KNOWN_GAMES) known.delete(known.keys().next().value!);
      known.set(gameId, { players, characters: new Set(players.flatMap((player) => player.characterIds)) });
      send(gameId, transitions, apart, players);
    });
  };

  function send(
    gameId: string,
    transitions: readonly Transition[],
    reads: readonly Apart[],
    players: readonly TableActor[],
  ): void {
    const shared: TableEvent[] = [];
    // The player rooms that read some event apart, and their envelope of each such event.
    const apart = new Map<string, Map<number, TableEvent>>();
    const differs = (room: string, index: number, envelope: TableEvent) => {
      let own = apart.get(room);
      if (!own) apart.set(room, (own = new Map()));
      own.set(index, envelope);
    };
    transitions.forEach(({ event, before, after }, index) => {
      const { owners, everyone } = reads[index]!;
      const common = projectEvent(event, before, after, anyPlayer);
      shared.push(common);
      // A history's author reads it whole, the other players redacted or without it (decisions
      // 0022, 0043); a handout's recipients read it, the others nothing (decision 0041). They are
      // known from the event, whatever their role: a manager's own room of a player is empty. Their
      // characters matter only where the players are read: a hidden token of theirs, or vision.
      const named = readersApart(event);
      for (const userId of named) {
        const reader = players.find((player) => player.userId === userId) ?? {
          userId,
          role: 'player',
          characterIds: [],
        };
        differs(rooms.tablePlayer(gameId, userId), index, projectEvent(event, before, after, reader));
      }
      for (const player of players) {
        if (named.includes(player.userId)) continue;
        // Owning none of the hidden tokens, they read it as `anyPlayer`: nothing to project.
        if (!everyone && !player.characterIds.some((itemId) => owners.has(itemId))) continue;
        const own = projectEvent(event, before, after, player);
        if (!isDeepStrictEqual(own, common)) differs(rooms.tablePlayer(gameId, player.userId), index, own);
      }
    });
    const managersRoom = rooms.tableManagers(gameId);
    const playersRoom = rooms.tablePlayers(gameId);
    // Readers holding the very same envelopes share one broadcast: most often everyone (a command
    // nobody reads apart), else the managers with the players who read it as logged (a history's
    // author, the owner of a token moving within fog), and the other players.
    const copies: Copy[] = [{ events: transitions.map(({ event }) => event), rooms: [managersRoom] }];
    const join = (events: readonly TableEvent[], room: string) => {
      const same = copies.find((copy) => sameEnvelopes(copy.events, events));
      if (same) same.rooms.push(room);
      else copies.push({ events, rooms: [room] });
    };
    for (const [room, own] of apart)
      join(
        shared.map((common, index) => own.get(index) ?? common),
        room,
      );
    join(shared, playersRoom);
    for (const copy of copies) {
      // The players' room holds the players read apart too: their own copy reaches them instead.
      const left = copy.rooms.includes(playersRoom)
        ? [...apart.keys()].filter((room) => !copy.rooms.includes(room))
        : [];
      for (const { name, payload } of messagesOf(copy.events))
        except(io.to(copy.rooms), left).emit(name, payload);
    }
  }
}
