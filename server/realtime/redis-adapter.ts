import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export interface RedisAdapterHandle {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

type RedisClient = ReturnType<typeof createClient>;

/**
 * The adapter publishes without waiting for the answer, so a publish that fails (Redis stopped
 * or unreachable) would be an unhandled rejection, which ends the process: every server of the
 * deployment fell with its Redis. A failed publish is dropped instead, and said once per outage:
 * what it carried to the other processes, the clients repair (a table's seq tells them what they
 * missed, every reconnection catches up). Nor are publishes queued while Redis is away: that
 * queue would grow for as long as the outage lasts, only to deliver stale news.
 */
function publishingThroughOutages(pub: RedisClient, log: FastifyBaseLogger): void {
  const publish = pub.publish.bind(pub);
  let outage = false;
  pub.on('ready', () => {
    if (outage) log.warn('Redis is back: publishing again');
    outage = false;
  });
  const guarded: typeof publish = (channel, message) =>
    Promise.resolve()
      .then(() => publish(channel, message))
      .catch((error: unknown) => {
        if (!outage) log.warn({ err: error }, 'Redis unreachable: broadcasts to other processes are dropped');
        outage = true;
        return 0;
      });
  // An own property in front of the prototype's command (the type has it read-only).
  Object.defineProperty(pub, 'publish', { value: guarded });
}

/**
 * Connects the pub/sub pair the socket.io Redis adapter needs, so rooms span every process
 * sharing `url`. `key` prefixes the channels of this app.
 */
export async function connectRedisAdapter(
  url: string,
  key: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapterHandle> {
  const pub = createClient({ url, disableOfflineQueue: true });
  // The subscriber keeps its queue: its subscriptions are sent again when it reconnects.
  const sub = createClient({ url });
  // The clients reconnect on their own; without a listener an outage would crash the process.
  for (const client of [pub, sub]) client.on('error', (error: unknown) => log.warn({ err: error }, 'Redis'));
  await Promise.all([pub.connect(), sub.connect()]);
  publishingThroughOutages(pub, log);
  return {
    adapter: createAdapter(pub, sub, { key }),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
