import { rooms } from '../../realtime/rooms';
import type { Realtime } from '../../realtime/types';
import type { EquipmentNotice } from './service';

/**
 * `equipmentChange {playerId}` (table.md §7 "Socket events") to the game's table and to the
 * character's watchers, wherever their sheet is open: a sheet window is not seated at the table.
 * One emit over the union of the rooms, so a socket in several of them hears it once.
 */
export function emitEquipmentChange(
  realtime: Realtime,
  { gameId, playerId, watchers }: EquipmentNotice,
): void {
  const [first, ...others] = [
    ...(gameId === null ? [] : [rooms.game(gameId)]),
    ...watchers.map((userId) => rooms.user(userId)),
  ];
  if (first === undefined) return;
  realtime.io.to(first).to(others).emit('equipmentChange', { playerId });
}
