/** The game page's address (platform.md §2): /game?gameId={id}&playerId={id}. */
export function gamePageAddress({ gameId, playerId }: { gameId: string; playerId: string }): string {
  return `/game?${new URLSearchParams({ gameId, playerId }).toString()}`;
}
