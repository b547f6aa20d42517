import { assign, setup } from 'xstate';
import { catchUp, inboxOf, missingSeq, receive, type Inbox } from '../domain/table/inbox';
import { emptyTable, type TableSnapshot } from '../domain/table/reducer';
import type { TableEvent } from '../domain/table/types';
import { unprovidedPromise } from './unprovided';

/**
 * The server's answer to "what happened after seq N": a snapshot when N is far behind, then events;
 * `reset` when the copy holds an event the log does not, `epoch` the log's at its last seq.
 */
export interface CatchUpAnswer {
  snapshot: TableSnapshot | null;
  events: TableEvent[];
  reset?: boolean;
  epoch?: number;
}

/** What the client asks: the events after its last seq, whose epoch the server checks. */
export interface CatchUpQuestion {
  gameId: string;
  afterSeq: number;
  epoch: number;
}

export type TableSyncEvent =
  /** A logged event from the game's room (itemUpdate, mapUpdate, turnOrderUpdate, broadcastMessage). */
  | { type: 'table.event'; event: TableEvent }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected' }
  /**
   * A process took the game over from an owner that is gone (`tableResync`): the copy may hold
   * events it emitted and never logged, and a catch-up with the copy's epoch tells.
   */
  | { type: 'table.resync' }
  /** Back to the home screen: everything local is dropped. */
  | { type: 'table.leave' };

export interface TableSyncContext {
  gameId: string;
  inbox: Inbox;
  socketUp: boolean;
}

/**
 * The client's copy of a game's event log, so the table never diverges and never loses a move.
 * It folds events strictly in seq order with the shared reducer: a replay is ignored, an event
 * that arrives early waits in the inbox, and a hole makes it ask the server for the events after
 * its last seq (or a snapshot, when far behind). A dropped socket loses room events, so each
 * reconnection catches up before the table counts as live again. The catch-up request also
 * (re)joins the game's room on the server, which is why events can arrive while it runs.
 */
export const tableSyncMachine = setup({
  types: {
    context: {} as TableSyncContext,
    events: {} as TableSyncEvent,
    input: {} as { gameId: string; connected: boolean },
  },
  actors: {
    'fetch missed events': unprovidedPromise<CatchUpAnswer, CatchUpQuestion>('fetch missed events'),
  },
  actions: {
    'fold event': assign({
      inbox: ({ context, event }) =>
        event.type === 'table.event' ? receive(context.inbox, event.event) : context.inbox,
    }),
    'fold catch-up': assign({
      inbox: ({ context }, answer: CatchUpAnswer) => catchUp(context.inbox, answer),
    }),
    'forget the table': assign({ inbox: inboxOf(emptyTable) }),
    'note socket up': assign({ socketUp: true }),
    'note socket down': assign({ socketUp: false }),
  },
  guards: {
    'socket is up': ({ context }) => context.socketUp,
    'event leaves a hole': ({ context, event }) =>
      event.type === 'table.event' && missingSeq(receive(context.inbox, event.event)) !== null,
    'a hole remains after it': ({ context }, answer: CatchUpAnswer) =>
      missingSeq(catchUp(context.inbox, answer)) !== null,
  },
  delays: {
    catchUpRetry: 2000,
  },
}).createMachine({
  id: 'tableSync',
  context: ({ input }) => ({ gameId: input.gameId, inbox: inboxOf(emptyTable), socketUp: input.connected }),
  on: {
    'socket.disconnected': { target: '.reconnecting', actions: 'note socket down' },
    'socket.connected': { actions: 'note socket up' },
    'table.leave': { target: '.left', actions: 'forget the table' },
  },
  initial: 'joining',
  states: {
    /** Waiting for a connected socket to ask for the log. */
    joining: {
      always: { guard: 'socket is up', target: 'catchingUp' },
      on: { 'socket.connected': { target: 'catchingUp', actions: 'note socket up' } },
    },
    catchingUp: {
      invoke: {
        id: 'catchUp',
        src: 'fetch missed events',
        input: ({ context }) => ({
          gameId: context.gameId,
          afterSeq: context.inbox.state.lastSeq,
          epoch: context.inbox.epoch,
        }),
        onDone: [
          {
            guard: { type: 'a hole remains after it', params: ({ event }) => event.output },
            target: 'catchingUp',
            reenter: true,
            actions: { type: 'fold catch-up', params: ({ event }) => event.output },
          },
          { target: 'live', actions: { type: 'fold catch-up', params: ({ event }) => event.output } },
        ],
        onError: { target: 'waitingToRetry' },
      },
      on: {
        'table.event': { actions: 'fold event' },
        // The answer under way may have been read before the takeover: asked again.
        'table.resync': { target: 'catchingUp', reenter: true },
      },
    },
    waitingToRetry: {
      after: { catchUpRetry: { target: 'catchingUp' } },
      on: { 'table.event': { actions: 'fold event' }, 'table.resync': { target: 'catchingUp' } },
    },
    live: {
      on: {
        'table.event': [
          { guard: 'event leaves a hole', target: 'catchingUp', actions: 'fold event' },
          { actions: 'fold event' },
        ],
        'table.resync': { target: 'catchingUp' },
      },
    },
    reconnecting: {
      on: { 'socket.connected': { target: 'catchingUp', actions: 'note socket up' } },
    },
    left: { type: 'final' },
  },
});
