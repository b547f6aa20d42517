import type { FastifyBaseLogger } from 'fastify';
import { applyEvents, emptyTable } from '#shared/domain/table/reducer';
import type { TableState } from '#shared/domain/table/types';
import { eventsAfter, type Reader } from './log/reads';
import { latestSnapshot } from './snapshots';

/** Games whose state a process keeps in memory; the least recently used beyond it are dropped. */
export const CACHED_GAMES = 2_000;

/**
 * Each game's folded state, kept in memory between commands (at most `capacity` games). Another
 * process may have appended since (on PostgreSQL, the game's owner before this one): `current`
 * folds whatever the database has after the cached seq, a committed prefix of the game's log, and
 * all of it for the game's owner. The copy only ever moves forward, so a slow reader never
 * replaces a newer state.
 */
export function createTableStates(log: FastifyBaseLogger, capacity = CACHED_GAMES) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cache = new Map<string, TableState>();

  function use(gameId: string): TableState | undefined {
    const state = cache.get(gameId);
    if (state) {
      cache.delete(gameId);
      cache.set(gameId, state);
    }
    return state;
  }

  function remember(gameId: string, state: TableState): void {
    const known = cache.get(gameId);
    if (known && known.lastSeq >= state.lastSeq) return;
    cache.delete(gameId);
    cache.set(gameId, state);
    // Dropping a copy only costs its next reader a snapshot and a fold, never correctness.
    if (cache.size <= capacity) return;
    for (const oldest of cache.keys()) {
      if (cache.size <= capacity) break;
      cache.delete(oldest);
    }
  }

  return {
    remember,

    /** Drops the copy: it may hold events that were never logged (writers/owners/held-games.ts). */
    forget(gameId: string): void {
      cache.delete(gameId);
    },

    /** The copy in memory, possibly behind the database (drags read it without a query). */
    cached: use,

    /**
     * The state with every committed event folded. `head`, when the caller holds the lock and read
     * it, spares the query when the copy is already there.
     */
    async current(db: Reader, gameId: string, head?: number): Promise<TableState> {
      const base = use(gameId) ?? (await latestSnapshot(db, gameId)) ?? emptyTable;
      if (head !== undefined && base.lastSeq >= head) return base;
      const folded = applyEvents(base, await eventsAfter(db, gameId, base.lastSeq));
      // The server only logs what the reducer accepts: a rejection here is a bug worth a trace.
      if (folded.rejected.length > 0)
        log.error({ gameId, rejected: folded.rejected }, 'table log does not fold');
      remember(gameId, folded.state);
      return folded.state;
    },
  };
}

export type TableStates = ReturnType<typeof createTableStates>;
