/**
 * Which `TableWriter` a process runs, named by its configuration (docs/live-table.md "One interface for
 * the log"):
 * - `sole-writer`: the embedded PGlite this process opened, which no other process can open. It
 *   decides on its copies in memory, journals each batch and logs the journal behind it.
 * - `owners`: PostgreSQL, shared by the deployment's processes. Each game has one owner at a time,
 *   found through an advisory lock; the others hand its commands over.
 */
export type TableWriterChoice =
  | {
      kind: 'sole-writer';
      /** The journal's folder (journal.ts). */
      journalDir: string;
      /** How long journaled batches wait for the log (`TABLE_LOG_EVERY_MS`). */
      logEveryMs: number;
    }
  | {
      kind: 'owners';
      /** The least time between two of the process's statements (`TABLE_COMMIT_EVERY_MS`). */
      commitEveryMs: number;
      /** The deployment's Redis, over which the owners talk; `NOTIFY` without one (owner-channels.ts). */
      redis?: { url: string; key: string };
    };

/**
 * The writer for a database: a journal's folder makes this process the sole writer; else a
 * PostgreSQL URL makes it one owner among the deployment's processes. A PGlite without a journal
 * has neither: nothing would keep what was answered before the log took it.
 */
export function chooseTableWriter({
  journalDir,
  databaseUrl,
  logEveryMs,
  commitEveryMs,
  redis,
}: {
  journalDir: string | undefined;
  databaseUrl: string | undefined;
  logEveryMs: number;
  commitEveryMs: number;
  redis: { url: string; key: string } | undefined;
}): TableWriterChoice {
  if (journalDir) return { kind: 'sole-writer', journalDir, logEveryMs };
  if (databaseUrl) return { kind: 'owners', commitEveryMs, redis };
  throw new Error('the table needs a journal folder on PGlite (buildApp `tableJournal`)');
}
