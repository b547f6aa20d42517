import { CACHED_GAMES } from './states';
import { commandIdsOf, type Reader } from './log/reads';

/**
 * The ids of each game's latest commands (docs/live-table.md "Command ids"), so a command sent again
 * under its id — its answer lost with a process — is answered as done instead of done twice.
 * Kept in memory per game, where the decider reads them in the turn that decides; read from the
 * log when the game is taken or first played here (a takeover, a restart), so a retry heard by
 * another process than the first try still finds it.
 */
export const COMMAND_IDS_KEPT = 256;
/** How far back in the log a game's ids are read: more events than its kept ids ever span. */
const EVENTS_READ = 1_000;

export function createCommandIds(capacity = CACHED_GAMES) {
  /**
   * Per game, each id with the owner's statement that logs it (0: none to wait for). A Map
   * iterates in insertion order: the game read longest ago goes first.
   */
  const games = new Map<string, Map<string, number>>();

  return {
    /** Whether the game's ids are in memory: only then can a repeat be told at once. */
    known: (gameId: string): boolean => games.has(gameId),

    /** Reads the game's ids from the log; whatever was decided and not logged must be logged first. */
    async load(db: Reader, gameId: string): Promise<void> {
      const ids = await commandIdsOf(db, gameId, EVENTS_READ);
      games.delete(gameId);
      games.set(gameId, new Map(ids.slice(-COMMAND_IDS_KEPT).map((id) => [id, 0])));
      for (const oldest of games.keys()) {
        if (games.size <= capacity) break;
        games.delete(oldest);
      }
    },

    /** The statement the command under `commandId` waits for (0: none), or undefined when it is new. */
    get: (gameId: string, commandId: string): number | undefined => games.get(gameId)?.get(commandId),

    /**
     * A command decided under `commandId`, its events logged by the owner's statement `statement`
     * (0: logged already). A game whose ids are not in memory (dropped meanwhile) keeps none: they
     * are read from the log, once it holds this one, when next needed.
     */
    add(gameId: string, commandId: string, statement = 0): void {
      const ids = games.get(gameId);
      if (!ids) return;
      ids.set(commandId, statement);
      if (ids.size > COMMAND_IDS_KEPT) ids.delete(ids.keys().next().value!);
    },

    /** Drops the game's ids: they may name commands whose events were never logged. */
    forget(gameId: string): void {
      games.delete(gameId);
    },
  };
}

export type CommandIds = ReturnType<typeof createCommandIds>;
