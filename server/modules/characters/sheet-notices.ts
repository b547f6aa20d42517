import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';
import { reportInternalError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { GameAccess } from '../games/access';

/** A character whose open sheets must read it again. */
export interface SheetNotice {
  /** Null for a character outside any game: nobody but its owner hears of it. */
  gameId: string | null;
  playerId: string;
  /** The users whose open sheets must refresh: the owner while a member, and the game's MJ. */
  watchers: string[];
}

/** Told the characters whose sheets a committed change touched; never throws. */
export type SheetsChanged = (characterIds: Iterable<string>) => Promise<void>;

/**
 * Who hears of a character's changes: its owner and, for a character in a game, the game's MJ.
 * A kicked or departed owner no longer does: what the MJ then makes of the character is the game's
 * business, not theirs.
 */
export async function watchersOf(
  gameAccess: GameAccess,
  row: { userId: string; gameId: string | null },
): Promise<string[]> {
  if (row.gameId === null) return [row.userId];
  const game = await gameAccess.find(row.gameId).catch(() => null);
  const ownerBelongs = (await gameAccess.roleOf(row.gameId, row.userId)) !== null;
  return [...new Set([...(ownerBelongs ? [row.userId] : []), ...(game ? [game.mjUserId] : [])])];
}

/**
 * `equipmentChange {playerId}` (table.md §7 "Socket events"), the spec's one signal that a sheet
 * changed, to the game's table and to the character's watchers, wherever their sheet is open: a
 * sheet window is not seated at the table. One emit over the union of the rooms, so a socket in
 * several of them hears it once.
 */
export function emitSheetChange(realtime: Realtime, { gameId, playerId, watchers }: SheetNotice): void {
  const [first, ...others] = [
    ...(gameId === null ? [] : [rooms.game(gameId)]),
    ...watchers.map((userId) => rooms.user(userId)),
  ];
  if (first === undefined) return;
  realtime.io.to(first).to(others).emit('equipmentChange', { playerId });
}

/**
 * What the resources and the soul core tell open sheets (docs/server.md "Sheets refresh"): a
 * resource given, taken, edited or deleted, shards consumed. The change is committed before this
 * runs, so a failure here is logged and never turns the call into an error.
 */
export function createSheetNotices({
  db,
  gameAccess,
  realtime,
  log,
}: {
  db: Db;
  gameAccess: GameAccess;
  realtime: Realtime;
  log: FastifyBaseLogger;
}): SheetsChanged {
  return async (characterIds) => {
    const ids = [...new Set(characterIds)];
    if (ids.length === 0) return;
    try {
      const rows = await db
        .select({ id: characters.id, userId: characters.userId, gameId: characters.gameId })
        .from(characters)
        .where(inArray(characters.id, ids));
      for (const row of rows) {
        emitSheetChange(realtime, {
          gameId: row.gameId,
          playerId: row.id,
          watchers: await watchersOf(gameAccess, row),
        });
      }
    } catch (error) {
      reportInternalError(log, error);
    }
  };
}
