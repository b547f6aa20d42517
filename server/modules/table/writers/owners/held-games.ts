import type { FastifyBaseLogger } from 'fastify';
import type { TableState } from '#shared/domain/table/types';
import type { Db } from '../../../../db/client';
import type { CommandIds } from '../../command-ids';
import type { OwnedRun } from '../../log/append-owned';
import type { TableStates } from '../../states';
import type { Owners } from './owners';
import type { UnsettledGames } from './unsettled-games';

/** A game this process holds: its state with everything decided, logged or not, and its epoch. */
export interface HeldGame {
  state: TableState;
  epoch: number;
  usedAt: number;
}

/** A held game nobody played for this long is let go, so locks do not pile up. */
const IDLE_MS = 5 * 60_000;

/**
 * The games this process owns (docs/live-table.md "Owners"), each with its state in memory: taken
 * through `owners` with the log read back, let go when idle, dropped when an append finds it lost.
 * Apart from the queue that decides their commands, since taking, losing and letting go are about
 * the lock and the copy, not about any one command.
 */
export function createHeldGames({
  db,
  states,
  owners,
  commandIds,
  unsettled,
  log,
}: {
  db: Db;
  states: TableStates;
  owners: Owners;
  /** The held games' latest command ids, read from the log when a game is taken. */
  commandIds: CommandIds;
  unsettled: UnsettledGames;
  log: FastifyBaseLogger;
}) {
  const games = new Map<string, HeldGame>();

  const idleSweep = setInterval(() => {
    const now = Date.now();
    for (const [gameId, game] of games) {
      if (now - game.usedAt < IDLE_MS || unsettled.has(gameId)) continue;
      games.delete(gameId);
      void owners.release(gameId, true);
    }
  }, IDLE_MS / 5);
  idleSweep.unref();

  return {
    /** The held game, whether or not the lock is still this process's. */
    get: (gameId: string): HeldGame | undefined => games.get(gameId),

    /** Whether this process holds the game now, with its state. */
    holding(gameId: string, now: number): boolean {
      const known = games.get(gameId);
      if (!known || owners.epochOf(gameId) !== known.epoch) return false;
      known.usedAt = now;
      return true;
    },

    /** Takes a game this process does not hold (or lost): 'held' once it does, else who holds it. */
    async take(gameId: string): Promise<'held' | { owner: string | null }> {
      // Lost with the connection: what it decided before is settled first, logged or refused.
      games.delete(gameId);
      await unsettled.settled(gameId);
      // Held without a state (reading it failed last time): let go, to be taken under a new epoch.
      if (owners.epochOf(gameId) !== undefined) await owners.release(gameId, false);
      const claimed = await owners.claim(gameId);
      if ('owner' in claimed) return claimed;
      try {
        // The copy in memory may hold events a lost epoch never logged: the log is the truth.
        const cached = states.cached(gameId);
        if (cached && cached.lastSeq > claimed.head) states.forget(gameId);
        const state = await states.current(db, gameId, claimed.head);
        // A command whose answer was lost with the last owner may be sent again here.
        await commandIds.load(db, gameId);
        games.set(gameId, { state, epoch: claimed.epoch, usedAt: Date.now() });
        return 'held';
      } catch (error) {
        await owners.release(gameId, false);
        throw error;
      }
    },

    /**
     * An append found the game taken by another process: the run's events were never logged, so
     * its copy, its ids and its lock go.
     */
    lost(run: OwnedRun): void {
      const { gameId, epoch } = run;
      log.warn({ gameId, epoch }, 'table log: game lost to another process, its last events dropped');
      if (games.get(gameId)?.epoch === epoch) games.delete(gameId);
      states.forget(gameId);
      commandIds.forget(gameId);
      void owners.release(gameId, false);
    },

    stop(): void {
      clearInterval(idleSweep);
    },
  };
}

export type HeldGames = ReturnType<typeof createHeldGames>;
