import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createClient } from 'redis';

/**
 * How table owners reach each other (owners.ts): a process's own channel, texts sent to another
 * process's. Redis pub/sub when the deployment has it (its rooms span processes already): a
 * message is one publish. Otherwise PostgreSQL's `NOTIFY` on the owners' own connection, which
 * every owner has: each notification wakes every listening backend of the database and carries
 * at most 8,000 bytes, so it is kept for deployments without Redis.
 */
export interface OwnerChannel {
  /** The longest text one message may carry; longer ones go in parts. */
  readonly partChars: number;
  /** Starts hearing this process's channel. */
  listen(received: (text: string) => void): Promise<void>;
  /** Sends the parts to `to`'s channel, together. */
  send(to: string, parts: string[]): Promise<void>;
  close(): Promise<void>;
}

export const channelOf = (processId: string) => `table_owner_${processId}`;

/** On `NOTIFY`: the session that listens is the owners' own (owners.ts starts it with `listen`). */
export function notifyChannel(
  pool: pg.Pool,
): OwnerChannel & { listenOn(client: pg.Client, processId: string): Promise<void> } {
  let received: (text: string) => void = () => undefined;
  return {
    // The limit is 8,000 bytes, and a character may take 4.
    partChars: 1_900,
    listen: async (heard) => {
      received = heard;
    },
    async listenOn(client, processId) {
      client.on('notification', (notification) => {
        if (notification.channel === channelOf(processId)) received(notification.payload ?? '');
      });
      await client.query(`listen "${channelOf(processId)}"`);
    },
    async send(to, parts) {
      // One statement: the parts are delivered together, when it commits.
      await pool.query('select pg_notify($1, part) from unnest($2::text[]) as parts(part)', [
        channelOf(to),
        parts,
      ]);
    },
    close: async () => undefined,
  };
}

/** On Redis pub/sub, under the deployment's key prefix. */
export function redisChannel(
  { url, key }: { url: string; key: string },
  processId: string,
  log: FastifyBaseLogger,
): OwnerChannel {
  // Nothing queued while Redis is away: an ask fails at once and its sender is told to try again.
  const pub = createClient({ url, disableOfflineQueue: true });
  const sub = createClient({ url });
  for (const client of [pub, sub]) client.on('error', (error: unknown) => log.warn({ err: error }, 'Redis'));
  const named = (id: string) => `${key}#${channelOf(id)}`;
  let connected: Promise<unknown> | null = null;
  const connect = () => (connected ??= Promise.all([pub.connect(), sub.connect()]));
  return {
    partChars: Number.POSITIVE_INFINITY,
    async listen(received) {
      await connect();
      await sub.subscribe(named(processId), received);
    },
    async send(to, parts) {
      await connect();
      for (const part of parts) await pub.publish(named(to), part);
    },
    async close() {
      if (connected) await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
