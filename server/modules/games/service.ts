import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CreateGameRequest, GameData, GamePlayer, GameSummary } from '#shared/wire/games';
import { formatLastConnection, GAME_TIME_ZONE, GAMES_PER_MJ, gameMessages } from '#shared/domain/games';
import type { Db } from '../../db/client';
import { createUnderCap } from '../../db/create-under-cap';
import { gameInvitations, games, users, type GameRow } from '../../db/schema/index';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { InvitationNotifier } from '../game-invitations/notifier';
import type { TablePresence } from './table-presence';
import type { GameAccess } from './access';
import { newGameCode } from './game-code';
import { readIdLists } from './id-lists';
import { gamesMessages } from './messages';

export interface GamesServiceDeps {
  db: Db;
  access: GameAccess;
  presence: TablePresence;
  notifier: InvitationNotifier;
}

const CODE_ATTEMPTS = 5;

export function createGamesService({ db, access, presence, notifier }: GamesServiceDeps) {
  async function summaries(rows: Array<GameRow & { mjDisplayName: string }>): Promise<GameSummary[]> {
    const counts = await presence.countsOf(rows);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      mjUserId: row.mjUserId,
      mjDisplayName: row.mjDisplayName,
      lastConnectionAt: row.lastConnectionAt?.toISOString() ?? null,
      lastConnectionFormatted: formatLastConnection(row.lastConnectionAt, GAME_TIME_ZONE),
      connectedPlayersCount: counts.get(row.id) ?? 0,
    }));
  }

  const withMaster = () =>
    db
      .select({
        id: games.id,
        name: games.name,
        mjUserId: games.mjUserId,
        createdAt: games.createdAt,
        lastConnectionAt: games.lastConnectionAt,
        mjDisplayName: users.displayName,
      })
      .from(games)
      .innerJoin(users, eq(users.id, games.mjUserId));

  async function summaryOf(gameId: string): Promise<GameSummary> {
    const [row] = await withMaster().where(eq(games.id, gameId));
    if (!row) throw httpError(404, gamesMessages.notFound);
    const [summary] = await summaries([row]);
    return summary as GameSummary;
  }

  return {
    async owned(actor: AuthUser): Promise<GameSummary[]> {
      // The campaign being played stays on top: a game just created comes after the ones played.
      return summaries(
        await withMaster()
          .where(eq(games.mjUserId, actor.id))
          .orderBy(sql`${games.lastConnectionAt} desc nulls last`, desc(games.createdAt)),
      );
    },

    /**
     * The code is drawn at random; on the rare collision another one is drawn (each draw under a
     * savepoint, since a failed insert would end PostgreSQL's transaction).
     */
    async create(actor: AuthUser, input: CreateGameRequest): Promise<GameData> {
      const gameId = await createUnderCap(
        db,
        { holder: { userId: actor.id }, cap: GAMES_PER_MJ, refusal: gameMessages.tooMany },
        async (tx) =>
          (await tx.select({ n: count() }).from(games).where(eq(games.mjUserId, actor.id)))[0]?.n ?? 0,
        async (tx) => {
          for (let attempt = 1; ; attempt += 1) {
            try {
              return await tx.transaction(async (draw) => {
                const [game] = await draw
                  .insert(games)
                  .values({ id: newGameCode(), name: input.name, mjUserId: actor.id })
                  .returning({ id: games.id });
                if (!game) throw new Error('game insert returned no row');
                return game.id;
              });
            } catch (error) {
              if (violatedUniqueIndex(error) !== 'games_pkey' || attempt >= CODE_ATTEMPTS) throw error;
            }
          }
        },
      );
      return { ...(await summaryOf(gameId)), ...(await readIdLists(db, gameId)) };
    },

    /** The game as its table shows it: for members, and admins who oversee every table. */
    async data(actor: AuthUser, gameId: string): Promise<GameData> {
      await access.requireSeat(gameId, actor);
      return { ...(await summaryOf(gameId)), ...(await readIdLists(db, gameId)) };
    },

    async players(actor: AuthUser, gameId: string): Promise<GamePlayer[]> {
      await access.requireSeat(gameId, actor);
      const rows = await db
        .select({ id: users.id, displayName: users.displayName, invitationId: gameInvitations.id })
        .from(gameInvitations)
        .innerJoin(users, eq(users.id, gameInvitations.toUserId))
        .where(and(eq(gameInvitations.gameId, gameId), eq(gameInvitations.status, 'accepted')))
        .orderBy(users.displayName);
      const atTable = new Set((await presence.connectedUsers(gameId)).map((user) => user.id));
      return rows.map((row) => ({
        id: row.id,
        display_name: row.displayName,
        invitationId: row.invitationId,
        atTable: atTable.has(row.id),
      }));
    },

    /**
     * Everything the game owns goes with it (foreign keys cascade); whoever was invited or seated
     * hears it at once and leaves the table.
     */
    async remove(actor: AuthUser, gameId: string): Promise<void> {
      await access.requireGameMaster(gameId, actor.id);
      // Every invitee's list shows the game, whatever became of their invitation.
      const concerned = await db
        .selectDistinct({ userId: gameInvitations.toUserId })
        .from(gameInvitations)
        .where(eq(gameInvitations.gameId, gameId));
      await db.delete(games).where(eq(games.id, gameId));
      presence.closeTable(gameId);
      for (const { userId } of concerned) notifier.gameDeleted(userId, gameId);
    },

    /** An accepted player steps out; their invitation keeps the story ('left'). */
    async leave(actor: AuthUser, gameId: string): Promise<void> {
      const { game, role } = await access.requireMember(gameId, actor.id);
      if (role === 'mj') throw httpError(400, gamesMessages.masterCannotLeave);
      const [left] = await db
        .update(gameInvitations)
        .set({ status: 'left', updatedAt: new Date() })
        .where(
          and(
            eq(gameInvitations.gameId, gameId),
            eq(gameInvitations.toUserId, actor.id),
            eq(gameInvitations.status, 'accepted'),
          ),
        )
        .returning({ id: gameInvitations.id });
      // Another request got there first: the player is no longer in the game either way.
      if (!left) throw httpError(403, gamesMessages.forbidden);
      presence.expel(actor.id, gameId, 'left');
      await presence.announce(gameId, game.mjUserId, { gone: actor.id });
      await notifier.changed(left.id);
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
