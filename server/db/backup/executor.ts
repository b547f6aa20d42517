import type { Db } from '../client';

/** The database or one of its transactions: what reads and writes raw SQL. */
export type Executor = Pick<Db, 'execute'>;
