import { z } from 'zod';
import { GAME_NAME_MAX, gameMessages } from '../../domain/games';

/** The wire contract of platform.md §7 "Games and players" (the game-data routes of the lobby). */

/** The id lists of a game (platform.md §3 "Game"), in the spec's order. */
export const gameIdListNames = [
  'aspectAbilityIds',
  'attackIds',
  'echoIds',
  'enchantmentIds',
  'itemIds',
  'macroIds',
  'memoryEnchantmentIds',
  'messageIds',
  'monsterMemoriesIds',
  'playerEchoIds',
  'playerItemsIds',
  'playerMemoriesIds',
  'playerRuneIds',
  'runeIds',
  'saveIds',
  'playerIds',
  'monsterIds',
  'memoryIds',
  'mapIds',
] as const;
export type GameIdListName = (typeof gameIdListNames)[number];
export type GameIdLists = Record<GameIdListName, string[]>;

export const gameIdRouteParam = z.object({ gameId: z.string().min(1).max(64) });

export const gameName = z
  .string({ error: gameMessages.nameRequired })
  .trim()
  .min(1, gameMessages.nameRequired)
  .max(GAME_NAME_MAX, gameMessages.nameTooLong);

export const createGameMessages = {
  listsMustBeEmpty: 'Une nouvelle partie commence sans ressources : les listes doivent être vides.',
} as const;

/**
 * A new game starts with nothing in it: the spec's client sends the empty id lists, and anything
 * else in them is refused rather than silently dropped (resources join a game through their own
 * routes).
 */
const emptyList = z.array(z.unknown()).max(0, createGameMessages.listsMustBeEmpty).optional();

export const createGameRequest = z.object({
  name: gameName,
  ...(Object.fromEntries(gameIdListNames.map((name) => [name, emptyList])) as Record<
    GameIdListName,
    typeof emptyList
  >),
});
export type CreateGameRequest = z.infer<typeof createGameRequest>;

/** A game as lobbies list it. */
export const gameSummary = z.object({
  id: z.string(),
  name: z.string(),
  mjUserId: z.string(),
  mjDisplayName: z.string(),
  /** ISO time of the last join at the table; null when nobody ever joined. */
  lastConnectionAt: z.string().nullable(),
  /** fr-FR, or 'Jamais'. */
  lastConnectionFormatted: z.string(),
  /** Distinct users at the table right now. */
  connectedPlayersCount: z.number().int().min(0),
});
export type GameSummary = z.infer<typeof gameSummary>;
export const gameSummaryList = z.array(gameSummary);

export const gameData = gameSummary.extend(
  Object.fromEntries(gameIdListNames.map((name) => [name, z.array(z.string())])) as Record<
    GameIdListName,
    z.ZodArray<z.ZodString>
  >,
);
export type GameData = z.infer<typeof gameData>;

/** An accepted player of a game (GET /game-data/{id}/players). */
export const gamePlayer = z.object({
  id: z.string(),
  display_name: z.string(),
  invitationId: z.string(),
  /** Whether they have a socket at the game's table right now. */
  atTable: z.boolean(),
});
export type GamePlayer = z.infer<typeof gamePlayer>;
export const gamePlayerList = z.array(gamePlayer);

/** A user at a game's table, as the connected-players bar shows them. */
export const connectedUser = z.object({ id: z.string(), displayName: z.string() });
export type ConnectedUser = z.infer<typeof connectedUser>;

/** Socket events of the game's table (platform.md §7 "Realtime socket"). */
export const joinGamePayload = z.object({
  gameId: z.string().min(1).max(64),
  // Informative only: the identity is the socket's user.
  playerId: z.string().max(100).optional(),
  playerName: z.string().max(100).optional(),
});
export const leaveGamePayload = z.object({ gameId: z.string().min(1).max(64) });

/** connectedPlayersUpdate, to the game's room; the joinGame acknowledgement carries the same. */
export const connectedPlayersUpdate = z.object({
  gameId: z.string(),
  count: z.number().int().min(0),
  players: z.array(connectedUser),
});
export type ConnectedPlayersUpdate = z.infer<typeof connectedPlayersUpdate>;

/** gamePlayersUpdate, to the game's MJ wherever they are. */
export const gamePlayersUpdate = z.object({ gameId: z.string(), count: z.number().int().min(0) });
export type GamePlayersUpdate = z.infer<typeof gamePlayersUpdate>;

/** gameAccessEnded, to a user who just lost a game: kicked, left (another tab) or deleted. */
export const gameAccessEnded = z.object({
  gameId: z.string(),
  reason: z.enum(['kicked', 'left', 'deleted']),
});
export type GameAccessEnded = z.infer<typeof gameAccessEnded>;
