import type { FastifyBaseLogger } from 'fastify';
import { poolOf, type Db } from '../../../db/client';
import type { Emit } from '../emitter';
import type { TableStates } from '../states';
import type { TableWriterChoice } from './choice';
import { createOwnerCommit, type OwnerWatch } from './owners/owner-commit';
import { createOwners } from './owners/owners';
import { createSoleWriter } from './sole-writer/sole-writer';
import type { TableWriter } from './table-writer';

/** The writer `choice` names, on `db`. */
export function createTableWriter(
  choice: TableWriterChoice,
  {
    db,
    states,
    emit,
    log,
    watch,
  }: {
    db: Db;
    states: TableStates;
    emit: Emit;
    log: FastifyBaseLogger;
    /** The owners' look-out for games whose owner is gone (owner-commit.ts). */
    watch: OwnerWatch;
  },
): TableWriter {
  switch (choice.kind) {
    case 'sole-writer':
      return createSoleWriter({
        db,
        states,
        emit,
        log,
        journalDir: choice.journalDir,
        everyMs: choice.logEveryMs,
      });
    case 'owners': {
      const pool = poolOf(db);
      if (!pool) throw new Error('the table owners need a PostgreSQL database');
      return createOwnerCommit({
        db,
        states,
        emit,
        log,
        owners: createOwners({ pool, log, redis: choice.redis }),
        everyMs: choice.commitEveryMs,
        watch,
      });
    }
  }
}
