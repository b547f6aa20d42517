import { applyEvent } from './reducer';
import type { TableActor, TableEvent, TableState } from './types';
import { projectEvent } from './visibility';

/** Events as one actor receives them, and the server's state the fold reached. */
export interface Projected {
  events: TableEvent[];
  state: TableState;
}

/**
 * Folds `events` (the log's, in seq order, following `base`) and gives those with seq > `afterSeq`
 * as `actor` receives them: projecting an event needs the server's state before and after it, so
 * the fold starts at a snapshot at or before the first event wanted. The catch-up, the replay and
 * the recap read the log this way, so none of them shows more than the live copy held.
 */
export function projectAfter(
  base: TableState,
  events: Iterable<TableEvent>,
  afterSeq: number,
  actor: TableActor,
): Projected {
  let state = base;
  const projected: TableEvent[] = [];
  for (const event of events) {
    const applied = applyEvent(state, event);
    if (event.seq > afterSeq) projected.push(projectEvent(event, state, applied.state, actor));
    state = applied.state;
  }
  return { events: projected, state };
}
