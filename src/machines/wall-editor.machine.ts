import { assign, setup } from 'xstate';
import type { Point, Size } from '../domain/geometry/geometry';
import { gridCorner, polylineWalls, type WallDraft } from '../domain/geometry/wall-drawing';
import type { MapGrid } from '../domain/geometry/grid';
import type { WallKind } from '../domain/geometry/walls';
import type { VisionChange } from '../domain/table/map-vision';
import type { Lighting } from '../domain/table/vision';

export type WallEditorEvent =
  /**
   * The MJ opens « Murs » on the map they look at: its grid and size, for the keyboard's cursor,
   * which starts at the grid's corner nearest `at` (the middle of what the frame shows).
   */
  | { type: 'walls.open'; map: string; grid: MapGrid; size: Size; at: Point }
  | { type: 'walls.close' }
  | { type: 'walls.kind'; kind: WallKind }
  /** « Tracer » or « Effacer ». */
  | { type: 'walls.mode'; mode: WallMode }
  /** A point of the polyline, already snapped by whoever placed it (a click, or Enter on the cursor). */
  | { type: 'draw.point'; at: Point }
  /** Where the pointer is while a polyline is drawn: its next end, previewed. */
  | { type: 'draw.move'; at: Point }
  /** A double click, Enter without a new point, or « Terminer »: the polyline is sent. */
  | { type: 'draw.finish' }
  /** Escape: the polyline being drawn is dropped, nothing sent. */
  | { type: 'draw.cancel' }
  /** An arrow key: the keyboard's cursor moves a cell over the grid's corners. */
  | { type: 'cursor.step'; dx: number; dy: number }
  /** Enter in « Tracer »: a point where the cursor stands. */
  | { type: 'cursor.place' }
  /** « Effacer »: this wall clicked, or the one nearest the cursor. */
  | { type: 'wall.erase'; id: string }
  | { type: 'vision.lighting'; lighting: Lighting }
  /** « Oublier ce qui a été exploré »: every player's memory of the map, but what they see now. */
  | { type: 'vision.forget' }
  /** « Retirer la vision », asked to be confirmed; then confirmed or not. */
  | { type: 'vision.clear' }
  | { type: 'clear.confirm' }
  | { type: 'clear.cancel' }
  /** A door on the map clicked, editor open or not: opened or closed. */
  | { type: 'door.set'; map: string; id: string; open: boolean }
  /** The server's answer to a change sent: null when it is logged. */
  | { type: 'vision.answered'; refusal: string | null };

export type WallMode = 'draw' | 'erase';

export interface WallEditorContext {
  map: string | null;
  grid: MapGrid | null;
  size: Size | null;
  kind: WallKind;
  /** The polyline's points so far, in the map's pixels; empty when none is drawn. */
  points: Point[];
  pointer: Point | null;
  /** The keyboard's place on the grid's corners. */
  cursor: Point | null;
  /** How many walls the last polyline sent made, until the next point: the live region says it. */
  added: number;
  refusal: string | null;
}

const same = (a: Point | undefined, b: Point) => a !== undefined && a.x === b.x && a.y === b.y;

/** The polyline's point after `at`, unless it repeats the last (a double click's second press). */
const extended = (points: Point[], at: Point) => (same(points.at(-1), at) ? points : [...points, at]);

/**
 * The MJ's walls tool (« Murs »): a kind (wall, door, window), a polyline drawn point by point
 * (by the pointer, or by a cursor the arrows move over the grid's corners) and sent as walls at
 * once when finished, walls erased one by one, the map lit or dark, what the players explored
 * forgotten, and its vision taken off once confirmed. Doors are opened and closed from the map whether the tool is open or not. The walls
 * drawn are the server's, folded from the log: nothing here changes them before the answer.
 */
export const wallEditorMachine = setup({
  types: {
    context: {} as WallEditorContext,
    events: {} as WallEditorEvent,
  },
  actions: {
    /** Asks the server for the change; its answer comes back as `vision.answered`. */
    'send change': (_, _asked: { map: string; change: VisionChange }) => {},
    /**
     * Asks the server for these walls, as `send change` does, once its owner gave each an id of
     * its own (the server checks them, decision 0007): making one is an effect, not a rule.
     */
    'send walls': (_, _asked: { map: string; walls: WallDraft[] }) => {},
    'open on map': assign(({ event }) =>
      event.type === 'walls.open'
        ? {
            map: event.map,
            grid: event.grid,
            size: event.size,
            cursor: gridCorner(event.at, event.grid, event.size),
            points: [],
            pointer: null,
            refusal: null,
            added: 0,
          }
        : {},
    ),
    'set kind': assign({ kind: (_, kind: WallKind) => kind }),
    // The cursor follows the last point, so Enter right after a click finishes the polyline.
    'add point': assign(({ context }, at: Point) => ({
      points: extended(context.points, at),
      cursor: at,
      pointer: null,
      refusal: null,
      added: 0,
    })),
    'follow pointer': assign({ pointer: (_, at: Point) => at }),
    'move cursor': assign(({ context }, { dx, dy }: { dx: number; dy: number }) => {
      const { cursor, grid, size } = context;
      if (!cursor || !grid || !size) return {};
      const at = { x: cursor.x + dx * grid.cellPx, y: cursor.y + dy * grid.cellPx };
      return { cursor: gridCorner(at, grid, size), pointer: null };
    }),
    'count walls': assign({ added: ({ context }) => polylineWalls(context.points, context.kind).length }),
    'drop polyline': assign({ points: [], pointer: null }),
    'keep refusal': assign({ refusal: (_, refusal: string | null) => refusal }),
    'close tool': assign({
      map: null,
      grid: null,
      size: null,
      points: [],
      pointer: null,
      cursor: null,
      added: 0,
      refusal: null,
    }),
  },
  guards: {
    'walls are drawn': ({ context }) => polylineWalls(context.points, context.kind).length > 0,
    'has a cursor': ({ context }) => context.cursor !== null,
  },
}).createMachine({
  id: 'wallEditor',
  context: {
    map: null,
    grid: null,
    size: null,
    kind: 'wall',
    points: [],
    pointer: null,
    cursor: null,
    added: 0,
    refusal: null,
  },
  initial: 'closed',
  on: {
    'door.set': {
      actions: {
        type: 'send change',
        params: ({ event }) => ({
          map: event.map,
          change: { kind: 'door', id: event.id, open: event.open },
        }),
      },
    },
  },
  states: {
    closed: {
      on: { 'walls.open': { target: 'open', actions: 'open on map' } },
    },
    open: {
      initial: 'idle',
      on: {
        'walls.close': { target: 'closed', actions: 'close tool' },
        'walls.kind': { actions: { type: 'set kind', params: ({ event }) => event.kind } },
        'vision.answered': { actions: { type: 'keep refusal', params: ({ event }) => event.refusal } },
        'cursor.step': { actions: { type: 'move cursor', params: ({ event }) => event } },
        'vision.lighting': {
          actions: {
            type: 'send change',
            params: ({ context, event }) => ({
              map: context.map!,
              change: { kind: 'lighting', lighting: event.lighting },
            }),
          },
        },
        'vision.forget': {
          actions: {
            type: 'send change',
            params: ({ context }) => ({ map: context.map!, change: { kind: 'forget' } }),
          },
        },
        'vision.clear': { target: '.confirmingClear', actions: 'drop polyline' },
      },
      states: {
        idle: {
          on: {
            'walls.mode': { guard: ({ event }) => event.mode === 'erase', target: 'erasing' },
            'draw.point': {
              target: 'drawing',
              actions: { type: 'add point', params: ({ event }) => event.at },
            },
            'cursor.place': {
              guard: 'has a cursor',
              target: 'drawing',
              actions: { type: 'add point', params: ({ context }) => context.cursor! },
            },
          },
        },
        /** A polyline's points so far, the next end following the pointer. */
        drawing: {
          on: {
            'draw.point': { actions: { type: 'add point', params: ({ event }) => event.at } },
            'cursor.place': { actions: { type: 'add point', params: ({ context }) => context.cursor! } },
            'draw.move': { actions: { type: 'follow pointer', params: ({ event }) => event.at } },
            'draw.finish': [
              {
                guard: 'walls are drawn',
                target: 'idle',
                actions: [
                  'count walls',
                  {
                    type: 'send walls',
                    params: ({ context }) => ({
                      map: context.map!,
                      walls: polylineWalls(context.points, context.kind),
                    }),
                  },
                  'drop polyline',
                ],
              },
              { target: 'idle', actions: 'drop polyline' },
            ],
            'draw.cancel': {
              target: 'idle',
              actions: 'drop polyline',
            },
          },
        },
        /** « Effacer »: a click on a wall takes it off. */
        erasing: {
          on: {
            'walls.mode': { guard: ({ event }) => event.mode === 'draw', target: 'idle' },
            'wall.erase': {
              actions: {
                type: 'send change',
                params: ({ context, event }) => ({
                  map: context.map!,
                  change: { kind: 'remove', ids: [event.id] },
                }),
              },
            },
          },
        },
        /** « Retirer la vision » takes every wall off: asked once more before it is sent. */
        confirmingClear: {
          on: {
            'clear.confirm': {
              target: 'idle',
              actions: {
                type: 'send change',
                params: ({ context }) => ({ map: context.map!, change: { kind: 'clear' } }),
              },
            },
            'clear.cancel': 'idle',
          },
        },
      },
    },
  },
});
