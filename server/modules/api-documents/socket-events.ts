import { z } from 'zod';
import { equipmentChangeEvent, playerUpdateEvent } from '#shared/wire/characters';
import {
  friendInvitationAcceptedEvent,
  friendInvitationCancelledEvent,
  friendInvitationDeclinedEvent,
  friendInvitationReceivedEvent,
  friendRemovedEvent,
  userStatusChangeEvent,
} from '#shared/wire/friends';
import { gameInvitation } from '#shared/wire/game-invitations';
import {
  connectedPlayersUpdate,
  gameAccessEnded,
  gamePlayersUpdate,
  joinGamePayload,
  leaveGamePayload,
} from '#shared/wire/games';
import { journalPage, journalPageRemovedEvent } from '#shared/wire/journal';
import { message, privateMessageErrorEvent, sendPrivateMessagePayload } from '#shared/wire/messages';
import { authenticateUserPayload, playerConnectedPayload, socketError } from '#shared/wire/realtime';
import {
  ambienceChangePayload,
  attackPayload,
  fogChangePayload,
  gameCharactersAnswer,
  gridChangePayload,
  historyChangePayload,
  itemChangePayload,
  itemDragging,
  itemDragPayload,
  mapChangePayload,
  newMessagePayload,
  serverClockAnswer,
  socketEventOf,
  tableCatchUpAnswer,
  tableCatchUpRequest,
  tableEvent,
  tablePinged,
  tablePingPayload,
  tableRequest,
  tableResync,
  tableRulerPayload,
  tableRulerShown,
  tableViewAnswer,
  turnOrderChangePayload,
  visionChangePayload,
} from '#shared/wire/table';

/** A client event: what it carries, what its acknowledgement answers when it succeeds, and why. */
export interface ClientEvent {
  tag: string;
  description: string;
  payload: z.ZodType;
  /** The acknowledgement's success; without one it is `{ ok: true }`. A refusal is always `socketRefusal`. */
  answer?: z.ZodType;
}

/** A server event: what it carries, who hears it, and why. */
export interface ServerEvent {
  tag: string;
  description: string;
  payload: z.ZodType;
}

/** The acknowledgement of a handler answering a record: its fields beside `ok` (server/realtime/event-binder.ts). */
const succeeded = <S extends z.ZodObject>(answer: S) => answer.extend({ ok: z.literal(true) });

/**
 * Every event a client may send on the socket, under the name the server listens to (`on(name,
 * schema, handler)` in the modules' connection handlers). `tests/server/api-documents.test.ts`
 * fails while a listened event is missing here, or an event here is listened to by nobody.
 */
export const clientEvents: Record<string, ClientEvent> = {
  authenticateUser: {
    tag: 'Session',
    description:
      'Swaps in a renewed access token for the same account, so the connection outlives the token it opened with.',
    payload: authenticateUserPayload,
  },
  playerConnected: {
    tag: 'Session',
    description: 'The player card the client shows for this connection; informative only, never an identity.',
    payload: playerConnectedPayload,
  },
  sendPrivateMessage: {
    tag: 'Messages',
    description:
      'Sends a private message to a friend. A refusal also reaches the sending socket as `privateMessageError`.',
    payload: sendPrivateMessagePayload,
    answer: succeeded(message.pick({ id: true })),
  },
  joinGame: {
    tag: 'Games',
    description: "Takes a seat in a game's room (members and admins); answers who is connected.",
    payload: joinGamePayload,
    answer: succeeded(connectedPlayersUpdate),
  },
  leaveGame: {
    tag: 'Games',
    description: "Leaves a game's room and its table's rooms.",
    payload: leaveGamePayload,
  },
  connectedPlayersRequest: {
    tag: 'Games',
    description: 'Who is connected at a game the caller is seated at.',
    payload: tableRequest,
    answer: succeeded(connectedPlayersUpdate),
  },
  tableCatchUp: {
    tag: 'Table',
    description:
      "Joins the table's rooms and answers the logged events after `afterSeq` (a snapshot first when far behind), as the caller may see them.",
    payload: tableCatchUpRequest,
    answer: tableCatchUpAnswer,
  },
  mapRequest: {
    tag: 'Table',
    description: 'The table now, as the caller may see it.',
    payload: tableRequest,
    answer: tableViewAnswer,
  },
  itemRequest: {
    tag: 'Table',
    description: 'The table now, as the caller may see it (same answer as `mapRequest`).',
    payload: tableRequest,
    answer: tableViewAnswer,
  },
  turnOrderRequest: {
    tag: 'Table',
    description: 'The table now, as the caller may see it (same answer as `mapRequest`).',
    payload: tableRequest,
    answer: tableViewAnswer,
  },
  requestTurnOrder: {
    tag: 'Table',
    description: "The spec's other name of `turnOrderRequest`.",
    payload: tableRequest,
    answer: tableViewAnswer,
  },
  playerRequest: {
    tag: 'Table',
    description: "The game's characters, oldest first.",
    payload: tableRequest,
    answer: gameCharactersAnswer,
  },
  itemChange: {
    tag: 'Table',
    description:
      'Places, moves, removes, hides, resizes or adjusts a token. The server reads every figure of a placed token from what it stores.',
    payload: itemChangePayload,
  },
  mapChange: {
    tag: 'Table',
    description:
      "Opens a map of the game for the MJ alone or for everyone (`bringPlayers`), or clears it. The MJ's.",
    payload: mapChangePayload,
  },
  gridChange: {
    tag: 'Table',
    description: "Sets an open map's grid. The MJ's.",
    payload: gridChangePayload,
  },
  fogChange: {
    tag: 'Table',
    description: "Draws a shape of fog on an open map, or reveals or covers it all. The MJ's.",
    payload: fogChangePayload,
  },
  visionChange: {
    tag: 'Table',
    description: "Draws or erases walls, opens or closes a door, lights or darkens an open map. The MJ's.",
    payload: visionChangePayload,
  },
  historyChange: {
    tag: 'Table',
    description: "Undoes the caller's own last action, or redoes the last one they undid.",
    payload: historyChangePayload,
  },
  turnOrderChange: {
    tag: 'Table',
    description:
      "Generates, advances, reorders or restarts the turn order of an open map (the game master's and the admins'); a player advances only a turn of their own token.",
    payload: turnOrderChangePayload,
  },
  attack: {
    tag: 'Table',
    description:
      'A token strikes a target or an area. Rolls, hits, damage and costs are decided by the server.',
    payload: attackPayload,
  },
  newMessage: {
    tag: 'Table',
    description: 'Says a line in the game chat (commands such as `/r 1d20` included) or rolls the dice form.',
    payload: newMessagePayload,
  },
  ambienceChange: {
    tag: 'Table',
    description: "Plays, pauses, fades or stops a track of the table's ambience. The MJ's.",
    payload: ambienceChangePayload,
  },
  serverClock: {
    tag: 'Table',
    description: "The server's clock (ms since the epoch), from which a client reckons its offset.",
    payload: z.object({}),
    answer: serverClockAnswer,
  },
  itemDrag: {
    tag: 'Table',
    description: 'Where a token is while it is dragged; relayed to who may see it, never logged.',
    payload: itemDragPayload,
  },
  tablePing: {
    tag: 'Table',
    description: "A point of a map shown to the map's other readers; never logged.",
    payload: tablePingPayload,
  },
  tableRuler: {
    tag: 'Table',
    description: "The measuring arrow being drawn, shown to the map's other readers; null once let go.",
    payload: tableRulerPayload,
  },
};

/**
 * The logged table events the server emits under one of the spec's four names (`socketEventOf`):
 * one envelope, or a command's envelopes under that name in seq order (`tableMessage`).
 */
function tableEventsUnder(name: ReturnType<typeof socketEventOf>): z.ZodType {
  const options = tableEvent.options.filter((option) => socketEventOf(option.shape.type.value) === name);
  const envelope = z.union(options);
  return z.union([envelope, z.array(envelope).min(1)]);
}

const tableEnvelope =
  "One logged table event `{ seq, epoch, type, payload, userId, createdAt }`, as the receiver may see it (the MJ's and admins' copy whole, a player's projected), or, when one command logged several under this name, an array of them in seq order: one message per command and reader.";

/**
 * Every event the server emits, under its name. The test fails while an `emit('name', …)` of
 * `server/` or a table event's name is missing here, or an event here is emitted nowhere.
 */
export const serverEvents: Record<string, ServerEvent> = {
  error: {
    tag: 'Session',
    description: 'A client event sent without a callback was refused.',
    payload: socketError,
  },
  userStatusChange: {
    tag: 'Friends',
    description: "A friend's connection changed; to their friends.",
    payload: userStatusChangeEvent,
  },
  friendInvitationReceived: {
    tag: 'Friends',
    description: 'A friend invitation arrived; to its recipient.',
    payload: friendInvitationReceivedEvent,
  },
  friendInvitationAccepted: {
    tag: 'Friends',
    description: 'A sent friend invitation was accepted; to its sender.',
    payload: friendInvitationAcceptedEvent,
  },
  friendInvitationDeclined: {
    tag: 'Friends',
    description: 'A sent friend invitation was declined; to its sender.',
    payload: friendInvitationDeclinedEvent,
  },
  friendInvitationCancelled: {
    tag: 'Friends',
    description: 'A received friend invitation was cancelled by its sender; to its recipient.',
    payload: friendInvitationCancelledEvent,
  },
  friendRemoved: {
    tag: 'Friends',
    description: 'A friend ended the friendship; to the other.',
    payload: friendRemovedEvent,
  },
  newPrivateMessage: {
    tag: 'Messages',
    description: "A private message, to its sender's and its receiver's sockets.",
    payload: message,
  },
  privateMessageError: {
    tag: 'Messages',
    description: 'Why `sendPrivateMessage` was refused; to the sending socket.',
    payload: privateMessageErrorEvent,
  },
  newInvitation: {
    tag: 'Games',
    description: 'A game invitation arrived; to its recipient.',
    payload: gameInvitation,
  },
  invitationUpdated: {
    tag: 'Games',
    description: 'A game invitation changed (sent, accepted, declined, revoked, kicked); to both sides.',
    payload: gameInvitation,
  },
  invitationDeclined: {
    tag: 'Games',
    description: 'A sent game invitation was declined; to its sender.',
    payload: gameInvitation,
  },
  gameAccessEnded: {
    tag: 'Games',
    description: 'The user lost a game: kicked, left from another tab, or the game was deleted.',
    payload: gameAccessEnded,
  },
  connectedPlayersUpdate: {
    tag: 'Games',
    description: "Who is connected at a game; to the game's room.",
    payload: connectedPlayersUpdate,
  },
  gamePlayersUpdate: {
    tag: 'Games',
    description: 'How many are connected at a game; to its MJ wherever they are.',
    payload: gamePlayersUpdate,
  },
  equipmentChange: {
    tag: 'Characters',
    description: "A character's equipment changed; to those who read its sheet.",
    payload: equipmentChangeEvent,
  },
  playerUpdate: {
    tag: 'Characters',
    description: "A character's health at the table changed; to those who read its sheet.",
    payload: playerUpdateEvent,
  },
  journalPage: {
    tag: 'Journal',
    description: 'A journal page was written or shared; to those who may read it.',
    payload: journalPage,
  },
  journalPageRemoved: {
    tag: 'Journal',
    description: 'A journal page was deleted, or is no longer shared with the receiver.',
    payload: journalPageRemovedEvent,
  },
  mapUpdate: {
    tag: 'Table',
    description: `${tableEnvelope} Maps, grid, fog, walls and sight.`,
    payload: tableEventsUnder('mapUpdate'),
  },
  itemUpdate: {
    tag: 'Table',
    description: `${tableEnvelope} Tokens, attacks, undo and redo.`,
    payload: tableEventsUnder('itemUpdate'),
  },
  turnOrderUpdate: {
    tag: 'Table',
    description: `${tableEnvelope} The turn order.`,
    payload: tableEventsUnder('turnOrderUpdate'),
  },
  broadcastMessage: {
    tag: 'Table',
    description: `${tableEnvelope} Chat lines, dice, the ambience, and handouts shown or taken back (to their recipients alone).`,
    payload: tableEventsUnder('broadcastMessage'),
  },
  tableResync: {
    tag: 'Table',
    description: 'Another process took the game over: catch up again with `tableCatchUp`.',
    payload: tableResync,
  },
  itemDragging: {
    tag: 'Table',
    description: 'Where a token is while someone drags it; to those who may see it. Volatile.',
    payload: itemDragging,
  },
  tablePinged: {
    tag: 'Table',
    description: "Someone's ping on a map; to the map's other readers.",
    payload: tablePinged,
  },
  tableRulerShown: {
    tag: 'Table',
    description:
      "Someone's measuring arrow as it is drawn, null when it is gone; to the map's other readers.",
    payload: tableRulerShown,
  },
};
