import {
  asyncScheduler,
  filter,
  map,
  merge,
  repeat,
  scan,
  startWith,
  Subject,
  takeUntil,
  throttleTime,
  type Observable,
} from 'rxjs';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import { getCharacterInGame, listAllGameCharacters } from '../api/characters';
import { listGameResources } from '../api/resources';
import { socketAck } from '../api/schemas/realtime';
import type { GameResource } from '../api/schemas/resources';
import { DEFAULT_MAP_SIZE, type Size } from '../domain/geometry/geometry';
import { creatureSizes } from '../domain/resources/categories';
import { outcomeUnknown } from '../domain/table/messages';
import type { MapChoice } from '../domain/table/types';
import {
  itemDragging,
  tableCatchUpAnswer,
  tableResync,
  type AttackPayload,
  type FogChangePayload,
  type VisionChangePayload,
  type GridChangePayload,
  type HistoryChangePayload,
  type ItemChangePayload,
  type ItemDragPayload,
  type ItemDragging,
  type MapChangePayload,
  type TurnOrderChangePayload,
} from '../api/schemas/table';
import {
  tableListsMachine,
  type MonsterChoice,
  type TableLists,
  type TableListsInput,
} from '../machines/table-lists.machine';
import {
  tableSyncMachine,
  type CatchUpAnswer,
  type CatchUpQuestion,
  type TableSyncEvent,
} from '../machines/table-sync.machine';
import type { SocketFact } from './socket';
import { noSocket } from './socket-session';
import { serverEvents } from './server-events';
import { tableEventsOn } from './table-messages';
import { withPictureSource } from './stored-files';

/** Sends an event with an acknowledgement on the app's socket (`requestOnSocket`). */
export type SocketRequest = (event: string, payload: unknown) => Promise<unknown>;

/** The four names the server emits a logged table event under (`socketEventOf`). */
const TABLE_EVENT_NAMES = ['mapUpdate', 'itemUpdate', 'turnOrderUpdate', 'broadcastMessage'] as const;

/** What a refused or unanswered table request says, when the server gave no text of its own. */
export const tableRequestFailed =
  'Le serveur n’a pas répondu : la modification a peut-être déjà été prise en compte.';

/**
 * The waits before each new try of a command whose outcome is unknown (no answer, no socket, the
 * server restarting): long enough for a killed process's clients to reach another one.
 */
export const COMMAND_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/** Answers that leave a command's outcome unknown: it is sent again, under its id. */
const OUTCOME_UNKNOWN = new Set([outcomeUnknown, tableRequestFailed, noSocket]);

/** A refusal that says the command never got an answer (no socket, no ack), not that it was refused. */
export const isOutcomeUnknown = (refusal: string): boolean => OUTCOME_UNKNOWN.has(refusal);

/** A version 4 UUID: `crypto.randomUUID` exists on secure origins only, `getRandomValues` everywhere. */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface CommandRetry {
  newId: () => string;
  wait: (ms: number) => Promise<void>;
}

const retryInTime: CommandRetry = {
  newId: newCommandId,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends one intent of the user's as a command under an id of its own, and again under the same id
 * while its outcome is unknown: the server answers a repeated id as it answered the first, and
 * never does it twice (docs/live-table.md "Command ids"). Resolves to the refusal text, or null.
 */
export async function sendCommand(
  request: SocketRequest,
  event: string,
  payload: object,
  { newId, wait }: CommandRetry = retryInTime,
): Promise<string | null> {
  const commandId = newId();
  for (let tries = 0; ; tries += 1) {
    const refusal = await refusalOf(request(event, { ...payload, commandId }));
    const delay = COMMAND_RETRY_DELAYS_MS[tries];
    if (refusal === null || !OUTCOME_UNKNOWN.has(refusal) || delay === undefined) return refusal;
    await wait(delay);
  }
}

/**
 * Every logged event of the table, the notice of a game taken over, and the socket's ups and
 * downs, as table-sync events. Events of other games never reach this socket: the server emits
 * them to the game's rooms only.
 */
export function tableFeed(facts$: Observable<SocketFact>): Observable<TableSyncEvent> {
  return merge(
    ...TABLE_EVENT_NAMES.map((name) =>
      tableEventsOn(facts$, name).pipe(map((event) => ({ type: 'table.event' as const, event }))),
    ),
    serverEvents(facts$, 'tableResync', tableResync).pipe(map(() => ({ type: 'table.resync' as const }))),
    facts$.pipe(
      filter((fact) => fact.type === 'socket.connected' || fact.type === 'socket.disconnected'),
      map((fact) => ({ type: fact.type as 'socket.connected' | 'socket.disconnected' })),
    ),
  );
}

/** The server's answer to an acknowledged request: its refusal text, or null when it accepted. */
export async function refusalOf(answer: Promise<unknown>): Promise<string | null> {
  try {
    const parsed = socketAck.safeParse(await answer);
    if (!parsed.success) return tableRequestFailed;
    return parsed.data.ok ? null : parsed.data.error;
  } catch (error) {
    return error instanceof Error &&
      error.message !== '' &&
      !error.message.startsWith('operation has timed out')
      ? error.message
      : tableRequestFailed;
  }
}

/** The table-sync machine with its catch-up asked over the socket (`tableCatchUp`, with ack). */
export function tableSyncLogic(request: SocketRequest) {
  return tableSyncMachine.provide({
    actors: {
      'fetch missed events': fromPromise(
        async ({ input }: { input: CatchUpQuestion }): Promise<CatchUpAnswer> => {
          const answer = await request('tableCatchUp', input);
          const parsed = tableCatchUpAnswer.safeParse(answer);
          if (parsed.success) {
            const { snapshot, events, reset, epoch } = parsed.data;
            return { snapshot, events, reset, epoch };
          }
          const refusal = socketAck.safeParse(answer);
          throw new Error(refusal.success && !refusal.data.ok ? refusal.data.error : tableRequestFailed);
        },
      ),
    },
  });
}

function naturalSize(source: string): Promise<Size> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve(
        image.naturalWidth > 0 && image.naturalHeight > 0
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : DEFAULT_MAP_SIZE,
      );
    image.onerror = () => resolve(DEFAULT_MAP_SIZE);
    image.src = source;
  });
}

/**
 * The picture's own size, in which the table reckons positions, ranges and areas; the default size
 * when it does not load (the server then keeps that one). A stored map is measured in the size the
 * table shows (`full`), read once for the measure and the map alike.
 */
export const measureMap = (link: string): Promise<Size> => withPictureSource(link, 'full', naturalSize);

/**
 * The table's commands, each answered by the server's refusal text or null (table.md §7), each
 * sent again under its id while its outcome is unknown (`sendCommand`).
 */
export function tableCommands(
  request: SocketRequest,
  measure: (link: string) => Promise<Size> = measureMap,
  retry: CommandRetry = retryInTime,
) {
  const send = (event: string, payload: object) => sendCommand(request, event, payload, retry);
  return {
    itemChange: (payload: ItemChangePayload) => send('itemChange', payload),
    /** The map's picture is measured first: the server keeps the size the MJ's browser saw. */
    async mapChange({
      gameId,
      map,
      bringPlayers,
    }: {
      gameId: string;
      map: MapChoice | null;
      bringPlayers: boolean;
    }) {
      const chosen: MapChangePayload['map'] = map && { id: map.id, ...(await measure(map.link)) };
      return send('mapChange', { gameId, map: chosen, bringPlayers });
    },
    turnOrderChange: (payload: TurnOrderChangePayload) => send('turnOrderChange', payload),
    attack: (payload: AttackPayload) => send('attack', payload),
    gridChange: (payload: GridChangePayload) => send('gridChange', payload),
    historyChange: (payload: HistoryChangePayload) => send('historyChange', payload),
    fogChange: (payload: FogChangePayload) => send('fogChange', payload),
    visionChange: (payload: VisionChangePayload) => send('visionChange', payload),
  };
}
export type TableCommands = ReturnType<typeof tableCommands>;

/** table.md §9: a drag is sent at most every 10 ms with a mouse, 50 ms with a finger. */
export const DRAG_INTERVAL_MS = { mouse: 10, touch: 50 } as const;

/**
 * The volatile positions of a token being dragged (`itemDrag`): never logged, thinned to the
 * drag interval of the pointer in use, the last position always sent.
 */
export function dragEmitter(emit: (event: string, payload: unknown) => boolean) {
  const mouse = new Subject<ItemDragPayload>();
  const touch = new Subject<ItemDragPayload>();
  const thin = (positions: Subject<ItemDragPayload>, ms: number) =>
    positions.pipe(throttleTime(ms, asyncScheduler, { leading: true, trailing: true }));
  const drops = new Subject<void>();
  // A drop forgets the place the thinning still holds: sent after the drop, it would reach the
  // others after the logged move and leave the token drawn where the drag passed.
  const subscription = merge(thin(mouse, DRAG_INTERVAL_MS.mouse), thin(touch, DRAG_INTERVAL_MS.touch))
    .pipe(takeUntil(drops), repeat())
    .subscribe((payload) => emit('itemDrag', payload));
  return {
    drag: (payload: ItemDragPayload, pointer: 'mouse' | 'touch') =>
      (pointer === 'touch' ? touch : mouse).next(payload),
    drop: () => drops.next(),
    stop: () => subscription.unsubscribe(),
  };
}

/** Where others are dragging tokens right now: map name → usableId → position (percent). */
export type RemoteDrags = Record<string, Record<string, { x: number; y: number }>>;

/**
 * The others' drags as they go (`itemDragging`); a token leaves the list when its drop, or its
 * removal, is logged, since the table then shows where it really is.
 */
export function remoteDrags(facts$: Observable<SocketFact>): Observable<RemoteDrags> {
  const ended = tableFeed(facts$).pipe(
    filter(
      (event): event is Extract<TableSyncEvent, { type: 'table.event' }> =>
        event.type === 'table.event' &&
        (event.event.type === 'token.moved' ||
          event.event.type === 'token.removed' ||
          event.event.type === 'token.concealed'),
    ),
    map(({ event }) => ({ ...(event.payload as { map: string; usableId: string }), ended: true as const })),
  );
  const moving = serverEvents(facts$, 'itemDragging', itemDragging).pipe(
    map((drag: ItemDragging) => ({ ...drag, ended: false as const })),
  );
  return merge(moving, ended).pipe(
    scan((drags: RemoteDrags, change) => {
      const onMap = { ...drags[change.map] };
      if (change.ended) delete onMap[change.usableId];
      else onMap[change.usableId] = { x: change.x, y: change.y };
      return { ...drags, [change.map]: onMap };
    }, {}),
    startWith({}),
  );
}

/** The fields of a map or monster resource the table copies; anything else is not offered. */
const mapChoice = z.object({ id: z.string(), name: z.string(), link: z.string() });
const monsterChoice = z.object({
  id: z.string(),
  name: z.string(),
  HP: z.number(),
  AC: z.number(),
  attackBonus: z.number(),
  damage: z.string(),
  speciality: z.string(),
  assetLink: z.string().nullable(),
  description: z.string(),
  size: z.enum(creatureSizes).optional(),
}) satisfies z.ZodType<MonsterChoice>;

function pick<T>(schema: z.ZodType<T>, resources: GameResource[]): T[] {
  return resources.flatMap((resource) => {
    const parsed = schema.safeParse(resource);
    return parsed.success ? [parsed.data] : [];
  });
}

async function loadTableLists(
  { gameId, playerId, canManage }: TableListsInput,
  signal: AbortSignal,
): Promise<TableLists> {
  if (!canManage) {
    const characters = playerId === '' ? [] : [await getCharacterInGame(playerId, gameId, signal)];
    return { maps: [], monsters: [], characters };
  }
  const [maps, monsters, characters] = await Promise.all([
    listGameResources(gameId, 'map', { signal, cache: false }),
    listGameResources(gameId, 'monster', { signal, cache: false }),
    listAllGameCharacters(gameId, signal),
  ]);
  return { maps: pick(mapChoice, maps), monsters: pick(monsterChoice, monsters), characters };
}

/** The table's lists over REST: maps and monsters of the game, or the player's character. */
export const tableListsLogic = tableListsMachine.provide({
  actors: {
    'load lists': fromPromise(({ input, signal }: { input: TableListsInput; signal: AbortSignal }) =>
      loadTableLists(input, signal),
    ),
  },
});
