import { and, assign, setup } from 'xstate';
import { isReorderingOf } from '../domain/turn-order/turn-order';

/** What the panel asks the server for; the server decides the outcome (the shuffle is its own). */
export type TurnOrderChange =
  | { type: 'turnOrder.generate'; map: string }
  /** The turn the panel showed: the server passes that one only, so a second press changes nothing. */
  | { type: 'turnOrder.next'; map: string; playing?: string; round?: number }
  | { type: 'turnOrder.toggle'; map: string; usableId: string }
  | { type: 'turnOrder.reorder'; map: string; order: string[] }
  | { type: 'turnOrder.newCombat'; map: string };

export type TurnOrderEvent =
  | { type: 'turnOrder.generate' }
  /** `clicks`: the click's count (the DOM's `detail`); the second click of a double click is not a press. */
  | { type: 'turnOrder.next'; clicks?: number }
  /** A player's « Finir mon tour »: the manager's « Tour suivant » on a turn of their own. */
  | { type: 'turnOrder.end'; clicks?: number }
  | { type: 'turnOrder.toggle'; usableId: string }
  | { type: 'turnOrder.reorder'; order: string[] }
  | { type: 'turnOrder.newCombat' }
  /** The server answered a change sent (refused, done, or a turn already passed). */
  | { type: 'turnOrder.answered' }
  /** The folded table's order or round for the shown map changed (a logged event was applied). */
  | ({ type: 'turnOrder.confirmed' } & Shown)
  /** Another map is shown, with its own order. */
  | ({ type: 'map.changed'; map: string | null } & Shown);

export interface TurnOrderContext {
  map: string | null;
  order: string[];
  /** The fight's round (« Round 3 »); null before rounds were counted or without a fight. */
  round: number | null;
  /** The order's entries that are the reader's own tokens: the turns they may end themselves. */
  own: string[];
  /** MJ and admin manage the turn order; a player watches it and ends their own turns. */
  canManage: boolean;
}

export interface TurnOrderInput {
  map: string | null;
  order: string[];
  round: number | null;
  own: string[];
  canManage: boolean;
}

/** A map's order as the reader's copy holds it. */
type Shown = { order: string[]; round: number | null; own: string[] };

/** Whether the turn shown is one of the reader's own tokens': « Finir mon tour » is theirs to press. */
export function isOwnTurn({ map, order, own }: Pick<TurnOrderContext, 'map' | 'order' | 'own'>): boolean {
  return map !== null && order[0] !== undefined && own.includes(order[0]);
}

/** The turn the panel shows, for the server to pass that one only, whoever pressed. */
const sendTheTurnShown = {
  type: 'send turn order change',
  params: ({ context }: { context: TurnOrderContext }): TurnOrderChange => ({
    type: 'turnOrder.next',
    map: context.map!,
    playing: context.order[0],
    ...(context.round === null ? {} : { round: context.round }),
  }),
} as const;

/**
 * The floating turn-order panel of one map. Nothing changes locally on a click: the intent goes
 * to the server, which shuffles with its own chance and logs the whole new order; the panel then
 * shows what the log says. So every screen shows the same order, including after a reload. A
 * player's one press is « Finir mon tour », while the turn shown is one of their tokens'. No combat while the order is empty; a combat runs otherwise.
 */
export const turnOrderMachine = setup({
  types: {
    context: {} as TurnOrderContext,
    events: {} as TurnOrderEvent,
    input: {} as TurnOrderInput,
  },
  actions: {
    'send turn order change': (_, _change: TurnOrderChange) => {},
    'show order': assign((_, { order, round, own }: Shown) => ({ order, round, own })),
    'show map': assign((_, { map, order, round, own }: Shown & { map: string | null }) => ({
      map,
      order,
      round,
      own,
    })),
  },
  guards: {
    'actor manages the table on a map': ({ context }) => context.canManage && context.map !== null,
    'order is empty': (_, { order }: { order: string[] }) => order.length === 0,
    'it is the reader’s own turn': ({ context }) => isOwnTurn(context),
    'is a single press': ({ event }) =>
      (event.type === 'turnOrder.next' || event.type === 'turnOrder.end') && (event.clicks ?? 1) <= 1,
    'is a reordering of the order': ({ context, event }) =>
      event.type === 'turnOrder.reorder' && isReorderingOf(context.order, event.order),
  },
}).createMachine({
  id: 'turnOrder',
  context: ({ input }) => ({
    map: input.map,
    order: input.order,
    round: input.round,
    own: input.own,
    canManage: input.canManage,
  }),
  initial: 'deciding',
  on: {
    'turnOrder.confirmed': [
      {
        guard: { type: 'order is empty', params: ({ event }) => event },
        target: '.noCombat',
        actions: { type: 'show order', params: ({ event }) => event },
      },
      { target: '.running', actions: { type: 'show order', params: ({ event }) => event } },
    ],
    'map.changed': { target: '.deciding', actions: { type: 'show map', params: ({ event }) => event } },
    'turnOrder.generate': {
      guard: 'actor manages the table on a map',
      actions: {
        type: 'send turn order change',
        params: ({ context }) => ({ type: 'turnOrder.generate', map: context.map! }),
      },
    },
    'turnOrder.toggle': {
      guard: 'actor manages the table on a map',
      actions: {
        type: 'send turn order change',
        params: ({ context, event }) => ({
          type: 'turnOrder.toggle',
          map: context.map!,
          usableId: event.usableId,
        }),
      },
    },
  },
  states: {
    /** Where a freshly shown order belongs. */
    deciding: {
      always: [
        { guard: { type: 'order is empty', params: ({ context }) => context }, target: 'noCombat' },
        { target: 'running' },
      ],
    },
    noCombat: {},
    running: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'turnOrder.next': {
              guard: and(['actor manages the table on a map', 'is a single press']),
              target: 'advancing',
              actions: sendTheTurnShown,
            },
            'turnOrder.end': {
              guard: and(['it is the reader’s own turn', 'is a single press']),
              target: 'advancing',
              actions: sendTheTurnShown,
            },
          },
        },
        /**
         * « Tour suivant » is on its way: another press (a double click) waits for the answer, and
         * the server passes only the turn the first one saw anyway.
         */
        advancing: { on: { 'turnOrder.answered': 'ready' } },
      },
      on: {
        // A new order of the same fight: the panel shows it, and a press on its way stays so.
        'turnOrder.confirmed': [
          {
            guard: { type: 'order is empty', params: ({ event }) => event },
            target: 'noCombat',
            actions: { type: 'show order', params: ({ event }) => event },
          },
          { actions: { type: 'show order', params: ({ event }) => event } },
        ],
        'turnOrder.reorder': {
          guard: 'is a reordering of the order',
          actions: {
            type: 'send turn order change',
            params: ({ context, event }) => ({
              type: 'turnOrder.reorder',
              map: context.map!,
              order: event.order,
            }),
          },
        },
        'turnOrder.newCombat': {
          guard: 'actor manages the table on a map',
          actions: {
            type: 'send turn order change',
            params: ({ context }) => ({ type: 'turnOrder.newCombat', map: context.map! }),
          },
        },
      },
    },
  },
});
