import { chatAudienceMessages } from './chat-audience';
import type { Point } from '../geometry/geometry';
import { pointInPolygon } from '../geometry/sight';
import { fogOf, pixelInFog, tokenInFog } from './fog';
import { healthOf, hidesHealth, withHealthBanded } from './health';
import type { PlayerSight } from './map-vision';
import { inSight, playerSightOf, sightOfCharacters, visionOf } from './player-sight';
import { handoutsHeldBy } from './handouts';
import { dict, orderOf, own, tokenAt, tokensOfMap } from './records';
import { rememberedBy } from './remembered';
import {
  HIDDEN_TURN,
  type ChatMessage,
  type MapToken,
  type SightChange,
  type TableActor,
  type TableEvent,
  type TableEventBody,
  type TableState,
} from './types';

/** MJ and admin run the table: they see and may change everything (table.md §6). */
export function managesTable(actor: Pick<TableActor, 'role'>): boolean {
  return actor.role === 'mj' || actor.role === 'admin';
}

export function ownsToken(actor: Pick<TableActor, 'characterIds'>, token: MapToken): boolean {
  return token.isPlayer && actor.characterIds.includes(token.itemId);
}

/** table.md §6: MJ and admin move and change any token; a player only their own character's. */
export function controlsToken(actor: Pick<TableActor, 'role' | 'characterIds'>, token: MapToken): boolean {
  return managesTable(actor) || ownsToken(actor, token);
}

/**
 * A token as a player receives it: a monster's HP give way to its band, and its fight figures
 * (AC, attack bonus, damage) stay with the MJ and admins, who alone see monster details (table.md §6).
 */
function asPlayersSee(token: MapToken): MapToken {
  if (token.isPlayer) return token;
  // Its darkvision too: a figure of the monster's sheet, and no player's sight reads it.
  const { darkvision: _darkvision, ...seen } = withHealthBanded(token);
  return { ...seen, AC: null, attackBonus: null, damage: null };
}

/** Whether the players may see this token of that map: shown by the MJ, and its centre out of the fog. */
function inPlayersSight(state: TableState, map: string, token: MapToken): boolean {
  return token.visibility && !tokenInFog(state, map, token);
}

/**
 * On a map with vision (decision 0025), whether these characters' tokens see the token: the centre
 * of one of its cells in the sight of one of theirs. Always on a map without vision.
 */
function inSightOfCharacters(
  state: TableState,
  map: string,
  characterIds: readonly string[],
  token: MapToken,
): boolean {
  if (!visionOf(state, map)) return true;
  return inSight(state, map, sightOfCharacters(state, map, characterIds), token);
}

/**
 * A player sees the tokens of that map in the players' sight (`inPlayersSight`) and, on a map with
 * vision, in their own tokens' sight; and their own tokens, hidden or in fog or not. A player with
 * no token on a map with vision sees none of it but their own: nothing looks for them.
 */
export function canSee(
  actor: TableActor,
  state: TableState,
  map: string,
  token: MapToken | undefined,
): boolean {
  return (
    token !== undefined &&
    (managesTable(actor) ||
      ownsToken(actor, token) ||
      (inPlayersSight(state, map, token) && inSightOfCharacters(state, map, actor.characterIds, token)))
  );
}

/** The characters of every token of the map that belongs to a player: the party's eyes. */
function partyOf(state: TableState, map: string): string[] {
  return Object.values(tokensOfMap(state, map))
    .filter((token) => token.isPlayer)
    .map((token) => token.itemId);
}

/**
 * The map the players are on (`currentMap`): the only one whose tokens, orders and lines reach them.
 * A map the MJ prepares alone, or one the players left, does not exist for them (docs/live-table.md
 * "The players' map").
 */
export function isPlayersMap(state: TableState, map: string): boolean {
  return state.currentMap?.name === map;
}

/** The token of that map, if this actor may know of it: any for a manager, else on the players' map. */
export function tokenSeenBy(
  actor: TableActor,
  state: TableState,
  map: string,
  usableId: string,
): MapToken | undefined {
  if (!managesTable(actor) && !isPlayersMap(state, map)) return undefined;
  const token = tokenAt(state, map, usableId);
  return canSee(actor, state, map, token) ? token : undefined;
}

/**
 * Whether the players may read a line about these tokens of that map: all in their sight on the map
 * they are on and, on a map with vision, each seen by one of the party's tokens: a line is the
 * table's talk, and the party tells each other what one of them sees. Else the line is the
 * managers' alone (`audience: 'managers'`).
 */
export function seenByPlayers(state: TableState, map: string, ...tokens: readonly MapToken[]): boolean {
  if (!isPlayersMap(state, map)) return false;
  const party = visionOf(state, map) ? partyOf(state, map) : [];
  return tokens.every(
    (token) => inPlayersSight(state, map, token) && inSightOfCharacters(state, map, party, token),
  );
}

/**
 * Whether the players may be shown a point of their map (a ping): out of the fog and, on a map
 * with vision, in the sight of one of the party's tokens.
 */
export function pointSeenByPlayers(state: TableState, map: string, at: Point): boolean {
  if (pixelInFog(state, map, at)) return false;
  if (!visionOf(state, map)) return true;
  return sightOfCharacters(state, map, partyOf(state, map)).some((polygon) => pointInPolygon(at, polygon));
}

/**
 * The order as the actor may know it: the participants they see and, when the one playing is
 * hidden from them, HIDDEN_TURN first, so nobody they see reads as playing. A combat of hidden
 * participants only stays unknown.
 */
function visibleOrder(state: TableState, map: string, actor: TableActor): string[] {
  const order = orderOf(state, map);
  const seen = order.filter((id) => canSee(actor, state, map, tokenAt(state, map, id)));
  return seen.length > 0 && seen[0] !== order[0] ? [HIDDEN_TURN, ...seen] : seen;
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The table as this actor may know it: what the server sends as a snapshot, and what the
 * actor's copy folds to from its projected events. A player holds the players' map alone: never
 * a hidden token, its place in a turn order, the map the MJ is preparing without them (nor one
 * they left), a monster's HP (its band stands for them) or its fight figures.
 */
export function visibleTo(state: TableState, actor: TableActor): TableState {
  if (managesTable(actor)) return state;
  const tokens: TableState['tokens'] = dict();
  const turnOrders: TableState['turnOrders'] = dict();
  const rounds: NonNullable<TableState['rounds']> = dict();
  const grids: TableState['grids'] = dict();
  const fogs: TableState['fogs'] = dict();
  const map = state.currentMap?.name;
  if (map !== undefined) {
    const round = own(state.rounds, map)?.round;
    if (round !== undefined) rounds[map] = { round };
    const grid = own(state.grids, map);
    if (grid) grids[map] = grid;
    const fog = fogOf(state, map);
    if (fog) fogs[map] = fog;
    const seen = dict(
      Object.entries(tokensOfMap(state, map))
        .filter(([, token]) => canSee(actor, state, map, token))
        .map(([usableId, token]) => [usableId, asPlayersSee(token)]),
    );
    if (Object.keys(seen).length > 0) tokens[map] = seen;
    const order = visibleOrder(state, map, actor);
    if (order.length > 0) turnOrders[map] = order;
  }
  // Their own history alone: the managers' and the other players' name and patch what they may not see.
  const history = own(state.history, actor.userId);
  // Their sight in place of the walls: a wall drawn where they never looked tells of a room.
  const sight = playerSightOf(state, actor.characterIds);
  return {
    lastSeq: state.lastSeq,
    currentMap: state.currentMap,
    masterMap: state.currentMap,
    tokens,
    turnOrders,
    rounds,
    grids,
    history: history ? dict([[actor.userId, history]]) : dict(),
    fogs,
    ...(sight ? { sight } : {}),
    // The ambience is everyone's: the MJ plays it for the whole table.
    ...(state.ambience ? { ambience: state.ambience } : {}),
    // Their own handouts alone: the others' are not even named to them (decision 0041).
    ...(state.handouts ? { handouts: handoutsHeldBy(state.handouts, actor.userId) } : {}),
  };
}

/**
 * Whether this actor reads a chat line: everyone's, or the managers' and the character it names —
 * and a whisper its sender.
 */
export function readsLine(
  actor: TableActor,
  line: Pick<ChatMessage, 'audience' | 'reader' | 'whisperTo' | 'senderUserId'>,
): boolean {
  return (
    managesTable(actor) ||
    line.audience !== 'managers' ||
    (line.reader !== undefined && actor.characterIds.includes(line.reader)) ||
    (line.whisperTo !== undefined && line.senderUserId === actor.userId)
  );
}

/**
 * A chat line as this actor receives it: the line itself, nothing (null) when it is not theirs to
 * read, or — a roll out of sight they may not see — the speaker and « jet secret » alone: no dice,
 * no total, no label, and a plain roll's type, so not even a critical shows (decision 0021).
 */
export function lineAs(actor: TableActor, line: ChatMessage): ChatMessage | null {
  if (!readsLine(actor, line)) return null;
  if (line.rollMode === undefined || managesTable(actor)) return line;
  const roller = line.senderUserId === actor.userId;
  if (roller && line.rollMode === 'secret') return line;
  const { playerName, senderId, avatar, senderUserId, rollMode } = line;
  return {
    playerName,
    senderId,
    avatar,
    senderUserId,
    message: roller ? chatAudienceMessages.blindRoll : chatAudienceMessages.secretRoll,
    type: 'diceRoll',
    rollMode,
    // The roller named their blind roll themselves: it is theirs to read again.
    ...(roller && line.label !== undefined ? { label: line.label } : {}),
  };
}

/**
 * Whether players may receive this line differently from one another (a reader's, a whisper's
 * sender's, a roller's own copy), so each player's projection is computed.
 */
export function linePerPlayer(line: ChatMessage): boolean {
  return line.reader !== undefined || line.whisperTo !== undefined || line.rollMode !== undefined;
}

function redacted(event: TableEvent): TableEvent {
  return {
    type: 'redacted',
    payload: {},
    seq: event.seq,
    ...(event.epoch === undefined ? {} : { epoch: event.epoch }),
    userId: null,
    createdAt: event.createdAt,
  };
}

function seesTokenIn(actor: TableActor, state: TableState, map: string, usableId: string): boolean {
  return tokenSeenBy(actor, state, map, usableId) !== undefined;
}

/** The map whose tokens or order an event changes; none for a map's choice or a chat line. */
function mapOfEvent(event: TableEventBody): string | undefined {
  return 'map' in event.payload && typeof event.payload.map === 'string' ? event.payload.map : undefined;
}

/**
 * The players' map as a player receives it when the MJ brings them to it or clears it: its
 * visible tokens and order, which replace all their copy held.
 */
function shown(event: TableEvent, after: TableState, actor: TableActor): TableEvent {
  const view = visibleTo(after, actor);
  const map = view.currentMap;
  const round = map ? own(view.rounds, map.name)?.round : undefined;
  const grid = map ? own(view.grids, map.name) : undefined;
  const fog = map ? fogOf(view, map.name) : undefined;
  return {
    ...event,
    type: 'map.shown',
    payload: {
      map,
      tokens: map ? Object.values(tokensOfMap(view, map.name)) : [],
      order: map ? [...orderOf(view, map.name)] : [],
      ...(round === undefined ? {} : { round }),
      ...(grid ? { grid } : {}),
      ...(fog ? { fog } : {}),
      ...(view.sight ? { sight: view.sight } : {}),
    },
  };
}

/**
 * Someone else's undo or redo as a player receives it: the tokens it touched as they see them after
 * it, null for one they saw and no longer see, nothing of one they never saw; the order and the
 * round's number as they know them; the grid and fog of their map. A fog or a grid put back moves
 * others into or out of their sight, as a change of either does: those come along too. Redacted
 * when nothing of it shows.
 */
function restoredAs(
  event: Extract<TableEvent, { type: 'table.restored' }>,
  before: TableState,
  after: TableState,
  actor: TableActor,
): TableEvent {
  const { by, direction, map, grid: gridPatch, fog } = event.payload;
  const touched = new Set(Object.keys(event.payload.tokens));
  // With vision, a token the patch left alone may come into their sight or leave it with one of theirs.
  const sightMoved = gridPatch !== undefined || fog !== undefined || visionOf(after, map) !== undefined;
  const tokens = dict<MapToken | null>();
  const consider = sightMoved
    ? new Set([...touched, ...Object.keys(tokensOfMap(before, map)), ...Object.keys(tokensOfMap(after, map))])
    : touched;
  for (const usableId of consider) {
    const now = tokenSeenBy(actor, after, map, usableId);
    const was = seesTokenIn(actor, before, map, usableId);
    if (now && (touched.has(usableId) || !was)) tokens[usableId] = asPlayersSee(now);
    else if (!now && was) tokens[usableId] = null;
  }
  const order = visibleOrder(after, map, actor);
  const roundNow = own(after.rounds, map)?.round;
  const grid = gridPatch === undefined ? undefined : (own(after.grids, map) ?? null);
  const sight = movedSight(before, after, actor);
  if (
    Object.keys(tokens).length === 0 &&
    sameOrder(visibleOrder(before, map, actor), order) &&
    own(before.rounds, map)?.round === roundNow &&
    grid === undefined &&
    fog === undefined &&
    sight === undefined
  ) {
    return redacted(event);
  }
  return {
    ...event,
    payload: {
      by,
      direction,
      map,
      tokens,
      order,
      round: roundNow === undefined ? null : { round: roundNow },
      ...(grid === undefined ? {} : { grid }),
      ...(fog === undefined ? {} : { fog }),
      ...(sight === undefined ? {} : { sight }),
    },
  };
}

/**
 * What an event did to a player's copy of the map: the tokens it brought into their sight or
 * changed there (their own moved one), those it took out of it, and their order after it.
 */
function copyChange(
  before: TableState,
  after: TableState,
  actor: TableActor,
  map: string,
): Required<SightChange> {
  const was = tokensOfMap(before, map);
  const now = tokensOfMap(after, map);
  const appeared: MapToken[] = [];
  const vanished: string[] = [];
  for (const [usableId, token] of Object.entries(now)) {
    const earlier = own(was, usableId);
    const seen = canSee(actor, after, map, token);
    const seenBefore = canSee(actor, before, map, earlier);
    if (seen && (!seenBefore || earlier !== token)) appeared.push(asPlayersSee(token));
    if (!seen && seenBefore) vanished.push(usableId);
  }
  for (const [usableId, token] of Object.entries(was)) {
    if (own(now, usableId) === undefined && canSee(actor, before, map, token)) vanished.push(usableId);
  }
  return { appeared, vanished, order: visibleOrder(after, map, actor) };
}

/**
 * A player's own undo or redo, which they receive whole; on a map with vision, with their sight
 * after it and the tokens it brought into their sight or took out of it.
 */
function ownRestored(
  event: Extract<TableEvent, { type: 'table.restored' }>,
  before: TableState,
  after: TableState,
  actor: TableActor,
): TableEvent {
  const { map } = event.payload;
  const sight = playerSightOf(after, actor.characterIds);
  if (!visionOf(after, map) || !sight) return event;
  return { ...event, payload: { ...event.payload, sight, seen: copyChange(before, after, actor, map) } };
}

/**
 * What a change of the fog, or of the grid under it, did to a player's copy of the map. Nothing on
 * a map without fog or vision, whose sight neither changes.
 */
function sightChange(before: TableState, after: TableState, actor: TableActor, map: string): SightChange {
  const ruled = [before, after].some((state) => fogOf(state, map) ?? visionOf(state, map));
  return ruled ? copyChange(before, after, actor, map) : {};
}

/** The player's sight after the event when it differs from theirs before it. */
function movedSight(before: TableState, after: TableState, actor: TableActor): PlayerSight | undefined {
  const now = playerSightOf(after, actor.characterIds);
  const was = playerSightOf(before, actor.characterIds);
  return now && (now.polygons !== was?.polygons || now.map !== was.map || now.explored !== was.explored)
    ? now
    : undefined;
}

/**
 * An event that moved a player's eyes, or the walls before them, as they receive it: their sight
 * now, and what it changed in their copy (the moved token of theirs among the tokens that appeared).
 */
function sightEvent(event: TableEvent, before: TableState, after: TableState, actor: TableActor): TableEvent {
  const map = after.currentMap!.name;
  return {
    ...event,
    type: 'vision.sight',
    payload: {
      ...playerSightOf(after, actor.characterIds)!,
      ...copyChange(before, after, actor, map),
      ...(event.type === 'token.moved' && event.payload.recorded ? { recorded: event.payload.recorded } : {}),
    },
  };
}

/** A move's entry in its author's history is theirs alone (decision 0043): the others' move is without it. */
function unrecorded(event: TableEvent & { type: 'token.moved' }): TableEvent & { type: 'token.moved' } {
  const { recorded: _theirs, ...payload } = event.payload;
  return { ...event, payload };
}

/** Whether the token the event names is one of the player's own, before or after it, on a map with vision. */
function movesEyes(actor: TableActor, before: TableState, after: TableState, map: string, usableId: string) {
  if (!visionOf(after, map)) return false;
  const token = tokenAt(after, map, usableId) ?? tokenAt(before, map, usableId);
  return token !== undefined && ownsToken(actor, token);
}

/** The token moved, as a player who may see it before or after (or neither) receives the move. */
function moveAs(
  event: TableEvent & { type: 'token.moved' | 'token.resized' },
  before: TableState,
  after: TableState,
  actor: TableActor,
): TableEvent {
  if (event.type === 'token.moved' && event.payload.recorded && event.payload.recorded.by !== actor.userId)
    return moveAs(unrecorded(event), before, after, actor);
  const { map, usableId } = event.payload;
  if (movesEyes(actor, before, after, map, usableId)) return sightEvent(event, before, after, actor);
  const was = seesTokenIn(actor, before, map, usableId);
  const token = tokenSeenBy(actor, after, map, usableId);
  if (was && token) return event;
  if (token) {
    // Out of the fog: it comes into their copy as a token shown, with its place in their order.
    return {
      ...event,
      type: 'token.visibilityChanged',
      payload: { map, token: asPlayersSee(token), order: visibleOrder(after, map, actor) },
    };
  }
  return was
    ? {
        ...event,
        type: 'token.concealed',
        payload: { map, usableId, order: visibleOrder(after, map, actor) },
      }
    : redacted(event);
}

/**
 * The logged event as this actor receives it, given the server's state before and after it.
 * Every actor gets every seq — what they may not see arrives `redacted` — so a player's copy has
 * no gaps and folds to exactly `visibleTo(after, actor)`.
 */
export function projectEvent(
  event: TableEvent,
  before: TableState,
  after: TableState,
  actor: TableActor,
): TableEvent {
  if (managesTable(actor)) return event;
  // Nothing of a map the players are not on reaches them: it changes nothing they hold.
  const map = mapOfEvent(event);
  if (map !== undefined && !isPlayersMap(after, map)) return redacted(event);
  switch (event.type) {
    case 'map.selected':
      return event.payload.bringPlayers ? shown(event, after, actor) : redacted(event);
    case 'map.cleared':
      return shown(event, after, actor);
    case 'map.gridSet': {
      const change = sightChange(before, after, actor, event.payload.map);
      const sight = movedSight(before, after, actor);
      return Object.keys(change).length === 0 && sight === undefined
        ? event
        : { ...event, payload: { ...event.payload, ...change, ...(sight ? { sight } : {}) } };
    }
    case 'map.visionChanged':
      // Lifted, it takes the sight rule away: what that shows them comes with it. Else their sight.
      return event.payload.change.kind === 'clear'
        ? { ...event, payload: { ...event.payload, ...copyChange(before, after, actor, event.payload.map) } }
        : sightEvent(event, before, after, actor);
    case 'map.fogChanged':
      return {
        ...event,
        payload: { ...event.payload, ...sightChange(before, after, actor, event.payload.map) },
      };
    case 'token.placed':
      if (movesEyes(actor, before, after, event.payload.map, event.payload.token.usableId))
        return sightEvent(event, before, after, actor);
      return canSee(actor, after, event.payload.map, event.payload.token)
        ? { ...event, payload: { ...event.payload, token: asPlayersSee(event.payload.token) } }
        : redacted(event);
    case 'token.moved':
    case 'token.resized':
      return moveAs(event, before, after, actor);
    case 'token.conditionsChanged':
      return seesTokenIn(actor, after, event.payload.map, event.payload.usableId) ? event : redacted(event);
    case 'token.adjusted': {
      const { map, usableId } = event.payload;
      const token = tokenAt(after, map, usableId);
      if (!canSee(actor, after, map, token)) return redacted(event);
      if (!token || event.payload.resource !== 'HP' || !hidesHealth(token)) return event;
      // A monster's HP reach a player as its band, and only when the band changes: a blow that
      // leaves it as wounded as it was tells them nothing the dice did not.
      const was = tokenAt(before, map, usableId);
      const band = healthOf(token);
      return was && healthOf(was) === band
        ? redacted(event)
        : { ...event, payload: { map, usableId, resource: 'HP', health: band } };
    }
    case 'token.removed': {
      const { map, usableId } = event.payload;
      if (movesEyes(actor, before, after, map, usableId)) return sightEvent(event, before, after, actor);
      const order = visibleOrder(after, map, actor);
      if (seesTokenIn(actor, before, map, usableId)) {
        // Losing the token may put someone hidden at the head: then the order comes along.
        const lost = visibleOrder(before, map, actor).filter((id) => id !== usableId);
        return sameOrder(lost, order) ? event : { ...event, payload: { ...event.payload, order } };
      }
      return sameOrder(visibleOrder(before, map, actor), order)
        ? redacted(event)
        : { ...event, type: 'turnOrder.reordered', payload: { map, order } };
    }
    case 'token.visibilityChanged': {
      const { map, token } = event.payload;
      if (canSee(actor, after, map, token)) {
        return {
          ...event,
          payload: {
            ...event.payload,
            token: asPlayersSee(token),
            order: visibleOrder(after, map, actor),
          },
        };
      }
      return seesTokenIn(actor, before, map, token.usableId)
        ? {
            ...event,
            type: 'token.concealed',
            payload: { map, usableId: token.usableId, order: visibleOrder(after, map, actor) },
          }
        : redacted(event);
    }
    case 'turnOrder.generated':
    case 'turnOrder.advanced': {
      // The round, never who played in it: those may be hidden.
      const { map, round } = event.payload;
      return {
        ...event,
        payload: { map, order: visibleOrder(after, map, actor), ...(round === undefined ? {} : { round }) },
      };
    }
    case 'turnOrder.reordered':
    case 'turnOrder.newCombat':
      return {
        ...event,
        payload: { map: event.payload.map, order: visibleOrder(after, event.payload.map, actor) },
      };
    case 'turnOrder.participantToggled': {
      const { map, usableId } = event.payload;
      const order = visibleOrder(after, map, actor);
      return seesTokenIn(actor, after, map, usableId)
        ? { ...event, payload: { ...event.payload, order } }
        : { ...event, type: 'turnOrder.reordered', payload: { map, order } };
    }
    case 'attack.performed': {
      const { map, attackerId, targetIds } = event.payload;
      if (!seesTokenIn(actor, before, map, attackerId)) return redacted(event);
      const seen = targetIds.filter((id) => seesTokenIn(actor, before, map, id));
      return seen.length === targetIds.length
        ? event
        : { ...event, payload: { ...event.payload, targetIds: seen } };
    }
    case 'chat.posted':
    case 'chat.system':
    case 'dice.rolled': {
      const line = lineAs(actor, event.payload);
      if (line === null) return redacted(event);
      return line === event.payload ? event : { ...event, payload: line };
    }
    // A player's history touches their own tokens alone: theirs to hold whole, nobody else's.
    case 'history.recorded':
      return event.payload.by === actor.userId ? event : redacted(event);
    case 'table.restored':
      return event.payload.by === actor.userId
        ? ownRestored(event, before, after, actor)
        : restoredAs(event, before, after, actor);
    case 'vision.explored': {
      // Their own character's memory grown: all they remember of the map now; nobody else's.
      if (!actor.characterIds.includes(event.payload.characterId)) return redacted(event);
      const { map } = event.payload;
      return {
        ...event,
        type: 'vision.remembered',
        payload: { map, explored: rememberedBy(after, map, actor.characterIds) },
      };
    }
    // A handout reaches its recipients alone, each as its only one: nothing of it, not its id, to the others.
    case 'handout.shown':
      return event.payload.recipients.includes(actor.userId)
        ? { ...event, payload: { ...event.payload, recipients: [actor.userId] } }
        : redacted(event);
    case 'handout.takenBack':
      return event.payload.recipients.includes(actor.userId)
        ? { ...event, payload: { ...event.payload, recipients: [actor.userId] } }
        : redacted(event);
    case 'ambience.changed':
    case 'ambience.ended':
    case 'map.shown':
    case 'vision.sight':
    case 'vision.remembered':
    case 'token.concealed':
    case 'redacted':
      return event;
  }
}
