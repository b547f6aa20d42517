import { applyEvent } from './reducer';
import type { TableActor, TableEvent, TableState } from './types';
import { isPlayersMap, managesTable, visibleTo } from './visibility';

/**
 * Replay (docs/live-table.md "Replay", decision 0036): the server's state is kept for good every
 * REPLAY_CHECKPOINT_EVERY events, so a jump anywhere folds at most that many events, then shows the
 * state as the actor may see it.
 */

/**
 * 250 events: a jump reads and folds at most 250 events. Against 1,000, it halves a jump's p95 on a
 * 100,000-event game (97 against 258 ms on the loaded bench machine) for 7 MB of states instead of
 * 1.8 MB, three quarters of the log's size (decision 0036).
 */
export const REPLAY_CHECKPOINT_EVERY = 250;

/** A turn given in a fight: `turnOrder.generated` (round 1 of a fight) or `turnOrder.advanced`. */
export interface TurnMark {
  seq: number;
  round: number;
  createdAt: string;
  /** A fight's first turn. */
  starts: boolean;
  /** Whether the players' copies received it: it was given on the players' map. */
  players: boolean;
}

/** The server's state after event `seq` (a multiple of REPLAY_CHECKPOINT_EVERY), and the turns since the one before. */
export interface Checkpoint {
  seq: number;
  state: TableState;
  turns: TurnMark[];
}

/** The turn an event gives, if it gives one, read on the server's state after it. */
export function turnMarkOf(event: TableEvent, after: TableState): TurnMark | null {
  if (event.type !== 'turnOrder.generated' && event.type !== 'turnOrder.advanced') return null;
  const { map, round } = event.payload;
  return {
    seq: event.seq,
    round: round ?? 1,
    createdAt: event.createdAt,
    starts: event.type === 'turnOrder.generated',
    // The same test `projectEvent` makes: a turn on another map reaches a player redacted.
    players: isPlayersMap(after, map),
  };
}

/**
 * Folds `events` (following `base`, in seq order) and gives a checkpoint at every multiple of
 * `every` it crosses, with the turns in between; `state` and `turns` are where the fold ended.
 */
export function checkpointsAlong(
  base: TableState,
  events: Iterable<TableEvent>,
  every = REPLAY_CHECKPOINT_EVERY,
): { checkpoints: Checkpoint[]; state: TableState; turns: TurnMark[] } {
  let state = base;
  let turns: TurnMark[] = [];
  const checkpoints: Checkpoint[] = [];
  for (const event of events) {
    state = applyEvent(state, event).state;
    const turn = turnMarkOf(event, state);
    if (turn) turns.push(turn);
    if (state.lastSeq % every === 0) {
      checkpoints.push({ seq: state.lastSeq, state, turns });
      turns = [];
    }
  }
  return { checkpoints, state, turns };
}

/** The turns an actor may jump to: every one for the MJ and an admin, those their copy received for a player. */
export const turnsFor = (actor: TableActor, turns: readonly TurnMark[]): TurnMark[] =>
  managesTable(actor) ? [...turns] : turns.filter((turn) => turn.players);

/** The server's state after event `seq`, folded from `base` (at or before it) over the log's events after it. */
export function stateAt(base: TableState, events: Iterable<TableEvent>, seq: number): TableState {
  let state = base;
  for (const event of events) {
    if (event.seq > seq) break;
    state = applyEvent(state, event).state;
  }
  return state;
}

/** The table at `seq` as `actor` saw it then. */
export const replayAt = (
  base: TableState,
  events: Iterable<TableEvent>,
  seq: number,
  actor: TableActor,
): TableState => visibleTo(stateAt(base, events, seq), actor);
