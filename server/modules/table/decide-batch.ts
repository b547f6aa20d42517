import { isoNow } from '../../lib/iso-now';
import { applyEvent } from '#shared/domain/table/reducer';
import type { TableEvent, TableEventBody, TableState } from '#shared/domain/table/types';
import type { Transition } from './emitter';
import type { LoggedEvent } from './log/rows';

/** One command to log, decided against its game's state. */
export interface Submission {
  gameId: string;
  userId: string | null;
  /** The client's id of the command, logged with its first event (docs/live-table.md "Command ids"). */
  commandId?: string;
  /** The events to log, or the French refusal. */
  decideOn: (state: TableState) => TableEventBody[] | string;
}

export type Outcome = { refusal: string } | { transitions: Transition[] };

/** A batch decided: each game's head before it and state after it, the events to log, the answers. */
export interface Decided {
  heads: Map<string, number>;
  working: Map<string, TableState>;
  logged: LoggedEvent[];
  outcomes: Outcome[];
}

/**
 * Decides a batch in arrival order, each command seeing the ones of its game before it, on the
 * states at hand: `stateOf` gives a game's state before the batch, `epochOf` the epoch its events
 * are decided under (an owner's, docs/live-table.md "Owners"; none elsewhere).
 */
export function decideBatchOn(
  batch: readonly Submission[],
  stateOf: (gameId: string) => TableState,
  epochOf: (gameId: string) => number | undefined = () => undefined,
): Decided {
  const heads = new Map<string, number>();
  const working = new Map<string, TableState>();
  const logged: LoggedEvent[] = [];
  const outcomes: Outcome[] = [];
  for (const { gameId, userId, commandId, decideOn } of batch) {
    let state = working.get(gameId);
    if (!state) {
      state = stateOf(gameId);
      heads.set(gameId, state.lastSeq);
    }
    const decided = decideOn(state);
    if (typeof decided === 'string') {
      outcomes.push({ refusal: decided });
      working.set(gameId, state);
      continue;
    }
    const transitions: Transition[] = [];
    const createdAt = isoNow();
    const epoch = epochOf(gameId);
    for (const { type, payload } of decided) {
      const seq = state.lastSeq + 1;
      // Epoch 0 (no owner has moved it yet) is left out, as the log reads it back.
      const event = (
        epoch ? { seq, epoch, type, payload, userId, createdAt } : { seq, type, payload, userId, createdAt }
      ) as TableEvent;
      const applied = applyEvent(state, event);
      // decide only returns events its own reducer accepts: anything else must not be logged.
      if (applied.outcome !== 'applied') throw new Error(`decided event does not fold: ${type}`);
      transitions.push({ event, before: state, after: applied.state });
      logged.push(
        commandId !== undefined && transitions.length === 1
          ? { gameId, event, commandId }
          : { gameId, event },
      );
      state = applied.state;
    }
    working.set(gameId, state);
    outcomes.push({ transitions });
  }
  return { heads, working, logged, outcomes };
}

/** `decideBatchOn`, each game's state read first (from the log or a copy), in the batch's order. */
export async function decideBatch(
  batch: readonly Submission[],
  stateOf: (gameId: string) => Promise<TableState> | TableState,
): Promise<Decided> {
  const before = new Map<string, TableState>();
  for (const { gameId } of batch) if (!before.has(gameId)) before.set(gameId, await stateOf(gameId));
  return decideBatchOn(batch, (gameId) => before.get(gameId)!);
}
