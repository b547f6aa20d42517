import type { Decision, TableCommand } from './decide';
import { withFogPatch } from './fog';
import { MAX_TOKENS_PER_MAP, tableMessages, undoMessages } from './messages';
import { isEmptyPatch, isWholeToken, moveUndone, patchBetween } from './patch';
import { reduce } from './reducer';
import { dict, orderOf, own, tokenAt, tokensOfMap } from './records';
import { lineAbout } from './system-lines';
import type {
  HistoryEntry,
  HistoryRecord,
  MapToken,
  TableActor,
  TableEventBody,
  TablePatch,
  TableState,
} from './types';
import { controlsToken, isPlayersMap, managesTable, tokenSeenBy } from './visibility';

/**
 * Undo and redo (decision 0022). Each user's history is folded from the log into the state: an
 * action they may undo is followed in its append by a `history.recorded` event holding what puts
 * its map back (a move carries it on its last `token.moved`, decision 0043), computed by diffing
 * the table before and after the action's own events, so the undo restores exactly what the
 * action changed and keeps what others changed since.
 */

type Direction = 'undo' | 'redo';

/** The state after the action's events, as the server will fold them. */
export function folded(state: TableState, events: readonly TableEventBody[]): TableState {
  let after = state;
  for (const event of events) {
    const reduced = reduce(after, event);
    if ('rejected' in reduced) throw new Error(`decide made an event the table refuses: ${reduced.rejected}`);
    after = reduced.state;
  }
  return after;
}

const nameIn = (state: TableState, map: string, usableId: string) =>
  tokenAt(state, map, usableId)?.name ?? '';

/**
 * What names an action a user may undo, and its map; null for what is not theirs to undo. The
 * managers undo their own changes of the table; a player their own moves. An attack and « Générer »
 * are barriers: their rolls were seen.
 */
function labelled(
  state: TableState,
  after: () => TableState,
  command: TableCommand,
  actor: TableActor,
): { label: string; map: string; barrier?: true } | null {
  switch (command.type) {
    case 'token.move':
      return { label: undoMessages.moved(nameIn(state, command.map, command.usableId)), map: command.map };
    case 'token.moveMany': {
      const [only] = command.moves;
      const label =
        command.moves.length === 1 && only
          ? undoMessages.moved(nameIn(state, command.map, only.usableId))
          : undoMessages.movedMany(command.moves.length);
      return { label, map: command.map };
    }
    case 'attack.perform':
      return {
        label: undoMessages.attack(nameIn(state, command.map, command.attackerId)),
        map: command.map,
        barrier: true,
      };
    default:
      break;
  }
  if (!managesTable(actor)) return null;
  switch (command.type) {
    case 'token.place': {
      const placed = Object.values(tokensOfMap(after(), command.map)).find(
        (token) => tokenAt(state, command.map, token.usableId) === undefined,
      );
      return { label: undoMessages.placed(placed?.name ?? command.token.name), map: command.map };
    }
    case 'token.remove':
      return { label: undoMessages.removed(nameIn(state, command.map, command.usableId)), map: command.map };
    case 'token.toggleVisibility':
      return {
        label: undoMessages.visibility(nameIn(state, command.map, command.usableId)),
        map: command.map,
      };
    case 'token.adjust': {
      const name = nameIn(state, command.map, command.usableId);
      const label = command.resource === 'HP' ? undoMessages.hitPoints(name) : undoMessages.essence(name);
      return { label, map: command.map };
    }
    case 'token.resize':
      return { label: undoMessages.size(nameIn(state, command.map, command.usableId)), map: command.map };
    case 'token.condition':
      return {
        label: undoMessages.conditions(nameIn(state, command.map, command.usableId)),
        map: command.map,
      };
    case 'turnOrder.next':
      return { label: undoMessages.nextTurn, map: command.map };
    case 'turnOrder.toggle':
      return { label: undoMessages.participants, map: command.map };
    case 'turnOrder.reorder':
      return { label: undoMessages.reordered, map: command.map };
    case 'turnOrder.newCombat':
      return { label: undoMessages.newCombat, map: command.map };
    case 'turnOrder.generate':
      return { label: undoMessages.initiative, map: command.map, barrier: true };
    case 'map.setGrid':
      return { label: undoMessages.grid, map: command.map };
    case 'map.fog':
      return { label: undoMessages.fog(command.change), map: command.map };
    default:
      return null;
  }
}

/**
 * The entry an accepted action pushes on its actor's history, or none: an action that is not the
 * actor's to undo, or that changed nothing.
 */
export function recordedAction(
  state: TableState,
  command: TableCommand,
  actor: TableActor,
  events: readonly TableEventBody[],
): HistoryRecord | null {
  if (events.length === 0) return null;
  let after: TableState | undefined;
  const afterIt = () => (after ??= folded(state, events));
  const named = labelled(state, afterIt, command, actor);
  if (!named) return null;
  const { label, map, barrier } = named;
  let entry: HistoryEntry;
  if (barrier) entry = { label, map, patch: null };
  else {
    const patch = moveUndone(state, events) ?? patchBetween(afterIt(), state, map);
    if (isEmptyPatch(patch)) return null;
    entry = { label, map, patch };
  }
  return { by: actor.userId, entry };
}

/**
 * The entry's patch as it may apply now, or the refusal: every token it changes or takes off
 * still there, every token it puts back absent (and room for it), and for a player their own
 * tokens on the map they are on. The order it restores keeps only the tokens still on the map.
 */
function applicable(
  state: TableState,
  actor: TableActor,
  { label, map, patch }: HistoryEntry & { patch: TablePatch },
  direction: Direction,
): TablePatch | string {
  if (!managesTable(actor) && !isPlayersMap(state, map)) return undoMessages.tokenGone(direction, label);
  const present = new Set(Object.keys(tokensOfMap(state, map)));
  for (const [usableId, value] of Object.entries(patch.tokens)) {
    const token = tokenAt(state, map, usableId);
    if (value !== null && isWholeToken(value)) {
      if (token) return undoMessages.tokenBack(direction, label);
      present.add(usableId);
      continue;
    }
    if (!token || !mayChange(state, actor, map, token)) return undoMessages.tokenGone(direction, label);
    if (value === null) present.delete(usableId);
  }
  if (present.size > MAX_TOKENS_PER_MAP) return tableMessages.mapFull;
  const restored: TablePatch = { tokens: patch.tokens };
  if (patch.order !== undefined) restored.order = patch.order.filter((usableId) => present.has(usableId));
  if (patch.round !== undefined) {
    const played = patch.round?.played?.filter((usableId) => present.has(usableId));
    restored.round = patch.round && (played === undefined ? patch.round : { ...patch.round, played });
  }
  if (patch.grid !== undefined) restored.grid = patch.grid;
  if (patch.fog !== undefined) {
    if (patch.fog && withFogPatch(own(state.fogs, map), patch.fog) === null)
      return undoMessages.fogChanged(direction, label);
    restored.fog = patch.fog;
  }
  return restored;
}

function mayChange(state: TableState, actor: TableActor, map: string, token: MapToken): boolean {
  return tokenSeenBy(actor, state, map, token.usableId) !== undefined && controlsToken(actor, token);
}

/**
 * `history.undo` / `history.redo`: the actor's last action (or last undone one) put back as one
 * `table.restored`, or the refusal, which changes nothing. A turn taken back is said in the chat,
 * to those who may know whose turn it is again.
 */
export function decideUndo(state: TableState, actor: TableActor, direction: Direction): Decision {
  const history = own(state.history, actor.userId);
  const entry = (direction === 'undo' ? history?.done : history?.undone)?.at(-1);
  if (!entry) {
    return { refusal: direction === 'undo' ? undoMessages.nothingToUndo : undoMessages.nothingToRedo };
  }
  if (entry.patch === null) return { refusal: undoMessages.barrier(entry.label) };
  const patch = applicable(state, actor, { ...entry, patch: entry.patch }, direction);
  if (typeof patch === 'string') return { refusal: patch };
  const { map } = entry;
  const restored: TableEventBody = {
    type: 'table.restored',
    payload: { by: actor.userId, direction, map, ...patch, tokens: dict(Object.entries(patch.tokens)) },
  };
  const after = folded(state, [restored]);
  const playing = orderOf(after, map)[0];
  const back =
    direction === 'undo' && playing !== undefined && playing !== orderOf(state, map)[0]
      ? tokenAt(after, map, playing)
      : undefined;
  return {
    events: back ? [restored, lineAbout(after, map, undoMessages.turnBack(back.name), back)] : [restored],
  };
}
