import { and, assign, setup } from 'xstate';
import type { Point } from '../domain/geometry/geometry';
import { unprovidedEvents } from './unprovided';

/** A token the user may move, with its centre in the map's pixels: what a rectangle can catch. */
export interface Selectable {
  usableId: string;
  centre: Point;
}

export type TokenSelectionEvent =
  /** Shift + click (or Shift + Entrée on a focused token): in the selection, or out of it. */
  | { type: 'selection.toggle'; usableId: string }
  /** Escape, or a press on a token left out of the selection. */
  | { type: 'selection.clear' }
  /** « Sélection » on a touch screen, which has no Maj key: taps pick and a drag draws the rectangle. */
  | { type: 'selection.picking'; on: boolean }
  /** Shift + press on the empty map: a rectangle starts, over the tokens the user may move. */
  | { type: 'box.started'; pointerId: number; at: Point; selectable: readonly Selectable[] }
  | { type: 'box.moved'; pointerId: number; at: Point }
  /** Let go (`dropped`), or taken back by the browser, which selects nothing. */
  | { type: 'box.released'; pointerId: number; at: Point; dropped: boolean };

interface Box {
  pointerId: number;
  from: Point;
  to: Point;
  selectable: readonly Selectable[];
}

export interface TokenSelectionContext {
  selected: readonly string[];
  /** The rectangle being drawn, in the map's pixels. */
  box: Box | null;
  /** Whether presses pick as Maj + presses do (the touch screen's way). */
  picking: boolean;
}

/** The tokens whose centre the rectangle holds, edges included. */
export function caught(box: Pick<Box, 'from' | 'to' | 'selectable'>): string[] {
  const [left, right] = [Math.min(box.from.x, box.to.x), Math.max(box.from.x, box.to.x)];
  const [top, bottom] = [Math.min(box.from.y, box.to.y), Math.max(box.from.y, box.to.y)];
  return box.selectable
    .filter(({ centre }) => centre.x >= left && centre.x <= right && centre.y >= top && centre.y <= bottom)
    .map((token) => token.usableId);
}

/**
 * The tokens a user picked to move together (issue 44 §2b, decision 0018): a selection is the
 * user's own and never the table's, so it lives here and not in the log. Shift + click adds or
 * takes out one token; Shift + drag on the empty map draws a rectangle that adds every token of
 * the user's whose centre it holds; Escape, or grabbing a token left out, clears it. A touch screen
has no Maj key: its « Sélection » switch makes taps and drags pick as Maj would. Dragging one
 * selected token moves them all (the pointer's); which tokens the user may move is the view's
 * to say, and the server checks it again.
 */
export const tokenSelectionMachine = setup({
  types: { context: {} as TokenSelectionContext, events: {} as TokenSelectionEvent },
  actors: { 'escape presses': unprovidedEvents<{ type: 'selection.clear' }>('escape presses') },
  actions: {
    toggle: assign({
      selected: ({ context }, usableId: string) =>
        context.selected.includes(usableId)
          ? context.selected.filter((id) => id !== usableId)
          : [...context.selected, usableId],
    }),
    clear: assign({ selected: [] }),
    'set picking': assign({ picking: (_, on: boolean) => on }),
    'start box': assign({
      box: (_, { pointerId, at, selectable }: Extract<TokenSelectionEvent, { type: 'box.started' }>) => ({
        pointerId,
        from: at,
        to: at,
        selectable,
      }),
    }),
    'stretch box': assign({ box: ({ context }, to: Point) => context.box && { ...context.box, to } }),
    'add what the box holds': assign({
      selected: ({ context }) => [
        ...context.selected,
        ...caught(context.box!).filter((id) => !context.selected.includes(id)),
      ],
    }),
    'forget box': assign({ box: null }),
  },
  guards: {
    'is the box’s pointer': ({ context, event }) =>
      'pointerId' in event && context.box?.pointerId === event.pointerId,
    'was dropped': ({ event }) => event.type === 'box.released' && event.dropped,
    'is the box’s pointer, dropped': and(['is the box’s pointer', 'was dropped']),
  },
}).createMachine({
  id: 'tokenSelection',
  context: { selected: [], box: null, picking: false },
  invoke: { src: 'escape presses' },
  on: { 'selection.picking': { actions: { type: 'set picking', params: ({ event }) => event.on } } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => event.usableId } },
        'selection.clear': { actions: 'clear' },
        'box.started': { target: 'boxing', actions: { type: 'start box', params: ({ event }) => event } },
      },
    },
    boxing: {
      on: {
        'box.moved': {
          guard: 'is the box’s pointer',
          actions: { type: 'stretch box', params: ({ event }) => event.at },
        },
        'box.released': [
          {
            guard: 'is the box’s pointer, dropped',
            target: 'idle',
            actions: [
              { type: 'stretch box', params: ({ event }) => event.at },
              'add what the box holds',
              'forget box',
            ],
          },
          { guard: 'is the box’s pointer', target: 'idle', actions: 'forget box' },
        ],
        // Escape while drawing: the rectangle goes, the selection with it.
        'selection.clear': { target: 'idle', actions: ['clear', 'forget box'] },
      },
    },
  },
});
