import type { TableEventRow } from '../../../db/schema/index';
import type { TableEvent } from '#shared/domain/table/types';

export function eventOf(row: TableEventRow): TableEvent {
  return {
    seq: row.seq,
    // Logs without owners keep epoch 0, which events leave out (docs/live-table.md "Owners").
    ...(row.epoch === 0 ? {} : { epoch: row.epoch }),
    type: row.type,
    payload: row.payload,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  } as TableEvent;
}

/** An event to log, with its game; the first event of a command carries the client's id of it. */
export interface LoggedEvent {
  gameId: string;
  event: TableEvent;
  commandId?: string;
}

/** An event as the log's statements read it (`jsonb_to_recordset`'s columns) and the journal keeps it. */
export interface EventRow {
  game_id: string;
  seq: number;
  epoch: number;
  type: string;
  payload: unknown;
  user_id: string | null;
  created_at: string;
  /** Left out when the event carries none (jsonb_to_recordset reads it as null). */
  command_id?: string;
}

/**
 * `JSON.stringify(rowsOf(logged))` without the rows built as objects first: the journal's line at
 * every drop, and the owners' statements. In V8's profile of `table-fanout` the line went from 180
 * to 134 samples of the PGlite server's 4,200 busy ones (docs/live-table.md "The fan-out").
 */
export function rowsJson(logged: readonly LoggedEvent[]): string {
  let json = '[';
  for (const [index, { gameId, event, commandId }] of logged.entries()) {
    json +=
      `${index === 0 ? '' : ','}{"game_id":${JSON.stringify(gameId)},"seq":${event.seq},` +
      `"epoch":${event.epoch ?? 0},"type":${JSON.stringify(event.type)},` +
      `"payload":${JSON.stringify(event.payload)},"user_id":${JSON.stringify(event.userId ?? null)},` +
      `"created_at":${JSON.stringify(event.createdAt)}${commandId === undefined ? '' : `,"command_id":"${commandId}"`}}`;
  }
  return `${json}]`;
}

export function rowsOf(logged: readonly LoggedEvent[]): EventRow[] {
  return logged.map(({ gameId, event, commandId }) => ({
    game_id: gameId,
    seq: event.seq,
    epoch: event.epoch ?? 0,
    type: event.type,
    payload: event.payload,
    user_id: event.userId,
    created_at: event.createdAt,
    ...(commandId === undefined ? {} : { command_id: commandId }),
  }));
}
