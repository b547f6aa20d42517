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
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/table/types';
import { openDatabase } from '../../server/db/client';
import { apiParty, type ApiPlayer } from '../helpers/api-party';
import { startChildServer, type ChildServer } from '../helpers/child-server';
import { createThrowAwayDatabase, drivers } from '../helpers/server';
import { seedPgliteDataDir } from '../helpers/server-pglite-template';
import { MAP, serverLog, type TableClient } from '../helpers/table';
import {
  createPlay,
  everyClientReachesHead,
  expectClientsEqualServer,
  expectHeardAsLogged,
  expectLogHonoursAnswers,
  reconnectingSocket,
  seatedParty,
  until,
} from '../helpers/table-play';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
    const { mj, players, seats, trouble, monsterTokens, playerToken } = await seatedParty(
      first.url,
      party,
      async (token) => {
        const socket = await reconnectingSocket(first.url, token);
        sockets.push(socket);
        return socket;
      },
    );
    const [ariaClient, borinClient] = players as [TableClient, TableClient];

    const play = createPlay(party.gameId, trouble);
    play.enter('before');
    const moving = [
      play.mover(mj, MAP, monsterTokens),
      play.mover(ariaClient, MAP, [playerToken(aria)]),
      play.mover(borinClient, MAP, [playerToken(borin)]),
    ];

    // Aria's socket is cut, she misses events, comes back and catches up from the same process.
    await until(() => play.acked('before') >= 30, 'play', trouble);
    ariaClient.socket.disconnect();
    await until(() => play.acked('before') >= 60, 'play without Aria', trouble);
    ariaClient.socket.connect();
    const missed = mj.inbox.state.lastSeq;
    await until(
      () => ariaClient.socket.connected && ariaClient.inbox.state.lastSeq >= missed,
      'Aria back',
      trouble,
    );
    // Borin is cut when the server dies, and comes back only once play has resumed without him.
    await until(() => play.acked('before') >= 90, 'play with Aria back', trouble);
    borinClient.socket.disconnect();
    await until(() => play.acked('before') >= 120, 'play without Borin', trouble);
    const cutShort = play.sent.filter((command) => command.answer === 'pending');
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
    play.enter('after');
    await until(() => play.acked('after') >= 30, 'play after the restart', trouble);
    borinClient.socket.connect();
    await until(() => play.acked('after') >= 60, 'play with Borin back', trouble);
    play.stop();
    await Promise.all(moving);

    const allReachedHead = await everyClientReachesHead(party.gameId, mj, seats, trouble);
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
    expectLogHonoursAnswers(log, play.sent);
    // The kill fell mid-play: drops were on their way when the first process died. One may still
    // have been answered ok, its ack already on the wire (and so logged, as checked above); none
    // can have been refused.
    expect(cutShort.length).toBeGreaterThan(0);
    expect(cutShort.filter((command) => command.answer === 'refused')).toEqual([]);

    expectHeardAsLogged(mj, log);
    expect(allReachedHead, `clients at the head; lately: ${trouble.slice(-5).join(' | ')}`).toBe(true);
    expectClientsEqualServer(log, seats);
  }, 60_000);
});
