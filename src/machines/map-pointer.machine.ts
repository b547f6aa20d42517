import { and, assign, not, or, raise, setup, stateIn } from 'xstate';
import { keyboardMessages } from '../domain/table/keyboard-messages';
import { percentToPixels, pixelsToPercent, type Point, type Size } from '../domain/geometry/geometry';
import type { MapToken } from '../domain/table/types';
import { tokenCells } from '../domain/table/token-size';
import { snapGroup, snapPercent, type MapGrid } from '../domain/geometry/grid';

/** Pixels the pointer must travel before a press on a token becomes a drag rather than a click. */
export const DRAG_THRESHOLD_PX = 4;

/** A menu at a point of the window (`at`, client pixels). */
export type MapMenu =
  /** `point`: the map's pixel under it, where « Signaler ici » pings. */
  { kind: 'add'; at: Point; position: Point; point: Point } | { kind: 'token'; at: Point; usableId: string };

/** Which pointer did it, where it is on the map (map pixels) and in the window (client pixels). */
interface PointerAt {
  pointerId: number;
  onMap: Point;
  client: Point;
}

export type MapPointerEvent =
  /**
   * A press of the main button on a token: the aim's target while an attack is aimed, else a grab
   * of a token the user may move (`controllable`); the others' tokens are left to pan the map.
   */
  | ({
      type: 'token.pressed';
      usableId: string;
      controllable: boolean;
      corner: Point;
      map: ShownMap;
      /**
       * The user's selection, when this token is in it: the others move with it, from where the
       * table last showed them (`tokens.standing`).
       */
      group?: readonly string[];
      /** Cells a side: a drag keeps the whole square on the map, as the server does. */
      size?: number;
      /** The map's grid, on which a drop snaps; without it the token goes where it is dropped. */
      grid?: MapGrid;
    } & PointerAt)
  /** A press on the map's frame: Alt, or the ruler, makes a primary button press measure; aiming, it is a click in the void. */
  | ({
      type: 'frame.pressed';
      alt: boolean;
      /** Ctrl (⌘ on a Mac) pings there; with Maj, the MJ brings everyone's view too. */
      ctrl?: boolean;
      shift?: boolean;
      mainButton: boolean;
      isPrimary: boolean;
    } & PointerAt)
  /** « Signaler ici » from the map's menu: the way to ping by touch (a long press opens it) or keyboard. */
  | { type: 'map.ping'; at: Point; bring: boolean }
  | ({ type: 'pointer.moved'; touch: boolean } & PointerAt)
  /**
   * Let go (`dropped`), or taken back by the browser (`pointercancel`), which drops nothing.
   * `free`: Alt was held, the token goes where it is dropped, off the grid.
   */
  | ({ type: 'pointer.released'; dropped: boolean; free?: boolean } & PointerAt)
  /** From the table: where the shown map's tokens stand, the places a group press starts from. */
  | { type: 'tokens.standing'; tokens: Standing }
  /** The user's « Aimanter » switch: drops snap to the grid, or not. */
  | { type: 'snap.set'; on: boolean }
  /**
   * An arrow key moved one's own token, to `position` (on the grid when `snap`): the first lifts it
   * from `from`, where it stands, and it is carried as a drag until put down or back.
   */
  | {
      type: 'token.stepped';
      map: string;
      usableId: string;
      name: string;
      from: Point;
      position: Point;
      snap: boolean;
    }
  /** Enter (or Space) on the token the keyboard carries: dropped where it is, as a drag's drop. */
  | { type: 'token.putDown'; usableId: string }
  /** Escape, or the focus leaving it: the carried token goes back where it was lifted from. */
  | { type: 'token.putBack'; usableId: string }
  /** The server answered a drop: the token shows its logged place again. */
  | { type: 'drop.answered'; usableId: string }
  | { type: 'ruler.set'; on: boolean }
  /** From the table: an attack is being aimed, or no longer. */
  | { type: 'aim.started' }
  | { type: 'aim.ended' }
  /** Where the pointer is on the map while an attack is aimed: the area follows it. */
  | { type: 'aim.moved'; onMap: Point }
  | { type: 'menu.open'; menu: MapMenu }
  | { type: 'menu.close' };

/** The shown map's tokens by id: where each stands (percent) and its side in cells. */
export type Standing = Readonly<Record<string, Pick<MapToken, 'x' | 'y' | 'size'>>>;

/** The shown map: its name, and its size in pixels, from which places are reckoned in percent. */
export type ShownMap = Size & { name: string };

interface Grab {
  usableId: string;
  pointerId: number;
  /** From the token's corner to the pointer, in the map's pixels. */
  offset: Point;
  start: Point;
  map: ShownMap;
  /** The selection's other tokens, each with its own offset and side: one delta moves them all. */
  group: Array<{ usableId: string; offset: Point; size: number }>;
  size: number;
  grid: MapGrid | null;
}

/** The token the keyboard carries: where it was lifted from, and whether its last step snapped. */
interface Lift {
  map: string;
  usableId: string;
  name: string;
  from: Point;
  snap: boolean;
}

export interface MapPointerContext {
  grab: Grab | null;
  lift: Lift | null;
  /** The measuring arrow, in the map's pixels: it keeps its cells whatever the zoom does meanwhile. */
  measure: { pointerId: number; from: Point; to: Point } | null;
  /**
   * Where the pointer carries the dragged tokens (percent), changed on every move: the view moves
   * them on the compositor, never laying them out again (decision 0027).
   */
  carried: Record<string, Point>;
  /** Where the user dropped a token (percent), until the server's answer: the view lays it out there. */
  local: Record<string, Point>;
  menu: MapMenu | null;
  aimAt: Point | null;
  /** Whether drops snap to the grid (on until the user turns it off). */
  snap: boolean;
  /** Where the shown map's tokens stand as the table last showed them. */
  standing: Standing;
}

/** A token move the map asks of the table: its map, its id and its place in percent of the map. */
export interface TokenPlace {
  map: string;
  usableId: string;
  position: Point;
  /** The position is on the grid: the server snaps it on its own copy of the grid too. */
  snap?: true;
}

/** A selection dropped together: every token's place, the grabbed one first. */
export interface GroupDrop {
  map: string;
  moves: Array<{ usableId: string; position: Point }>;
  /** On the grid, in the group's shape: the server snaps them on its own copy of the grid too. */
  snap?: true;
}

/** A ping at this point of the shown map (its pixels); `bring` takes everyone's view there. */
export interface PingIntent {
  at: Point;
  bring: boolean;
}

/** A click while aiming: on a token (its id) or on the void (null), at this point of the map. */
export interface AimClick {
  point: Point;
  usableId: string | null;
}

const placeOf = (grab: Grab, onMap: Point): Point =>
  pixelsToPercent(
    { x: onMap.x - grab.offset.x, y: onMap.y - grab.offset.y },
    grab.map,
    grab.size,
    grab.grid?.cellPx,
  );

/** Where a drop puts the token: on the grid unless snapping is off, Alt held, or no grid known. */
function dropOf(context: MapPointerContext, event: Released): Omit<TokenPlace, 'map' | 'usableId'> {
  const grab = context.grab!;
  const position = placeOf(grab, event.onMap);
  if (!context.snap || event.free || grab.grid === null) return { position };
  return { position: snapPercent(position, grab.grid, grab.map, grab.size), snap: true };
}

const without = (local: Record<string, Point>, ...usableIds: string[]) => {
  const rest = { ...local };
  for (const usableId of usableIds) delete rest[usableId];
  return rest;
};

/** Where the grabbed token and the rest of its group stand with the pointer at `onMap`. */
const groupPlaces = (grab: Grab, onMap: Point) => [
  { usableId: grab.usableId, position: placeOf(grab, onMap) },
  ...grab.group.map(({ usableId, offset, size }) => ({
    usableId,
    position: placeOf({ ...grab, offset, size }, onMap),
  })),
];

/**
 * Where a group's drop puts it: on the grid in its shape (`snapGroup`, as the server does) unless
 * snapping is off, Alt held, or no grid known.
 */
function groupDropOf(context: MapPointerContext, event: Released): GroupDrop {
  const grab = context.grab!;
  const moves = groupPlaces(grab, event.onMap);
  if (!context.snap || event.free || grab.grid === null) return { map: grab.map.name, moves };
  const sizes = [grab.size, ...grab.group.map((member) => member.size)];
  const snapped = snapGroup(
    moves.map(({ position }, index) => ({ position, cells: sizes[index]! })),
    grab.grid,
    grab.map,
  );
  return {
    map: grab.map.name,
    moves: moves.map(({ usableId }, index) => ({ usableId, position: snapped[index]! })),
    snap: true,
  };
}

const heldPlaces = (local: Record<string, Point>, moves: GroupDrop['moves']) => ({
  ...local,
  ...Object.fromEntries(moves.map(({ usableId, position }) => [usableId, position])),
});

type Released = Extract<MapPointerEvent, { type: 'pointer.released' }>;
type Moved = Extract<MapPointerEvent, { type: 'pointer.moved' }>;

/** The token the keys carry goes back where it was lifted from, for the others too (they saw it carried). */
const PUT_BACK = [
  {
    type: 'drag token',
    params: ({ context }: { context: MapPointerContext }) => ({
      map: context.lift!.map,
      usableId: context.lift!.usableId,
      position: context.lift!.from,
      touch: false,
    }),
  },
  { type: 'let token go', params: ({ context }: { context: MapPointerContext }) => context.lift!.usableId },
] as const;

/**
 * The pointer's gestures on the table's map (table.md §2 "Game screen", §6): a press on one's own
 * token is a click (its menu) until the pointer travels 4 px, then a drag whose places go to the
 * others as it goes and whose drop asks the server; the token stays where it was dropped until the
 * answer. A drop lands on the nearest cell of the map's grid while « Aimanter » is on, unless Alt
 * is held; an arrow key's move of a token is a drop too. Alt + press, or any press with the ruler
 * on, draws the measuring arrow. While the table
 * aims an attack, a press is a click of the aim instead (on a token, or in the void) and the area
 * follows the pointer; whom it hits is targeting's. Panning and pinching are the viewport's. A
 * cancelled pointer drops nothing. The drag, the drop and the aim's clicks go out through provided
 * actions: the live table sends them to the server or to targeting, and answers each drop.
 */
export const mapPointerMachine = setup({
  types: {
    context: {} as MapPointerContext,
    events: {} as MapPointerEvent,
  },
  actions: {
    'drag token': (_, _place: TokenPlace & { touch: boolean }) => {},
    /** Asks the server for the move; its answer comes back as `drop.answered`. */
    'drop token': (_, _place: TokenPlace) => {},
    'click aim': (_, _click: AimClick) => {},
    /** Asks the server to move the group at once; each token's answer comes back as `drop.answered`. */
    'drop group': (_, _drop: GroupDrop) => {},
    ping: (_, _ping: PingIntent) => {},
    /** Said in the table's live region: what the keys did to the token they carry. */
    announce: (_, _said: { text: string }) => {},
    'lift token': assign({
      lift: (_, step: Extract<MapPointerEvent, { type: 'token.stepped' }>) => ({
        map: step.map,
        usableId: step.usableId,
        name: step.name,
        from: step.from,
        snap: step.snap,
      }),
    }),
    'keep snapping of step': assign({
      lift: ({ context }, snap: boolean) => context.lift && { ...context.lift, snap },
    }),
    'forget lift': assign({ lift: null }),
    'raise again': raise((_, step: Extract<MapPointerEvent, { type: 'token.stepped' }>) => step),
    /** The arrow as it is drawn (null once let go), for the table to show the others when asked to. */
    'share arrow': (_, _arrow: { from: Point; to: Point } | null) => {},
    'hold token': assign({
      local: ({ context }, { usableId, position }: Omit<TokenPlace, 'map'>) => ({
        ...context.local,
        [usableId]: position,
      }),
    }),
    'hold group': assign({
      local: ({ context }, moves: GroupDrop['moves']) => heldPlaces(context.local, moves),
    }),
    'carry group': assign({ carried: (_, moves: GroupDrop['moves']) => heldPlaces({}, moves) }),
    'set group down': assign({ carried: {} }),
    'let token go': assign({ local: ({ context }, usableId: string) => without(context.local, usableId) }),
    'grab token': assign({
      grab: ({ context }, event: Extract<MapPointerEvent, { type: 'token.pressed' }>) => ({
        usableId: event.usableId,
        pointerId: event.pointerId,
        offset: { x: event.onMap.x - event.corner.x, y: event.onMap.y - event.corner.y },
        start: event.client,
        map: event.map,
        group: (event.group ?? []).flatMap((usableId) => {
          const member = usableId === event.usableId ? undefined : context.standing[usableId];
          if (!member) return [];
          const size = tokenCells(member);
          const corner = percentToPixels(member, event.map, size, event.grid?.cellPx);
          return [{ usableId, offset: { x: event.onMap.x - corner.x, y: event.onMap.y - corner.y }, size }];
        }),
        size: event.size ?? 1,
        grid: event.grid ?? null,
      }),
    }),
    'set snapping': assign({ snap: (_, on: boolean) => on }),
    'keep standing': assign({ standing: (_, tokens: Standing) => tokens }),
    'forget grab': assign({ grab: null }),
    'start arrow': assign({
      measure: (_, { pointerId, onMap }: PointerAt) => ({ pointerId, from: onMap, to: onMap }),
    }),
    'stretch arrow': assign({
      measure: ({ context }, onMap: Point) => context.measure && { ...context.measure, to: onMap },
    }),
    'forget arrow': assign({ measure: null }),
    'show menu': assign({ menu: (_, menu: MapMenu) => menu }),
    'close menu': assign({ menu: null }),
    'follow aim': assign({ aimAt: (_, onMap: Point) => onMap }),
    'forget aim': assign({ aimAt: null }),
  },
  guards: {
    'an attack is aimed': stateIn('#mapPointer.aim.on'),
    'the press grabs the token': ({ event }) => event.type === 'token.pressed' && event.controllable,
    'the press grabs a token of the user': and([
      'the press grabs the token',
      not('an attack is aimed'),
      not('the ruler is on'),
    ]),
    'is a press of the main button': ({ event }) => event.type === 'frame.pressed' && event.mainButton,
    'is a primary press of the main button': ({ event }) =>
      event.type === 'frame.pressed' && event.mainButton && event.isPrimary,
    'alt is held': ({ event }) => event.type === 'frame.pressed' && event.alt,
    'the ruler is on': stateIn('#mapPointer.ruler.on'),
    'the press measures': and([
      not('an attack is aimed'),
      'is a primary press of the main button',
      or(['alt is held', 'the ruler is on']),
    ]),
    'ctrl is held': ({ event }) => event.type === 'frame.pressed' && event.ctrl === true,
    'the press pings': and([not('an attack is aimed'), 'is a press of the main button', 'ctrl is held']),
    'the grab holds a group': ({ context }) => (context.grab?.group.length ?? 0) > 0,
    'the keys carry this token': ({ context, event }) =>
      'usableId' in event && context.lift?.usableId === event.usableId,
    'the keys carry another token': ({ context, event }) =>
      context.lift !== null && 'usableId' in event && context.lift.usableId !== event.usableId,
    'turns the ruler on': ({ event }) => event.type === 'ruler.set' && event.on,
    'turns the ruler off': ({ event }) => event.type === 'ruler.set' && !event.on,
    'is the arrow’s pointer': ({ context, event }) =>
      'pointerId' in event && context.measure?.pointerId === event.pointerId,
    'is the grabbing pointer': ({ context, event }) =>
      'pointerId' in event && context.grab?.pointerId === event.pointerId,
    'moved past the threshold': ({ context, event }) =>
      context.grab !== null &&
      context.grab.pointerId === (event as Moved).pointerId &&
      Math.hypot(
        (event as Moved).client.x - context.grab.start.x,
        (event as Moved).client.y - context.grab.start.y,
      ) >= DRAG_THRESHOLD_PX,
    'was dropped': ({ event }) => (event as Released).dropped,
    'is the grabbing pointer, dropped': and(['is the grabbing pointer', 'was dropped']),
  },
}).createMachine({
  id: 'mapPointer',
  context: {
    grab: null,
    lift: null,
    measure: null,
    carried: {},
    local: {},
    menu: null,
    aimAt: null,
    snap: true,
    standing: {},
  },
  on: {
    'snap.set': { actions: { type: 'set snapping', params: ({ event }) => event.on } },
    'tokens.standing': { actions: { type: 'keep standing', params: ({ event }) => event.tokens } },
    'token.stepped': [
      {
        guard: 'the keys carry this token',
        actions: [
          {
            type: 'hold token',
            params: ({ event }) => ({ usableId: event.usableId, position: event.position }),
          },
          { type: 'keep snapping of step', params: ({ event }) => event.snap },
          {
            type: 'drag token',
            params: ({ event }) => ({
              map: event.map,
              usableId: event.usableId,
              position: event.position,
              touch: false,
            }),
          },
        ],
      },
      {
        // One token at a time: the one carried before goes back where it was.
        guard: 'the keys carry another token',
        actions: [
          ...PUT_BACK,
          { type: 'forget lift' },
          { type: 'raise again', params: ({ event }) => event },
        ],
      },
      {
        actions: [
          {
            type: 'hold token',
            params: ({ event }) => ({ usableId: event.usableId, position: event.position }),
          },
          { type: 'lift token', params: ({ event }) => event },
          {
            type: 'drag token',
            params: ({ event }) => ({
              map: event.map,
              usableId: event.usableId,
              position: event.position,
              touch: false,
            }),
          },
          { type: 'announce', params: ({ event }) => ({ text: keyboardMessages.lifted(event.name) }) },
        ],
      },
    ],
    'token.putDown': {
      guard: 'the keys carry this token',
      actions: [
        {
          type: 'drop token',
          params: ({ context }) => ({
            map: context.lift!.map,
            usableId: context.lift!.usableId,
            position: context.local[context.lift!.usableId] ?? context.lift!.from,
            ...(context.lift!.snap ? { snap: true as const } : {}),
          }),
        },
        {
          type: 'announce',
          params: ({ context }) => ({ text: keyboardMessages.putDown(context.lift!.name) }),
        },
        'forget lift',
      ],
    },
    'token.putBack': {
      guard: 'the keys carry this token',
      actions: [
        ...PUT_BACK,
        {
          type: 'announce',
          params: ({ context }) => ({ text: keyboardMessages.putBack(context.lift!.name) }),
        },
        'forget lift',
      ],
    },
    'drop.answered': { actions: { type: 'let token go', params: ({ event }) => event.usableId } },
    'menu.open': { actions: { type: 'show menu', params: ({ event }) => event.menu } },
    'menu.close': { actions: 'close menu' },
    'map.ping': {
      actions: [
        { type: 'ping', params: ({ event }) => ({ at: event.at, bring: event.bring }) },
        'close menu',
      ],
    },
  },
  type: 'parallel',
  states: {
    gesture: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'token.pressed': {
              guard: 'the press grabs a token of the user',
              target: 'pressingToken',
              actions: { type: 'grab token', params: ({ event }) => event },
            },
            'frame.pressed': [
              {
                guard: 'the press pings',
                actions: {
                  type: 'ping',
                  params: ({ event }) => ({ at: event.onMap, bring: event.shift === true }),
                },
              },
              {
                guard: 'the press measures',
                target: 'measuring',
                actions: [
                  { type: 'start arrow', params: ({ event }) => event },
                  { type: 'share arrow', params: ({ event }) => ({ from: event.onMap, to: event.onMap }) },
                ],
              },
            ],
          },
        },
        /** A press on one's own token: a click until it moves. */
        pressingToken: {
          on: {
            'pointer.moved': { guard: 'moved past the threshold', target: 'draggingToken' },
            'pointer.released': [
              {
                guard: 'is the grabbing pointer, dropped',
                target: 'idle',
                actions: [
                  {
                    type: 'show menu',
                    params: ({ context, event }) => ({
                      kind: 'token' as const,
                      at: event.client,
                      usableId: context.grab!.usableId,
                    }),
                  },
                  'forget grab',
                ],
              },
              { guard: 'is the grabbing pointer', target: 'idle', actions: 'forget grab' },
            ],
          },
        },
        draggingToken: {
          exit: 'set group down',
          entry: [
            {
              type: 'carry group',
              params: ({ context, event }) => groupPlaces(context.grab!, (event as Moved).onMap),
            },
            {
              type: 'drag token',
              params: ({ context, event }) => ({
                map: context.grab!.map.name,
                usableId: context.grab!.usableId,
                position: placeOf(context.grab!, (event as Moved).onMap),
                touch: (event as Moved).touch,
              }),
            },
          ],
          on: {
            'pointer.moved': {
              guard: 'is the grabbing pointer',
              actions: [
                {
                  type: 'carry group',
                  params: ({ context, event }) => groupPlaces(context.grab!, event.onMap),
                },
                {
                  type: 'drag token',
                  params: ({ context, event }) => ({
                    map: context.grab!.map.name,
                    usableId: context.grab!.usableId,
                    position: placeOf(context.grab!, event.onMap),
                    touch: event.touch,
                  }),
                },
              ],
            },
            'pointer.released': [
              {
                guard: and(['is the grabbing pointer, dropped', 'the grab holds a group']),
                target: 'idle',
                actions: [
                  { type: 'hold group', params: ({ context, event }) => groupDropOf(context, event).moves },
                  { type: 'drop group', params: ({ context, event }) => groupDropOf(context, event) },
                  'forget grab',
                ],
              },
              {
                guard: 'is the grabbing pointer, dropped',
                target: 'idle',
                actions: [
                  {
                    type: 'hold token',
                    params: ({ context, event }) => ({
                      usableId: context.grab!.usableId,
                      position: dropOf(context, event).position,
                    }),
                  },
                  {
                    type: 'drop token',
                    params: ({ context, event }) => ({
                      map: context.grab!.map.name,
                      usableId: context.grab!.usableId,
                      ...dropOf(context, event),
                    }),
                  },
                  'forget grab',
                ],
              },
              // Taken back by the browser: a drop still unanswered shows where it was dropped.
              { guard: 'is the grabbing pointer', target: 'idle', actions: 'forget grab' },
            ],
          },
        },
        measuring: {
          on: {
            'pointer.moved': {
              guard: 'is the arrow’s pointer',
              actions: [
                { type: 'stretch arrow', params: ({ event }) => event.onMap },
                {
                  type: 'share arrow',
                  params: ({ context }) =>
                    context.measure && { from: context.measure.from, to: context.measure.to },
                },
              ],
            },
            'pointer.released': {
              guard: 'is the arrow’s pointer',
              target: 'idle',
              actions: ['forget arrow', { type: 'share arrow', params: null }],
            },
            // A new Alt press while the arrow shows starts it again from there.
            'frame.pressed': {
              guard: 'the press measures',
              target: 'measuring',
              reenter: true,
              actions: [
                { type: 'start arrow', params: ({ event }) => event },
                { type: 'share arrow', params: ({ event }) => ({ from: event.onMap, to: event.onMap }) },
              ],
            },
          },
        },
      },
    },
    aim: {
      initial: 'off',
      states: {
        off: { on: { 'aim.started': 'on' } },
        on: {
          exit: 'forget aim',
          on: {
            'aim.ended': 'off',
            'aim.moved': { actions: { type: 'follow aim', params: ({ event }) => event.onMap } },
            'token.pressed': {
              actions: {
                type: 'click aim',
                params: ({ event }) => ({ point: event.onMap, usableId: event.usableId }),
              },
            },
            'frame.pressed': {
              guard: 'is a press of the main button',
              actions: { type: 'click aim', params: ({ event }) => ({ point: event.onMap, usableId: null }) },
            },
          },
        },
      },
    },
    ruler: {
      initial: 'off',
      states: {
        off: { on: { 'ruler.set': { guard: 'turns the ruler on', target: 'on' } } },
        on: { on: { 'ruler.set': { guard: 'turns the ruler off', target: 'off' } } },
      },
    },
  },
});
