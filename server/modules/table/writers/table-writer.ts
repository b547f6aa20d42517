import type { TableEvent } from '#shared/domain/table/types';
import type { TableIntent } from '../decide-intent';

/**
 * A command's events: at once when the sole writer decided it in the turn that read it, else once
 * committed.
 */
export type Committed = TableEvent[] | Promise<TableEvent[]>;

/** A command or a line of the server's own, for the game's log. */
export interface TableSubmission {
  gameId: string;
  userId: string | null;
  intent: TableIntent;
  /** The client's id of the command (docs/live-table.md "Command ids"). */
  commandId?: string;
}

/**
 * The table's one way to its log, whichever database it runs on (docs/live-table.md "One interface for
 * the log"). Every implementation keeps the same promises, checked by
 * tests/server/table-writer-contract.test.ts: a command answered done is logged exactly once, a
 * game's seqs have no gap, every reader's copy is `visibleTo` of the log, and a killed process
 * loses nothing it answered done.
 */
export interface TableWriter {
  /**
   * Decides the command on the game's state, logs its events and emits them to the game's readers;
   * answers with its events, or rejects with the French refusal. A repeat of a command id answered
   * before is answered done, with no events.
   */
  submit(submission: TableSubmission): Committed;
  /** Once this resolves, every command of the game answered so far is in the log (its readers wait on it). */
  flush(gameId: string): Promise<void>;
  /** Once this resolves, every command this process answered so far is in the log (a backup's cut). */
  flushAll(): Promise<void>;
  /** Lets what is under way commit, log and emit, and takes nothing more. */
  close(): Promise<void>;
}
