import { describe, expect, it } from 'vitest';
import { catchUp, inboxOf, missingSeq, receive } from '../../src/domain/table/inbox';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableEvent } from '../../src/domain/table/types';
import { systemLine } from '../helpers/system-line';

/**
 * The inbox where games have owners (docs/live-table.md "Owners"): an owner emits before its log
 * commits, so a client may fold events of an owner that died first, whose seqs the next owner
 * gives out again under a later epoch. The inbox must never fold across epochs on its own.
 */
const folded = (...events: TableEvent[]) => events.reduce(receive, inboxOf(emptyTable));

describe('an inbox across owners', () => {
  it('folds live the events of the epoch it folded last, and adopts the first one it ever sees', () => {
    const inbox = folded(systemLine(1, 3), systemLine(2, 3));
    expect(inbox.state.lastSeq).toBe(2);
    expect(inbox.epoch).toBe(3);
    expect(missingSeq(inbox)).toBeNull();
  });

  it('holds an event of a later epoch and asks, instead of folding it on a copy that may be astray', () => {
    const inbox = folded(systemLine(1, 1), systemLine(2, 1), systemLine(3, 2));
    expect(inbox.state.lastSeq).toBe(2);
    expect(inbox.unsure).toBe(true);
    expect(missingSeq(inbox)).toBe(3);
  });

  it('doubts its copy when a later owner gives out again a seq it folded', () => {
    const inbox = folded(systemLine(1, 1), systemLine(2, 1), systemLine(3, 1), systemLine(2, 2));
    expect(inbox.state.lastSeq).toBe(3);
    expect(missingSeq(inbox)).toBe(4);
  });

  it('ignores a replay of its own epoch, as before owners', () => {
    const inbox = folded(systemLine(1, 1), systemLine(2, 1), systemLine(2, 1));
    expect(inbox.unsure).toBe(false);
    expect(missingSeq(inbox)).toBeNull();
  });

  it('starts again from a reset answer, dropping the events the log never had', () => {
    const astray = folded(
      systemLine(1, 1),
      systemLine(2, 1),
      systemLine(3, 1),
      systemLine(5, 1),
      systemLine(3, 2),
    );
    const answer = {
      snapshot: null,
      events: [systemLine(1, 1), systemLine(2, 1), systemLine(3, 2), systemLine(4, 2)],
      reset: true,
      epoch: 2,
    };
    const repaired = catchUp(astray, answer);
    expect(repaired.state.lastSeq).toBe(4);
    expect(repaired.epoch).toBe(2);
    expect(repaired.early).toEqual({});
    expect(missingSeq(repaired)).toBeNull();
    expect(repaired.state).toEqual(applyEvents(emptyTable, answer.events).state);
  });

  it('folds a checked answer across epochs, then what it held of the new epoch', () => {
    const waiting = folded(systemLine(1, 1), systemLine(2, 1), systemLine(4, 2));
    expect(missingSeq(waiting)).toBe(3);
    const caughtUp = catchUp(waiting, { snapshot: null, events: [systemLine(3, 2)], epoch: 2 });
    expect(caughtUp.state.lastSeq).toBe(4);
    expect(caughtUp.epoch).toBe(2);
    expect(missingSeq(caughtUp)).toBeNull();
  });

  it('doubts again when the answer shows that what it folded meanwhile was given out anew', () => {
    // Asked after 2; folded 3 of epoch 1 live meanwhile; the log's 3 is of epoch 2.
    const meanwhile = folded(systemLine(1, 1), systemLine(2, 1), systemLine(3, 1));
    const answered = catchUp(meanwhile, {
      snapshot: null,
      events: [systemLine(3, 2), systemLine(4, 2)],
      epoch: 2,
    });
    expect(answered.state.lastSeq).toBe(3);
    expect(missingSeq(answered)).toBe(4);
  });
});
