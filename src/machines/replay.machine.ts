import { assign, not, setup } from 'xstate';
import type { HistoryEvents, HistoryMarks, HistoryPoint } from '../api/schemas/history';
import { applyEvent } from '../domain/table/reducer';
import { isChatEvent, type TableEvent, type TableState } from '../domain/table/types';
import { failureText } from './failure-text';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

/** The replay's texts of failure, when the server sent none. */
export const replayFailures = {
  load: 'Impossible de charger l’historique de la partie.',
  seek: 'Impossible d’atteindre ce moment de la partie.',
  events: 'Impossible de lire la suite de la partie.',
} as const;

export const REPLAY_SPEEDS = [1, 2, 4, 8, 16] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Events asked for at once while playing or stepping. */
export const REPLAY_PAGE = 200;

export type ReplayEvent =
  | { type: 'replay.play' }
  | { type: 'replay.pause' }
  | { type: 'replay.toggle' }
  | { type: 'replay.step' }
  | { type: 'replay.seek'; seq: number }
  | { type: 'replay.seekTime'; at: string }
  | { type: 'replay.speed'; speed: ReplaySpeed }
  | { type: 'replay.tick' }
  | { type: 'replay.retry' };

export interface ReplayContext {
  gameId: string;
  marks: HistoryMarks | null;
  /** The point shown: the table after this seq. */
  seq: number;
  state: TableState | null;
  chat: TableEvent[];
  /** The events after `seq` already read, as this member received them. */
  ahead: TableEvent[];
  speed: ReplaySpeed;
  error: string | null;
}

/** A point: after event `seq`, or after the last event logged at `at`. */
type Target = { seq?: number; at?: string };

/** One event played: folded into the table, and into the chat when it is a line. */
function played(context: ReplayContext): Partial<ReplayContext> {
  const [event, ...ahead] = context.ahead;
  if (!event || !context.state) return {};
  const chat = isChatEvent(event) ? [...context.chat, event] : context.chat;
  return { state: applyEvent(context.state, event).state, seq: event.seq, chat, ahead };
}

/**
 * A jump, from wherever the replay stands. Asked while a point or a page loads, it re-enters its
 * state: the earlier load is stopped and its answer ignored, so the last point asked is the one shown.
 */
const jumps = {
  'replay.seek': {
    target: '#replay.seeking',
    reenter: true,
    actions: 'aim at the seq asked',
  },
  'replay.seekTime': { target: '#replay.seekingTime', reenter: true },
} as const;

/**
 * A game's replay (docs/live-table.md "Replay"): loads its marks and the table at a point, then
 * plays the events after it at a speed (×1 is an event a second), steps one, or jumps to a seq or
 * a time. It holds only what the server answered for this member, so it shows no more than their
 * copy held then, and it never writes anything.
 */
export const replayMachine = setup({
  types: {
    context: {} as ReplayContext,
    events: {} as ReplayEvent,
    input: {} as { gameId: string; seq?: number },
  },
  actors: {
    'load marks': unprovidedPromise<HistoryMarks, { gameId: string }>('load marks'),
    'load point': unprovidedPromise<HistoryPoint, { gameId: string } & Target>('load point'),
    'load events': unprovidedPromise<HistoryEvents, { gameId: string; after: number; limit: number }>(
      'load events',
    ),
    /** `replay.tick` every second divided by the speed. */
    ticks: unprovidedEvents<{ type: 'replay.tick' }, { speed: ReplaySpeed }>('ticks'),
  },
  guards: {
    'has an event ahead': ({ context }) => context.ahead.length > 0,
    'is at the end': ({ context }) => context.seq >= (context.marks?.head ?? 0),
  },
  actions: {
    'play one event': assign(({ context }) => played(context)),
    'show point': assign((_, point: HistoryPoint) => ({
      seq: point.seq,
      state: point.state,
      chat: point.chat,
      ahead: [],
      error: null,
    })),
    'keep events': assign(({ context }, page: HistoryEvents) => ({
      ahead: [...context.ahead, ...page.events.filter((event) => event.seq > context.seq)],
      marks: context.marks && { ...context.marks, head: Math.max(context.marks.head, page.head) },
    })),
    'aim at the seq asked': assign(({ context, event }) => ({
      seq: event.type === 'replay.seek' ? event.seq : context.seq,
    })),
    'set speed': assign((_, speed: ReplaySpeed) => ({ speed })),
    'show failure': assign((_, error: string) => ({ error })),
  },
}).createMachine({
  id: 'replay',
  context: ({ input }) => ({
    gameId: input.gameId,
    marks: null,
    seq: input.seq ?? 0,
    state: null,
    chat: [],
    ahead: [],
    speed: 1,
    error: null,
  }),
  initial: 'loading',
  on: {
    'replay.speed': { actions: { type: 'set speed', params: ({ event }) => event.speed } },
  },
  states: {
    loading: {
      invoke: {
        src: 'load marks',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'seeking', actions: assign({ marks: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, replayFailures.load),
          },
        },
      },
    },
    seeking: {
      on: jumps,
      invoke: {
        src: 'load point',
        input: ({ context }) => ({ gameId: context.gameId, seq: context.seq }),
        onDone: { target: 'paused', actions: { type: 'show point', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, replayFailures.seek),
          },
        },
      },
    },
    seekingTime: {
      on: jumps,
      invoke: {
        src: 'load point',
        input: ({ context, event }) => ({
          gameId: context.gameId,
          ...(event.type === 'replay.seekTime' ? { at: event.at } : { seq: context.seq }),
        }),
        onDone: { target: 'paused', actions: { type: 'show point', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, replayFailures.seek),
          },
        },
      },
    },
    paused: {
      on: {
        'replay.play': { target: 'playing', guard: not('is at the end') },
        'replay.toggle': { target: 'playing', guard: not('is at the end') },
        'replay.step': [
          { guard: { type: 'has an event ahead' }, actions: 'play one event' },
          { guard: { type: 'is at the end' } },
          { target: 'stepping' },
        ],
        ...jumps,
      },
    },
    stepping: {
      on: jumps,
      invoke: {
        src: 'load events',
        input: ({ context }) => ({ gameId: context.gameId, after: context.seq, limit: REPLAY_PAGE }),
        onDone: {
          target: 'paused',
          actions: [{ type: 'keep events', params: ({ event }) => event.output }, 'play one event'],
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'show failure',
            params: ({ event }) => failureText(event.error, replayFailures.events),
          },
        },
      },
    },
    playing: {
      initial: 'running',
      on: {
        'replay.pause': { target: 'paused' },
        'replay.toggle': { target: 'paused' },
        ...jumps,
        // A new speed restarts the ticks at it.
        'replay.speed': {
          target: 'playing',
          reenter: true,
          actions: { type: 'set speed', params: ({ event }) => event.speed },
        },
      },
      states: {
        running: {
          always: [
            { guard: { type: 'is at the end' }, target: '#replay.paused' },
            { guard: not('has an event ahead'), target: 'reading' },
          ],
          invoke: { src: 'ticks', input: ({ context }) => ({ speed: context.speed }) },
          on: {
            'replay.tick': { guard: { type: 'has an event ahead' }, actions: 'play one event' },
          },
        },
        reading: {
          invoke: {
            src: 'load events',
            input: ({ context }) => ({ gameId: context.gameId, after: context.seq, limit: REPLAY_PAGE }),
            onDone: {
              target: 'running',
              actions: { type: 'keep events', params: ({ event }) => event.output },
            },
            onError: {
              target: '#replay.failed',
              actions: {
                type: 'show failure',
                params: ({ event }) => failureText(event.error, replayFailures.events),
              },
            },
          },
        },
      },
    },
    failed: {
      on: { 'replay.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
