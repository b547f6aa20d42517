import { applyEvent, restore, type TableSnapshot } from './reducer';
import type { TableEvent, TableState } from './types';

/**
 * A client's copy of the log: the folded state and the events that arrived before their turn.
 * socket.io keeps order on one connection, but a catch-up answer and live events race each other
 * around a reconnect, so arrival order is not seq order; the inbox restores it.
 */
export interface Inbox {
  state: TableState;
  /** Events after a missing one, by seq, waiting for the hole to be filled. */
  early: Record<number, TableEvent>;
  /** Events whose seq was taken but which did not fit (should never happen; counted to be seen). */
  rejected: number;
}

/** How many early events a client holds before it gives up on them and asks for a snapshot. */
export const MAX_EARLY_EVENTS = 500;

export function inboxOf(state: TableState): Inbox {
  return { state, early: {}, rejected: 0 };
}

function drain(inbox: Inbox): Inbox {
  let { state, rejected } = inbox;
  const early = { ...inbox.early };
  for (;;) {
    const next = early[state.lastSeq + 1];
    for (const seq of Object.keys(early).map(Number)) if (seq <= state.lastSeq) delete early[seq];
    if (next === undefined) return { state, early, rejected };
    delete early[next.seq];
    const result = applyEvent(state, next);
    if (result.outcome === 'rejected') rejected += 1;
    state = result.state;
  }
}

/** The seq the inbox waits for when it holds later events, else null. */
export function missingSeq(inbox: Inbox): number | null {
  return Object.keys(inbox.early).length > 0 ? inbox.state.lastSeq + 1 : null;
}

/** One delivered event: applied with whatever it unblocks, dropped if already seen, else held. */
export function receive(inbox: Inbox, event: TableEvent): Inbox {
  if (event.seq <= inbox.state.lastSeq) return inbox;
  const held = drain({ ...inbox, early: { ...inbox.early, [event.seq]: event } });
  if (Object.keys(held.early).length <= MAX_EARLY_EVENTS) return held;
  // Too far ahead to hold: keep only the latest; the catch-up fills the rest.
  return { ...held, early: { [event.seq]: event } };
}

/** A catch-up answer: a snapshot when the client was far behind, then the events after it. */
export function catchUp(
  inbox: Inbox,
  answer: { snapshot?: TableSnapshot | null; events: TableEvent[] },
): Inbox {
  const base =
    answer.snapshot && answer.snapshot.seq > inbox.state.lastSeq
      ? { ...inbox, state: restore(answer.snapshot) }
      : inbox;
  return answer.events.reduce(receive, drain(base));
}
