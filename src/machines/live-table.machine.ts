import {
  assign,
  enqueueActions,
  sendParent,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type {
  AttackPayload,
  FogChangePayload,
  GridChangePayload,
  HistoryChangePayload,
  ItemChangePayload,
  ItemDragPayload,
  TablePingPayload,
  TableRulerPayload,
  TurnOrderChangePayload,
} from '../api/schemas/table';
import type { AttackLine } from '../effects/attacks';
import type { RemoteDrags } from '../effects/table';
import type { OwnPing, RemoteRulers, ShownPing } from '../effects/table-pointers';
import { DEFAULT_MONSTER_DAMAGE, MONSTER_ATTACK } from '../domain/dice/attack';
import { attackNumbers } from '../domain/table/attack-numbers';
import { pixelsToPoint, type Point } from '../domain/geometry/geometry';
import type { MapGrid } from '../domain/geometry/grid';
import { centreOnMap, shownMap } from '../domain/table/shown-map';
import type { MapChoice, MapRef, MapToken, TableEvent, TableRole, TableState } from '../domain/table/types';
import { emptyTable } from '../domain/table/reducer';
import { undoMessages } from '../domain/table/messages';
import { gridOf, own, tokenAt } from '../domain/table/records';
import { managesTable } from '../domain/table/visibility';
import { attackMenuMachine } from './attack-menu.machine';
import {
  attackBoard,
  attackTargetingMachine,
  strikerOf,
  type AttackIntent,
  type TargetingAttack,
} from './attack-targeting.machine';
import { fogEditorMachine } from './fog-editor.machine';
import { wallEditorMachine } from './wall-editor.machine';
import type { VisionChange } from '../domain/table/map-vision';
import type { WallDraft } from '../domain/geometry/wall-drawing';
import { gridEditorMachine } from './grid-editor.machine';
import type { FogChange } from '../domain/table/fog';
import {
  mapPointerMachine,
  type AimClick,
  type GroupDrop,
  type PingIntent,
  type Standing,
  type TokenPlace,
} from './map-pointer.machine';
import { tokenSelectionMachine } from './token-selection.machine';
import { mapSelectionMachine, type MapChange } from './map-selection.machine';
import { mapImportMachine } from './map-import.machine';
import { mapViewportMachine } from './map-viewport.machine';
import { tableListsMachine } from './table-lists.machine';
import { tableNoticeMachine } from './table-notice.machine';
import { tableSyncMachine, type TableSyncEvent } from './table-sync.machine';
import { narrationMachine } from './narration.machine';
import { narrate } from '../domain/table/narration';
import { turnOrderMachine, type TurnOrderChange } from './turn-order.machine';
import { unprovidedCallback, unprovidedEvents } from './unprovided';

/** What the table asks the server (table.md §7); the answer is a refusal text or null. */
export type TableCommand =
  | { kind: 'itemChange'; payload: ItemChangePayload }
  | { kind: 'mapChange'; payload: { gameId: string } & MapChange }
  | { kind: 'turnOrderChange'; payload: TurnOrderChangePayload }
  | { kind: 'attack'; payload: AttackPayload }
  | { kind: 'gridChange'; payload: GridChangePayload }
  | { kind: 'historyChange'; payload: HistoryChangePayload }
  | { kind: 'fogChange'; payload: FogChangePayload }
  | { kind: 'visionChange'; payload: { gameId: string; map: string; change: VisionChange } };

/**
 * A command and, for a drop or a grid, what to do once the server answered (the map stops showing
 * the token held; the grid tool closes, or keeps its draft with the refusal).
 */
export interface CommandRequest {
  command: TableCommand;
  answered?: (refusal: string | null) => void;
}

/**
 * A token's place while it is dragged, sent to the others at the pointer's pace (`itemDrag`); and
 * the drop, after which no place of that drag may follow the logged move.
 */
export type DragPosition =
  { type: 'drag'; payload: ItemDragPayload; pointer: 'mouse' | 'touch' } | { type: 'drop' };

export type LiveTableEvent =
  /** The socket's feed of the table (`tableFeed`), handed on to the copy of the log. */
  | Exclude<TableSyncEvent, { type: 'table.leave' }>
  | { type: 'drags.seen'; drags: RemoteDrags }
  | { type: 'attackLines.seen'; lines: AttackLine[] }
  | { type: 'token.change'; change: ItemChangePayload['change'] }
  /** From the pointer: a token dragged (shown to the others), then dropped (asked of the server). */
  | { type: 'token.drag'; map: string; usableId: string; position: Point; pointer: 'mouse' | 'touch' }
  | ({ type: 'token.drop' } & TokenPlace)
  /** From the pointer: a selection dropped together, asked of the server as one group move. */
  | ({ type: 'tokens.drop' } & GroupDrop)
  /** From the pointer: a ping on the shown map; and the rings to draw, from the pings' effect. */
  | ({ type: 'map.ping' } & PingIntent)
  | { type: 'pings.seen'; pings: ShownPing[] }
  /** The MJ pinged and brought everyone's view there. */
  | { type: 'view.brought'; map: string; at: Point }
  /** From the pointer: the arrow being drawn (null once let go); shown to the others while sharing. */
  | { type: 'ruler.drawn'; arrow: { from: Point; to: Point } | null }
  | { type: 'ruler.share'; on: boolean }
  | { type: 'rulers.seen'; rulers: RemoteRulers }
  /** The server answered a drop: the pointer stops holding the token. */
  | { type: 'drop.answered'; usableId: string }
  | { type: 'token.focus'; usableId: string }
  | { type: 'token.strike'; token: Pick<MapToken, 'usableId' | 'name' | 'damage'> }
  | { type: 'details.show'; usableId: string }
  | { type: 'details.close' }
  | { type: 'management.toggle' }
  /** From the children: an intent for the server, a word to show, an attack to aim. */
  | { type: 'map.change'; change: MapChange }
  /** From the map import: the map a dropped picture became. */
  | { type: 'map.imported'; map: MapChoice }
  | { type: 'turnOrder.change'; change: TurnOrderChange }
  /** The server answered a turn-order change: the panel may send the next one. */
  | { type: 'turnOrder.answered' }
  | { type: 'attack.send'; intent: AttackIntent }
  | { type: 'attack.choose'; attack: TargetingAttack }
  | { type: 'attack.cancel' }
  | { type: 'map.clicked'; point: Point; usableId: string | null }
  | { type: 'notice.show'; text: string }
  | { type: 'notice.dismiss' }
  /** From the grid tool: the MJ's grid for the server; then the server's answer back to the tool. */
  | { type: 'grid.send'; map: string; grid: MapGrid }
  | { type: 'grid.answered'; refusal: string | null }
  /** The user's own last action undone or redone (decision 0022): a button, or Ctrl+Z from the page's keys. */
  | { type: 'history.change'; direction: 'undo' | 'redo' }
  /** The server's answer to it: accepted, what was undone or redone is said to a screen reader. */
  | { type: 'history.answered'; direction: 'undo' | 'redo'; refusal: string | null }
  /** From the fog tool: a change of the map's fog for the server; then its answer back to the tool. */
  | { type: 'fog.send'; map: string; change: FogChange }
  | { type: 'fog.answered'; refusal: string | null }
  /** From the walls tool: a change of the map's vision for the server; then its answer back to the tool. */
  | { type: 'vision.send'; map: string; change: VisionChange }
  | { type: 'vision.answered'; refusal: string | null }
  /** The MJ's « Voir par les yeux de »: the map shown as this token sees it, until they come back. */
  | { type: 'eyes.open'; usableId: string }
  | { type: 'eyes.close' }
  /** From the narration: what just happened, gathered, for the table's live region. */
  | { type: 'narration.said'; text: string }
  /** From the pointer and targeting: what the keys just did, for the table's live region (decision 0034). */
  | { type: 'keyboard.said'; text: string };

export interface LiveTableInput {
  gameId: string;
  seat: { role: TableRole; playerId: string };
  /** The user's account: whose history at the table is theirs (decision 0022). */
  userId: string;
  /** Whether the socket is up as the table opens. */
  connected: boolean;
}

export interface LiveTableContext {
  gameId: string;
  role: TableRole;
  playerId: string;
  /** The user's characters in this game: the tokens a player may move and strike with. */
  characterIds: readonly string[];
  canManage: boolean;
  /** Whether the socket was up as the table opened: the copy of the log asks at once, or waits. */
  connectedAtStart: boolean;
  /** The folded copy of the log, as the sync child last showed it. */
  table: TableState;
  /** The player's movement in cells, the reach of an attack of range 0. */
  movement: number;
  drags: RemoteDrags;
  lines: AttackLine[];
  /** The monster whose details are open. */
  details: string | null;
  /** Whether an attack is being aimed from a token on the map: the pointer's presses go to it. */
  aiming: boolean;
  /** The pings' rings being shown, the user's own and the others'. */
  pings: ShownPing[];
  /** The others' arrows as they draw them. */
  rulers: RemoteRulers;
  /** Whether the user's arrow is shown to the others while drawn (« Mesure partagée »). */
  sharingRuler: boolean;
  /** The token whose eyes the MJ looks through, on the shown map; null: their own. */
  eyes: string | null;
  userId: string;
  /**
   * The table's one live region (decisions 0034, 0035): the latest of what the narration said of
   * the events received, what the user's last undo or redo did and what their keys just did (a
   * token lifted, a target chosen); empty before any.
   */
  announcement: string;
  /** The last event received live, narrated once the copy of the log has folded it. */
  heard: TableEvent | null;
}

/** A map made of a dropped picture goes to the table, which shows it to everyone. */
export function mapImportInTable(importer: typeof mapImportMachine) {
  return importer.provide({
    actions: { 'show map': sendParent((_, map: MapChoice) => ({ type: 'map.imported', map })) },
  });
}

/** The attack menu hands its choice to the table, which gives it to targeting. */
export function attackMenuInTable(menu: typeof attackMenuMachine) {
  return menu.provide({
    actions: {
      'choose attack': sendParent((_, attack: TargetingAttack) => ({ type: 'attack.choose', attack })),
    },
  });
}

/**
 * The walls tool hands its changes to the table. Each wall drawn gets an id of its own from
 * `newWallId`, as a command does (the server checks it is new): making one is an effect.
 */
export function wallEditorInTable(newWallId: () => string) {
  return wallEditorMachine.provide({
    actions: {
      'send change': sendParent((_, asked: { map: string; change: VisionChange }) => ({
        type: 'vision.send',
        ...asked,
      })),
      'send walls': sendParent((_, { map, walls }: { map: string; walls: WallDraft[] }) => ({
        type: 'vision.send',
        map,
        change: { kind: 'add', walls: walls.map((wall) => ({ id: newWallId(), ...wall })) },
      })),
    },
  });
}

/** Targeting hands its intents and refusals to the table; Escape comes from its effects. */
export function attackTargetingInTable(targeting: typeof attackTargetingMachine) {
  return targeting.provide({
    actions: {
      'send attack': sendParent((_, intent: AttackIntent) => ({ type: 'attack.send', intent })),
      'announce refusal': sendParent((_, { text }: { text: string }) => ({ type: 'notice.show', text })),
      announce: sendParent((_, { text }: { text: string }) => ({ type: 'keyboard.said', text })),
    },
  });
}

/** The shown map's order, and which of its entries are the reader's characters: their turns to end. */
const shownOrder = (table: TableState, role: TableRole, characterIds: readonly string[]) => {
  const map = shownMap(table, role)?.name ?? null;
  const order = (map && table.turnOrders[map]) || [];
  return {
    map,
    order,
    round: (map === null ? undefined : own(table.rounds, map)?.round) ?? null,
    own: order.filter((usableId) => {
      const token = map === null ? undefined : tokenAt(table, map, usableId);
      return token !== undefined && token.isPlayer && characterIds.includes(token.itemId);
    }),
  };
};

/** The tokens of no map: one record, so a map without tokens is told to the pointer once. */
const NOBODY: Standing = {};

/** The tokens of the shown map, the same record while none of them changes. */
const standingOn = (table: TableState, map: string | null): Standing =>
  (map === null ? undefined : own(table.tokens, map)) ?? NOBODY;

const sameMap = (a: MapRef, b: MapRef | null) =>
  b !== null && a.name === b.name && a.width === b.width && a.height === b.height;

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * A drop asked of the server: its answer, refusal or not, lets the pointer show each dropped
 * token's logged place again.
 */
function dropRequest(
  gameId: string,
  change: ItemChangePayload['change'],
  usableIds: readonly string[],
  table: { send(event: LiveTableEvent): void },
): CommandRequest {
  return {
    command: { kind: 'itemChange', payload: { gameId, change } },
    answered: () => {
      for (const usableId of usableIds) table.send({ type: 'drop.answered', usableId });
    },
  };
}

/**
 * The live table of one game (table.md §2 "Game screen"): it owns every actor of the screen as a
 * child — the copy of the log (sync), the lists it offers, the map selector, the turn order, the
 * attack menu and targeting, the notice, the map's viewport, the drag emitter — and the socket's
 * streams as invoked
 * observables. Each new copy of the table is handed on to the children that read it (the MJ's
 * map, the shown map's order, the targeting board), so no view keeps actors in step; every intent
 * goes out through one provided action, whose refusal comes back as a notice. Stopping it (Back,
 * a kick) stops every child and drops the whole local table.
 */
export const liveTableMachine = setup({
  types: {
    context: {} as LiveTableContext,
    events: {} as LiveTableEvent,
    input: {} as LiveTableInput,
  },
  actors: {
    'table sync': tableSyncMachine,
    narration: narrationMachine.provide({
      actions: { say: sendParent((_, text: string) => ({ type: 'narration.said', text })) },
    }),
    'table lists': tableListsMachine,
    'table notice': tableNoticeMachine,
    'map viewport': mapViewportMachine,
    'map selection': mapSelectionMachine.provide({
      actions: { 'send map change': sendParent((_, change: MapChange) => ({ type: 'map.change', change })) },
    }),
    'turn order': turnOrderMachine.provide({
      actions: {
        'send turn order change': sendParent((_, change: TurnOrderChange) => ({
          type: 'turnOrder.change',
          change,
        })),
      },
    }),
    'attack menu': attackMenuInTable(attackMenuMachine),
    'map import': mapImportInTable(mapImportMachine),
    'grid editor': gridEditorMachine.provide({
      actions: {
        'send grid': sendParent((_, asked: { map: string; grid: MapGrid }) => ({
          type: 'grid.send',
          ...asked,
        })),
      },
    }),
    'fog editor': fogEditorMachine.provide({
      actions: {
        'send change': sendParent((_, asked: { map: string; change: FogChange }) => ({
          type: 'fog.send',
          ...asked,
        })),
      },
    }),
    'wall editor': wallEditorInTable(() => {
      throw new Error('Effect not provided: wall id');
    }),
    'attack targeting': attackTargetingInTable(attackTargetingMachine),
    'map pointer': mapPointerMachine.provide({
      actions: {
        'drop group': sendParent((_, drop: GroupDrop) => ({ type: 'tokens.drop', ...drop })),
        ping: sendParent((_, ping: PingIntent) => ({ type: 'map.ping', ...ping })),
        'share arrow': sendParent((_, arrow: { from: Point; to: Point } | null) => ({
          type: 'ruler.drawn',
          arrow,
        })),
        'drag token': sendParent((_, place: TokenPlace & { touch: boolean }) => ({
          type: 'token.drag',
          map: place.map,
          usableId: place.usableId,
          position: place.position,
          pointer: place.touch ? 'touch' : 'mouse',
        })),
        'drop token': sendParent((_, place: TokenPlace) => ({ type: 'token.drop', ...place })),
        'click aim': sendParent((_, click: AimClick) => ({ type: 'map.clicked', ...click })),
        announce: sendParent((_, { text }: { text: string }) => ({ type: 'keyboard.said', text })),
      },
    }),
    'table feed': unprovidedEvents<TableSyncEvent>('table feed'),
    'remote drags': unprovidedEvents<Extract<LiveTableEvent, { type: 'drags.seen' }>>('remote drags'),
    'attack lines': unprovidedEvents<Extract<LiveTableEvent, { type: 'attackLines.seen' }>>('attack lines'),
    'drag emitter': unprovidedCallback<DragPosition>('drag emitter'),
    'token selection': tokenSelectionMachine,
    /** Draws the user's own pings at once and hears the others' (`pings.seen`, `view.brought`). */
    pings: unprovidedCallback<{ type: 'own' } & OwnPing>('pings'),
    'remote rulers': unprovidedEvents<Extract<LiveTableEvent, { type: 'rulers.seen' }>>('remote rulers'),
    'ruler emitter': unprovidedCallback<{ type: 'show' } & TableRulerPayload>('ruler emitter'),
    /** Ctrl+Z, Ctrl+Maj+Z and Ctrl+Y on the page, out of a text field (`history.change`). */
    'history keys': unprovidedEvents<Extract<LiveTableEvent, { type: 'history.change' }>>('history keys'),
  },
  actions: {
    'send command': (_, _request: CommandRequest) => {},
    /** Asks the server to relay a ping; a refusal comes back as a notice. */
    'send ping': (_, _ping: TablePingPayload) => {},
    'keep pings': assign({ pings: (_, pings: ShownPing[]) => pings }),
    'keep rulers': assign({ rulers: (_, rulers: RemoteRulers) => rulers }),
    'share the ruler': assign({ sharingRuler: (_, on: boolean) => on }),
    'keep drags': assign({ drags: (_, drags: RemoteDrags) => drags }),
    'keep lines': assign({ lines: (_, lines: AttackLine[]) => lines }),
    'centre on token': enqueueActions(({ context, enqueue }, usableId: string) => {
      const map = shownMap(context.table, context.role);
      const token = map && context.table.tokens[map.name]?.[usableId];
      if (token && map)
        enqueue.sendTo('viewport', {
          type: 'viewport.focus',
          point: centreOnMap(token, map, gridOf(context.table, map.name).cellPx),
        });
    }),
    'keep details': assign({ details: (_, usableId: string) => usableId }),
    'forget details': assign({ details: null }),
    /**
     * A new copy of the table goes to the children that read it: the selector learns the MJ's
     * map, the viewport the shown map's size (a new map is fitted), the turn order its map's
     * order, targeting where the tokens stand.
     */
    'follow the table': enqueueActions(({ context, enqueue }, table: TableState) => {
      if (table === context.table) return;
      const before = shownOrder(context.table, context.role, context.characterIds);
      const after = shownOrder(table, context.role, context.characterIds);
      enqueue.assign({ table });
      // Only an event folded alone onto the copy it followed is told: a catch-up's are the past.
      const heard = context.heard;
      if (heard !== null && heard.seq === table.lastSeq && heard.seq === context.table.lastSeq + 1) {
        const text = narrate(heard, context.table, table, context);
        if (text !== null)
          enqueue.sendTo('narration', {
            type: 'narration.heard',
            text,
            ...(heard.type === 'token.moved' ? { about: heard.payload.usableId } : {}),
          });
      }
      const shown = shownMap(table, context.role);
      if (shown !== null && !sameMap(shown, shownMap(context.table, context.role)))
        enqueue.sendTo('viewport', {
          type: 'map.changed',
          size: { width: shown.width, height: shown.height },
        });
      if (table.masterMap !== context.table.masterMap)
        enqueue.sendTo('selection', { type: 'map.changed', map: table.masterMap });
      // The grid tool sets the grid of the map it was opened on: another map shown closes it.
      if (after.map !== before.map) enqueue.sendTo('gridEditor', { type: 'grid.cancel' });
      if (after.map !== before.map) enqueue.sendTo('fogEditor', { type: 'fog.close' });
      if (after.map !== before.map) enqueue.sendTo('wallEditor', { type: 'walls.close' });
      if (after.map !== before.map) enqueue.assign({ eyes: null });
      if (after.map !== before.map) enqueue.sendTo('turnOrder', { type: 'map.changed', ...after });
      else if (!sameOrder(after.order, before.order) || after.round !== before.round)
        enqueue.sendTo('turnOrder', {
          type: 'turnOrder.confirmed',
          order: after.order,
          round: after.round,
          own: after.own,
        });
      enqueue.sendTo('targeting', {
        type: 'board.updated',
        board: attackBoard(table, shownMap(table, context.role), context),
      });
      // A group press starts from where the tokens stand: the pointer keeps the shown map's.
      const standing = standingOn(table, after.map);
      if (standing !== standingOn(context.table, before.map))
        enqueue.sendTo('pointer', { type: 'tokens.standing', tokens: standing });
    }),
    /** The pointer's presses aim while targeting has an attack and a token striking it. */
    'follow the aim': enqueueActions(({ context, enqueue }, aiming: boolean) => {
      if (aiming === context.aiming) return;
      enqueue.assign({ aiming });
      enqueue.sendTo('pointer', { type: aiming ? 'aim.started' : 'aim.ended' });
    }),
    'follow the movement': enqueueActions(({ context, enqueue }, movement: number) => {
      if (movement === context.movement) return;
      enqueue.assign({ movement });
      enqueue.sendTo('targeting', {
        type: 'board.updated',
        board: attackBoard(context.table, shownMap(context.table, context.role), {
          characterIds: context.characterIds,
          movement,
        }),
      });
    }),
  },
  guards: {
    'actor manages the table': ({ context }) => context.canManage,
  },
}).createMachine({
  id: 'liveTable',
  context: ({ input }) => ({
    gameId: input.gameId,
    role: input.seat.role,
    playerId: input.seat.playerId,
    characterIds: input.seat.role === 'player' && input.seat.playerId !== '' ? [input.seat.playerId] : [],
    canManage: managesTable(input.seat),
    connectedAtStart: input.connected,
    table: emptyTable,
    movement: 0,
    drags: {},
    lines: [],
    details: null,
    aiming: false,
    pings: [],
    rulers: {},
    sharingRuler: false,
    eyes: null,
    userId: input.userId,
    announcement: '',
    heard: null,
  }),
  invoke: [
    {
      id: 'sync',
      src: 'table sync',
      input: ({ context }) => ({ gameId: context.gameId, connected: context.connectedAtStart }),
      onSnapshot: {
        actions: { type: 'follow the table', params: ({ event }) => event.snapshot.context.inbox.state },
      },
    },
    {
      id: 'lists',
      src: 'table lists',
      input: ({ context }) => ({
        gameId: context.gameId,
        playerId: context.playerId,
        canManage: context.canManage,
      }),
    },
    { id: 'notice', src: 'table notice' },
    { id: 'narration', src: 'narration' },
    { id: 'viewport', src: 'map viewport' },
    {
      id: 'selection',
      src: 'map selection',
      input: ({ context }) => ({ canSelect: context.canManage, current: context.table.masterMap }),
    },
    {
      id: 'turnOrder',
      src: 'turn order',
      input: ({ context }) => ({
        ...shownOrder(context.table, context.role, context.characterIds),
        canManage: context.canManage,
      }),
    },
    {
      id: 'targeting',
      src: 'attack targeting',
      input: ({ context }) => ({ role: context.role }),
      onSnapshot: {
        actions: {
          type: 'follow the aim',
          params: ({ event }) =>
            event.snapshot.matches('choosingTarget') &&
            strikerOf(event.snapshot.context.board, event.snapshot.context.attack) !== null,
        },
      },
    },
    { id: 'pointer', src: 'map pointer' },
    { id: 'mapImport', src: 'map import', input: ({ context }) => ({ gameId: context.gameId }) },
    { id: 'gridEditor', src: 'grid editor' },
    { id: 'fogEditor', src: 'fog editor' },
    { id: 'wallEditor', src: 'wall editor' },
    {
      id: 'attackMenu',
      src: 'attack menu',
      input: ({ context }) => ({ playerId: context.playerId, gameId: context.gameId }),
      onSnapshot: {
        actions: {
          type: 'follow the movement',
          params: ({ event }) => event.snapshot.context.arsenal?.movement ?? 0,
        },
      },
    },
    { id: 'feed', src: 'table feed' },
    { id: 'remoteDrags', src: 'remote drags' },
    { id: 'attackLines', src: 'attack lines' },
    { id: 'drags', src: 'drag emitter' },
    { id: 'tokenSelection', src: 'token selection' },
    { id: 'pings', src: 'pings' },
    { id: 'remoteRulers', src: 'remote rulers' },
    { id: 'rulerEmitter', src: 'ruler emitter' },
    { id: 'historyKeys', src: 'history keys' },
  ],
  on: {
    'table.event': {
      actions: [assign({ heard: ({ event }) => event.event }), sendTo('sync', ({ event }) => event)],
    },
    'narration.said': { actions: assign({ announcement: ({ event }) => event.text }) },
    'table.resync': { actions: sendTo('sync', ({ event }) => event) },
    'socket.connected': { actions: sendTo('sync', ({ event }) => event) },
    'socket.disconnected': { actions: sendTo('sync', ({ event }) => event) },
    'drags.seen': { actions: { type: 'keep drags', params: ({ event }) => event.drags } },
    'attackLines.seen': { actions: { type: 'keep lines', params: ({ event }) => event.lines } },
    'token.change': {
      actions: {
        type: 'send command',
        params: ({ context, event }) => ({
          command: { kind: 'itemChange', payload: { gameId: context.gameId, change: event.change } },
        }),
      },
    },
    'token.drop': {
      actions: enqueueActions(({ context, event, self, enqueue }) => {
        enqueue.sendTo('drags', { type: 'drop' });
        enqueue({
          type: 'send command',
          params: dropRequest(
            context.gameId,
            {
              type: 'token.move',
              map: event.map,
              usableId: event.usableId,
              ...event.position,
              ...(event.snap ? { snap: true } : {}),
            },
            [event.usableId],
            self,
          ),
        });
      }),
    },
    'tokens.drop': {
      actions: enqueueActions(({ context, event, self, enqueue }) => {
        enqueue.sendTo('drags', { type: 'drop' });
        enqueue({
          type: 'send command',
          params: dropRequest(
            context.gameId,
            {
              type: 'token.moveMany',
              map: event.map,
              moves: event.moves.map(({ usableId, position }) => ({ usableId, ...position })),
              ...(event.snap ? { snap: true } : {}),
            },
            event.moves.map(({ usableId }) => usableId),
            self,
          ),
        });
      }),
    },
    'map.ping': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const map = shownMap(context.table, context.role);
        if (!map) return;
        enqueue.sendTo('pings', { type: 'own' as const, map: map.name, at: event.at });
        enqueue({
          type: 'send ping',
          params: { gameId: context.gameId, map: map.name, at: event.at, bring: event.bring },
        });
      }),
    },
    'pings.seen': { actions: { type: 'keep pings', params: ({ event }) => event.pings } },
    'view.brought': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (shownMap(context.table, context.role)?.name === event.map)
          enqueue.sendTo('viewport', { type: 'viewport.focus', point: event.at });
      }),
    },
    'ruler.share': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue({ type: 'share the ruler', params: event.on });
        // Stopping while an arrow is shown takes it off the others' maps.
        const map = shownMap(context.table, context.role);
        if (!event.on && context.sharingRuler && map)
          enqueue.sendTo('rulerEmitter', {
            type: 'show' as const,
            gameId: context.gameId,
            map: map.name,
            ruler: null,
          });
      }),
    },
    'ruler.drawn': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const map = shownMap(context.table, context.role);
        if (!context.sharingRuler || !map) return;
        enqueue.sendTo('rulerEmitter', {
          type: 'show' as const,
          gameId: context.gameId,
          map: map.name,
          ruler: event.arrow,
        });
      }),
    },
    'rulers.seen': { actions: { type: 'keep rulers', params: ({ event }) => event.rulers } },
    'drop.answered': { actions: sendTo('pointer', ({ event }) => event) },
    'grid.send': {
      actions: enqueueActions(({ context, event, self, enqueue }) =>
        enqueue({
          type: 'send command',
          params: {
            command: {
              kind: 'gridChange',
              payload: { gameId: context.gameId, map: event.map, grid: event.grid },
            },
            answered: (refusal) => self.send({ type: 'grid.answered', refusal }),
          },
        }),
      ),
    },
    'grid.answered': { actions: sendTo('gridEditor', ({ event }) => event) },
    'history.change': {
      actions: enqueueActions(({ context, event, self, enqueue }) =>
        enqueue({
          type: 'send command',
          params: {
            command: {
              kind: 'historyChange',
              payload: { gameId: context.gameId, direction: event.direction },
            },
            answered: (refusal) =>
              self.send({ type: 'history.answered', direction: event.direction, refusal }),
          },
        }),
      ),
    },
    'history.answered': {
      guard: ({ event }) => event.refusal === null,
      // The entry went to the other stack as the server's event was folded, before its answer came.
      actions: assign({
        announcement: ({ context, event }) => {
          const history = own(context.table.history, context.userId);
          const entry = (event.direction === 'undo' ? history?.undone : history?.done)?.at(-1);
          return entry ? undoMessages.said(event.direction, entry.label) : '';
        },
      }),
    },
    'fog.send': {
      actions: enqueueActions(({ context, event, self, enqueue }) =>
        enqueue({
          type: 'send command',
          params: {
            command: {
              kind: 'fogChange',
              payload: { gameId: context.gameId, map: event.map, change: event.change },
            },
            answered: (refusal) => self.send({ type: 'fog.answered', refusal }),
          },
        }),
      ),
    },
    'fog.answered': { actions: sendTo('fogEditor', ({ event }) => event) },
    'vision.send': {
      actions: enqueueActions(({ context, event, self, enqueue }) =>
        enqueue({
          type: 'send command',
          params: {
            command: {
              kind: 'visionChange',
              payload: { gameId: context.gameId, map: event.map, change: event.change },
            },
            answered: (refusal) => self.send({ type: 'vision.answered', refusal }),
          },
        }),
      ),
    },
    'vision.answered': { actions: sendTo('wallEditor', ({ event }) => event) },
    'eyes.open': {
      guard: 'actor manages the table',
      actions: assign({ eyes: ({ event }) => event.usableId }),
    },
    'eyes.close': { actions: assign({ eyes: null }) },
    'keyboard.said': { actions: assign({ announcement: ({ event }) => event.text }) },
    'token.drag': {
      actions: sendTo('drags', ({ context, event }) => ({
        type: 'drag' as const,
        payload: { gameId: context.gameId, map: event.map, usableId: event.usableId, ...event.position },
        pointer: event.pointer,
      })),
    },
    'token.focus': { actions: { type: 'centre on token', params: ({ event }) => event.usableId } },
    'token.strike': {
      actions: sendTo('targeting', ({ event }) => ({
        type: 'attack.choose',
        attack: {
          ref: { kind: 'monster', attackerId: event.token.usableId },
          name: event.token.name,
          range: MONSTER_ATTACK.range,
          areaOfEffect: 'single',
          areaSize: 0,
          maxTargets: 1,
          ...attackNumbers({ damageRoll: event.token.damage || DEFAULT_MONSTER_DAMAGE }),
        },
      })),
    },
    'map.change': {
      actions: {
        type: 'send command',
        params: ({ context, event }) => ({
          command: { kind: 'mapChange', payload: { gameId: context.gameId, ...event.change } },
        }),
      },
    },
    // A dropped picture is there to be played on: everyone goes to it, and the selector lists it.
    'map.imported': {
      actions: [
        {
          type: 'send command',
          params: ({ context, event }) => ({
            command: {
              kind: 'mapChange',
              payload: { gameId: context.gameId, map: event.map, bringPlayers: true },
            },
          }),
        },
        sendTo('lists', { type: 'lists.refresh' }),
      ],
    },
    // The panel waits for the answer before « Tour suivant » may be pressed again.
    'turnOrder.change': {
      actions: enqueueActions(({ context, event, self, enqueue }) =>
        enqueue({
          type: 'send command',
          params: {
            command: { kind: 'turnOrderChange', payload: { gameId: context.gameId, change: event.change } },
            answered: () => self.send({ type: 'turnOrder.answered' }),
          },
        }),
      ),
    },
    'turnOrder.answered': { actions: sendTo('turnOrder', ({ event }) => event) },
    'attack.send': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const map = shownMap(context.table, context.role);
        if (!map) return;
        const { attack, attackerId, targetIds, aim } = event.intent;
        const single = attack.areaOfEffect === 'single';
        enqueue({
          type: 'send command',
          params: {
            command: {
              kind: 'attack',
              payload: {
                gameId: context.gameId,
                map: map.name,
                attackerId,
                attack: attack.ref.kind === 'monster' ? { kind: 'monster' } : attack.ref,
                targetId: single ? (targetIds[0] ?? null) : null,
                aim: single ? null : pixelsToPoint(aim, map),
              },
            },
          },
        });
      }),
    },
    'attack.choose': { actions: sendTo('targeting', ({ event }) => event) },
    'attack.cancel': { actions: sendTo('targeting', ({ event }) => event) },
    'map.clicked': { actions: sendTo('targeting', ({ event }) => event) },
    'notice.show': { actions: sendTo('notice', ({ event }) => event) },
    'notice.dismiss': { actions: sendTo('notice', ({ event }) => event) },
  },
  type: 'parallel',
  states: {
    /** The side panel: the chat, or the MJ's list of participants. */
    side: {
      initial: 'chat',
      states: {
        chat: { on: { 'management.toggle': { guard: 'actor manages the table', target: 'management' } } },
        management: { on: { 'management.toggle': 'chat' } },
      },
    },
    details: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'details.show': {
              target: 'open',
              actions: { type: 'keep details', params: ({ event }) => event.usableId },
            },
          },
        },
        open: {
          on: {
            'details.show': { actions: { type: 'keep details', params: ({ event }) => event.usableId } },
            'details.close': { target: 'closed', actions: 'forget details' },
          },
        },
      },
    },
  },
});

export type LiveTableActor = ActorRefFrom<typeof liveTableMachine>;
export type LiveTableSnapshot = SnapshotFrom<typeof liveTableMachine>;
