import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameInvitations, games, type GameRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';

export const gameAccessMessages = {
  notFound: 'Partie non trouvée.',
  forbidden: "Vous n'êtes pas autorisé à accéder à cette partie...",
} as const;

/** Who the acting user is within one game. */
export type GameRole = 'mj' | 'player';

/** Who sits at a game's table: its members, and admins, who oversee every table. */
export type SeatRole = GameRole | 'admin';

/**
 * Whether the user's invitation to the game is accepted, as a condition a caller reads in the same
 * statement as what it reads of the game (`seatOf` then says the seat).
 */
export const acceptedPlayerCondition = (gameId: SQLWrapper, userId: SQLWrapper | string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${gameInvitations} where ${gameInvitations.gameId} = ${gameId} and ${gameInvitations.toUserId} = ${userId} and ${gameInvitations.status} = 'accepted')`;

/**
 * The user's seat at a game's table, null when they have none: the MJ, any admin account (table.md
 * §4 "Role at the table": admin mode comes from the account, member or not), or an accepted player.
 * `accepted` is asked only when the seat depends on it.
 */
export async function seatOf(
  mjUserId: string,
  user: { id: string; role: string },
  accepted: () => Promise<boolean> | boolean,
): Promise<SeatRole | null> {
  if (mjUserId === user.id) return 'mj';
  if (user.role === 'admin') return 'admin';
  return (await accepted()) ? 'player' : null;
}

/**
 * The one place that says who may reach a game: its MJ, and players whose invitation to it is
 * accepted. Every module asks here rather than re-deriving membership, so kicking or leaving
 * closes every door at once.
 */
export function createGameAccess(db: Db) {
  async function find(gameId: string): Promise<GameRow> {
    const [game] = await db.select().from(games).where(eq(games.id, gameId));
    if (!game) throw httpError(404, gameAccessMessages.notFound);
    return game;
  }

  async function isAcceptedPlayer(gameId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: gameInvitations.id })
      .from(gameInvitations)
      .where(
        and(
          eq(gameInvitations.gameId, gameId),
          eq(gameInvitations.toUserId, userId),
          eq(gameInvitations.status, 'accepted'),
        ),
      );
    return row !== undefined;
  }

  return {
    find,

    /** The game, when the user is its MJ; 404 when there is no such game, 403 otherwise. */
    async requireGameMaster(gameId: string, userId: string): Promise<GameRow> {
      const game = await find(gameId);
      if (game.mjUserId !== userId) throw httpError(403, gameAccessMessages.forbidden);
      return game;
    },

    /** The game and the user's role in it, when they are its MJ or an accepted player. */
    async requireMember(gameId: string, userId: string): Promise<{ game: GameRow; role: GameRole }> {
      const game = await find(gameId);
      if (game.mjUserId === userId) return { game, role: 'mj' };
      if (await isAcceptedPlayer(gameId, userId)) return { game, role: 'player' };
      throw httpError(403, gameAccessMessages.forbidden);
    },

    /** The game and the user's seat at its table (`seatOf`); 403 without one. */
    async requireSeat(
      gameId: string,
      user: { id: string; role: string },
    ): Promise<{ game: GameRow; role: SeatRole }> {
      const game = await find(gameId);
      const role = await seatOf(game.mjUserId, user, () => isAcceptedPlayer(gameId, user.id));
      if (role === null) throw httpError(403, gameAccessMessages.forbidden);
      return { game, role };
    },

    async roleOf(gameId: string, userId: string): Promise<GameRole | null> {
      const [game] = await db.select({ mjUserId: games.mjUserId }).from(games).where(eq(games.id, gameId));
      if (!game) return null;
      if (game.mjUserId === userId) return 'mj';
      return (await isAcceptedPlayer(gameId, userId)) ? 'player' : null;
    },
  };
}

export type GameAccess = ReturnType<typeof createGameAccess>;
