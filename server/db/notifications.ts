import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client';
import { PgliteThread } from './pglite-thread';

export interface ChannelHandlers {
  /** One notification's payload. */
  message(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped): trust nothing heard before. */
  interrupted(): void;
  /** Listening again after an interruption, or for the first time. */
  listening(): void;
}

export interface Listening {
  stop(): Promise<void>;
}

const RECONNECT_DELAY_MS = { first: 250, max: 5_000 };

/**
 * Listens to a PostgreSQL `NOTIFY` channel on either driver. PGlite's thread delivers in order,
 * before the answer of the statement that notified. On PostgreSQL a pool's clients come and go, so listening takes a
 * connection of its own, opened again (with a growing delay) whenever it drops — an operator's
 * `pg_terminate_backend`, a restart — and `interrupted` says that notifications may have been lost.
 */
export async function listenToChannel(
  db: Db,
  channel: string,
  handlers: ChannelHandlers,
  log?: FastifyBaseLogger,
): Promise<Listening> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteThread) {
    const unlisten = await client.listen(channel, handlers.message);
    handlers.listening();
    // A database closed first has nothing left to unlisten.
    return { stop: () => unlisten().catch(() => undefined) };
  }
  if (!(client instanceof pg.Pool)) throw new Error('listenToChannel: unknown database driver');
  return listenOnPostgres(client, channel, handlers, log);
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
  log?: FastifyBaseLogger,
): Promise<Listening> {
  let stopped = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_DELAY_MS.first;

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_DELAY_MS.max);
  };

  const connect = async () => {
    const next = new pg.Client(pool.options);
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (!stopped) log?.warn({ err: error, channel }, 'listening connection lost, reconnecting');
      handlers.interrupted();
      scheduleReconnect();
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error as Error);
      await next.end().catch(() => undefined);
      return;
    }
    if (stopped) {
      await next.end();
      return;
    }
    connection = next;
    delay = RECONNECT_DELAY_MS.first;
    handlers.listening();
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await connection?.end().catch(() => undefined);
    },
  };
}
