import { HISTORY_CHAT_LINES, type HistoryMarks } from '#shared/wire/history';
import { projectAfter } from '#shared/domain/table/projection';
import { checkpointsAlong, replayAt, turnsFor } from '#shared/domain/table/replay';
import type { TableActor, TableEvent, TableState } from '#shared/domain/table/types';
import type { Db } from '../../db/client';
import type { AuthUser } from '../auth/access';
import type { GameAccess } from '../games/access';
import { chatLinesAs } from '../table/chat-lines';
import { eveningsOfGame, eventsAfter, headsOf } from '../table/log/reads';
import { createTableMembers } from '../table/members';
import { createReplayCheckpoints, seqAtTime } from './checkpoints';

/**
 * A game's replay (docs/live-table.md "Replay", decision 0036), read-only: it reads the log and its
 * own checkpoints, never the live table's writer, states or snapshots, so replays run beside play
 * without slowing it. Each member replays what they saw then: `visibleTo` and `projectEvent` for
 * the characters they hold today (a character never changes hands).
 */
export function createHistoryService({ db, access }: { db: Db; access: GameAccess }) {
  const members = createTableMembers(db, access);
  const checkpoints = createReplayCheckpoints(db);

  /** The member, and the log's head with its checkpoints written up to it. */
  async function opened(gameId: string, user: AuthUser) {
    const actor = await members.actorOf(gameId, user);
    const head = (await headsOf(db, [gameId])).get(gameId) ?? 0;
    await checkpoints.upTo(gameId, head);
    return { actor, head };
  }

  async function seenAt(gameId: string, actor: TableActor, seq: number): Promise<TableState> {
    const { base, events } = await checkpoints.window(gameId, seq, seq);
    return replayAt(base, events, seq, actor);
  }

  return {
    /** The log's head, its evenings and the turns this member may jump to. */
    async marks(gameId: string, user: AuthUser): Promise<HistoryMarks> {
      const { actor, head } = await opened(gameId, user);
      const kept = await checkpoints.turns(gameId);
      // The turns after the last checkpoint: at most REPLAY_CHECKPOINT_EVERY events to fold.
      const tail = checkpointsAlong(kept.last, await eventsAfter(db, gameId, kept.last.lastSeq, head));
      const turns = turnsFor(actor, [...kept.turns, ...tail.turns]).map(
        ({ seq, round, createdAt, starts }) => ({ seq, round, createdAt, starts }),
      );
      return { head, evenings: await eveningsOfGame(db, gameId), turns };
    },

    /** The table after event `seq` (or the last one logged at `at`) as this member saw it, with the chat up to it. */
    async point(
      gameId: string,
      user: AuthUser,
      asked: { seq?: number; at?: string },
    ): Promise<{ seq: number; state: TableState; chat: TableEvent[] }> {
      const { actor, head } = await opened(gameId, user);
      const wanted = asked.at === undefined ? (asked.seq ?? head) : await seqAtTime(db, gameId, asked.at);
      const seq = Math.min(wanted, head);
      const state = await seenAt(gameId, actor, seq);
      const chat = await chatLinesAs(db, gameId, actor, { before: seq + 1, limit: HISTORY_CHAT_LINES });
      return { seq, state, chat };
    },

    /** The member and the table as they saw it after event `seq`: what a replayed map's picture is painted from. */
    async copyAt(
      gameId: string,
      user: AuthUser,
      seq: number,
    ): Promise<{ actor: TableActor; state: TableState }> {
      const { actor, head } = await opened(gameId, user);
      return { actor, state: await seenAt(gameId, actor, Math.min(seq, head)) };
    },

    /** Up to `limit` events after `after`, each as this member received it: the playback's next page. */
    async events(
      gameId: string,
      user: AuthUser,
      { after, limit }: { after: number; limit: number },
    ): Promise<{ events: TableEvent[]; head: number }> {
      const { actor, head } = await opened(gameId, user);
      const from = Math.min(after, head);
      // Projecting an event needs the state before it: the fold starts at the checkpoint before `from`.
      const { base, events: logged } = await checkpoints.window(gameId, from, from + limit);
      return { events: projectAfter(base, logged, from, actor).events, head };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
