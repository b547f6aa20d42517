/**
 * The contract every `TableWriter` keeps (server/modules/table/writers/table-writer.ts), run against
 * each writer a production process can run, on the database that names it (writers/choice.ts): the
 * real server in its own OS process, SIGKILLed while clients drop tokens, then started again on
 * the same data. Nothing gets to finish or flush: what a client was told is committed has to be on
 * disk, and what the new process numbers next has to follow it. Checked after the run: an acked
 * command is logged exactly once, the seqs have no gap, every client's copy is `visibleTo` of the
 * log, and the kill lost nothing acked. (Unlike the fault test of table-catch-up.test.ts, a
 * graceful restart on the same database handle.)
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/table/types';
import type { TableWriterChoice } from '../../server/modules/table/writers/choice';
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
  loggedKeys,
  range,
  reconnectingSocket,
  seatedParty,
  until,
} from '../helpers/table-play';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The writers of production: PGlite's own process is its sole writer, PostgreSQL's are owners. */
const writers = drivers.map((driver) => ({
  driver,
  writer: (driver === 'pglite' ? 'sole-writer' : 'owners') satisfies TableWriterChoice['kind'],
}));

describe.each(writers)('table writer contract: $writer ($driver)', ({ driver }) => {
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

  /** A play through a SIGKILL and a restart, and what it left: checked by the tests below. */
  async function playThroughAKill() {
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
    let atKill: { logged: number; missed: number; heard: number } | undefined;

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
        atKill = {
          logged: (await serverLog({ database }, party.gameId)).length,
          missed,
          heard: mj.inbox.state.lastSeq,
        };
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
    return { log, sent: play.sent, cutShort, mj, seats, trouble, allReachedHead, atKill };
  }

  let run: Awaited<ReturnType<typeof playThroughAKill>>;
  beforeAll(async () => {
    run = await playThroughAKill();
  }, 60_000);

  it('logs every acked command exactly once, and no refused one', () => {
    expectLogHonoursAnswers(run.log, run.sent);
  });

  it('numbers the log 1…head without a gap, no seq given out twice', () => {
    expect(run.log.map((event) => event.seq)).toEqual(range(1, run.log.length));
    expectHeardAsLogged(run.mj, run.log);
  });

  it("leaves every client's copy equal to what the log lets its reader see", () => {
    expect(run.allReachedHead, `clients at the head; lately: ${run.trouble.slice(-5).join(' | ')}`).toBe(
      true,
    );
    expectClientsEqualServer(run.log, run.seats);
  });

  it('loses nothing it acked when its process is killed mid-play', () => {
    const logged = loggedKeys(run.log);
    expect(
      run.sent.filter(
        (command) => command.phase === 'before' && command.answer === 'ok' && !logged.has(command.key),
      ),
    ).toEqual([]);
    // The kill fell mid-play: drops were on their way when the first process died. One may still
    // have been answered ok, its ack already on the wire (and so logged, as checked above); none
    // can have been refused.
    expect(run.cutShort.length).toBeGreaterThan(0);
    expect(run.cutShort.filter((command) => command.answer === 'refused')).toEqual([]);
    if (driver === 'pglite') {
      // Aria's catch-up had the log take what the MJ had heard by then; nothing since.
      expect(run.atKill!.logged).toBeGreaterThanOrEqual(run.atKill!.missed);
      expect(run.atKill!.logged, 'answered events in the journal alone').toBeLessThan(run.atKill!.heard);
    }
  });
});
