import { assign, not, setup } from 'xstate';
import type { MapChoice } from '../domain/table/types';

export type MapSelectionEvent =
  /** The MJ picked a map in the selector; null is the empty choice. */
  | { type: 'map.choose'; map: MapChoice | null }
  | { type: 'bringPlayers.confirm' }
  | { type: 'bringPlayers.decline' }
  /** The question was closed (Escape) without an answer: nothing changes. */
  | { type: 'bringPlayers.cancel' }
  /** The map the MJ sees, as the table's log says. */
  | { type: 'map.changed'; map: MapChoice | null };

export interface MapSelectionContext {
  canSelect: boolean;
  current: MapChoice | null;
  /** The map waiting for the answer to "bring the players along?". */
  pending: MapChoice | null;
}

export interface MapChange {
  map: MapChoice | null;
  bringPlayers: boolean;
}

/**
 * The MJ's map selector (table.md §4 "Map selection"). The empty choice clears the map for
 * everyone at once. Any other map first asks whether to bring the players along: yes shows it to
 * everyone, no lets the MJ look at it alone (to prepare it) while the players keep theirs.
 * The selector only sends the intent; the shown map follows the log.
 */
export const mapSelectionMachine = setup({
  types: {
    context: {} as MapSelectionContext,
    events: {} as MapSelectionEvent,
    input: {} as { canSelect: boolean; current: MapChoice | null },
  },
  actions: {
    'send map change': (_, _change: MapChange) => {},
    'hold map': assign({ pending: (_, { map }: { map: MapChoice | null }) => map }),
    'forget pending map': assign({ pending: null }),
    'show map': assign({ current: (_, { map }: { map: MapChoice | null }) => map }),
  },
  guards: {
    'actor is the game master': ({ context }) => context.canSelect,
    'the empty choice was made': ({ event }) => event.type === 'map.choose' && event.map === null,
  },
}).createMachine({
  id: 'mapSelection',
  context: ({ input }) => ({ canSelect: input.canSelect, current: input.current, pending: null }),
  on: {
    'map.changed': { actions: { type: 'show map', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'map.choose': [
          { guard: not('actor is the game master') },
          {
            guard: 'the empty choice was made',
            actions: { type: 'send map change', params: { map: null, bringPlayers: false } },
          },
          { target: 'askingBringPlayers', actions: { type: 'hold map', params: ({ event }) => event } },
        ],
      },
    },
    askingBringPlayers: {
      on: {
        'map.choose': [
          {
            guard: 'the empty choice was made',
            target: 'idle',
            actions: [
              'forget pending map',
              { type: 'send map change', params: { map: null, bringPlayers: false } },
            ],
          },
          { actions: { type: 'hold map', params: ({ event }) => event } },
        ],
        'bringPlayers.confirm': {
          target: 'idle',
          actions: [
            {
              type: 'send map change',
              params: ({ context }) => ({ map: context.pending, bringPlayers: true }),
            },
            'forget pending map',
          ],
        },
        'bringPlayers.decline': {
          target: 'idle',
          actions: [
            {
              type: 'send map change',
              params: ({ context }) => ({ map: context.pending, bringPlayers: false }),
            },
            'forget pending map',
          ],
        },
        'bringPlayers.cancel': { target: 'idle', actions: 'forget pending map' },
      },
    },
  },
});
