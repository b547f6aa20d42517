import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client';
import { decidingIntent } from '../../decide-intent';
import type { Emit } from '../../emitter';
import type { TableStates } from '../../states';
import type { TableWriter } from '../table-writer';
import { createGroupCommit } from './group-commit';
import { openJournal } from './journal';
import { createLogWriter } from './log-writer';

/**
 * The embedded PGlite's only writer (docs/live-table.md "Journal"): decides on its copies in memory,
 * journals each batch before emitting it, and logs the journal's batches every `everyMs`.
 */
export function createSoleWriter({
  db,
  states,
  emit,
  log,
  journalDir,
  everyMs,
}: {
  db: Db;
  states: TableStates;
  emit: Emit;
  log: FastifyBaseLogger;
  /** Replayed into the log already (journal.ts `replayJournal`). */
  journalDir: string;
  everyMs: number;
}): TableWriter {
  const writer = createLogWriter({ db, journal: openJournal(journalDir), log, everyMs });
  const group = createGroupCommit({ db, states, emit, log, writer });
  return {
    submit: ({ gameId, userId, intent, commandId }) =>
      group.submit({ gameId, userId, commandId, decideOn: decidingIntent(intent) }),
    flush: () => group.flush(),
    flushAll: () => group.flush(),
    close: group.close,
  };
}
