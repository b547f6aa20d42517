import { and, assign, emit, or, setup, stateIn } from 'xstate';
import { pixelsToPercent, type Point, type Size } from '../domain/geometry/geometry';

/** Pixels the pointer must travel before a press on a token becomes a drag rather than a click. */
export const DRAG_THRESHOLD_PX = 4;

/** A menu at a point of the window (`at`, client pixels). */
export type MapMenu =
  { kind: 'add'; at: Point; position: Point } | { kind: 'token'; at: Point; usableId: string };

/** Which pointer did it, where it is on the map (map pixels) and in the window (client pixels). */
interface PointerAt {
  pointerId: number;
  onMap: Point;
  client: Point;
}

export type MapPointerEvent =
  /** A press on a token the user may move (the view lets the others' tokens pan the map). */
  | ({ type: 'token.pressed'; usableId: string; corner: Point; map: ShownMap } & PointerAt)
  /** A press on the map's frame: Alt, or the ruler, makes a primary button press measure. */
  | ({ type: 'frame.pressed'; alt: boolean; mainButton: boolean; isPrimary: boolean } & PointerAt)
  | ({ type: 'pointer.moved'; touch: boolean } & PointerAt)
  /** Let go (`dropped`), or taken back by the browser (`pointercancel`), which drops nothing. */
  | ({ type: 'pointer.released'; dropped: boolean } & PointerAt)
  /** The server answered a drop: the token shows its logged place again. */
  | { type: 'drop.answered'; usableId: string }
  | { type: 'ruler.set'; on: boolean }
  /** Where the pointer is on the map while an attack is aimed: the area follows it. */
  | { type: 'aim.moved'; onMap: Point }
  | { type: 'menu.open'; menu: MapMenu }
  | { type: 'menu.close' };

/** The shown map: its name, and its size in pixels, from which places are reckoned in percent. */
export type ShownMap = Size & { name: string };

interface Grab {
  usableId: string;
  pointerId: number;
  /** From the token's corner to the pointer, in the map's pixels. */
  offset: Point;
  start: Point;
  map: ShownMap;
}

export interface MapPointerContext {
  grab: Grab | null;
  /** The measuring arrow, in the map's pixels: it keeps its cells whatever the zoom does meanwhile. */
  measure: { pointerId: number; from: Point; to: Point } | null;
  /** Where the user holds or dropped a token (percent), until the server's answer. */
  local: Record<string, Point>;
  menu: MapMenu | null;
  aimAt: Point | null;
}

/** A token move the map asks of the table: its map, its id and its place in percent of the map. */
export interface TokenPlace {
  map: string;
  usableId: string;
  position: Point;
}

/** What the map asks of the table while a token moves: a drag to show the others, then the drop. */
export type MapPointerEmitted =
  ({ type: 'token.dragged'; touch: boolean } & TokenPlace) | ({ type: 'token.dropped' } & TokenPlace);

const placeOf = (grab: Grab, onMap: Point): Point =>
  pixelsToPercent({ x: onMap.x - grab.offset.x, y: onMap.y - grab.offset.y }, grab.map);

const without = (local: Record<string, Point>, usableId: string) => {
  const rest = { ...local };
  delete rest[usableId];
  return rest;
};

type Released = Extract<MapPointerEvent, { type: 'pointer.released' }>;
type Moved = Extract<MapPointerEvent, { type: 'pointer.moved' }>;

/**
 * The pointer's gestures on the table's map (table.md §2 "Game screen", §6): a press on one's own
 * token is a click (its menu) until the pointer travels 4 px, then a drag whose places go to the
 * others as it goes and whose drop asks the server; the token stays where it was dropped until the
 * answer. Alt + press, or any press with the ruler on, draws the measuring arrow. Panning and
 * pinching are the viewport's; aiming an attack is targeting's. A cancelled pointer drops nothing.
 */
export const mapPointerMachine = setup({
  types: {
    context: {} as MapPointerContext,
    events: {} as MapPointerEvent,
    emitted: {} as MapPointerEmitted,
  },
  actions: {
    'drag token': emit((_, place: TokenPlace & { touch: boolean }) => ({
      type: 'token.dragged' as const,
      ...place,
    })),
    'drop token': emit((_, place: TokenPlace) => ({ type: 'token.dropped' as const, ...place })),
    'hold token': assign({
      local: ({ context }, { usableId, position }: Omit<TokenPlace, 'map'>) => ({
        ...context.local,
        [usableId]: position,
      }),
    }),
    'let token go': assign({ local: ({ context }, usableId: string) => without(context.local, usableId) }),
    'grab token': assign({
      grab: (_, event: Extract<MapPointerEvent, { type: 'token.pressed' }>) => ({
        usableId: event.usableId,
        pointerId: event.pointerId,
        offset: { x: event.onMap.x - event.corner.x, y: event.onMap.y - event.corner.y },
        start: event.client,
        map: event.map,
      }),
    }),
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
  },
  guards: {
    'is a primary press of the main button': ({ event }) =>
      event.type === 'frame.pressed' && event.mainButton && event.isPrimary,
    'alt is held': ({ event }) => event.type === 'frame.pressed' && event.alt,
    'the ruler is on': stateIn('#mapPointer.ruler.on'),
    'the press measures': and([
      'is a primary press of the main button',
      or(['alt is held', 'the ruler is on']),
    ]),
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
  context: { grab: null, measure: null, local: {}, menu: null, aimAt: null },
  on: {
    'drop.answered': { actions: { type: 'let token go', params: ({ event }) => event.usableId } },
    'menu.open': { actions: { type: 'show menu', params: ({ event }) => event.menu } },
    'menu.close': { actions: 'close menu' },
    'aim.moved': { actions: { type: 'follow aim', params: ({ event }) => event.onMap } },
  },
  type: 'parallel',
  states: {
    gesture: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'token.pressed': {
              target: 'pressingToken',
              actions: { type: 'grab token', params: ({ event }) => event },
            },
            'frame.pressed': {
              guard: 'the press measures',
              target: 'measuring',
              actions: { type: 'start arrow', params: ({ event }) => event },
            },
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
          entry: [
            {
              type: 'hold token',
              params: ({ context, event }) => ({
                usableId: context.grab!.usableId,
                position: placeOf(context.grab!, (event as Moved).onMap),
              }),
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
                  type: 'hold token',
                  params: ({ context, event }) => ({
                    usableId: context.grab!.usableId,
                    position: placeOf(context.grab!, event.onMap),
                  }),
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
                guard: 'is the grabbing pointer, dropped',
                target: 'idle',
                actions: [
                  {
                    type: 'hold token',
                    params: ({ context, event }) => ({
                      usableId: context.grab!.usableId,
                      position: placeOf(context.grab!, event.onMap),
                    }),
                  },
                  {
                    type: 'drop token',
                    params: ({ context, event }) => ({
                      map: context.grab!.map.name,
                      usableId: context.grab!.usableId,
                      position: placeOf(context.grab!, event.onMap),
                    }),
                  },
                  'forget grab',
                ],
              },
              {
                guard: 'is the grabbing pointer',
                target: 'idle',
                actions: [
                  { type: 'let token go', params: ({ context }) => context.grab!.usableId },
                  'forget grab',
                ],
              },
            ],
          },
        },
        measuring: {
          on: {
            'pointer.moved': {
              guard: 'is the arrow’s pointer',
              actions: { type: 'stretch arrow', params: ({ event }) => event.onMap },
            },
            'pointer.released': { guard: 'is the arrow’s pointer', target: 'idle', actions: 'forget arrow' },
            // A new Alt press while the arrow shows starts it again from there.
            'frame.pressed': {
              guard: 'the press measures',
              target: 'measuring',
              reenter: true,
              actions: { type: 'start arrow', params: ({ event }) => event },
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
