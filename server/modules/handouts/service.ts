import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { newestFirst, recipientsOf, type HandoutAudience, type ShownHandout } from '#shared/domain/handouts';
import {
  handoutMessages,
  type CreateHandoutRequest,
  type HandoutLibrary,
  type HandoutView,
} from '#shared/wire/handouts';
import type { LoggedHandout } from '#shared/domain/table/handouts';
import type { Db } from '../../db/client';
import {
  files,
  gameInvitations,
  handoutRecipients,
  handouts,
  users,
  type HandoutRow,
} from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';
import type { TablePublic } from '../table/service';

const isUuid = (value: string) => z.guid().safeParse(value).success;

function loggedAs(row: HandoutRow): LoggedHandout {
  const common = { id: row.id, title: row.title };
  return row.fileId === null
    ? { ...common, text: row.text ?? '', fileId: null }
    : { ...common, text: null, fileId: row.fileId };
}

const shownAs = (row: HandoutRow, shownAt: Date): ShownHandout => ({
  ...loggedAs(row),
  shownAt: shownAt.toISOString(),
});

/**
 * Handouts (decisions 0029, 0041): the MJ's library of a game, shown to chosen players and taken
 * back. Who holds one is stored here, the read model that a player's documents and files are
 * checked against; showing and taking back are also logged at the table, whose projection tells
 * each recipient alone: the others never receive its name. The MJ alone prepares, shows, takes back
 * and deletes.
 */
export function createHandoutsService({
  db,
  gameAccess,
  table,
}: {
  db: Db;
  gameAccess: GameAccess;
  table: Pick<TablePublic, 'handout'>;
}) {
  /** The game's handout, or 404 as if it did not exist: one of another game included. */
  async function findHandout(gameId: string, id: string): Promise<HandoutRow> {
    if (!isUuid(id)) throw httpError(404, handoutMessages.notFound);
    const [row] = await db
      .select()
      .from(handouts)
      .where(and(eq(handouts.id, id), eq(handouts.gameId, gameId)));
    if (!row) throw httpError(404, handoutMessages.notFound);
    return row;
  }

  async function playersOf(gameId: string) {
    return db
      .select({ userId: users.id, displayName: users.displayName })
      .from(gameInvitations)
      .innerJoin(users, eq(users.id, gameInvitations.toUserId))
      .where(and(eq(gameInvitations.gameId, gameId), eq(gameInvitations.status, 'accepted')))
      .orderBy(asc(users.displayName));
  }

  /**
   * Takes the handout back from every player who holds it: their rows go first, so its file is
   * theirs no more by the time the table tells them.
   */
  async function takeBackFromAll(user: AuthUser, gameId: string, handoutId: string) {
    await db.delete(handoutRecipients).where(eq(handoutRecipients.handoutId, handoutId));
    await table.handout(gameId, user.id, { type: 'handout.takeBack', handoutId });
  }

  async function viewOf(row: HandoutRow): Promise<HandoutView> {
    const recipients = await db
      .select({ userId: handoutRecipients.userId, shownAt: handoutRecipients.shownAt })
      .from(handoutRecipients)
      .where(eq(handoutRecipients.handoutId, row.id));
    return {
      id: row.id,
      gameId: row.gameId,
      title: row.title,
      text: row.text,
      fileId: row.fileId,
      createdAt: row.createdAt.toISOString(),
      recipients: recipients.map(({ userId, shownAt }) => ({ userId, shownAt: shownAt.toISOString() })),
    };
  }

  return {
    async library(user: AuthUser, gameId: string): Promise<HandoutLibrary> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const rows = await db
        .select()
        .from(handouts)
        .where(eq(handouts.gameId, gameId))
        .orderBy(desc(handouts.createdAt));
      return { handouts: await Promise.all(rows.map(viewOf)), players: await playersOf(gameId) };
    },

    async create(user: AuthUser, gameId: string, body: CreateHandoutRequest): Promise<HandoutView> {
      await gameAccess.requireGameMaster(gameId, user.id);
      if (body.fileId !== undefined) {
        const [file] = isUuid(body.fileId)
          ? await db
              .select({ id: files.id })
              .from(files)
              .where(and(eq(files.id, body.fileId), eq(files.gameId, gameId), eq(files.kind, 'handout')))
          : [];
        if (!file) throw httpError(400, handoutMessages.notAHandoutFile);
      }
      const [row] = await db
        .insert(handouts)
        .values({ gameId, title: body.title, text: body.text ?? null, fileId: body.fileId ?? null })
        .returning();
      return viewOf(row!);
    },

    /**
     * Shows the handout to the players named (or all of the game's): each recipient's table opens
     * it at once. Shown again to someone who holds it, it comes back on top of their documents.
     */
    async show(user: AuthUser, gameId: string, id: string, audience: HandoutAudience): Promise<HandoutView> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const row = await findHandout(gameId, id);
      const players = (await playersOf(gameId)).map((player) => player.userId);
      if (audience.to === 'all' && players.length === 0) throw httpError(400, handoutMessages.noPlayers);
      const decided = recipientsOf(audience, players);
      if ('strangers' in decided) throw httpError(400, handoutMessages.strangers);
      const shownAt = new Date();
      await db
        .insert(handoutRecipients)
        .values(decided.recipients.map((userId) => ({ handoutId: row.id, userId, shownAt })))
        .onConflictDoUpdate({
          target: [handoutRecipients.handoutId, handoutRecipients.userId],
          set: { shownAt },
        });
      // The rows first: a recipient told by the table reads the picture at once.
      await table.handout(gameId, user.id, {
        type: 'handout.show',
        handout: loggedAs(row),
        recipients: decided.recipients,
        at: shownAt.toISOString(),
      });
      return viewOf(row);
    },

    /** Takes the handout back from every player who holds it: it leaves their documents, its file is theirs no more. */
    async takeBack(user: AuthUser, gameId: string, id: string): Promise<HandoutView> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const row = await findHandout(gameId, id);
      await takeBackFromAll(user, gameId, row.id);
      return viewOf(row);
    },

    /** Deletes the handout, taken back first from whoever holds it; its picture stays among the game's files. */
    async remove(user: AuthUser, gameId: string, id: string): Promise<void> {
      await gameAccess.requireGameMaster(gameId, user.id);
      const row = await findHandout(gameId, id);
      await takeBackFromAll(user, gameId, row.id);
      await db.delete(handouts).where(eq(handouts.id, row.id));
    },

    /** What was shown to the caller at this table and not taken back, newest first. */
    async shownTo(user: AuthUser, gameId: string): Promise<ShownHandout[]> {
      await gameAccess.requireSeat(gameId, user);
      const rows = await db
        .select({ handout: handouts, shownAt: handoutRecipients.shownAt })
        .from(handoutRecipients)
        .innerJoin(handouts, eq(handouts.id, handoutRecipients.handoutId))
        .where(and(eq(handouts.gameId, gameId), eq(handoutRecipients.userId, user.id)));
      return newestFirst(rows.map(({ handout, shownAt }) => shownAs(handout, shownAt)));
    },
  };
}

export type HandoutsService = ReturnType<typeof createHandoutsService>;
