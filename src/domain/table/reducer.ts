import { MAX_X_PERCENT, MAX_Y_PERCENT } from '../geometry/geometry';
import { GRID_CELL_MAX_PX, GRID_CELL_MIN_PX } from '../geometry/grid';
import { conditionsOf, isValidConditionList, withConditions } from './conditions';
import { isFogShape, withFogChange, withFogPatch } from './fog';
import { wallsProblem } from '../geometry/walls';
import type { MapVision, PlayerSight } from './map-vision';
import { visionOf } from './player-sight';
import { withExploredCells, withoutExplored } from './remembered';
import { withVisionChange } from './vision-changes';
import { isWholeToken, patchBetween } from './patch';
import { isValidTrack } from './ambience';
import { withHandoutEvent } from './handouts';
import { TOKEN_CELLS_MAX } from './token-size';
import {
  dict,
  openMap,
  orderOf,
  own,
  tokenAt,
  tokensOfMap,
  withEntry,
  withoutEntry,
  type Dict,
} from './records';
import type { RoundState } from '../turn-order/initiative';
import {
  HIDDEN_TURN,
  HISTORY_MAX,
  type HistoryEntry,
  type HistoryRecord,
  type MapToken,
  type SightChange,
  type TableEvent,
  type TableEventBody,
  type TablePatch,
  type TableState,
  type UserHistory,
} from './types';

/**
 * The one fold of the table, run by the server before it answers and by every client on what it
 * receives. Events carry outcomes (positions, values, whole turn orders), never operations, so
 * folding is a copy and cannot drift between machines.
 */

export const emptyTable: TableState = {
  lastSeq: 0,
  currentMap: null,
  masterMap: null,
  tokens: dict(),
  turnOrders: dict(),
  rounds: dict(),
  grids: dict(),
  history: dict(),
  fogs: dict(),
};

export type Reduced = { state: TableState } | { rejected: string };

function isInsideMap(x: number, y: number): boolean {
  return x >= 0 && x <= MAX_X_PERCENT && y >= 0 && y <= MAX_Y_PERCENT;
}

function isWithin(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= max;
}

function withMapTokens(state: TableState, map: string, tokens: Dict<MapToken>): TableState {
  const all =
    Object.keys(tokens).length === 0 ? withoutEntry(state.tokens, map) : withEntry(state.tokens, map, tokens);
  return { ...state, tokens: all };
}

/** A map holding the token is never empty: no count of its keys, at every drop. */
function withToken(state: TableState, map: string, token: MapToken): TableState {
  const tokens = withEntry(tokensOfMap(state, map), token.usableId, token);
  return { ...state, tokens: withEntry(state.tokens, map, tokens) };
}

function withMapOrder(state: TableState, map: string, order: readonly string[]): TableState {
  const turnOrders =
    order.length === 0 ? withoutEntry(state.turnOrders, map) : withEntry(state.turnOrders, map, [...order]);
  return { ...state, turnOrders };
}

/** Sets a map's order and makes every token's inTurnOrder say whether it is in it. */
function withOrder(state: TableState, map: string, order: readonly string[]): Reduced {
  const tokens = tokensOfMap(state, map);
  if (new Set(order).size !== order.length) return { rejected: 'turn order repeats a token' };
  // A player's copy may open with HIDDEN_TURN, which names no token, and only there.
  if (order.some((id, index) => (id === HIDDEN_TURN ? index !== 0 : own(tokens, id) === undefined)))
    return { rejected: 'turn order names a token not on the map' };
  const members = new Set(order);
  const flagged = dict(
    Object.entries(tokens).map(([id, token]) => [
      id,
      token.inTurnOrder === members.has(id) ? token : { ...token, inTurnOrder: members.has(id) },
    ]),
  );
  return { state: withMapOrder(withMapTokens(state, map, flagged), map, order) };
}

/** The map's round; `played` kept where this copy holds it, and only for participants still in the order. */
function withRound(state: TableState, map: string, round: RoundState | undefined): TableState {
  const rounds = round === undefined ? withoutEntry(state.rounds, map) : withEntry(state.rounds, map, round);
  return { ...state, rounds };
}

/** The round goes on after a change of the order; who played and left it is forgotten. */
function keptRound(state: TableState, map: string): TableState {
  const round = own(state.rounds, map);
  if (round?.played === undefined) return state;
  const order = new Set(orderOf(state, map));
  return withRound(state, map, { ...round, played: round.played.filter((id) => order.has(id)) });
}

/** A round carried by an event: its number (1 in events logged before rounds were counted) and who played. */
function carriedRound(was: number, { round, played }: { round?: number; played?: string[] }): RoundState {
  const number = round ?? was;
  return played === undefined ? { round: number } : { round: number, played: [...played] };
}

function withoutToken(state: TableState, map: string, usableId: string): TableState {
  const remaining = (own(state.turnOrders, map) ?? []).filter((id) => id !== usableId);
  return keptRound(
    withMapOrder(withMapTokens(state, map, withoutEntry(tokensOfMap(state, map), usableId)), map, remaining),
    map,
  );
}

/** A change of the map's order and its round: a new round, none (`null`, the fight ended) or the same one. */
function ordered(reduced: Reduced, map: string, round?: RoundState | null): Reduced {
  if ('rejected' in reduced) return reduced;
  if (round === undefined) return { state: keptRound(reduced.state, map) };
  return { state: withRound(reduced.state, map, round ?? undefined) };
}

/** Its numbers within bounds, or, in a player's copy of a monster, no numbers and its band. */
function hasValidHealth(token: MapToken): boolean {
  if (token.HP === null || token.currentHP === null) {
    return token.HP === null && token.currentHP === null && !token.isPlayer && token.health !== undefined;
  }
  return Number.isInteger(token.HP) && isWithin(token.currentHP, token.HP) && token.health === undefined;
}

function isValidToken(token: MapToken): boolean {
  return (
    token.usableId !== '' &&
    (token.conditions === undefined || isValidConditionList(token.conditions)) &&
    isInsideMap(token.x, token.y) &&
    hasValidHealth(token) &&
    (token.soulEssence === null
      ? token.currentSoulEssence === null
      : token.currentSoulEssence !== null && isWithin(token.currentSoulEssence, token.soulEssence))
  );
}

/**
 * The map with the patch applied (decision 0022): each token's keys set, a whole token put (back),
 * or taken off; then the order (the patch's, or the one left), which sets every token's
 * `inTurnOrder`; the round, the grid and the fog when the patch names them.
 */
export function applyPatch(state: TableState, map: string, patch: TablePatch): Reduced {
  let next = state;
  for (const [usableId, value] of Object.entries(patch.tokens)) {
    const token = tokenAt(next, map, usableId);
    if (value === null) {
      if (!token) return { rejected: 'no such token' };
      next = withoutToken(next, map, usableId);
      continue;
    }
    if (isWholeToken(value) ? value.usableId !== usableId : !token) return { rejected: 'no such token' };
    const changed = isWholeToken(value) ? value : { ...token!, ...value };
    const patched = withConditions(changed, [...conditionsOf(changed)]);
    if (!patched || !isValidToken(patched)) return { rejected: 'token out of bounds' };
    next = withToken(next, map, patched);
  }
  const ordered = withOrder(next, map, patch.order ?? orderOf(next, map));
  if ('rejected' in ordered) return ordered;
  next =
    patch.round === undefined
      ? keptRound(ordered.state, map)
      : withRound(ordered.state, map, patch.round ?? undefined);
  if (patch.grid !== undefined) {
    const grids =
      patch.grid === null ? withoutEntry(next.grids, map) : withEntry(next.grids, map, patch.grid);
    next = { ...next, grids };
  }
  if (patch.fog === null) next = { ...next, fogs: withoutEntry(next.fogs, map) };
  else if (patch.fog !== undefined) {
    const fog = withFogPatch(own(next.fogs, map), patch.fog);
    if (fog === null) return { rejected: 'fog changed since' };
    next = { ...next, fogs: withEntry(next.fogs, map, fog) };
  }
  return { state: next };
}

function withHistory(state: TableState, by: string, history: UserHistory): TableState {
  return { ...state, history: withEntry(state.history, by, history) };
}

/**
 * `entries` with `entry` last, in one copy (a drop's, at every drop): the oldest past `HISTORY_MAX`
 * left out, as it can no longer be undone.
 */
function pushed(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const kept = entries.slice(Math.max(0, entries.length - HISTORY_MAX + 1));
  kept.push(entry);
  return kept;
}

/** A new action on `by`'s history: it clears what they could redo. */
function withRecorded(state: TableState, { by, entry }: HistoryRecord): TableState {
  const done = own(state.history, by)?.done ?? [];
  return withHistory(state, by, { done: pushed(done, entry), undone: [] });
}

/**
 * The entry undone (or redone) moved to the other stack, with the patch that takes back what was
 * just applied. A copy without that user's history (a player's copy of someone else's) has nothing
 * to move.
 */
function historyMoved(
  state: TableState,
  by: string,
  direction: 'undo' | 'redo',
  inverse: TablePatch,
): TableState {
  const history = own(state.history, by);
  const [from, to] = direction === 'undo' ? (['done', 'undone'] as const) : (['undone', 'done'] as const);
  const entry = history?.[from].at(-1);
  if (!history || !entry) return state;
  const moved = { ...history, [from]: history[from].slice(0, -1) };
  return withHistory(state, by, { ...moved, [to]: pushed(history[to], { ...entry, patch: inverse }) });
}

/** A player's copy after the fog moved over the map: the tokens it took away and brought, their order. */
function withSight(state: TableState, map: string, { appeared, vanished, order }: SightChange): Reduced {
  let next = state;
  for (const usableId of vanished ?? []) {
    if (!tokenAt(next, map, usableId)) return { rejected: 'no such token' };
    next = withoutToken(next, map, usableId);
  }
  for (const token of appeared ?? []) {
    if (!isValidToken(token)) return { rejected: 'token out of bounds' };
    next = withToken(next, map, token);
  }
  return order ? withOrder(next, map, order) : { state: next };
}

/** A player's copy with their sight as the event gives it; as it was when the event carries none. */
function withPlayerSight(state: TableState, sight: PlayerSight | undefined): TableState {
  return sight ? { ...state, sight } : state;
}

/**
 * The table with the map's vision set, or taken off with the sight it gave. A copy that never held
 * a vision (a player's) is left without the record.
 */
function withVision(state: TableState, map: string, vision: MapVision | undefined): TableState {
  if (vision) return { ...state, visions: withEntry(state.visions, map, vision) };
  const { sight, visions, ...rest } = state;
  return {
    ...rest,
    ...(visions === undefined ? {} : { visions: withoutEntry(visions, map) }),
    ...(sight === undefined || sight.map === map ? {} : { sight }),
  };
}

/** The state after one event body, or why the event cannot apply to this state. */
export function reduce(state: TableState, event: TableEventBody): Reduced {
  switch (event.type) {
    case 'map.selected':
      return {
        state: {
          ...state,
          masterMap: event.payload.map,
          currentMap: event.payload.bringPlayers ? event.payload.map : state.currentMap,
        },
      };
    case 'map.cleared':
      return { state: { ...state, currentMap: null, masterMap: null } };
    case 'map.gridSet':
      if (!(event.payload.grid.cellPx >= GRID_CELL_MIN_PX && event.payload.grid.cellPx <= GRID_CELL_MAX_PX))
        return { rejected: 'cell outside its bounds' };
      return withSight(
        withPlayerSight(
          { ...state, grids: withEntry(state.grids, event.payload.map, event.payload.grid) },
          event.payload.sight,
        ),
        event.payload.map,
        event.payload,
      );
    case 'map.fogChanged': {
      const { map, change } = event.payload;
      if (change.kind === 'shape' && !isFogShape(change.shape))
        return { rejected: 'fog shape out of bounds' };
      const fogs = withEntry(state.fogs, map, withFogChange(own(state.fogs, map), change));
      return withSight({ ...state, fogs }, map, event.payload);
    }
    case 'map.visionChanged': {
      const { map, change } = event.payload;
      const vision = withVisionChange(visionOf(state, map), change);
      const open = openMap(state, map);
      if (vision && open && wallsProblem(vision.walls, open) !== null)
        return { rejected: 'walls out of bounds' };
      const forgets = change.kind === 'forget' || change.kind === 'clear';
      return withSight(
        withVision(forgets ? withoutExplored(state, map) : state, map, vision),
        map,
        event.payload,
      );
    }
    case 'vision.sight': {
      const { map, polygons, explored, recorded, ...change } = event.payload;
      const seen = withSight(withPlayerSight(state, { map, polygons, explored }), map, change);
      return recorded && 'state' in seen ? { state: withRecorded(seen.state, recorded) } : seen;
    }
    case 'vision.explored': {
      const { map, characterId, cells } = event.payload;
      if (!visionOf(state, map)) return { rejected: 'explored cells of a map without vision' };
      return withExploredCells(state, map, characterId, cells);
    }
    case 'vision.remembered': {
      const { map, explored } = event.payload;
      if (state.sight?.map !== map) return { rejected: 'remembered cells of a map out of sight' };
      return { state: { ...state, sight: { ...state.sight, explored } } };
    }
    case 'map.shown': {
      // A player's copy after the MJ brought them to a map or cleared it: that map alone.
      const { map, tokens, order, round, grid, fog, sight } = event.payload;
      const { sight: _sightBefore, ...kept } = state;
      const bare: TableState = {
        ...kept,
        ...(map && sight ? { sight } : {}),
        currentMap: map,
        masterMap: map,
        tokens: dict(),
        turnOrders: dict(),
        rounds: map && round !== undefined ? dict([[map.name, { round }]]) : dict(),
        grids: map && grid ? dict([[map.name, grid]]) : dict(),
        fogs: map && fog ? dict([[map.name, fog]]) : dict(),
      };
      if (map === null) {
        return tokens.length + order.length === 0 ? { state: bare } : { rejected: 'tokens without a map' };
      }
      if (!tokens.every(isValidToken)) return { rejected: 'token out of bounds' };
      const onMap = dict(tokens.map((token) => [token.usableId, token] as const));
      return withOrder(withMapTokens(bare, map.name, onMap), map.name, order);
    }
    case 'token.placed': {
      const { map, token } = event.payload;
      if (tokenAt(state, map, token.usableId)) return { rejected: 'token already on the map' };
      if (token.inTurnOrder) return { rejected: 'a new token is not in the turn order yet' };
      if (!isValidToken(token)) return { rejected: 'token out of bounds' };
      return { state: withToken(state, map, token) };
    }
    case 'token.moved': {
      const { map, usableId, x, y } = event.payload;
      const token = tokenAt(state, map, usableId);
      if (!token) return { rejected: 'no such token' };
      if (!isInsideMap(x, y)) return { rejected: 'position off the map' };
      const moved = withToken(state, map, { ...token, x, y });
      return { state: event.payload.recorded ? withRecorded(moved, event.payload.recorded) : moved };
    }
    case 'token.resized': {
      const { map, usableId, size, x, y } = event.payload;
      const token = tokenAt(state, map, usableId);
      if (!token) return { rejected: 'no such token' };
      if (!isWithin(size, TOKEN_CELLS_MAX) || size === 0) return { rejected: 'size out of bounds' };
      if (!isInsideMap(x, y)) return { rejected: 'position off the map' };
      return { state: withToken(state, map, { ...token, size, x, y }) };
    }
    case 'token.removed': {
      const { map, usableId, order } = event.payload;
      if (!tokenAt(state, map, usableId)) return { rejected: 'no such token' };
      const removed = withoutToken(state, map, usableId);
      return order ? withOrder(removed, map, order) : { state: removed };
    }
    case 'token.concealed': {
      const { map, usableId, order } = event.payload;
      return withOrder(withoutToken(state, map, usableId), map, order);
    }
    case 'token.visibilityChanged': {
      const { map, token, order } = event.payload;
      if (!isValidToken(token)) return { rejected: 'token out of bounds' };
      return withOrder(withToken(state, map, token), map, order);
    }
    case 'token.adjusted': {
      const { map, usableId, resource } = event.payload;
      const token = tokenAt(state, map, usableId);
      if (!token) return { rejected: 'no such token' };
      if ('health' in event.payload) {
        if (token.HP !== null) return { rejected: 'a band for a token whose numbers are known' };
        return { state: withToken(state, map, { ...token, health: event.payload.health }) };
      }
      const { value } = event.payload;
      const max = resource === 'HP' ? token.HP : token.soulEssence;
      if (max === null || !isWithin(value, max)) return { rejected: 'value outside 0..max' };
      const adjusted =
        resource === 'HP' ? { ...token, currentHP: value } : { ...token, currentSoulEssence: value };
      return { state: withToken(state, map, adjusted) };
    }
    case 'token.conditionsChanged': {
      const { map, usableId, conditions } = event.payload;
      const token = tokenAt(state, map, usableId);
      if (!token) return { rejected: 'no such token' };
      const marked = withConditions(token, conditions);
      return marked ? { state: withToken(state, map, marked) } : { rejected: 'conditions out of bounds' };
    }
    case 'turnOrder.generated': {
      const { map, order } = event.payload;
      return ordered(withOrder(state, map, order), map, carriedRound(1, event.payload));
    }
    case 'turnOrder.advanced': {
      const { map, order } = event.payload;
      return ordered(
        withOrder(state, map, order),
        map,
        carriedRound(own(state.rounds, map)?.round ?? 1, event.payload),
      );
    }
    case 'turnOrder.reordered':
      return ordered(withOrder(state, event.payload.map, event.payload.order), event.payload.map);
    case 'turnOrder.newCombat':
      return ordered(withOrder(state, event.payload.map, event.payload.order), event.payload.map, null);
    case 'turnOrder.participantToggled': {
      const { map, usableId, inTurnOrder, order } = event.payload;
      if (!tokenAt(state, map, usableId)) return { rejected: 'no such token' };
      if (order.includes(usableId) !== inTurnOrder) return { rejected: 'flag and order disagree' };
      return ordered(withOrder(state, map, order), map);
    }
    case 'attack.performed':
      // The attack's outcome is the HP and essence changes logged with it; the line only shows.
      return tokenAt(state, event.payload.map, event.payload.attackerId)
        ? { state }
        : { rejected: 'no such attacker' };
    case 'history.recorded':
      return { state: withRecorded(state, event.payload) };
    case 'table.restored': {
      const { by, direction, map, sight, seen, ...patch } = event.payload;
      const applied = applyPatch(state, map, patch);
      if ('rejected' in applied) return applied;
      const moved = historyMoved(applied.state, by, direction, patchBetween(applied.state, state, map));
      return withSight(withPlayerSight(moved, sight), map, seen ?? {});
    }
    case 'ambience.changed': {
      const { track } = event.payload;
      if (!isValidTrack(track)) return { rejected: 'track out of bounds' };
      return { state: { ...state, ambience: withEntry(state.ambience, track.id, track) } };
    }
    case 'ambience.ended':
      if (!own(state.ambience, event.payload.trackId)) return { rejected: 'no such track' };
      return { state: { ...state, ambience: withoutEntry(state.ambience, event.payload.trackId) } };
    case 'handout.shown':
    case 'handout.takenBack': {
      const handouts = withHandoutEvent(state.handouts, event);
      return handouts === null ? { rejected: 'no such handout' } : { state: { ...state, handouts } };
    }
    case 'chat.posted':
    case 'chat.system':
    case 'dice.rolled':
    case 'redacted':
      return { state };
  }
}

export type ApplyOutcome =
  | { outcome: 'applied'; state: TableState }
  /** Already folded (seq ≤ lastSeq): delivered twice, ignored. */
  | { outcome: 'duplicate'; state: TableState }
  /** Events are missing before this one: not applied, ask for the events after `state.lastSeq`. */
  | { outcome: 'gap'; state: TableState; missingFrom: number }
  /** Its seq is taken, but it does not fit the state: the log and this copy disagree. */
  | { outcome: 'rejected'; state: TableState; reason: string };

/**
 * Folds one logged event in seq order. The seq is the idempotence key: a replay is harmless, a
 * jump is reported instead of applied, so no client ever holds a state the server never had.
 */
export function applyEvent(state: TableState, event: TableEvent): ApplyOutcome {
  if (event.seq <= state.lastSeq) return { outcome: 'duplicate', state };
  if (event.seq > state.lastSeq + 1) return { outcome: 'gap', state, missingFrom: state.lastSeq + 1 };
  const reduced = reduce(state, event);
  if ('rejected' in reduced) {
    // Keep the seq so the copy moves on; the caller reports it and reloads a snapshot.
    return { outcome: 'rejected', state: { ...state, lastSeq: event.seq }, reason: reduced.rejected };
  }
  return { outcome: 'applied', state: { ...reduced.state, lastSeq: event.seq } };
}

/** Folds a run of events, stopping at the first gap. */
export function applyEvents(
  state: TableState,
  events: Iterable<TableEvent>,
): { state: TableState; gapAt: number | null; rejected: string[] } {
  let current = state;
  const rejected: string[] = [];
  for (const event of events) {
    const result = applyEvent(current, event);
    if (result.outcome === 'gap') return { state: current, gapAt: result.missingFrom, rejected };
    if (result.outcome === 'rejected') rejected.push(`${event.seq}: ${result.reason}`);
    current = result.state;
  }
  return { state: current, gapAt: null, rejected };
}

/** A snapshot is the state itself (plain JSON); copied so nobody shares it by mistake. */
export interface TableSnapshot {
  seq: number;
  state: TableState;
}

export function snapshotOf(state: TableState): TableSnapshot {
  return { seq: state.lastSeq, state: structuredClone(state) };
}

/**
 * The state of a snapshot, its records rebuilt without prototype (a clone or a JSON parse gives
 * ordinary objects, where a map named 'constructor' would read as one).
 */
export function restore(snapshot: TableSnapshot): TableState {
  const {
    tokens,
    turnOrders,
    rounds = {},
    grids,
    history = {},
    fogs,
    visions,
    explored,
    ambience,
    handouts,
    ...rest
  } = structuredClone(snapshot.state);
  return {
    ...rest,
    tokens: dict(Object.entries(tokens).map(([map, onMap]) => [map, dict(Object.entries(onMap))])),
    turnOrders: dict(Object.entries(turnOrders)),
    rounds: dict(Object.entries(rounds)),
    // Snapshots taken before maps had grids have none.
    grids: dict(Object.entries(grids ?? {})),
    // Snapshots taken before undo have no history.
    history: dict(Object.entries(history)),
    // Nor those taken before fog, fog.
    fogs: dict(Object.entries(fogs ?? {})),
    // Walls are the managers' alone: a player's snapshot has none, nor one taken before walls.
    ...(visions === undefined ? {} : { visions: dict(Object.entries(visions)) }),
    ...(explored === undefined
      ? {}
      : {
          explored: dict(
            Object.entries(explored).map(([map, characters]) => [map, dict(Object.entries(characters))]),
          ),
        }),
    // Nor one taken before the ambience, any.
    ...(ambience === undefined ? {} : { ambience: dict(Object.entries(ambience)) }),
    // Nor one taken before handouts were logged, any.
    ...(handouts === undefined
      ? {}
      : {
          handouts: dict(
            Object.entries(handouts).map(([id, held]) => [
              id,
              { ...held, holders: dict(Object.entries(held.holders)) },
            ]),
          ),
        }),
    lastSeq: snapshot.seq,
  };
}
