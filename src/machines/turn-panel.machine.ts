import { assign, setup } from 'xstate';
import type { Point } from '../domain/geometry/geometry';

/** Where a reader put the panel in the map's area (pixels from its top-left corner) and whether it is folded. */
export interface TurnPanelPlacement {
  /** Null until the reader moves it: the panel then stands where table.md §2 starts it. */
  place: Point | null;
  folded: boolean;
}

export type TurnPanelEvent =
  | { type: 'panel.grab' }
  /** Where the dragged panel stands now, already kept clear of the chat and the map's buttons. */
  | { type: 'panel.move'; place: Point }
  | { type: 'panel.drop' }
  /** The browser took the pointer back: the panel goes back where it was grabbed. */
  | { type: 'panel.cancel' }
  | { type: 'panel.fold' };

export interface TurnPanelContext extends TurnPanelPlacement {
  /** Where the panel stood when grabbed. */
  grabbedAt: Point | null;
}

export interface TurnPanelInput {
  /** What this reader left on the last visit to the game; null on a first visit. */
  stored: TurnPanelPlacement | null;
  /** A short screen starts the panel folded, so it does not cover the middle of the map. */
  foldedAtFirst: boolean;
}

/**
 * The floating turn-order panel as one reader arranges it: where it stands and whether it is
 * folded are theirs alone (every reader may move it, the order in it stays the MJ's) and are
 * remembered per game, so a reload finds the panel as it was left. A drag is remembered once
 * dropped; a cancelled one puts the panel back.
 */
export const turnPanelMachine = setup({
  types: {
    context: {} as TurnPanelContext,
    events: {} as TurnPanelEvent,
    input: {} as TurnPanelInput,
  },
  actions: {
    'remember placement': (_, _placement: TurnPanelPlacement) => {},
    'note grab': assign({ grabbedAt: ({ context }) => context.place }),
    'follow pointer': assign({ place: (_, place: Point) => place }),
    'put back': assign({ place: ({ context }) => context.grabbedAt, grabbedAt: null }),
    'forget grab': assign({ grabbedAt: null }),
    'toggle folding': assign({ folded: ({ context }) => !context.folded }),
  },
}).createMachine({
  id: 'turnPanel',
  context: ({ input }) => ({
    place: input.stored?.place ?? null,
    folded: input.stored?.folded ?? input.foldedAtFirst,
    grabbedAt: null,
  }),
  initial: 'resting',
  states: {
    resting: {
      on: {
        'panel.grab': { target: 'dragging', actions: 'note grab' },
        'panel.fold': {
          actions: [
            'toggle folding',
            {
              type: 'remember placement',
              params: ({ context }) => ({ place: context.place, folded: context.folded }),
            },
          ],
        },
      },
    },
    dragging: {
      on: {
        'panel.move': { actions: { type: 'follow pointer', params: ({ event }) => event.place } },
        'panel.drop': {
          target: 'resting',
          actions: [
            'forget grab',
            {
              type: 'remember placement',
              params: ({ context }) => ({ place: context.place, folded: context.folded }),
            },
          ],
        },
        'panel.cancel': { target: 'resting', actions: 'put back' },
      },
    },
  },
});
