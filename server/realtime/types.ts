import type { BroadcastOperator, DefaultEventsMap, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { PlayerConnectedPayload } from '#shared/wire/realtime';
import type { AuthUser } from '../modules/auth/access';

export interface SocketData {
  /** Set by the handshake from the access token; the only identity a handler may trust. */
  user: AuthUser;
  player?: PlayerConnectedPayload;
}

export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type Broadcast = BroadcastOperator<DefaultEventsMap, SocketData>;

/**
 * Listens to a client event with its payload checked by `schema`. The handler may throw
 * `httpError` for a French refusal; its returned object is merged into the `{ ok: true }` ack.
 */
export type EventBinder = <S extends z.ZodType>(
  event: string,
  schema: S,
  handler: (payload: z.output<S>) => unknown,
) => void;

export type ConnectionHandler = (socket: RealtimeSocket, on: EventBinder) => void;

export interface Realtime {
  /** Emit to every socket of a user, on any process. */
  toUser(userId: string): Broadcast;
  /** Emit to every socket at a game's table, on any process. */
  toGame(gameId: string): Broadcast;
  disconnectSession(sid: string): void;
  disconnectUser(userId: string): void;
  isOnline(userId: string): Promise<boolean>;
  /** Lets a module add its socket handlers without touching the realtime layer. */
  onConnection(handler: ConnectionHandler): void;
  readonly io: RealtimeServer;
}
