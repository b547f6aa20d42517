import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '#shared/paths';
import { reportInternalError } from '../lib/errors';
import type { AccessGuard } from '../modules/auth/access';
import { applyAccountChange } from './account-changes';
import { eventBinder } from './event-binder';
import { handshakeAuthentication } from './handshake';
import { jsonParser } from './json-parser';
import { adoptIdentity } from './identity';
import { connectRedisAdapter } from './redis-adapter';
import { rooms } from './rooms';
import { socketsPerAccount } from './sockets-per-account';
import type { ConnectionHandler, Realtime, RealtimeServer } from './types';

export interface RealtimeOptions {
  httpServer: HttpServer;
  access: AccessGuard;
  log: FastifyBaseLogger;
  /** Set to span rooms over every process sharing this Redis. */
  redis?: { url: string; key: string };
  /** Sockets one account may hold open here (`SOCKETS_PER_ACCOUNT`). */
  socketsPerAccount: number;
}

export interface RealtimeHandle extends Realtime {
  /** Ends this process's sockets (not the other processes') and the Redis clients. */
  close(): Promise<void>;
}

/** socket.io on the app's HTTP server: authenticated handshake, identity rooms, module handlers. */
export async function createRealtime({
  httpServer,
  access,
  log,
  redis,
  socketsPerAccount: maxSockets,
}: RealtimeOptions): Promise<RealtimeHandle> {
  const redisAdapter = redis ? await connectRedisAdapter(redis.url, redis.key, log) : undefined;
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
    parser: jsonParser,
    ...(redisAdapter ? { adapter: redisAdapter.adapter } : {}),
  });
  const handlers: ConnectionHandler[] = [];

  io.use(handshakeAuthentication(access, log));
  // Last: a socket counted here always connects, and its disconnect gives its place back.
  io.use(socketsPerAccount(maxSockets));
  const stopHearingAccounts = access.onAccountChange((userId) => void applyAccountChange(io, userId, log));
  io.on('connection', (socket) => {
    const on = eventBinder(socket, log);
    for (const handler of handlers) {
      try {
        handler(socket, on);
      } catch (error) {
        reportInternalError(log, error);
      }
    }
    adoptIdentity(socket, socket.data.user).catch((error: unknown) => {
      reportInternalError(log, error);
      socket.disconnect(true);
    });
  });

  // Closing disconnects every socket here, whose handlers still announce departures a moment
  // later: those go to this process only, as the Redis clients they would publish on are closing.
  let closing = false;
  const broadcaster = () => (closing ? io.local : io);

  return {
    io,
    toUser: (userId) => broadcaster().to(rooms.user(userId)),
    toGame: (gameId) => broadcaster().to(rooms.game(gameId)),
    disconnectSession: (sid) => io.in(rooms.session(sid)).disconnectSockets(true),
    disconnectUser: (userId) => io.in(rooms.user(userId)).disconnectSockets(true),
    async isOnline(userId) {
      return (await io.in(rooms.user(userId)).fetchSockets()).length > 0;
    },
    onConnection: (handler) => {
      handlers.push(handler);
    },
    async close() {
      closing = true;
      stopHearingAccounts();
      io.local.disconnectSockets(true);
      io.engine.close();
      await redisAdapter?.close();
    },
  };
}
