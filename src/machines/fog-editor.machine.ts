import { and, assign, setup } from 'xstate';
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
  /** The drawing surface took the focus: the keyboard's cursor starts at `at`, the middle of the view, unless it is already somewhere. */
  | { type: 'cursor.show'; at: Point }
  /** An arrow key: the cursor moves by `by` (percent of the map), a cell or a fifth of one. */
  | { type: 'cursor.move'; by: Point }
  /** Enter or Space at the cursor: a corner, a point, the brush down or up; on a polygon's first point, closes it. */
  | { type: 'key.press' }
  /** Backspace: the last corner or point taken back. */
  | { type: 'key.back' }
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
  /** The keyboard's cursor on the map (percent), drawn as a crosshair; null until the surface is focused. */
  cursor: Point | null;
  /** The last step taken, said in the live region for whoever draws without seeing the pointer. */
  said: FogSaid | null;
}

/** A step of the drawing, as announced. */
export type FogSaid =
  | { step: 'corner' }
  | { step: 'point'; count: number }
  | { step: 'unpoint'; count: number }
  | { step: 'painting' }
  | { step: 'drawn'; kind: FogKind; mode: FogMode }
  | { step: 'empty' }
  | { step: 'cancelled' };

export const FOG_BRUSH_DEFAULT = 3;
/** A brush stroke keeps a point only past this distance (percent) from the last: a drag is not a point a pixel. */
const BRUSH_STEP = 0.5;

const far = (a: Point | undefined, b: Point) => !a || Math.hypot(a.x - b.x, a.y - b.y) >= BRUSH_STEP;
/** Steps of a fifth of a cell add up in floating point: the first point is met within this. */
const SAME_POINT = 1e-6;
const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

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

/** The shape with the cursor taken as its next corner or point: what Enter would make of it. */
const withCursor = (context: FogEditorContext): FogEditorContext =>
  context.cursor ? { ...context, points: [...context.points, context.cursor] } : context;

const onFirstPoint = ({ points, cursor }: FogEditorContext) =>
  cursor !== null &&
  points[0] !== undefined &&
  Math.abs(points[0].x - cursor.x) < SAME_POINT &&
  Math.abs(points[0].y - cursor.y) < SAME_POINT;

/** The finished shape, sent as one change of the map's fog. */
const sendShape = {
  type: 'send change',
  params: ({ context }: { context: FogEditorContext }) => ({
    map: context.map!,
    change: { kind: 'shape', shape: shapeOf(context)! } as FogChange,
  }),
} as const;

/** A rectangle closed at the cursor, sent as one change. */
const sendRectangle = {
  type: 'send change',
  params: ({ context }: { context: FogEditorContext }) => ({
    map: context.map!,
    change: { kind: 'shape', shape: shapeOf(withCursor(context))! } as FogChange,
  }),
} as const;

/**
 * The MJ's fog tool (« Brouillard »): a mode (reveal or cover), a tool (rectangle, polygon, brush)
 * and its size, the shape being drawn previewed on the map, and each finished shape sent as one
 * command; « Tout révéler » / « Tout cacher » send at once. The fog drawn is the server's, folded
 * from the log like everyone's: nothing here changes it before the answer. A refusal is shown
 * until the next shape. The keyboard draws every shape too: a cursor moved by the arrows, Enter or
 * Space for each corner or point (or the brush down and up), Backspace to take one back, each step
 * said aloud.
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
      event.type === 'fog.open'
        ? { map: event.map, points: [], pointer: null, refusal: null, cursor: null, said: null }
        : {},
    ),
    'set mode': assign({ mode: (_, mode: FogMode) => mode }),
    'set tool': assign({ tool: (_, tool: FogKind) => tool, points: [], pointer: null }),
    'set radius': assign({ radius: (_, radius: number) => radius }),
    'start shape': assign({
      points: (_, at: Point) => [at],
      pointer: null,
      refusal: null,
      cursor: (_, at: Point) => at,
    }),
    'show cursor': assign({ cursor: ({ context }, at: Point) => context.cursor ?? at }),
    'move cursor': assign({
      cursor: ({ context }, by: Point) =>
        context.cursor && {
          x: clampPercent(context.cursor.x + by.x),
          y: clampPercent(context.cursor.y + by.y),
        },
    }),
    /** The shape follows the cursor: a rectangle's far corner and a polygon's next point previewed, the brush painting. */
    'follow cursor': assign(({ context }) => {
      const { cursor } = context;
      if (!cursor) return {};
      if (context.tool === 'brush')
        return far(context.points.at(-1), cursor) ? { points: [...context.points, cursor] } : {};
      return { pointer: cursor };
    }),
    'start at cursor': assign(({ context }) => ({
      points: [context.cursor!],
      pointer: null,
      refusal: null,
      said:
        context.tool === 'rect'
          ? { step: 'corner' as const }
          : context.tool === 'brush'
            ? { step: 'painting' as const }
            : { step: 'point' as const, count: 1 },
    })),
    'add point at cursor': assign(({ context }) => ({
      points: [...context.points, context.cursor!],
      said: { step: 'point' as const, count: context.points.length + 1 },
    })),
    'take point back': assign(({ context }) => ({
      points: context.points.slice(0, -1),
      said: { step: 'unpoint' as const, count: context.points.length - 1 },
    })),
    'say drawn': assign({
      said: ({ context }) => ({ step: 'drawn' as const, kind: context.tool, mode: context.mode }),
    }),
    'say empty': assign({ said: { step: 'empty' as const } }),
    'say cancelled': assign({ said: { step: 'cancelled' as const } }),
    'follow pointer': assign(({ context }, at: Point) => {
      if (context.tool === 'rect') return { points: [context.points[0]!, at] };
      if (context.tool === 'brush')
        return far(context.points.at(-1), at) ? { points: [...context.points, at] } : {};
      return { pointer: at };
    }),
    'add corner': assign({
      points: ({ context }, at: Point) => [...context.points, at],
      pointer: null,
      cursor: (_, at: Point) => at,
    }),
    'drop shape': assign({ points: [], pointer: null }),
    'keep refusal': assign({ refusal: (_, refusal: string | null) => refusal }),
    'close tool': assign({ map: null, points: [], pointer: null, refusal: null, cursor: null, said: null }),
  },
  guards: {
    'draws polygons': ({ context }) => context.tool === 'polygon',
    'a shape is drawn': ({ context }) => shapeOf(context) !== null,
    'has a cursor': ({ context }) => context.cursor !== null,
    'draws rectangles': ({ context }) => context.tool === 'rect',
    paints: ({ context }) => context.tool === 'brush',
    'the cursor closes a rectangle': ({ context }) => shapeOf(withCursor(context)) !== null,
    'the cursor closes the polygon': ({ context }) => onFirstPoint(context) && shapeOf(context) !== null,
    'the cursor is on the first point': ({ context }) => onFirstPoint(context),
    'has points before the last': ({ context }) => context.tool === 'polygon' && context.points.length > 1,
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
    cursor: null,
    said: null,
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
        'cursor.show': { actions: { type: 'show cursor', params: ({ event }) => event.at } },
        'cursor.move': { actions: { type: 'move cursor', params: ({ event }) => event.by } },
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
            'key.press': { guard: 'has a cursor', target: 'placing', actions: 'start at cursor' },
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
            // Enter while a polygon is clicked closes it, as a double click does.
            'key.press': [
              { guard: 'a shape is drawn', target: 'idle', actions: [sendShape, 'drop shape'] },
              { target: 'idle', actions: 'drop shape' },
            ],
          },
        },
        /** A shape drawn from the keyboard: a rectangle's first corner, a polygon's points, the brush down. */
        placing: {
          on: {
            'cursor.move': {
              actions: [{ type: 'move cursor', params: ({ event }) => event.by }, 'follow cursor'],
            },
            'key.press': [
              {
                guard: and(['draws rectangles', 'the cursor closes a rectangle']),
                target: 'idle',
                actions: [sendRectangle, 'say drawn', 'drop shape'],
              },
              // A rectangle flat on one side covers nothing: its first corner waits for another.
              { guard: 'draws rectangles', actions: 'say empty' },
              { guard: 'paints', target: 'idle', actions: [sendShape, 'say drawn', 'drop shape'] },
              {
                guard: 'the cursor closes the polygon',
                target: 'idle',
                actions: [sendShape, 'say drawn', 'drop shape'],
              },
              { guard: 'the cursor is on the first point', actions: 'say empty' },
              { actions: 'add point at cursor' },
            ],
            'key.back': [
              { guard: 'has points before the last', actions: 'take point back' },
              { guard: 'paints' },
              { target: 'idle', actions: ['drop shape', 'say cancelled'] },
            ],
            'draw.finish': [
              { guard: 'a shape is drawn', target: 'idle', actions: [sendShape, 'say drawn', 'drop shape'] },
              { actions: 'say empty' },
            ],
            'draw.cancel': { target: 'idle', actions: ['drop shape', 'say cancelled'] },
          },
        },
      },
    },
  },
});
