import { and, eq, sql } from 'drizzle-orm';
import { recapMessages as messages, type EveningRecap, type RecapQuery } from '#shared/wire/recap';
import { EVENING_GAP_MS, type Evening } from '#shared/domain/table/evenings';
import { eveningFileName, eveningJson, eveningMarkdown } from '#shared/domain/table/evening-export';
import { projectAfter } from '#shared/domain/table/projection';
import { recapOf } from '#shared/domain/table/recap';
import type { TableActor } from '#shared/domain/table/types';
import { visibleTo } from '#shared/domain/table/visibility';
import type { Db } from '../../db/client';
import { eveningNotes, lastTimeSeen } from '../../db/schema/index';
import { httpError } from '../../lib/errors';
import type { AuthUser } from '../auth/access';
import { eveningsOfGame, eventsAfter } from '../table/log/reads';
import type { TableService } from '../table/service';
import { createReplayCheckpoints } from '../history/checkpoints';

/** A file to download: its name and its text. */
export interface EveningFile {
  name: string;
  type: string;
  body: string;
}

/**
 * « Résumé de la séance » (decision 0037): a game's evenings, each one's recap and exports as the
 * member asking received its events, the MJ's lines about it, and « La dernière fois… » once per
 * user and evening. Members and admins read; the MJ and admins write the lines.
 */
export function createRecapService({
  db,
  table,
  now = () => Date.now(),
}: {
  db: Db;
  table: Pick<TableService, 'actorOf' | 'flush'>;
  now?: () => number;
}) {
  const checkpoints = createReplayCheckpoints(db);

  async function seated(user: AuthUser, gameId: string): Promise<{ actor: TableActor; evenings: Evening[] }> {
    const actor = await table.actorOf(gameId, user);
    // Events still on their way to the log belong to the evening too.
    await table.flush(gameId);
    return { actor, evenings: await eveningsOfGame(db, gameId) };
  }

  function chosen(evenings: readonly Evening[], number: number | undefined): Evening {
    const evening = number === undefined ? evenings.at(-1) : evenings[number - 1];
    if (evening) return evening;
    throw httpError(404, number === undefined ? messages.noEvening : messages.eveningNotFound);
  }

  /** The evening's events as `actor` received them, and the recap they make. */
  async function read(gameId: string, actor: TableActor, evening: Evening) {
    const before = await checkpoints.stateAt(gameId, evening.firstSeq - 1);
    const logged = await eventsAfter(db, gameId, before.lastSeq, evening.lastSeq);
    const { events } = projectAfter(before, logged, before.lastSeq, actor);
    return { events, recap: recapOf(visibleTo(before, actor), events) };
  }

  async function notesOf(gameId: string, evening: Evening): Promise<string> {
    const [row] = await db
      .select({ notes: eveningNotes.notes })
      .from(eveningNotes)
      .where(and(eq(eveningNotes.gameId, gameId), eq(eveningNotes.firstSeq, evening.firstSeq)));
    return row?.notes ?? '';
  }

  async function recapFor(gameId: string, actor: TableActor, evening: Evening): Promise<EveningRecap> {
    const { recap } = await read(gameId, actor, evening);
    return { evening, recap, notes: await notesOf(gameId, evening), mayWriteNotes: actor.role !== 'player' };
  }

  /** The evening « La dernière fois… » tells of: the last one once a pause began, else the one before. */
  function previousOf(evenings: readonly Evening[]): Evening | undefined {
    const last = evenings.at(-1);
    if (!last) return undefined;
    return now() - Date.parse(last.endedAt) >= EVENING_GAP_MS ? last : evenings.at(-2);
  }

  return {
    async evenings(user: AuthUser, gameId: string): Promise<Evening[]> {
      return (await seated(user, gameId)).evenings;
    },

    async recap(user: AuthUser, gameId: string, query: RecapQuery): Promise<EveningRecap> {
      const { actor, evenings } = await seated(user, gameId);
      return recapFor(gameId, actor, chosen(evenings, query.evening));
    },

    async exportMarkdown(user: AuthUser, gameId: string, query: RecapQuery): Promise<EveningFile> {
      const { actor, evenings } = await seated(user, gameId);
      const evening = chosen(evenings, query.evening);
      const { events, recap } = await read(gameId, actor, evening);
      const notes = await notesOf(gameId, evening);
      return {
        name: eveningFileName(evening, 'md', query.timeZone),
        type: 'text/markdown; charset=utf-8',
        body: eveningMarkdown({ evening, recap, notes, events, timeZone: query.timeZone }),
      };
    },

    async exportJson(user: AuthUser, gameId: string, query: RecapQuery): Promise<EveningFile> {
      const { actor, evenings } = await seated(user, gameId);
      const evening = chosen(evenings, query.evening);
      const { events } = await read(gameId, actor, evening);
      return {
        name: eveningFileName(evening, 'json', query.timeZone),
        type: 'application/json; charset=utf-8',
        body: eveningJson(evening, events),
      };
    },

    async saveNotes(
      user: AuthUser,
      gameId: string,
      { evening: number, notes }: { evening: number; notes: string },
    ): Promise<EveningRecap> {
      const { actor, evenings } = await seated(user, gameId);
      if (actor.role === 'player') throw httpError(403, messages.masterOnly);
      const evening = chosen(evenings, number);
      await db
        .insert(eveningNotes)
        .values({ gameId, firstSeq: evening.firstSeq, notes, updatedBy: user.id })
        .onConflictDoUpdate({
          target: [eveningNotes.gameId, eveningNotes.firstSeq],
          set: { notes, updatedBy: user.id, updatedAt: sql`now()` },
        });
      return recapFor(gameId, actor, evening);
    },

    /** The previous evening's recap when this user has not read « La dernière fois… » of it. */
    async lastTime(user: AuthUser, gameId: string): Promise<EveningRecap | null> {
      const { actor, evenings } = await seated(user, gameId);
      const previous = previousOf(evenings);
      if (!previous) return null;
      const [seen] = await db
        .select({ firstSeq: lastTimeSeen.firstSeq })
        .from(lastTimeSeen)
        .where(and(eq(lastTimeSeen.userId, user.id), eq(lastTimeSeen.gameId, gameId)));
      if (seen && seen.firstSeq >= previous.firstSeq) return null;
      return recapFor(gameId, actor, previous);
    },

    /** « La dernière fois… » read for the evening starting at `firstSeq`: never shown again for it. */
    async lastTimeSeen(user: AuthUser, gameId: string, firstSeq: number): Promise<void> {
      await table.actorOf(gameId, user);
      await db
        .insert(lastTimeSeen)
        .values({ userId: user.id, gameId, firstSeq })
        .onConflictDoUpdate({
          target: [lastTimeSeen.userId, lastTimeSeen.gameId],
          set: { firstSeq: sql`greatest(${lastTimeSeen.firstSeq}, excluded.first_seq)` },
        });
    },
  };
}

export type RecapService = ReturnType<typeof createRecapService>;
