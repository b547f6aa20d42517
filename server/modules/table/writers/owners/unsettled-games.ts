/**
 * Per game, how many of the owner's decided units wait for their statement: a game is taken
 * again, or let go idle, only once none is left (held-games.ts).
 */
export function createUnsettledGames() {
  const unsettled = new Map<string, number>();
  const whenSettled = new Map<string, Array<() => void>>();
  return {
    /** One more unit of the game waits for its statement. */
    add(gameId: string): void {
      unsettled.set(gameId, (unsettled.get(gameId) ?? 0) + 1);
    },

    has: (gameId: string): boolean => unsettled.has(gameId),

    /** Resolves once no unit of the game waits any more. */
    settled(gameId: string): Promise<void> {
      if (!unsettled.has(gameId)) return Promise.resolve();
      return new Promise((resolve) => whenSettled.set(gameId, [...(whenSettled.get(gameId) ?? []), resolve]));
    },

    /** One unit of the game is logged or refused. */
    settle(gameId: string): void {
      const left = (unsettled.get(gameId) ?? 1) - 1;
      if (left > 0) return void unsettled.set(gameId, left);
      unsettled.delete(gameId);
      for (const resolve of whenSettled.get(gameId) ?? []) resolve();
      whenSettled.delete(gameId);
    },
  };
}

export type UnsettledGames = ReturnType<typeof createUnsettledGames>;
