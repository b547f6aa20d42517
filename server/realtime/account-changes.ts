import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { HttpError, reportInternalError } from '../lib/errors';
import { connectRedisAdapter } from './redis-adapter';
import { rooms } from './rooms';
import type { RealtimeServer, RealtimeSocket } from './types';

/**
 * A socket.io server-side event saying a user's account (their role) changed in the database.
 * Sockets read their account again at their next command anyway (identity.ts); this lets a process
 * that changed it (`npm run user:role`) make every server reread at once through the Redis
 * adapter, so a demoted admin stops hearing the managers' log without waiting for a command.
 */
const ACCOUNT_CHANGED = 'accountChanged';

type Reread = () => Promise<void>;
const rereaders = new WeakMap<RealtimeSocket, Reread>();

/** What a socket does when its account changed elsewhere (the table reads its seats again). */
export function whenAccountChanges(socket: RealtimeSocket, reread: Reread): void {
  rereaders.set(socket, reread);
}

/** Runs the rereads of this process's sockets of the user. */
export async function applyAccountChange(
  io: RealtimeServer,
  userId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const ids = io.of('/').adapter.rooms.get(rooms.user(userId)) ?? new Set<string>();
  await Promise.all(
    [...ids].map(async (id) => {
      const socket = io.of('/').sockets.get(id);
      const reread = socket && rereaders.get(socket);
      try {
        await reread?.();
      } catch (error) {
        // A session ended meanwhile: its own revocation disconnects the socket.
        if (!(error instanceof HttpError)) reportInternalError(log, error);
      }
    }),
  );
}

export function listenToAccountChanges(io: RealtimeServer, log: FastifyBaseLogger): void {
  io.on(ACCOUNT_CHANGED, (userId: unknown) => {
    if (typeof userId === 'string') void applyAccountChange(io, userId, log);
  });
}

/** From a process without sockets (the CLI): tells every server sharing this Redis. */
export async function announceAccountChange(
  redis: { url: string; key: string },
  userId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const { adapter, close } = await connectRedisAdapter(redis.url, redis.key, log);
  const io: RealtimeServer = new Server({ adapter });
  try {
    io.serverSideEmit(ACCOUNT_CHANGED, userId);
  } finally {
    // Closing the clients lets the pending publish go out first.
    await close();
  }
}
