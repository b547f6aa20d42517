import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { notifyChannel, redisChannel, type OwnerChannel } from './owner-channels';
import { createOwnerMessages } from './owner-messages';

/**
 * Who decides each game on a shared PostgreSQL (docs/live-table.md "Owners"). A process holds a game
 * by a session advisory lock on a connection of its own: PostgreSQL releases it the moment that
 * connection ends — a killed process, a cut connection — so the game is free at once, with no lease
 * to wait out. Taking a game moves its epoch on (`table_heads.epoch`), and the owner's appends are
 * taken only under its epoch (log/append-owned.ts), so a process that lost a game without
 * knowing it can no longer log into it.
 *
 * The same connection listens on the process's own channel: a process that receives a command for
 * a game another holds asks the owner over `NOTIFY` (`ask`), and answers what it is asked
 * (`answerWith`), the messages going as owner-messages.ts writes and reads them.
 */
export interface Owners {
  /** This process's name in `table_heads.owner` and in its channel. */
  readonly processId: string;
  /** The game's epoch while this process holds it. */
  epochOf(gameId: string): number | undefined;
  /** Holds the game if nobody does (its head and epoch), else names who does (null: unknown yet). */
  claim(gameId: string): Promise<Claimed | { owner: string | null }>;
  /**
   * Lets the game go. `clean`: everything this process emitted of it is logged, so the next owner
   * may keep its epoch (the clients' copies hold). Otherwise (lost, or its last events could not be
   * logged) the next owner moves the epoch on, which tells the clients to check their copies.
   */
  release(gameId: string, clean: boolean): Promise<void>;
  /** Sends `message` to the process `owner`; its answer, or a rejection after `timeoutMs`. */
  ask(owner: string, message: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * What this process answers when asked. Settles once the process hears its channel (a failure to
   * listen is logged, and tried again at the next ask or claim): a message sent before that is
   * not heard.
   */
  answerWith(handler: (message: unknown) => Promise<unknown>): Promise<void>;
  /** The process holding the game's lock now, when it is another one. */
  ownerOf(gameId: string): Promise<string | null>;
  /**
   * Those of `gameIds` still named by an owner that holds no lock on them: it died, or lost its
   * connection, perhaps with events it emitted and never logged (docs/live-table.md "Taking over").
   */
  orphans(gameIds: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

export interface Claimed {
  epoch: number;
  head: number;
}

/**
 * A 63-bit advisory lock key of its own for each game (the migrations lock on a small constant);
 * positive, so `pg_locks` shows it as its two unsigned halves.
 */
function lockKeyOf(gameId: string): bigint {
  return createHash('sha256').update(`table-owner:${gameId}`).digest().readBigUInt64BE(0) >> 1n;
}

export function createOwners({
  pool,
  log,
  redis,
}: {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** The deployment's Redis: the owners talk over it rather than over `NOTIFY` (owner-channels.ts). */
  redis?: { url: string; key: string };
}): Owners {
  const processId = randomBytes(6).toString('hex');
  const notify = redis ? undefined : notifyChannel(pool);
  const channel: OwnerChannel = notify ?? redisChannel(redis!, processId, log);
  const messages = createOwnerMessages({ channel, processId, log });
  let listening: Promise<void> | null = null;
  const held = new Map<string, number>();
  const claiming = new Map<string, Promise<Claimed | { owner: string | null }>>();
  let session: Promise<pg.Client> | null = null;
  let closing = false;

  function lose(client: pg.Client, error?: Error): void {
    if (!session) return;
    session = null;
    if (!closing) log.warn({ err: error }, 'table owners: connection lost, its games are free');
    held.clear();
    // The answers came on that connection: none will come now.
    if (notify) messages.abandonAsks(new Error('owner connection lost'));
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
  }

  function open(): Promise<pg.Client> {
    if (closing) return Promise.reject(new Error('table owners closed'));
    session ??= (async () => {
      // Named, so an operator sees which connection holds the games (and a test can cut it).
      const client = new pg.Client({ ...pool.options, application_name: `sr-table-owner-${processId}` });
      client.on('error', (error) => lose(client, error));
      client.on('end', () => lose(client));
      try {
        await client.connect();
        await notify?.listenOn(client, processId);
      } catch (error) {
        lose(client, error as Error);
        throw error;
      }
      return client;
    })();
    return session;
  }

  /** Hears this process's channel (on `NOTIFY`, through the owners' connection, opened for it). */
  function listen(): Promise<void> {
    listening ??= channel.listen(messages.received).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    return notify ? listening.then(() => open()).then(() => undefined) : listening;
  }

  async function claimNow(gameId: string): Promise<Claimed | { owner: string | null }> {
    // Whoever asks the owner of a game it holds must be heard: it listens before it holds any.
    await listen();
    const client = await open();
    const { rows } = await client.query<{ taken: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as taken',
      [lockKeyOf(gameId).toString()],
    );
    // Taken by another: it names itself in the head right after taking the lock.
    if (!rows[0]?.taken) return { owner: await ownerOf(gameId) };
    try {
      // A game its last owner let go cleanly keeps its epoch; one held by a process gone or cut
      // off (still named) moves it on, so whatever that one may still try to log is refused.
      const moved = await client.query<{ seq: number; epoch: number }>(
        `insert into table_heads (game_id, seq, epoch, owner) values ($1, 0, 1, $2)
         on conflict (game_id) do update set owner = excluded.owner,
           epoch = table_heads.epoch + (case when table_heads.owner is null then 0 else 1 end)
         returning seq, epoch`,
        [gameId, processId],
      );
      const row = moved.rows[0]!;
      held.set(gameId, row.epoch);
      return { epoch: row.epoch, head: row.seq };
    } catch (error) {
      // A game deleted meanwhile (the head's foreign key): the lock goes with it.
      await client
        .query('select pg_advisory_unlock($1::bigint)', [lockKeyOf(gameId).toString()])
        .catch(() => undefined);
      throw error;
    }
  }

  /** The games no longer name this process (a failure leaves them named: the next owner moves on). */
  async function unname(client: pg.Client, gameIds: string[]): Promise<void> {
    if (gameIds.length === 0) return;
    await client
      .query('update table_heads set owner = null where game_id = any($1::text[]) and owner = $2', [
        gameIds,
        processId,
      ])
      .catch((error: unknown) => log.warn({ err: error }, 'table owners: could not let games go cleanly'));
  }

  async function ownerOf(gameId: string): Promise<string | null> {
    const key = lockKeyOf(gameId);
    const { rows } = await pool.query<{ owner: string | null }>(
      `select owner from table_heads
       where game_id = $1 and exists (select from pg_locks where locktype = 'advisory' and granted
         and objsubid = 1 and classid = $2::bigint::oid and objid = $3::bigint::oid)`,
      [gameId, (key >> 32n).toString(), (key & 0xffffffffn).toString()],
    );
    const owner = rows[0]?.owner ?? null;
    return owner === processId ? null : owner;
  }

  async function orphans(gameIds: readonly string[]): Promise<string[]> {
    if (gameIds.length === 0) return [];
    const keys = gameIds.map(lockKeyOf);
    const { rows } = await pool.query<{ game_id: string }>(
      `select heads.game_id from table_heads heads
       join unnest($1::text[], $2::bigint[], $3::bigint[]) as read(game_id, high, low)
         on read.game_id = heads.game_id
       where heads.owner is not null and not exists (select from pg_locks where locktype = 'advisory'
         and granted and objsubid = 1 and classid = read.high::oid and objid = read.low::oid)`,
      [
        gameIds,
        keys.map((key) => (key >> 32n).toString()),
        keys.map((key) => (key & 0xffffffffn).toString()),
      ],
    );
    return rows.map((row) => row.game_id);
  }

  return {
    processId,
    epochOf: (gameId) => held.get(gameId),
    ownerOf,
    orphans,

    claim(gameId) {
      // Session locks count: a second lock of a held game would need two unlocks.
      if (held.has(gameId)) return Promise.reject(new Error(`game ${gameId} is held already`));
      let pending = claiming.get(gameId);
      if (!pending) {
        pending = claimNow(gameId).finally(() => claiming.delete(gameId));
        claiming.set(gameId, pending);
      }
      return pending;
    },

    async release(gameId, clean) {
      if (!held.delete(gameId) || !session) return;
      const client = await session.catch(() => null);
      if (!client) return;
      if (clean) await unname(client, [gameId]);
      await client
        .query('select pg_advisory_unlock($1::bigint)', [lockKeyOf(gameId).toString()])
        .catch(() => undefined);
    },

    async ask(owner, body, timeoutMs) {
      await listen();
      return messages.ask(owner, body, timeoutMs);
    },

    answerWith(handler) {
      messages.answerWith(handler);
      // A process that answers listens from the start: it may be asked before it asks anything.
      return listen().catch((error: unknown) => log.warn({ err: error }, 'table owners: not listening yet'));
    },

    async close() {
      closing = true;
      const client = await session?.catch(() => null);
      // Called once everything decided is logged: every game still held goes cleanly.
      if (client) await unname(client, [...held.keys()]);
      held.clear();
      if (client) {
        client.removeAllListeners();
        client.on('error', () => undefined);
        // Ending the session releases every lock it holds.
        await client.end().catch(() => undefined);
      }
      session = null;
      await channel.close();
    },
  };
}
