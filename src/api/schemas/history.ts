import { z } from 'zod';
import { API_BASE } from '../paths';
import { mapPictureQuery } from './map-pictures';
import { tableEvent, tableState } from './table';

/** The wire contract of a game's replay (docs/live-table.md "Replay", decision 0036). */

export const historyMessages = {
  badSeq: 'Le point de la partie doit être un nombre entier positif ou nul.',
  badTime: 'La date demandée n’est pas valable.',
  badLimit: 'Une page d’événements en compte de 1 à 1 000.',
} as const;

/** Most events one page of playback carries. */
export const HISTORY_PAGE_MAX = 1000;
/** Chat lines shown with a point of the game: the latest ones up to it. */
export const HISTORY_CHAT_LINES = 50;

export const historyGameParams = z.object({ gameId: z.string().min(1) });

const seq = z.coerce
  .number({ error: historyMessages.badSeq })
  .int({ error: historyMessages.badSeq })
  .min(0, { error: historyMessages.badSeq });

/** An evening of play (`Evening` in the domain), named by the client (`eveningName`). */
export const historyEvening = z.object({
  number: z.number().int().min(1),
  firstSeq: z.number().int().min(1),
  lastSeq: z.number().int().min(1),
  startedAt: z.string(),
  endedAt: z.string(),
  events: z.number().int().min(1),
});

/** A turn to jump to: for a player, only those their copy received. */
export const historyTurn = z.object({
  seq: z.number().int().min(1),
  round: z.number().int().min(1),
  createdAt: z.string(),
  /** A fight's first turn. */
  starts: z.boolean(),
});
export type HistoryTurn = z.infer<typeof historyTurn>;

/** `GET /game-data/{gameId}/history`: the log's length and the marks to jump to. */
export const historyMarks = z.object({
  head: z.number().int().min(0),
  evenings: z.array(historyEvening),
  turns: z.array(historyTurn),
});
export type HistoryMarks = z.infer<typeof historyMarks>;

/** `GET /game-data/{gameId}/history/state?seq=…` (or `?at=` an ISO time: the last event then). */
export const historyStateQuery = z.object({
  seq: seq.optional(),
  at: z.iso.datetime({ error: historyMessages.badTime, offset: true }).optional(),
});

/** The table at a point, as the actor saw it then, with the chat lines up to it (oldest first). */
export const historyPoint = z.object({
  seq: z.number().int().min(0),
  state: tableState,
  chat: z.array(tableEvent),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

/**
 * The answers as the server sends them: `tableState` and `tableEvent` read old logs through one-way
 * transforms, which a response cannot be encoded through; the client parses them whole.
 */
const sentEvent = z.looseObject({ seq: z.number().int(), type: z.string() });
export const historyPointSent = z.object({
  seq: z.number().int().min(0),
  state: z.looseObject({ lastSeq: z.number().int() }),
  chat: z.array(sentEvent),
});

/** `GET /game-data/{gameId}/history/events?after=…&limit=…`: the next events to play, as the actor received them. */
export const historyEventsQuery = z.object({
  after: seq,
  limit: z.coerce
    .number({ error: historyMessages.badLimit })
    .int({ error: historyMessages.badLimit })
    .min(1, { error: historyMessages.badLimit })
    .max(HISTORY_PAGE_MAX, { error: historyMessages.badLimit })
    .default(200),
});

export const historyEvents = z.object({
  events: z.array(tableEvent),
  head: z.number().int().min(0),
});
export type HistoryEvents = z.infer<typeof historyEvents>;
export const historyEventsSent = historyEvents.extend({ events: z.array(sentEvent) });

/**
 * `GET /game-data/{gameId}/history/maps/{mapId}/picture?seq=…&width=…`: a stored map's picture at
 * a point, painted out as the member's fog and sight hid it then (decision 0032's rule, replayed).
 */
export const historyPictureQuery = mapPictureQuery.extend({ seq });

export const historyPicturePath = (gameId: string, mapId: string, seq: number, width: number) =>
  `${API_BASE}/game-data/${encodeURIComponent(gameId)}/history/maps/${encodeURIComponent(mapId)}/picture?seq=${seq}&width=${width}`;
