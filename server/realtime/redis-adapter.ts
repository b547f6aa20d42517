import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export interface RedisAdapterHandle {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
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
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // The clients reconnect on their own; without a listener an outage would crash the process.
  for (const client of [pub, sub]) client.on('error', (error: unknown) => log.warn({ err: error }, 'Redis'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub, { key }),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
