import { applyEvent, emptyTable, restore, type TableSnapshot } from './reducer';
import type { TableEvent, TableState } from './types';

/**
 * A client's copy of the log: the folded state and the events that arrived before their turn.
 * socket.io keeps order on one connection, but a catch-up answer and live events race each other
 * around a reconnect, so arrival order is not seq order; the inbox restores it.
 *
 * Where games have owners (docs/live-table.md "Owners"), an owner emits before its log commits, so a
 * client may hold events of an owner that died before logging them, and the next owner gives
 * their seqs out again under a later epoch. The inbox folds live only events of the epoch it
 * folded last; an event of another epoch waits for a catch-up, where the server, which knows
 * what was logged, says whether the copy still holds (`reset` otherwise).
 */
export interface Inbox {
  state: TableState;
  /** Events after a missing one, by seq, waiting for the hole to be filled. */
  early: Record<number, TableEvent>;
  /** Events whose seq was taken but which did not fit (should never happen; counted to be seen). */
  rejected: number;
  /** The epoch of the last event folded (0 before any, and for logs without owners). */
  epoch: number;
  /** An event of another epoch arrived: only a catch-up can tell whether the copy still holds. */
  unsure: boolean;
}

/** How many early events a client holds before it gives up on them and asks for a snapshot. */
export const MAX_EARLY_EVENTS = 500;

const epochOf = (event: TableEvent): number => event.epoch ?? 0;

export function inboxOf(state: TableState, epoch = 0): Inbox {
  return { state, early: {}, rejected: 0, epoch, unsure: false };
}

/** A copy with nothing folded yet has nothing an epoch could contradict. */
function fits(inbox: Inbox, event: TableEvent): boolean {
  return inbox.state.lastSeq === 0 || epochOf(event) === inbox.epoch;
}

function fold(inbox: Inbox, event: TableEvent): Inbox {
  const result = applyEvent(inbox.state, event);
  return {
    ...inbox,
    state: result.state,
    rejected: inbox.rejected + (result.outcome === 'rejected' ? 1 : 0),
    epoch: epochOf(event),
  };
}

function drain(inbox: Inbox): Inbox {
  let current = { ...inbox, early: { ...inbox.early } };
  for (;;) {
    const { early } = current;
    for (const seq of Object.keys(early).map(Number)) if (seq <= current.state.lastSeq) delete early[seq];
    const next = early[current.state.lastSeq + 1];
    if (next === undefined) return current;
    if (!fits(current, next)) return { ...current, unsure: true };
    delete early[next.seq];
    current = fold(current, next);
  }
}

/** The seq the inbox waits for when it holds later events or doubts its copy, else null. */
export function missingSeq(inbox: Inbox): number | null {
  return inbox.unsure || Object.keys(inbox.early).length > 0 ? inbox.state.lastSeq + 1 : null;
}

/** One delivered event: applied with whatever it unblocks, dropped if already seen, else held. */
export function receive(inbox: Inbox, event: TableEvent): Inbox {
  if (event.seq <= inbox.state.lastSeq) {
    // The same seq from a later owner: the one folded may never have been logged.
    return epochOf(event) > inbox.epoch ? { ...inbox, unsure: true } : inbox;
  }
  const held = inbox.early[event.seq];
  if (held && epochOf(held) > epochOf(event)) return inbox;
  const drained = drain({ ...inbox, early: { ...inbox.early, [event.seq]: event } });
  if (Object.keys(drained.early).length <= MAX_EARLY_EVENTS) return drained;
  // Too far ahead to hold: keep only the latest; the catch-up fills the rest.
  return { ...drained, early: { [event.seq]: event } };
}

/**
 * A catch-up answer: a snapshot when the client was far behind (or from scratch when `reset`),
 * then the events after it, which the server has checked against the copy's last seq and epoch.
 */
export function catchUp(
  inbox: Inbox,
  answer: { snapshot?: TableSnapshot | null; events: TableEvent[]; reset?: boolean; epoch?: number },
): Inbox {
  const start: Inbox = answer.reset
    ? { ...inboxOf(emptyTable, answer.epoch ?? 0), rejected: inbox.rejected }
    : { ...inbox, unsure: false };
  let current =
    answer.snapshot && answer.snapshot.seq > start.state.lastSeq
      ? { ...start, state: restore(answer.snapshot), epoch: answer.epoch ?? start.epoch }
      : start;
  for (const event of answer.events) {
    if (event.seq <= current.state.lastSeq) {
      // Folded live meanwhile under an earlier epoch: the copy went astray after the question.
      if (epochOf(event) > current.epoch) current = { ...current, unsure: true };
      continue;
    }
    if (current.unsure || event.seq !== current.state.lastSeq + 1) {
      current = { ...current, early: { ...current.early, [event.seq]: event } };
      continue;
    }
    current = fold(current, event);
  }
  // Held events of an epoch the log has moved past were never logged.
  const early = Object.fromEntries(
    Object.entries(answer.reset ? { ...inbox.early, ...current.early } : current.early).filter(
      ([, event]) => epochOf(event) >= current.epoch,
    ),
  );
  return drain({ ...current, early });
}
