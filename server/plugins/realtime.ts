import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { AccessGuard } from '../modules/auth/access';
import { createRealtime } from '../realtime/realtime';
import { sessionEvents } from '../realtime/session-events';
import type { Realtime } from '../realtime/types';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Attaches socket.io to this app's server and closes it before the HTTP server stops. */
export async function useRealtime(
  app: FastifyInstance,
  access: AccessGuard,
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'socketsPerAccount'>,
): Promise<void> {
  const realtime = await createRealtime({
    httpServer: app.server,
    access,
    log: app.log.child({ module: 'realtime' }),
    redis: config.redisUrl ? { url: config.redisUrl, key: config.redisPrefix } : undefined,
    socketsPerAccount: config.socketsPerAccount,
  });
  realtime.onConnection(sessionEvents(access));
  app.decorate('realtime', realtime);
  // Open websockets would hold the HTTP server's close for ever.
  app.addHook('preClose', () => realtime.close());
}
