import { assign, setup } from 'xstate';
import type { Point } from '../domain/geometry/geometry';
import type { FogBase, FogChange, FogKind, FogMode, FogShape } from '../domain/table/fog';

export type FogEditorEvent =
  /** The MJ opens « Brouillard » on the map they look at. */
  | { type: 'fog.open'; map: string }
  | { type: 'fog.close' }
  | { type: 'fog.mode'; mode: FogMode }
  | { type: 'fog.tool'; tool: FogKind }
  /** The brush's radius, percent of the map's width. */
  | { type: 'fog.brush'; radius: number }
  /** « Tout révéler » / « Tout cacher ». */
  | { type: 'fog.all'; base: FogBase }
  /** A press on the map (percent of it): a rectangle's first corner, a stroke's start, a polygon's corner. */
  | { type: 'draw.press'; at: Point }
  | { type: 'draw.move'; at: Point }
  /** The press let go: a rectangle or a stroke is finished; a polygon waits for more corners. */
  | { type: 'draw.release' }
  /** A polygon closed (Enter, a double click). */
  | { type: 'draw.finish' }
  /** Escape: the shape being drawn is dropped, nothing sent. */
  | { type: 'draw.cancel' }
  /** The server's answer to a change sent: null when it is logged. */
  | { type: 'fog.answered'; refusal: string | null };

export interface FogEditorContext {
  map: string | null;
  mode: FogMode;
  tool: FogKind;
  radius: number;
  /** The shape being drawn, its live preview; empty when none. */
  points: Point[];
  /** Where the pointer is while a polygon is drawn: its next corner, previewed. */
  pointer: Point | null;
  refusal: string | null;
}

export const FOG_BRUSH_DEFAULT = 3;
/** A brush stroke keeps a point only past this distance (percent) from the last: a drag is not a point a pixel. */
const BRUSH_STEP = 0.5;

const far = (a: Point | undefined, b: Point) => !a || Math.hypot(a.x - b.x, a.y - b.y) >= BRUSH_STEP;

/** The shape the points make with the tool, or null when they make none yet (a click without a drag). */
export function shapeOf(context: FogEditorContext): FogShape | null {
  const { tool, mode, points, radius } = context;
  if (tool === 'brush') return points.length > 0 ? { mode, kind: 'brush', points, radius } : null;
  if (tool === 'rect') {
    const [a, b] = [points[0], points.at(-1)];
    return a && b && a.x !== b.x && a.y !== b.y ? { mode, kind: 'rect', points: [a, b] } : null;
  }
  return points.length >= 3 ? { mode, kind: 'polygon', points } : null;
}

/** The finished shape, sent as one change of the map's fog. */
const sendShape = {
  type: 'send change',
  params: ({ context }: { context: FogEditorContext }) => ({
    map: context.map!,
    change: { kind: 'shape', shape: shapeOf(context)! } as FogChange,
  }),
} as const;

/**
 * The MJ's fog tool (« Brouillard »): a mode (reveal or cover), a tool (rectangle, polygon, brush)
 * and its size, the shape being drawn previewed on the map, and each finished shape sent as one
 * command; « Tout révéler » / « Tout cacher » send at once. The fog drawn is the server's, folded
 * from the log like everyone's: nothing here changes it before the answer. A refusal is shown
 * until the next shape.
 */
export const fogEditorMachine = setup({
  types: {
    context: {} as FogEditorContext,
    events: {} as FogEditorEvent,
  },
  actions: {
    /** Asks the server for the change; its answer comes back as `fog.answered`. */
    'send change': (_, _asked: { map: string; change: FogChange }) => {},
    'open on map': assign(({ event }) =>
      event.type === 'fog.open' ? { map: event.map, points: [], pointer: null, refusal: null } : {},
    ),
    'set mode': assign({ mode: (_, mode: FogMode) => mode }),
    'set tool': assign({ tool: (_, tool: FogKind) => tool, points: [], pointer: null }),
    'set radius': assign({ radius: (_, radius: number) => radius }),
    'start shape': assign({ points: (_, at: Point) => [at], pointer: null, refusal: null }),
    'follow pointer': assign(({ context }, at: Point) => {
      if (context.tool === 'rect') return { points: [context.points[0]!, at] };
      if (context.tool === 'brush')
        return far(context.points.at(-1), at) ? { points: [...context.points, at] } : {};
      return { pointer: at };
    }),
    'add corner': assign({ points: ({ context }, at: Point) => [...context.points, at], pointer: null }),
    'drop shape': assign({ points: [], pointer: null }),
    'keep refusal': assign({ refusal: (_, refusal: string | null) => refusal }),
    'close tool': assign({ map: null, points: [], pointer: null, refusal: null }),
  },
  guards: {
    'draws polygons': ({ context }) => context.tool === 'polygon',
    'a shape is drawn': ({ context }) => shapeOf(context) !== null,
  },
}).createMachine({
  id: 'fogEditor',
  context: {
    map: null,
    mode: 'reveal',
    tool: 'rect',
    radius: FOG_BRUSH_DEFAULT,
    points: [],
    pointer: null,
    refusal: null,
  },
  initial: 'closed',
  states: {
    closed: {
      on: { 'fog.open': { target: 'open', actions: 'open on map' } },
    },
    open: {
      initial: 'idle',
      on: {
        'fog.close': { target: 'closed', actions: 'close tool' },
        'fog.mode': { actions: { type: 'set mode', params: ({ event }) => event.mode } },
        'fog.brush': { actions: { type: 'set radius', params: ({ event }) => event.radius } },
        'fog.answered': { actions: { type: 'keep refusal', params: ({ event }) => event.refusal } },
      },
      states: {
        idle: {
          on: {
            'fog.tool': { actions: { type: 'set tool', params: ({ event }) => event.tool } },
            'fog.all': {
              actions: {
                type: 'send change',
                params: ({ context, event }) => ({
                  map: context.map!,
                  change: { kind: 'all', base: event.base },
                }),
              },
            },
            'draw.press': {
              target: 'drawing',
              actions: { type: 'start shape', params: ({ event }) => event.at },
            },
          },
        },
        /** A rectangle or a stroke under the pointer, or a polygon's corners so far. */
        drawing: {
          on: {
            'draw.move': { actions: { type: 'follow pointer', params: ({ event }) => event.at } },
            'draw.press': {
              guard: 'draws polygons',
              actions: { type: 'add corner', params: ({ event }) => event.at },
            },
            'draw.release': [
              { guard: 'draws polygons' },
              { guard: 'a shape is drawn', target: 'idle', actions: [sendShape, 'drop shape'] },
              { target: 'idle', actions: 'drop shape' },
            ],
            'draw.finish': [
              { guard: 'a shape is drawn', target: 'idle', actions: [sendShape, 'drop shape'] },
              { target: 'idle', actions: 'drop shape' },
            ],
            'draw.cancel': { target: 'idle', actions: 'drop shape' },
          },
        },
      },
    },
  },
});
