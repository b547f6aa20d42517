import { assign, setup } from 'xstate';
import type { PlayerInfo, SocketFact } from '../effects/socket';
import { unprovidedEvents, unprovidedPromise } from './unprovided';

export type SocketConnectionEvent =
  /** Someone signed in: open the socket, announcing `player` on every connection when given. */
  | { type: 'socket.open'; player?: PlayerInfo }
  /** Signed out: close it. */
  | { type: 'socket.close' }
  | { type: 'session.token.renewed'; token: string }
  | SocketFact;

export interface SocketConnectionContext {
  player: PlayerInfo | null;
  /** socket.io's count of attempts since the connection was lost. */
  attempt: number;
  lastError: string | null;
  /** A refused handshake renews the session once; a second refusal in a row gives up. */
  renewedAfterRefusal: boolean;
}

/**
 * The realtime link's life, so that screens can show whether live updates flow and the app never
 * holds a socket for nobody. It is open exactly while someone is signed in. socket.io reconnects
 * by itself after a drop (1–5 s, forever) and the machine follows those facts. Two cases socket.io
 * does not retry are decided here: a server that closes the connection on purpose is left closed,
 * and a refused handshake (the access token expired while no REST call renewed it) renews the
 * session once and connects again with the new token. A token renewed while connected is sent to
 * the server (`authenticateUser`) so the open connection keeps the current identity.
 */
export const socketConnectionMachine = setup({
  types: {
    context: {} as SocketConnectionContext,
    events: {} as SocketConnectionEvent,
  },
  actors: {
    /** Opens the connection and reports its facts; stopping it closes the connection. */
    'listen to socket': unprovidedEvents<SocketFact, { player: PlayerInfo | null }>('listen to socket'),
    'renew session': unprovidedPromise<void>('renew session'),
  },
  actions: {
    'send authenticateUser': (_, _params: { token: string }) => {},
    'remember player': assign({ player: (_, { player }: { player: PlayerInfo | null }) => player }),
    'count attempt': assign({ attempt: (_, { attempt }: { attempt: number }) => attempt }),
    'remember error': assign({ lastError: (_, { message }: { message: string }) => message }),
    /** A connection made, or a new session: past attempts and errors no longer apply. */
    'clear connection trouble': assign({ attempt: 0, lastError: null, renewedAfterRefusal: false }),
    'note renewal': assign({ renewedAfterRefusal: true }),
  },
  guards: {
    'server closed the connection': ({ event }) =>
      event.type === 'socket.disconnected' && event.reason === 'io server disconnect',
    'session was already renewed': ({ context }) => context.renewedAfterRefusal,
  },
}).createMachine({
  id: 'socketConnection',
  context: { player: null, attempt: 0, lastError: null, renewedAfterRefusal: false },
  on: {
    'socket.close': { target: '.disconnected' },
  },
  initial: 'disconnected',
  states: {
    disconnected: {
      on: {
        'socket.open': {
          target: 'open',
          actions: [
            'clear connection trouble',
            { type: 'remember player', params: ({ event }) => ({ player: event.player ?? null }) },
          ],
        },
      },
    },
    open: {
      invoke: {
        id: 'connection',
        src: 'listen to socket',
        input: ({ context }) => ({ player: context.player }),
      },
      on: {
        'socket.refused': [
          {
            guard: 'session was already renewed',
            target: 'disconnected',
            actions: { type: 'remember error', params: ({ event }) => event },
          },
          { target: 'renewingSession', actions: { type: 'remember error', params: ({ event }) => event } },
        ],
        'socket.error': { actions: { type: 'remember error', params: ({ event }) => event } },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'socket.connected': { target: 'connected', actions: 'clear connection trouble' },
            'socket.reconnecting': {
              target: 'reconnecting',
              actions: { type: 'count attempt', params: ({ event }) => event },
            },
          },
        },
        connected: {
          on: {
            'socket.disconnected': [
              {
                guard: 'server closed the connection',
                target: '#socketConnection.disconnected',
                actions: { type: 'remember error', params: ({ event }) => ({ message: event.reason }) },
              },
              { target: 'reconnecting' },
            ],
            'session.token.renewed': {
              actions: { type: 'send authenticateUser', params: ({ event }) => ({ token: event.token }) },
            },
          },
        },
        reconnecting: {
          on: {
            'socket.connected': { target: 'connected', actions: 'clear connection trouble' },
            'socket.reconnecting': { actions: { type: 'count attempt', params: ({ event }) => event } },
          },
        },
      },
    },
    renewingSession: {
      invoke: {
        id: 'renewal',
        src: 'renew session',
        onDone: { target: 'open', actions: 'note renewal' },
        onError: { target: 'disconnected' },
      },
    },
  },
});
