import { filter, map, merge, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { getCharacterSheet } from '../api/characters';
import { createMacro, deleteMacro, listMacros, updateMacro } from '../api/macros';
import { getGameMessagesAfter } from '../api/messages';
import { newMessagePayload, tableEvent, type NewMessagePayload } from '../api/schemas/table';
import { SKILL_NAMES, skillBonus, type SkillName } from '../domain/character/skills';
import { isChatEvent, type TableEvent } from '../domain/table/types';
import {
  gameChatMachine,
  type ChatEntry,
  type GameChatFact,
  type SendAnswer,
  type SendGameMessageInput,
} from '../machines/game-chat.machine';
import { macrosMachine, type SaveMacroInput } from '../machines/macros.machine';
import { serverEvents } from './server-events';
import type { SocketAck, SocketFact } from './socket';
import { readAloud, stopReading, vibrate } from './speech';

export interface GameChatSocket {
  facts$: Observable<SocketFact>;
  emit(event: string, payload?: unknown, ack?: SocketAck): boolean;
}

const SHAKE_MS = 300;

const isChatEntry = (event: TableEvent): event is ChatEntry => isChatEvent(event);

/**
 * The table's chat lines as the chat hears them: `broadcastMessage` envelopes of chat events (the
 * socket is in one game's room at a time), and each connection after the first as a reconnection.
 */
export function gameChatFacts(facts$: Observable<SocketFact>): Observable<GameChatFact> {
  return merge(
    serverEvents(facts$, 'broadcastMessage', tableEvent).pipe(
      filter(isChatEntry),
      map((event) => ({ type: 'chat.event.received' as const, event })),
    ),
    facts$.pipe(
      filter((fact) => fact.type === 'socket.connected'),
      map(() => ({ type: 'socket.reconnected' as const })),
    ),
  );
}

/** The ack of `newMessage`: `{ ok: true }` or `{ ok: false, error }`; anything else is a failure. */
function answerOf(answer: unknown): SendAnswer {
  if (typeof answer === 'object' && answer !== null && 'ok' in answer) {
    if (answer.ok === true) return { ok: true };
    if ('error' in answer && typeof answer.error === 'string') return { ok: false, error: answer.error };
  }
  throw new Error('Réponse du serveur illisible');
}

function sendGameMessage(socket: GameChatSocket, input: SendGameMessageInput): Promise<SendAnswer> {
  const payload: NewMessagePayload = newMessagePayload.parse(input);
  return new Promise((resolve, reject) => {
    const emitted = socket.emit('newMessage', payload, (error, answer) => {
      if (error) reject(error);
      else {
        try {
          resolve(answerOf(answer));
        } catch (unreadable) {
          reject(unreadable);
        }
      }
    });
    if (!emitted) reject(new Error('Aucune connexion au serveur'));
  });
}

async function loadChatEntries(
  gameId: string,
  afterSeq: number | null,
  signal: AbortSignal,
): Promise<ChatEntry[]> {
  const events = await getGameMessagesAfter(gameId, afterSeq, signal);
  return events.filter(isChatEntry);
}

async function loadSkillBonuses(gameId: string, playerId: string, signal: AbortSignal) {
  const sheet = await getCharacterSheet(playerId, gameId, signal);
  return Object.fromEntries(
    SKILL_NAMES.map((skill) => [skill, skillBonus(skill, sheet, sheet.skills[skill] ?? 0)]),
  ) as Partial<Record<SkillName, number>>;
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
