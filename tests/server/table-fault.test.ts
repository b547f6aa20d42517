/**
 * The crash test: the real server in its own OS process, SIGKILLed while clients drop tokens,
 * then started again on the same data. Unlike the fault test of table-catch-up.test.ts (a
 * graceful restart on the same database handle), nothing gets to finish or flush: what a client
 * was told is committed has to be on disk, and what the new process numbers next has to follow it.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/api/paths';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { openDatabase } from '../../server/db/client';
import { apiCall, apiParty, type ApiPlayer } from '../helpers/api-party';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createThrowAwayDatabase, drivers } from '../helpers/server';
import { seedPgliteDataDir } from '../helpers/server-pglite-template';
import {
  emitWithAck,
  joined,
  MAP,
  MAP_SIZE,
  monsterDraft,
  playerDraft,
  serverLog,
  type TableClient,
} from '../helpers/table';

const root = fileURLToPath(new URL('../..', import.meta.url));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A socket as the real client opens one: it reconnects by itself, quickly here. */
function clientSocket(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Polls a condition; the run's pace is set by the servers, not by fixed sleeps. A time-out tells
 * what went wrong lately (`trouble`: refusals, failed connections and catch-ups).
 */
async function until(
  condition: () => boolean,
  what: string,
  trouble: string[],
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; lately: ${trouble.slice(-5).join(' | ') || 'nothing'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Drop {
  key: string;
  /** The server's answer: ok, refused, or none (the socket or the server went away first). */
  answer: 'pending' | 'ok' | 'refused' | 'none';
  /** Sent to the second process. */
  afterRestart: boolean;
}

const dropKey = (usableId: string, x: number, y: number) => `${usableId}@${x},${y}`;

describe.each(drivers)('table crash test (%s)', (driver) => {
  let dataDir: string;
  let throwAway: Awaited<ReturnType<typeof createThrowAwayDatabase>> | undefined;
  let env: Record<string, string>;
  const servers: ChildServer[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sr-crash-'));
    throwAway = driver === 'postgres' ? await createThrowAwayDatabase() : undefined;
    if (!throwAway) await seedPgliteDataDir({ dataDir, databaseUrl: undefined });
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: throwAway?.url ?? '',
      REDIS_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_MAX: '10000',
      CLIENT_DIR: join(dataDir, 'no-client'),
      // On PGlite the log takes the journal's events only when a catch-up reads it or the server
      // stops: what was answered since the last catch-up is in the journal alone at the kill.
      TABLE_LOG_EVERY_MS: '60000',
    };
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await Promise.all(servers.map((server) => server.kill()));
    await throwAway?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (port?: number) => {
    const server = await startChildServer(root, 'server/main.ts', env, { port });
    servers.push(server);
    return server;
  };

  it('keeps every acknowledged drop, repeats none and leaves every client in step after a SIGKILL mid-play', async () => {
    const first = await start();
    const party = await apiParty(first.url, 'Crash', 2);
    const [aria, borin] = party.players as [ApiPlayer, ApiPlayer];
    const source = {
      socket: async (token: string) => {
        const socket = await clientSocket(first.url, token);
        sockets.push(socket);
        return socket;
      },
    };
    const mj = await joined(source, party.mj, party.gameId);
    const ariaClient = await joined(source, aria, party.gameId);
    const borinClient = await joined(source, borin, party.gameId);
    const seats: Array<[TableClient, TableActor, string]> = [
      [mj, { userId: party.mj.userId, role: 'mj', characterIds: [] }, 'mj'],
      [ariaClient, { userId: aria.userId, role: 'player', characterIds: [aria.characterId] }, 'aria'],
      [borinClient, { userId: borin.userId, role: 'player', characterIds: [borin.characterId] }, 'borin'],
    ];
    // As the real client: every (re)connection asks for what was missed from the last folded seq.
    // One cut short by the crash is asked again on the next connection.
    const trouble: string[] = [];
    for (const [client, , name] of seats) {
      client.socket.on('connect', () => {
        client.catchUp().catch((error: unknown) => trouble.push(`${name} catch-up: ${String(error)}`));
      });
      client.socket.on('connect_error', (error) => trouble.push(`${name} connection: ${error.message}`));
    }

    // Borin's token hidden from Aria, a hidden monster: the players' copies hold redacted seqs.
    const create = (category: 'map' | 'monster', body: Record<string, unknown>) =>
      apiCall<{ id: string }>(
        first.url,
        'POST',
        `/game-data/${party.gameId}/${category}`,
        body,
        party.mj.token,
      );
    const map = await create('map', { name: MAP, link: 'https://cartes.example/foret.png' });
    const bestiary = {
      monsters: {
        Loup: (await create('monster', { name: 'Loup' })).id,
        Ombre: (await create('monster', { name: 'Ombre' })).id,
      },
    };
    await mj.send('mapChange', {
      gameId: party.gameId,
      map: { id: map.id, ...MAP_SIZE },
      bringPlayers: true,
    });
    const place = async (token: ReturnType<typeof playerDraft>) =>
      expect(
        await mj.send('itemChange', {
          gameId: party.gameId,
          change: { type: 'token.place', map: MAP, ...token },
        }),
      ).toEqual({ ok: true });
    await place(playerDraft(aria.characterId));
    await place(playerDraft(borin.characterId, { hidden: true }));
    await place(monsterDraft(bestiary, 'Loup'));
    await place(monsterDraft(bestiary, 'Ombre', { hidden: true }));
    await until(() => mj.inbox.state.lastSeq >= 5, 'the set-up events', trouble);
    const usableIdOf = (itemId: string) =>
      Object.values(mj.inbox.state.tokens[MAP] ?? {}).find((token) => token.itemId === itemId)!.usableId;

    let restarted = false;
    let playing = true;
    const drops: Drop[] = [];
    const acked = { before: 0, after: 0 };
    /** Drops tokens one after the other, each at a place of its own, waiting out its socket's absences. */
    const mover = async (client: TableClient, usableIds: string[]) => {
      for (let i = 0; playing; i += 1) {
        if (!client.socket.connected) {
          await until(() => client.socket.connected || !playing, 'a reconnection', trouble, 30_000);
          continue;
        }
        const usableId = usableIds[i % usableIds.length]!;
        const [x, y] = [i % 90, Math.floor(i / 90)];
        const drop: Drop = { key: dropKey(usableId, x, y), answer: 'pending', afterRestart: restarted };
        drops.push(drop);
        const ack = await client.socket
          .timeout(5000)
          .emitWithAck('itemChange', {
            gameId: party.gameId,
            change: { type: 'token.move', map: MAP, usableId, x, y },
          })
          .then((answer: SocketAck) => answer)
          .catch(() => null);
        drop.answer = ack ? (ack.ok ? 'ok' : 'refused') : 'none';
        if (ack && !ack.ok) trouble.push(`refused: ${ack.error}`);
        if (ack?.ok) acked[drop.afterRestart ? 'after' : 'before'] += 1;
      }
    };
    const moving = [
      mover(mj, [usableIdOf(bestiary.monsters.Loup), usableIdOf(bestiary.monsters.Ombre)]),
      mover(ariaClient, [usableIdOf(aria.characterId)]),
      mover(borinClient, [usableIdOf(borin.characterId)]),
    ];

    // Aria's socket is cut, she misses events, comes back and catches up from the same process.
    await until(() => acked.before >= 30, 'play', trouble);
    ariaClient.socket.disconnect();
    await until(() => acked.before >= 60, 'play without Aria', trouble);
    ariaClient.socket.connect();
    const missed = mj.inbox.state.lastSeq;
    await until(
      () => ariaClient.socket.connected && ariaClient.inbox.state.lastSeq >= missed,
      'Aria back',
      trouble,
    );
    // Borin is cut when the server dies, and comes back only once play has resumed without him.
    await until(() => acked.before >= 90, 'play with Aria back', trouble);
    borinClient.socket.disconnect();
    await until(() => acked.before >= 120, 'play without Borin', trouble);
    const cutShort = drops.filter((drop) => drop.answer === 'pending');
    await first.kill();
    if (driver === 'pglite') {
      // Read from a copy, so the next process still opens the folder as the kill left it.
      const copy = await mkdtemp(join(tmpdir(), 'sr-crash-copy-'));
      await cp(dataDir, copy, { recursive: true });
      const database = await openDatabase({ dataDir: copy, databaseUrl: undefined });
      try {
        const logged = await serverLog({ database }, party.gameId);
        // Aria's catch-up had the log take what the MJ had heard by then; nothing since.
        expect(logged.length).toBeGreaterThanOrEqual(missed);
        expect(logged.length, 'answered events in the journal alone').toBeLessThan(mj.inbox.state.lastSeq);
      } finally {
        await database.close();
        await rm(copy, { recursive: true, force: true });
      }
    }

    const second = await start(first.port);
    restarted = true;
    await until(() => acked.after >= 30, 'play after the restart', trouble);
    borinClient.socket.connect();
    await until(() => acked.after >= 60, 'play with Borin back', trouble);
    playing = false;
    await Promise.all(moving);

    // Nothing is under way any more: the MJ's view of the table carries the head.
    const view = await emitWithAck<SocketAck & { state: TableState }>(mj.socket, 'itemRequest', {
      gameId: party.gameId,
    });
    const head = view.ok ? view.state.lastSeq : -1;
    const allReachedHead = await until(
      () => seats.every(([client]) => client.inbox.state.lastSeq === head),
      'every client at the head',
      trouble,
      10_000,
    ).then(
      () => true,
      () => false,
    );
    sockets.forEach((socket) => socket.disconnect());
    await second.stop();

    // The log as the database holds it once its last owner has stopped.
    const database = await openDatabase({ dataDir, databaseUrl: throwAway?.url });
    let log: TableEvent[];
    try {
      log = await serverLog({ database }, party.gameId);
    } finally {
      await database.close();
    }
    expect(log.map((event) => event.seq)).toEqual(range(1, head));
    const folded = applyEvents(emptyTable, log);
    expect(folded.gapAt).toBeNull();
    expect(folded.rejected).toEqual([]);

    // Every drop answered ok is logged, none twice; a refused one is not; an unanswered one may be.
    const logged = new Map<string, number>();
    for (const event of log) {
      if (event.type !== 'token.moved') continue;
      const { usableId, x, y } = event.payload as { usableId: string; x: number; y: number };
      const key = dropKey(usableId, x, y);
      logged.set(key, (logged.get(key) ?? 0) + 1);
    }
    const sent = new Set(drops.map((drop) => drop.key));
    expect([...logged.keys()].filter((key) => !sent.has(key))).toEqual([]);
    expect([...logged].filter(([, times]) => times > 1)).toEqual([]);
    expect(drops.filter((drop) => drop.answer === 'ok' && !logged.has(drop.key))).toEqual([]);
    expect(drops.filter((drop) => drop.answer === 'refused' && logged.has(drop.key))).toEqual([]);
    // The kill fell mid-play: drops were on their way when the first process died. One may still
    // have been answered ok, its ack already on the wire (and so logged, as checked above); none
    // can have been refused.
    expect(cutShort.length).toBeGreaterThan(0);
    expect(cutShort.filter((drop) => drop.answer === 'refused')).toEqual([]);

    // The MJ hears events as logged: what the dead process announced is what the log holds, so
    // the new process did not hand out again a seq it had already given.
    for (const event of mj.heard) expect(event, `mj seq ${event.seq}`).toEqual(log[event.seq - 1]);
    expect(allReachedHead, `clients at the head ${head}; lately: ${trouble.slice(-5).join(' | ')}`).toBe(
      true,
    );
    for (const [client, actor, name] of seats) {
      expect(client.inbox.early, name).toEqual({});
      expect(client.inbox.rejected, name).toBe(0);
      expect(client.inbox.state, name).toEqual(visibleTo(folded.state, actor));
      // Each seq of 1…head reached it (live, caught up, or under a snapshot), none beyond, and a
      // seq heard twice was the same event both times.
      const bySeq = new Map<number, TableEvent>();
      for (const event of client.heard) {
        expect(bySeq.get(event.seq) ?? event, `${name} seq ${event.seq}`).toEqual(event);
        bySeq.set(event.seq, event);
      }
      const underSnapshot = Math.max(0, ...client.snapshots);
      const held = [...new Set([...range(1, underSnapshot), ...bySeq.keys()])].sort((a, b) => a - b);
      expect(held, name).toEqual(range(1, head));
    }
  }, 60_000);
});
