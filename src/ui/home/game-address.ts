/** The game page's address (platform.md §2): /game?gameId={id}&playerId={id}. */
export function gamePageAddress({ gameId, playerId }: { gameId: string; playerId: string }): string {
  return `/game?${new URLSearchParams({ gameId, playerId }).toString()}`;
}

/** The game's replay (docs/live-table.md "Replay"): /game/replay?gameId={id}&playerId={id}. */
export function replayAddress({ gameId, playerId }: { gameId: string; playerId: string }): string {
  return `/game/replay?${new URLSearchParams({ gameId, playerId }).toString()}`;
}
