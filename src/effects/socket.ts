import { Subject, type Observable } from 'rxjs';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { SOCKET_PATH } from '../api/paths';
import type { PlayerConnectedPayload } from '../api/schemas/realtime';

/** What the server is told about the player on every connection (platform.md §7). */
export type PlayerInfo = Omit<PlayerConnectedPayload, 'socketId'>;

/** The socket's life as facts, in the past tense, ready to be sent to a machine as events. */
export type SocketFact =
  | { type: 'socket.connected' }
  /** `reason` is socket.io's: 'io server disconnect' means the server closed it for good. */
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.reconnecting'; attempt: number }
  /** A failed attempt; socket.io tries again by itself. */
  | { type: 'socket.error'; message: string }
  /** The server refused the handshake (bad or expired token): socket.io will not try again. */
  | { type: 'socket.refused'; message: string }
  | { type: 'socket.event'; name: string; payload: unknown };

export interface SocketConnection {
  events$: Observable<SocketFact>;
  emit(event: string, payload?: unknown): void;
  /** Emits with a callback and resolves with the server's acknowledgement; rejects after the time-out. */
  request(event: string, payload: unknown): Promise<unknown>;
  close(): void;
}

/** How long an acknowledged event may wait for its answer before it counts as failed. */
export const ACK_TIMEOUT_MS = 10_000;

export interface ConnectSocketOptions {
  /** Read on every connection attempt, so a reconnect after a renewal sends the new token. */
  token: () => string | null;
  player?: PlayerInfo | null;
}

/** platform.md §4 and §9: reconnect after 1 to 5 s, randomised by 0.5, forever; 20 s to connect. */
export const socketOptions = {
  path: SOCKET_PATH,
  transports: ['polling', 'websocket'],
  withCredentials: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20_000,
} satisfies Partial<ManagerOptions & SocketOptions>;

/** Opens the app's socket at once; its facts flow until `close()`. */
export function connectSocket({ token, player }: ConnectSocketOptions): SocketConnection {
  const facts = new Subject<SocketFact>();
  const socket = io({
    ...socketOptions,
    autoConnect: false,
    auth: (send) => send({ token: token() }),
  });

  socket.on('connect', () => {
    if (player)
      socket.emit('playerConnected', { ...player, socketId: socket.id } satisfies PlayerConnectedPayload);
    facts.next({ type: 'socket.connected' });
  });
  socket.on('disconnect', (reason) => facts.next({ type: 'socket.disconnected', reason }));
  socket.on('connect_error', (error) =>
    facts.next(
      socket.active
        ? { type: 'socket.error', message: error.message }
        : { type: 'socket.refused', message: error.message },
    ),
  );
  socket.io.on('reconnect_attempt', (attempt) => facts.next({ type: 'socket.reconnecting', attempt }));
  socket.onAny((name: string, ...args: unknown[]) =>
    facts.next({ type: 'socket.event', name, payload: args.length > 1 ? args : args[0] }),
  );
  socket.connect();

  return {
    events$: facts.asObservable(),
    emit: (event, payload) => {
      if (payload === undefined) socket.emit(event);
      else socket.emit(event, payload);
    },
    request: (event, payload) => socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload),
    close: () => {
      socket.offAny();
      socket.io.off('reconnect_attempt');
      socket.removeAllListeners();
      socket.disconnect();
      facts.complete();
    },
  };
}
