import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  journalMessages as messages,
  type JournalPage,
  type JournalPageFields,
  type JournalPageSummary,
  type JournalSave,
  type JournalSaveAnswer,
  type JournalSharing,
} from '#shared/wire/journal';
import { JOURNAL_PAGES_PER_GAME } from '#shared/domain/journal/rules';
import { mergeText } from '#shared/domain/journal/merge';
import type { Db } from '../../db/client';
import { createUnderCap } from '../../db/create-under-cap';
import { gameInvitations, journalPages, users, type JournalPageRow } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { AuthUser } from '../auth/access';
import type { GameAccess, GameRole } from '../games/access';

// Page ids are uuids; anything else names nothing (and must not reach PostgreSQL).
const uuid = z.guid();

const summaryColumns = {
  id: journalPages.id,
  gameId: journalPages.gameId,
  title: journalPages.title,
  shared: journalPages.shared,
  playersMayWrite: journalPages.playersMayWrite,
  version: journalPages.version,
  updatedAt: journalPages.updatedAt,
  updatedBy: users.displayName,
};

type SummaryRow = Omit<JournalPageSummary, 'updatedAt'> & { updatedAt: Date };

function toSummary(row: SummaryRow): JournalPageSummary {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/**
 * A game's journal (decision 0030). The MJ does everything; a player lists and reads shared pages
 * only (a private page is answered as missing, so not even its title reaches them), saves where
 * the MJ lets players write, and never creates, shares or deletes. Every change is told at once to
 * whoever may read the page, and a page taken back or deleted to whoever may no longer.
 */
export function createJournalService({
  db,
  access,
  realtime,
}: {
  db: Db;
  access: GameAccess;
  realtime: Realtime;
}) {
  async function withName(row: JournalPageRow): Promise<JournalPage> {
    const [user] = row.updatedBy
      ? await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, row.updatedBy))
      : [];
    return { ...toSummary({ ...row, updatedBy: user?.displayName ?? null }), body: row.body };
  }

  /** The page and the actor's role in its game, when they may read it; 404 otherwise. */
  async function readable(user: AuthUser, id: string): Promise<{ row: JournalPageRow; role: GameRole }> {
    if (!uuid.safeParse(id).success) throw httpError(404, messages.notFound);
    const [row] = await db.select().from(journalPages).where(eq(journalPages.id, id));
    if (!row) throw httpError(404, messages.notFound);
    const { role } = await access.requireMember(row.gameId, user.id);
    if (role === 'player' && !row.shared) throw httpError(404, messages.notFound);
    return { row, role };
  }

  async function masterOf(user: AuthUser, id: string): Promise<JournalPageRow> {
    const { row, role } = await readable(user, id);
    if (role !== 'mj') throw httpError(403, messages.masterOnly);
    return row;
  }

  /** The rooms of everyone who may read the game's shared pages: its members, wherever they are. */
  async function membersRooms(gameId: string): Promise<{ master: string; players: string[] }> {
    const game = await access.find(gameId);
    const players = await db
      .select({ userId: gameInvitations.toUserId })
      .from(gameInvitations)
      .where(and(eq(gameInvitations.gameId, gameId), eq(gameInvitations.status, 'accepted')));
    return {
      master: rooms.user(game.mjUserId),
      players: players.map(({ userId }) => rooms.user(userId)),
    };
  }

  async function tell(page: JournalPage, wasShared: boolean): Promise<void> {
    const { master, players } = await membersRooms(page.gameId);
    if (page.shared) {
      realtime.io.to(master).to(players).emit('journalPage', page);
      return;
    }
    realtime.io.to(master).emit('journalPage', page);
    if (wasShared && players.length > 0) {
      realtime.io.to(players).emit('journalPageRemoved', { gameId: page.gameId, id: page.id });
    }
  }

  return {
    async list(user: AuthUser, gameId: string): Promise<JournalPageSummary[]> {
      const { role } = await access.requireMember(gameId, user.id);
      const rows = await db
        .select(summaryColumns)
        .from(journalPages)
        .leftJoin(users, eq(users.id, journalPages.updatedBy))
        .where(
          role === 'mj'
            ? eq(journalPages.gameId, gameId)
            : and(eq(journalPages.gameId, gameId), eq(journalPages.shared, true)),
        )
        .orderBy(asc(journalPages.createdAt), asc(journalPages.id));
      return rows.map(toSummary);
    },

    async read(user: AuthUser, id: string): Promise<JournalPage> {
      return withName((await readable(user, id)).row);
    },

    async create(user: AuthUser, gameId: string, fields: JournalPageFields): Promise<JournalPage> {
      await access.requireGameMaster(gameId, user.id);
      const { title, body, shared, playersMayWrite } = fields;
      const [row] = await createUnderCap(
        db,
        { holder: { gameId }, cap: JOURNAL_PAGES_PER_GAME, refusal: messages.tooMany },
        async (tx) =>
          (await tx.select({ n: count() }).from(journalPages).where(eq(journalPages.gameId, gameId)))[0]?.n ??
          0,
        (tx) =>
          tx
            .insert(journalPages)
            .values({ gameId, title, body, shared, playersMayWrite, updatedBy: user.id })
            .returning(),
      );
      const page = await withName(row!);
      await tell(page, false);
      return page;
    },

    /**
     * A save based on `base.version`. When that is the stored version, it is stored as sent;
     * when other saves landed since, the two are merged line by line against the base the
     * client sent, keeping both versions where they overlap (decision 0030).
     */
    async save(user: AuthUser, id: string, { title, body, base }: JournalSave): Promise<JournalSaveAnswer> {
      const { role } = await readable(user, id);
      const answer = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(journalPages).where(eq(journalPages.id, id)).for('update');
        if (!row) throw httpError(404, messages.notFound);
        if (role === 'player' && !(row.shared && row.playersMayWrite))
          throw httpError(403, messages.readOnly);
        if (base.version > row.version) throw httpError(400, messages.badVersion);
        let next = { title, body };
        let outcome: JournalSaveAnswer['outcome'] = 'saved';
        let message: string | null = null;
        if (base.version < row.version) {
          const [last] = row.updatedBy
            ? await tx.select({ name: users.displayName }).from(users).where(eq(users.id, row.updatedBy))
            : [];
          const merged = mergeText(base.body, row.body, body, {
            ours: last?.name ?? 'un ancien membre',
            theirs: user.displayName,
          });
          // A title changed on one side only keeps that change; changed on both, the later save's.
          next = { title: title === base.title ? row.title : title, body: merged.text };
          outcome = merged.conflicts > 0 ? 'conflicted' : 'merged';
          message = merged.conflicts > 0 ? messages.conflicted(merged.conflicts) : messages.merged;
        }
        const [saved] = await tx
          .update(journalPages)
          .set({ ...next, version: row.version + 1, updatedBy: user.id, updatedAt: new Date() })
          .where(eq(journalPages.id, id))
          .returning();
        return { saved: saved!, outcome, message };
      });
      const page = await withName(answer.saved);
      await tell(page, page.shared);
      return { page, outcome: answer.outcome, message: answer.message };
    },

    async share(user: AuthUser, id: string, { shared, playersMayWrite }: JournalSharing) {
      const before = await masterOf(user, id);
      const [row] = await db
        .update(journalPages)
        .set({ shared, playersMayWrite: shared && playersMayWrite })
        .where(eq(journalPages.id, id))
        .returning();
      if (!row) throw httpError(404, messages.notFound);
      const page = await withName(row);
      await tell(page, before.shared);
      return page;
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      const row = await masterOf(user, id);
      await db.delete(journalPages).where(eq(journalPages.id, id));
      const { master, players } = await membersRooms(row.gameId);
      realtime.io
        .to(master)
        .to(row.shared ? players : [])
        .emit('journalPageRemoved', { gameId: row.gameId, id: row.id });
    },
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
