import { assign, setup } from 'xstate';
import type { Point } from '../domain/geometry/geometry';
import { GRID_CELL_MIN_PX, normalGrid, type MapGrid } from '../domain/geometry/grid';

/** A cell of the grid by its place: the one the MJ drags to align the grid on the picture. */
export interface GridCell {
  column: number;
  row: number;
}

export type GridEditorEvent =
  /** The MJ opens « Grille » on the shown map: its grid now, and the cell to drag (one in view). */
  | { type: 'grid.open'; map: string; grid: MapGrid; anchor: GridCell }
  /** A field of the panel changed: size, offsets, shown, colour or opacity. */
  | { type: 'grid.edit'; changes: Partial<MapGrid> }
  /** A press on the dragged cell (`move`) or on its corner (`resize`), at this point of the map. */
  | { type: 'align.start'; mode: 'move' | 'resize'; at: Point }
  | { type: 'align.move'; at: Point }
  | { type: 'align.end' }
  | { type: 'grid.save' }
  | { type: 'grid.cancel' }
  /** The server's answer to the grid sent: null when it is logged. */
  | { type: 'grid.answered'; refusal: string | null };

interface Drag {
  mode: 'move' | 'resize';
  from: Point;
  /** The grid as the press found it. */
  start: MapGrid;
}

export interface GridEditorContext {
  map: string | null;
  /** The grid being set, drawn on the map in place of the stored one; null when closed. */
  draft: MapGrid | null;
  anchor: GridCell;
  drag: Drag | null;
  refusal: string | null;
}

/**
 * The grid under a drag of the anchored cell: moved, its lines follow the pointer; sized by its
 * corner, the cell keeps its top-left corner where it is on the picture and grows or shrinks by
 * the pointer's travel (its mean along both axes, the cell staying square).
 */
function dragged({ mode, from, start }: Drag, anchor: GridCell, at: Point): MapGrid {
  const dx = at.x - from.x;
  const dy = at.y - from.y;
  if (mode === 'move')
    return normalGrid({ ...start, offsetX: start.offsetX + dx, offsetY: start.offsetY + dy });
  const cellPx = Math.max(GRID_CELL_MIN_PX, start.cellPx + (dx + dy) / 2);
  const corner = {
    x: start.offsetX + anchor.column * start.cellPx,
    y: start.offsetY + anchor.row * start.cellPx,
  };
  return normalGrid({
    ...start,
    cellPx,
    offsetX: corner.x - anchor.column * cellPx,
    offsetY: corner.y - anchor.row * cellPx,
  });
}

/**
 * The MJ's grid tool (« Grille »): the map's grid is drawn from a draft while they type its size
 * and offsets or drag one cell over the lines of the picture — a live preview nobody else sees —
 * and only « Enregistrer » asks the server, which logs the whole grid for every reader of the map.
 * A refusal keeps the draft and says why; « Annuler » drops it and the stored grid shows again.
 */
export const gridEditorMachine = setup({
  types: {
    context: {} as GridEditorContext,
    events: {} as GridEditorEvent,
  },
  actions: {
    /** Asks the server for the grid; its answer comes back as `grid.answered`. */
    'send grid': (_, _asked: { map: string; grid: MapGrid }) => {},
    'open draft': assign(({ event }) =>
      event.type === 'grid.open'
        ? { map: event.map, draft: event.grid, anchor: event.anchor, drag: null, refusal: null }
        : {},
    ),
    'edit draft': assign({
      draft: ({ context }, changes: Partial<MapGrid>) => context.draft && { ...context.draft, ...changes },
      refusal: null,
    }),
    'grab cell': assign({
      drag: ({ context }, { mode, at }: { mode: Drag['mode']; at: Point }) =>
        context.draft && { mode, from: at, start: context.draft },
      refusal: null,
    }),
    'follow drag': assign({
      draft: ({ context }, at: Point) =>
        context.drag ? dragged(context.drag, context.anchor, at) : context.draft,
    }),
    'let cell go': assign({ drag: null }),
    'keep refusal': assign({ refusal: (_, refusal: string) => refusal }),
    'drop draft': assign({ map: null, draft: null, drag: null, refusal: null }),
  },
  guards: {
    'the server refused': ({ event }) => event.type === 'grid.answered' && event.refusal !== null,
  },
}).createMachine({
  id: 'gridEditor',
  context: { map: null, draft: null, anchor: { column: 0, row: 0 }, drag: null, refusal: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'grid.open': { target: 'editing', actions: 'open draft' } },
    },
    editing: {
      initial: 'idle',
      on: {
        'grid.cancel': { target: 'closed', actions: 'drop draft' },
      },
      states: {
        idle: {
          on: {
            'grid.edit': { actions: { type: 'edit draft', params: ({ event }) => event.changes } },
            'align.start': {
              target: 'aligning',
              actions: { type: 'grab cell', params: ({ event }) => event },
            },
            'grid.save': {
              target: '#gridEditor.saving',
              actions: {
                type: 'send grid',
                params: ({ context }) => ({ map: context.map!, grid: normalGrid(context.draft!) }),
              },
            },
          },
        },
        /** One cell held by the pointer: the grid follows it. */
        aligning: {
          on: {
            'align.move': { actions: { type: 'follow drag', params: ({ event }) => event.at } },
            'align.end': { target: 'idle', actions: 'let cell go' },
          },
        },
      },
    },
    saving: {
      on: {
        'grid.answered': [
          {
            guard: 'the server refused',
            target: 'editing',
            actions: { type: 'keep refusal', params: ({ event }) => event.refusal! },
          },
          { target: 'closed', actions: 'drop draft' },
        ],
      },
    },
  },
});
