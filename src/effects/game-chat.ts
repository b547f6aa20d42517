import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { getCharacterSheet, listAllGameCharacters } from '../api/characters';
import { createMacro, deleteMacro, listMacros, updateMacro } from '../api/macros';
import { getGameMessagesAfter } from '../api/game-messages';
import { newMessagePayload, tableResync, type NewMessagePayload } from '../api/schemas/table';
import type { SkillName } from '../domain/character/skills';
import { isChatEvent, type TableEvent } from '../domain/table/types';
import {
  gameChatMachine,
  type ChatEntry,
  type GameChatFact,
  type SendAnswer,
  type SendGameMessageInput,
  whisperNamesInChat,
} from '../machines/game-chat.machine';
import { shownNumbers } from '../machines/character-sheet.machine';
import { macrosMachine, type SaveMacroInput } from '../machines/macros.machine';
import { whisperNamesMachine } from '../machines/whisper-names.machine';
import { serverEvents } from './server-events';
import { isOutcomeUnknown, sendCommand } from './table';
import type { SocketFact } from './socket';
import { tableEventsOn } from './table-messages';
import { readAloud, stopReading, vibrate } from './speech';

export interface GameChatSocket {
  facts$: Observable<SocketFact>;
  /** An emit with its acknowledgement (`requestOnSocket`): rejects without a socket or an answer. */
  request(event: string, payload: unknown): Promise<unknown>;
}

const SHAKE_MS = 300;

const isChatEntry = (event: TableEvent): event is ChatEntry => isChatEvent(event);

/**
 * The table's chat lines as the chat hears them: `broadcastMessage` envelopes of chat events (the
 * socket is in one game's room at a time), each connection after the first as a reconnection, and
 * the notice of a game taken over (`tableResync`).
 */
export function gameChatFacts(facts$: Observable<SocketFact>): Observable<GameChatFact> {
  return merge(
    tableEventsOn(facts$, 'broadcastMessage').pipe(
      filter(isChatEntry),
      map((event) => ({ type: 'chat.event.received' as const, event })),
    ),
    facts$.pipe(
      filter((fact) => fact.type === 'socket.connected'),
      map(() => ({ type: 'socket.reconnected' as const })),
    ),
    serverEvents(facts$, 'tableResync', tableResync).pipe(
      map(({ epoch }) => ({ type: 'table.resynced' as const, epoch })),
    ),
  );
}

/**
 * `newMessage` with its ack, sent again under its id while its outcome is unknown (`sendCommand`):
 * a line or a roll is never said twice. Still unanswered after the retries, it fails, so the chat
 * keeps the line to be sent again rather than taking the silence for a refusal.
 */
async function sendGameMessage(socket: GameChatSocket, input: SendGameMessageInput): Promise<SendAnswer> {
  const payload: NewMessagePayload = newMessagePayload.parse(input);
  const refusal = await sendCommand((event, sent) => socket.request(event, sent), 'newMessage', payload);
  if (refusal !== null && isOutcomeUnknown(refusal)) throw new Error(refusal);
  return refusal === null ? { ok: true } : { ok: false, error: refusal };
}

async function loadChatEntries(
  gameId: string,
  afterSeq: number | null,
  signal: AbortSignal,
): Promise<ChatEntry[]> {
  const events = await getGameMessagesAfter(gameId, afterSeq, signal);
  return events.filter(isChatEntry);
}

/** The bonuses the sheet shows, equipment included (a +2 weapon must roll with its +2). */
async function loadSkillBonuses(gameId: string, playerId: string, signal: AbortSignal) {
  const sheet = await getCharacterSheet(playerId, gameId, signal);
  return shownNumbers(sheet).skills as Partial<Record<SkillName, number>>;
}

/** The game chat's effects in the browser: the log over REST, `newMessage` with its ack, speech. */
export function gameChatLogic(socket: GameChatSocket) {
  return gameChatMachine.provide({
    actors: {
      'load messages': fromPromise(
        ({ input, signal }: { input: { gameId: string; afterSeq: number | null }; signal: AbortSignal }) =>
          loadChatEntries(input.gameId, input.afterSeq, signal),
      ),
      'load skill bonuses': fromPromise<
        Partial<Record<SkillName, number>>,
        { gameId: string; playerId: string }
      >(({ input, signal }: { input: { gameId: string; playerId: string }; signal: AbortSignal }) =>
        loadSkillBonuses(input.gameId, input.playerId, signal),
      ),
      'send game message': fromPromise(({ input }: { input: SendGameMessageInput }) =>
        sendGameMessage(socket, input),
      ),
      'listen to game chat': fromEventObservable(() => gameChatFacts(socket.facts$)),
      'whisper names': whisperNamesInChat(
        whisperNamesMachine.provide({
          actors: {
            'load character names': fromPromise(
              async ({ input, signal }: { input: { gameId: string }; signal: AbortSignal }) =>
                (await listAllGameCharacters(input.gameId, signal)).map((character) => character.name),
            ),
          },
        }),
      ),
    },
    actions: {
      'read aloud': (_, { text }: { text: string }) => readAloud(text),
      'stop reading': () => stopReading(),
      vibrate: () => vibrate(SHAKE_MS),
    },
  });
}

/** The macros bar's effects: the macro calls of table.md §7. */
export function macrosLogic() {
  return macrosMachine.provide({
    actors: {
      'load macros': fromPromise(({ input, signal }: { input: { userId: string }; signal: AbortSignal }) =>
        listMacros(input.userId, signal),
      ),
      'save macro': fromPromise(({ input }: { input: SaveMacroInput & { userId: string } }) =>
        input.id === null
          ? createMacro({ ...input.draft, visible: true, userId: input.userId })
          : updateMacro(input.id, { ...input.draft, visible: true }),
      ),
      'delete macro': fromPromise(async ({ input }: { input: { id: string } }) => {
        await deleteMacro(input.id);
      }),
    },
  });
}
