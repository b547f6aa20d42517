import type { FastifyBaseLogger } from 'fastify';
import { HttpError, reportInternalError } from '../lib/errors';
import { rooms } from './rooms';
import type { RealtimeServer, RealtimeSocket } from './types';

type Reread = () => Promise<void>;
const rereaders = new WeakMap<RealtimeSocket, Reread>();

/** What a socket does when its account changed elsewhere (the table reads its seats again). */
export function whenAccountChanges(socket: RealtimeSocket, reread: Reread): void {
  rereaders.set(socket, reread);
}

/**
 * Runs the rereads of this process's sockets of the user. Sockets read their account again at
 * their next command anyway (identity.ts); this makes a demoted admin stop hearing the managers'
 * log at once, whoever changed the role (a route, the role CLI, another process).
 */
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
