import { assign, emit, raise, setup } from 'xstate';
import type { Point, Size } from '../domain/geometry/geometry';
import {
  centredOn,
  fitView,
  keptInFrame,
  pannedBy,
  pinched,
  toMap,
  wheelFactor,
  zoomedAt,
  ZOOM_STEP,
  type View,
} from '../domain/geometry/viewport';

/** Frame pixels a press may wander before it becomes a pan rather than a press. */
export const PAN_THRESHOLD_PX = 6;

export type MapViewportEvent =
  | { type: 'frame.resized'; size: Size }
  | { type: 'map.changed'; size: Size }
  | { type: 'viewport.zoomIn' }
  | { type: 'viewport.zoomOut' }
  | { type: 'viewport.fit' }
  /** A wheel turned (or a trackpad pinched) over this frame point, at `time` ms (the event's own clock). */
  | { type: 'viewport.wheel'; at: Point; deltaY: number; time: number }
  /** Bring this map point (a token the MJ picked in a list) to the middle of the frame. */
  | { type: 'viewport.focus'; point: Point }
  /** The keyboard's arrows on the map: the view slides by `by` frame pixels. */
  | { type: 'viewport.pan'; by: Point }
  /** A pointer pressed on the map's empty space (a token's press is the token's). */
  | { type: 'pointer.pressed'; id: number; at: Point; touch: boolean }
  | { type: 'pointer.moved'; id: number; at: Point }
  /** Let go, or taken back by the browser. */
  | { type: 'pointer.released'; id: number }
  /** Raised by a pan or a pinch: the view is the user's own now, no longer fitted. */
  | { type: 'viewport.moved' }
  /** Raised when the last finger (or the button) of a pan or a pinch lets go. */
  | { type: 'viewport.released' };

/**
 * How long the wheel must rest before the camera settles: this, or twice the time between its last
 * two notches when longer. Notches come 16–100 ms apart while a hand turns it, further apart on a
 * loaded machine; a settling in between would lay out and paint the whole board again at a scale
 * the next notch leaves, and, taking long, push the next notch further still.
 */
export const WHEEL_QUIET_MS = 200;
/** The longest the wheel's rest is waited for, and the longest pause between two notches of one turn. */
export const WHEEL_QUIET_MAX_MS = 1000;

/** A long press on the empty map: where the finger is, in the frame's pixels, and the map point under it. */
export type MapViewportEmitted = { type: 'longPress'; frame: Point; map: Point };

interface Held {
  id: number;
  at: Point;
}

export interface MapViewportContext {
  view: View;
  map: Size;
  frame: Size;
  /** The pointers on the empty map, in the order they pressed (two make a pinch). */
  pointers: Held[];
  /** Where the gesture under way started: the view then and where its pointers were. */
  start: { view: View; points: Point[] };
  touch: boolean;
  /** When the wheel's last notch came, and how long after the one before it (0: the first of a turn). */
  wheel: { at: number; gap: number } | null;
}

const EMPTY: Size = { width: 0, height: 0 };

function restart(context: MapViewportContext): MapViewportContext['start'] {
  return { view: context.view, points: context.pointers.map((pointer) => pointer.at) };
}

function withPointer(pointers: readonly Held[], id: number, at: Point): Held[] {
  return pointers.map((pointer) => (pointer.id === id ? { id, at } : pointer));
}

/**
 * The camera over the table's map (table.md §2 "Game screen"). Two regions: the
 * gesture under way — a press on the empty map that becomes a pan once it moves, a pinch when a
 * second finger joins, a long press (touch only) that opens « Ajouter un pion » where a right
 * click would — and the framing: the map fitted to the frame, following a resized window or a
 * turned phone, until the user zooms or pans it, after which their view is kept (only pulled
 * back so the map never leaves the frame). Every figure is frame pixels in, map pixels out.
 */
export const mapViewportMachine = setup({
  types: {
    context: {} as MapViewportContext,
    events: {} as MapViewportEvent,
    emitted: {} as MapViewportEmitted,
  },
  actions: {
    /** The view opens the menu a right click would, at this point of the frame and of the map. */
    'open add menu': emit((_, at: { frame: Point; map: Point }) => ({ type: 'longPress' as const, ...at })),
    fit: assign({ view: ({ context }) => fitView(context.map, context.frame) }),
    'keep in frame': assign({ view: ({ context }) => keptInFrame(context.view, context.map, context.frame) }),
    'leave the fitted view': raise({ type: 'viewport.moved' }),
    'time the notch': assign({
      wheel: ({ context }, time: number) => {
        const gap = context.wheel ? time - context.wheel.at : Infinity;
        return { at: time, gap: gap >= 0 && gap < WHEEL_QUIET_MAX_MS ? gap : 0 };
      },
    }),
    'let the view go': raise({ type: 'viewport.released' }),
    'remember frame': assign({ frame: (_, size: Size) => size }),
    'remember map': assign({ map: (_, size: Size) => size }),
    'zoom by': assign({
      view: ({ context }, { factor, at }: { factor: number; at: Point }) =>
        zoomedAt(context.view, factor, at, context.map, context.frame),
    }),
    'zoom at the centre': assign({
      view: ({ context }, factor: number) =>
        zoomedAt(
          context.view,
          factor,
          { x: context.frame.width / 2, y: context.frame.height / 2 },
          context.map,
          context.frame,
        ),
    }),
    'slide by': assign({
      view: ({ context }, by: Point) => pannedBy(context.view, by, context.map, context.frame),
    }),
    'centre on': assign({
      view: ({ context }, point: Point) => centredOn(context.view, point, context.map, context.frame),
    }),
    'hold pointer': assign(({ context }, pointer: Held & { touch?: boolean }) => {
      const pointers = [...context.pointers.filter((held) => held.id !== pointer.id), pointer].slice(-2);
      const next = { ...context, pointers };
      return { pointers, start: restart(next), touch: pointer.touch ?? context.touch };
    }),
    'follow pointer': assign({
      pointers: ({ context }, pointer: Held) => withPointer(context.pointers, pointer.id, pointer.at),
    }),
    'drop pointer': assign(({ context }, id: number) => {
      const pointers = context.pointers.filter((held) => held.id !== id);
      return { pointers, start: restart({ ...context, pointers }) };
    }),
    pan: assign({
      view: ({ context }) => {
        const [from] = context.start.points;
        const [now] = context.pointers;
        if (!from || !now) return context.view;
        return pannedBy(
          context.start.view,
          { x: now.at.x - from.x, y: now.at.y - from.y },
          context.map,
          context.frame,
        );
      },
    }),
    pinch: assign({
      view: ({ context }) => {
        const [a, b] = context.start.points;
        const [first, second] = context.pointers;
        if (!a || !b || !first || !second) return context.view;
        return pinched(context.start.view, [a, b], [first.at, second.at], context.map, context.frame);
      },
    }),
  },
  guards: {
    'moved past the threshold': ({ context }, pointer: Held) => {
      const from = context.start.points[0];
      return (
        from !== undefined && Math.hypot(pointer.at.x - from.x, pointer.at.y - from.y) >= PAN_THRESHOLD_PX
      );
    },
    'is a touch': ({ context }) => context.touch,
    'is a new pointer': ({ context }, id: number) => !context.pointers.some((pointer) => pointer.id === id),
    'is held': ({ context }, id: number) => context.pointers.some((pointer) => pointer.id === id),
    'is the last pointer': ({ context }, id: number) =>
      context.pointers.length === 1 && context.pointers[0]!.id === id,
  },
  delays: {
    longPress: 550,
    wheelQuiet: ({ context }) =>
      Math.min(WHEEL_QUIET_MAX_MS, Math.max(WHEEL_QUIET_MS, 2 * (context.wheel?.gap ?? 0))),
  },
}).createMachine({
  id: 'mapViewport',
  type: 'parallel',
  context: {
    view: { x: 0, y: 0, scale: 1 },
    map: EMPTY,
    frame: EMPTY,
    pointers: [],
    start: { view: { x: 0, y: 0, scale: 1 }, points: [] },
    touch: false,
    wheel: null,
  },
  states: {
    framing: {
      initial: 'fitted',
      on: {
        'map.changed': {
          target: '.fitted',
          actions: [{ type: 'remember map', params: ({ event }) => event.size }, 'fit'],
        },
        'viewport.fit': { target: '.fitted', actions: 'fit' },
        'viewport.zoomIn': { target: '.free', actions: { type: 'zoom at the centre', params: ZOOM_STEP } },
        'viewport.zoomOut': {
          target: '.free',
          actions: { type: 'zoom at the centre', params: 1 / ZOOM_STEP },
        },
        'viewport.wheel': {
          target: '.free',
          actions: {
            type: 'zoom by',
            params: ({ event }) => ({ factor: wheelFactor(event.deltaY), at: event.at }),
          },
        },
        'viewport.pan': {
          target: '.free',
          actions: { type: 'slide by', params: ({ event }) => event.by },
        },
        'viewport.focus': {
          target: '.free',
          actions: { type: 'centre on', params: ({ event }) => event.point },
        },
      },
      states: {
        fitted: {
          on: {
            'viewport.moved': 'free',
            'frame.resized': {
              actions: [{ type: 'remember frame', params: ({ event }) => event.size }, 'fit'],
            },
          },
        },
        free: {
          on: {
            'frame.resized': {
              actions: [{ type: 'remember frame', params: ({ event }) => event.size }, 'keep in frame'],
            },
          },
        },
      },
    },
    // Whether the board may be painted at its view: `still`, or carried by a hand — a pan or a
    // pinch until it lets go, the wheel until it rests (`wheelQuiet`) — during which the board is only moved as
    // a picture (use-map-viewport.ts) and laid out and painted again once it is still.
    camera: {
      initial: 'still',
      on: {
        'viewport.moved': '.carried',
        'viewport.released': '.still',
      },
      states: {
        still: {
          on: {
            'viewport.wheel': {
              target: 'turning',
              actions: { type: 'time the notch', params: ({ event }) => event.time },
            },
          },
        },
        carried: {},
        turning: {
          after: { wheelQuiet: 'still' },
          on: {
            'viewport.wheel': {
              target: 'turning',
              reenter: true,
              actions: { type: 'time the notch', params: ({ event }) => event.time },
            },
            // The keyboard's and the buttons' views are shown sharp at once.
            'viewport.zoomIn': 'still',
            'viewport.zoomOut': 'still',
            'viewport.fit': 'still',
            'viewport.pan': 'still',
            'viewport.focus': 'still',
            'map.changed': 'still',
          },
        },
      },
    },
    gesture: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pointer.pressed': {
              target: 'pressing',
              actions: { type: 'hold pointer', params: ({ event }) => event },
            },
          },
        },
        pressing: {
          after: {
            longPress: {
              guard: 'is a touch',
              target: 'held',
              actions: {
                type: 'open add menu',
                params: ({ context }) => {
                  const at = context.start.points[0] ?? { x: 0, y: 0 };
                  return { frame: at, map: toMap(context.view, at) };
                },
              },
            },
          },
          on: {
            'pointer.pressed': {
              guard: { type: 'is a new pointer', params: ({ event }) => event.id },
              target: 'pinching',
              actions: { type: 'hold pointer', params: ({ event }) => event },
            },
            'pointer.moved': {
              guard: { type: 'moved past the threshold', params: ({ event }) => event },
              target: 'panning',
              actions: [{ type: 'follow pointer', params: ({ event }) => event }, 'pan'],
            },
            'pointer.released': {
              guard: { type: 'is held', params: ({ event }) => event.id },
              target: 'idle',
              actions: { type: 'drop pointer', params: ({ event }) => event.id },
            },
          },
        },
        panning: {
          entry: 'leave the fitted view',
          on: {
            'pointer.pressed': {
              guard: { type: 'is a new pointer', params: ({ event }) => event.id },
              target: 'pinching',
              actions: { type: 'hold pointer', params: ({ event }) => event },
            },
            'pointer.moved': {
              guard: { type: 'is held', params: ({ event }) => event.id },
              actions: [{ type: 'follow pointer', params: ({ event }) => event }, 'pan'],
            },
            'pointer.released': {
              guard: { type: 'is held', params: ({ event }) => event.id },
              target: 'idle',
              actions: [{ type: 'drop pointer', params: ({ event }) => event.id }, 'let the view go'],
            },
          },
        },
        pinching: {
          entry: 'leave the fitted view',
          on: {
            'pointer.moved': {
              guard: { type: 'is held', params: ({ event }) => event.id },
              actions: [{ type: 'follow pointer', params: ({ event }) => event }, 'pinch'],
            },
            // One finger lifted: the other goes on panning from where the map is now.
            'pointer.released': {
              guard: { type: 'is held', params: ({ event }) => event.id },
              target: 'panning',
              actions: { type: 'drop pointer', params: ({ event }) => event.id },
            },
          },
        },
        // A long press opened the menu: the finger's slide and release are the menu's, not a pan.
        held: {
          on: {
            'pointer.released': [
              {
                guard: { type: 'is the last pointer', params: ({ event }) => event.id },
                target: 'idle',
                actions: { type: 'drop pointer', params: ({ event }) => event.id },
              },
              { actions: { type: 'drop pointer', params: ({ event }) => event.id } },
            ],
          },
        },
      },
    },
  },
});
