import { z } from 'zod';
import { BONUS_LIMIT, COMMAND_COUNT_MAX, DICE_SIDES } from '../../domain/dice/notation';
import { MESSAGE_TYPES } from '../../domain/dice/roll';
import { characterSheet } from './characters';
import type { TableCommand } from '../../domain/table/decide';
import type { ChatMessage, MapRef, MapToken, TableEvent, TableState } from '../../domain/table/types';

/**
 * The wire contract of the live table (table.md §7 "Socket events", docs/table.md). Clients send
 * commands under the spec's event names; the server answers each through the socket callback
 * (`socketAck`) and emits the resulting events, one envelope each, to the game's room.
 */

const id = z.string().min(1).max(200);
const mapName = z.string().min(1).max(200);
const count = z.number().int().min(0).max(1_000_000);

export const mapRef = z.object({ id, name: mapName, link: z.string().max(2048) }) satisfies z.ZodType<MapRef>;

export const mapToken = z.object({
  usableId: id,
  itemId: id,
  name: z.string().max(200),
  isPlayer: z.boolean(),
  assetLink: z.string().max(2048).nullable(),
  speciality: z.string().max(200).nullable(),
  AC: z.number().int(),
  HP: count,
  currentHP: count,
  soulEssence: count.nullable(),
  currentSoulEssence: count.nullable(),
  attackBonus: z.number().int(),
  damage: z.string().max(50),
  inTurnOrder: z.boolean(),
  visibility: z.boolean(),
  x: z.number(),
  y: z.number(),
}) satisfies z.ZodType<MapToken>;

/** A token as the client describes it when placing; the server names it and clamps it. */
export const tokenDraft = mapToken.omit({ usableId: true, inTurnOrder: true });

const diceSpec = z.object({
  count: z.number().int().min(1).max(COMMAND_COUNT_MAX),
  sides: z.union(DICE_SIDES.map((sides) => z.literal(sides))),
  bonus: z.number().int().min(-BONUS_LIMIT).max(BONUS_LIMIT),
});

const rollResult = diceSpec.extend({
  dice: z.array(z.number().int()),
  total: z.number().int(),
  messageType: z.enum(MESSAGE_TYPES),
});

export const chatMessage = z.object({
  playerName: z.string(),
  senderId: z.string().nullable(),
  avatar: z.string().nullable(),
  message: z.string(),
  type: z.enum(MESSAGE_TYPES),
  senderUserId: z.string().nullable(),
  roll: rollResult.optional(),
}) satisfies z.ZodType<ChatMessage>;

const order = z.array(id).max(500);
const onMap = { map: mapName };
const onToken = { map: mapName, usableId: id };
const position = { x: z.number(), y: z.number() };
const gameId = z.string().min(1).max(100);

// ---- Commands, client → server. The game and the actor come from the socket's session, not from here.

/** `itemChange`: every change of a token. */
export const itemChangePayload = z.object({
  gameId,
  change: z.discriminatedUnion('type', [
    z.object({ type: z.literal('token.place'), ...onMap, token: tokenDraft }),
    z.object({ type: z.literal('token.move'), ...onToken, ...position }),
    z.object({ type: z.literal('token.remove'), ...onToken }),
    z.object({ type: z.literal('token.toggleVisibility'), ...onToken }),
    z.object({
      type: z.literal('token.adjust'),
      ...onToken,
      resource: z.enum(['HP', 'soulEssence']),
      direction: z.enum(['decrease', 'increase']),
      amount: z.number().int().min(0).max(1_000_000),
    }),
  ]),
});
export type ItemChangePayload = z.infer<typeof itemChangePayload>;

/** `mapChange`: a map for everyone (bringPlayers) or for the MJ alone; null clears it for all. */
export const mapChangePayload = z.object({
  gameId,
  map: mapRef.nullable(),
  bringPlayers: z.boolean().default(false),
});
export type MapChangePayload = z.infer<typeof mapChangePayload>;

/** `turnOrderChange`. */
export const turnOrderChangePayload = z.object({
  gameId,
  change: z.discriminatedUnion('type', [
    z.object({ type: z.literal('turnOrder.generate'), ...onMap }),
    z.object({ type: z.literal('turnOrder.next'), ...onMap }),
    z.object({ type: z.literal('turnOrder.toggle'), ...onToken }),
    z.object({ type: z.literal('turnOrder.reorder'), ...onMap, order }),
    z.object({ type: z.literal('turnOrder.newCombat'), ...onMap }),
  ]),
});
export type TurnOrderChangePayload = z.infer<typeof turnOrderChangePayload>;

/**
 * `newMessage`: a chat line (commands included) or a roll of the dice form. `playerId` names the
 * character the player speaks as; the server checks it is theirs and builds the speaker.
 */
export const newMessagePayload = z.object({
  gameId,
  playerId: z.string().max(200).nullish(),
  content: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: z.string().max(1000) }),
    z.object({ kind: z.literal('roll'), dice: diceSpec, label: z.string().max(200).nullish() }),
  ]),
});
export type NewMessagePayload = z.infer<typeof newMessagePayload>;

/** `tableCatchUp`: the events after the last seq the client folded; also (re)joins the game's room. */
export const tableCatchUpRequest = z.object({ gameId, afterSeq: z.number().int().min(0) });
export type TableCatchUpRequest = z.infer<typeof tableCatchUpRequest>;

// ---- Events, server → client.

const envelope = {
  seq: z.number().int().min(1),
  userId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
};
const chatEvent = <T extends 'chat.posted' | 'chat.system' | 'dice.rolled'>(type: T) =>
  z.object({ type: z.literal(type), payload: chatMessage, ...envelope });
const orderEvent = <T extends `turnOrder.${'generated' | 'advanced' | 'reordered' | 'newCombat'}`>(type: T) =>
  z.object({ type: z.literal(type), payload: z.object({ ...onMap, order }), ...envelope });

/** One logged event as the client receives it: `{ seq, type, payload, userId, createdAt }`. */
export const tableEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('map.selected'),
    payload: z.object({ map: mapRef, bringPlayers: z.boolean() }),
    ...envelope,
  }),
  z.object({ type: z.literal('map.cleared'), payload: z.object({}).strict(), ...envelope }),
  z.object({
    type: z.literal('token.placed'),
    payload: z.object({ ...onMap, token: mapToken }),
    ...envelope,
  }),
  z.object({ type: z.literal('token.moved'), payload: z.object({ ...onToken, ...position }), ...envelope }),
  z.object({
    type: z.literal('token.removed'),
    payload: z.object({ ...onToken, order: order.optional() }),
    ...envelope,
  }),
  z.object({ type: z.literal('token.concealed'), payload: z.object({ ...onToken, order }), ...envelope }),
  z.object({
    type: z.literal('token.visibilityChanged'),
    payload: z.object({ ...onMap, token: mapToken, order }),
    ...envelope,
  }),
  z.object({
    type: z.literal('token.adjusted'),
    payload: z.object({ ...onToken, resource: z.enum(['HP', 'soulEssence']), value: count }),
    ...envelope,
  }),
  orderEvent('turnOrder.generated'),
  orderEvent('turnOrder.advanced'),
  orderEvent('turnOrder.reordered'),
  orderEvent('turnOrder.newCombat'),
  z.object({
    type: z.literal('turnOrder.participantToggled'),
    payload: z.object({ ...onToken, inTurnOrder: z.boolean(), order }),
    ...envelope,
  }),
  chatEvent('chat.posted'),
  chatEvent('chat.system'),
  chatEvent('dice.rolled'),
  z.object({ type: z.literal('redacted'), payload: z.object({}).strict(), ...envelope }),
]) satisfies z.ZodType<TableEvent>;

export const tableState = z.object({
  lastSeq: z.number().int().min(0),
  currentMap: mapRef.nullable(),
  masterMap: mapRef.nullable(),
  tokens: z.record(z.string(), z.record(z.string(), mapToken)),
  turnOrders: z.record(z.string(), order),
}) satisfies z.ZodType<TableState>;

export const tableSnapshot = z.object({ seq: z.number().int().min(0), state: tableState });

/** The catch-up answer (in the ack): a snapshot when the client is far behind, then the events after it. */
export const tableCatchUpAnswer = z.object({
  ok: z.literal(true),
  snapshot: tableSnapshot.nullable(),
  events: z.array(tableEvent),
});
export type TableCatchUpAnswer = z.infer<typeof tableCatchUpAnswer>;

/**
 * The spec's socket event each logged event is emitted under (table.md §7). A client listens to
 * all four and hands every envelope to the same table-sync actor.
 */
export function socketEventOf(
  type: TableEvent['type'],
): 'mapUpdate' | 'itemUpdate' | 'turnOrderUpdate' | 'broadcastMessage' {
  if (type.startsWith('map.')) return 'mapUpdate';
  if (type.startsWith('token.')) return 'itemUpdate';
  if (type.startsWith('turnOrder.')) return 'turnOrderUpdate';
  return type === 'redacted' ? 'itemUpdate' : 'broadcastMessage';
}

/** The domain command an `itemChange`, `mapChange` or `turnOrderChange` asks for. */
export function commandOf(
  payload: ItemChangePayload | MapChangePayload | TurnOrderChangePayload,
): TableCommand {
  if ('change' in payload) return payload.change;
  return payload.map === null
    ? { type: 'map.clear' }
    : { type: 'map.select', map: payload.map, bringPlayers: payload.bringPlayers };
}

// ---- Volatile drags: relayed to the game's room, never logged (docs/table.md "Drags").

/** `itemDrag`, client → server: where a token is while the mouse (10 ms) or finger (50 ms) moves. */
export const itemDragPayload = z.object({ gameId, ...onToken, ...position });
export type ItemDragPayload = z.infer<typeof itemDragPayload>;

/** `itemDragging`, server → the others who may see the token; the drop is a logged `token.moved`. */
export const itemDragging = z.object({ ...onToken, ...position, userId: z.string() });
export type ItemDragging = z.infer<typeof itemDragging>;

// ---- The chat history: the log's chat events (GET /message?gameId=…).

/**
 * One page of a game's chat, oldest first: the `chat.posted` / `chat.system` / `dice.rolled` events
 * with `seq < before` (the newest page when `before` is absent). Without `gameId` the answer is
 * empty (table.md §7).
 */
export const gameMessagesQuery = z.object({
  gameId: gameId.optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type GameMessagesQuery = z.infer<typeof gameMessagesQuery>;
export const gameMessagesAnswer = z.array(tableEvent);
export type GameMessagesAnswer = z.infer<typeof gameMessagesAnswer>;

// ---- Requests of the current table (table.md §7), answered in the ack (docs/table.md "Requests").

/** `mapRequest`, `itemRequest`, `turnOrderRequest` / `requestTurnOrder`, `playerRequest`, `connectedPlayersRequest`. */
export const tableRequest = z.object({ gameId });
export type TableRequest = z.infer<typeof tableRequest>;

/**
 * The ack of `mapRequest`, `itemRequest` and `turnOrderRequest` / `requestTurnOrder`: the table now,
 * as the caller may see it, with its `lastSeq` (a snapshot a table-sync client may restore).
 */
export const tableViewAnswer = z.object({ ok: z.literal(true), state: tableState });
export type TableViewAnswer = z.infer<typeof tableViewAnswer>;

/** The ack of `playerRequest`: the game's characters, oldest first. */
export const gameCharactersAnswer = z.object({ ok: z.literal(true), players: z.array(characterSheet) });
export type GameCharactersAnswer = z.infer<typeof gameCharactersAnswer>;
