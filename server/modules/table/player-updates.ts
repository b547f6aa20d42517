import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PlayerUpdateEvent, TableVitals } from '#shared/wire/characters';
import { tokenAt } from '#shared/domain/table/records';
import type { MapToken } from '#shared/domain/table/types';
import { isPlayersMap } from '#shared/domain/table/visibility';
import type { Db } from '../../db/client';
import { characters } from '../../db/schema/index';
import { reportInternalError } from '../../lib/errors';
import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { GameAccess } from '../games/access';
import { watchersOf } from '../characters/sheet-notices';
import type { Transition } from './emitter';

/**
 * What a player token says of its character's health; a player token always carries its numbers
 * (only a monster's give way to a band, and only in a player's copy) and its essence.
 */
export function vitalsOfToken(token: MapToken): TableVitals {
  return {
    currentHP: token.currentHP ?? 0,
    maxHP: token.HP ?? 0,
    currentSoulEssence: token.currentSoulEssence ?? 0,
    maxSoulEssence: token.soulEssence ?? 0,
    ...(token.conditions?.length ? { conditions: [...token.conditions] } : {}),
  };
}

/** The events that change what a sheet shows of its character at the table. */
const changesSheet = (type: string) => type === 'token.adjusted' || type === 'token.conditionsChanged';

/**
 * `playerUpdate` (table.md §7): a player token's HP, essence or conditions changed on the players' map, so every
 * open sheet of its character shows the new values. Sent to the character's watchers (owner and MJ) only — a sheet
 * window is not seated at the table, and other players have no business with it. The events are
 * committed before this runs, so a failure is logged and never refuses the command.
 */
export function createPlayerUpdates({
  db,
  access,
  realtime,
  log,
}: {
  db: Db;
  access: GameAccess;
  realtime: Realtime;
  log: FastifyBaseLogger;
}) {
  /** Settles at once when no player's health changed, as most events (a drop) leave it. */
  return function tell(transitions: readonly Transition[]): void | Promise<void> {
    if (!transitions.some(({ event }) => changesSheet(event.type))) return;
    // The last value of each character in the batch: an attack adjusts HP and essence in one append.
    const latest = new Map<string, PlayerUpdateEvent>();
    for (const { event, after } of transitions) {
      // A token on a map the players are not on is the MJ's rehearsal: the sheet keeps its numbers.
      if (
        (event.type !== 'token.adjusted' && event.type !== 'token.conditionsChanged') ||
        !isPlayersMap(after, event.payload.map)
      )
        continue;
      const token = tokenAt(after, event.payload.map, event.payload.usableId);
      if (!token?.isPlayer) continue;
      latest.set(token.itemId, { playerId: token.itemId, ...vitalsOfToken(token) });
    }
    if (latest.size > 0) return send(latest.values());
  };

  async function send(updates: Iterable<PlayerUpdateEvent>): Promise<void> {
    for (const update of updates) {
      try {
        const [row] = await db
          .select({ userId: characters.userId, gameId: characters.gameId })
          .from(characters)
          .where(eq(characters.id, update.playerId));
        if (!row) continue;
        const watchers = await watchersOf(access, row);
        realtime.io.to(watchers.map((userId) => rooms.user(userId))).emit('playerUpdate', update);
      } catch (error) {
        reportInternalError(log, error);
      }
    }
  }
}
