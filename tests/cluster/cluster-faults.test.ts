/**
 * The scale-out deployment under its faults: two server processes on a PostgreSQL and a Redis of
 * this suite's own, behind HAProxy with sticky sessions (deploy/haproxy.cfg). The clients of one
 * game connect through the proxy (long-polling first, then WebSocket: the stickiness is needed),
 * so they spread over both processes, and move tokens and chat while one piece breaks: a process
 * SIGKILLed, Redis stopped and started again, the database's connections cut. After each, live
 * delivery resumes (a line the MJ says reaches every client as it is said), and once play has gone
 * on every client equals the server's log, nothing acknowledged is lost, nothing is logged twice,
 * and presence, private chat and invitations still cross from one process to the other.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { FriendInvitation } from '../../src/api/schemas/friends';
import { envelopesOf } from '../../src/api/schemas/table';
import type { TableEvent } from '../../src/domain/table/types';
import { apiCall, apiParty, type ApiMember, type ApiParty } from '../helpers/api-party';
import { clusterSuite } from '../helpers/cluster';
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

/** Commands acknowledged in a phase before the test moves on: enough to be mid-play, not more. */
const PLAY = 30;
/** Times the database's connections are cut in a row. */
const CUTS = 5;

describe('a cluster of two processes behind HAProxy', () => {
  const suite = clusterSuite(root);

  /** As a browser opens it through the proxy: polling, then WebSocket, keeping the proxy's cookie. */
  const throughProxy = async (token: string) => {
    const socket = await reconnectingSocket(suite.cluster.url, token, {
      transports: ['polling', 'websocket'],
      withCredentials: true,
    });
    suite.sockets.push(socket);
    return socket;
  };
  /** Straight to one process, to know which one holds it. */
  const onProcess = async (index: 0 | 1, token: string) => {
    const socket = await reconnectingSocket(suite.cluster.servers[index].url, token);
    suite.sockets.push(socket);
    return socket;
  };

  /**
   * A game of an MJ and four players seated through the proxy, every one of them moving tokens
   * and one chatting; `fault` breaks something mid-play, play goes on, then everything is checked.
   */
  async function playThrough(
    name: string,
    fault: (playMore: (commands: number) => Promise<void>) => Promise<void>,
  ): Promise<{ party: ApiParty; holes: number }> {
    const party = await apiParty(suite.cluster.url, name, 4);
    const before = await suite.cluster.socketsPerProcess();
    const table = await seatedParty(suite.cluster.url, party, throughProxy);
    const { mj, players, seats, trouble } = table;
    const play = createPlay(party.gameId, trouble);
    try {
      const seated = (await suite.cluster.socketsPerProcess()).map((held, index) => held - before[index]!);
      expect(seated[0]! + seated[1]!).toBe(seats.length);
      expect(Math.min(...seated), 'clients on each process').toBeGreaterThan(0);

      play.enter('before');
      const playing = [
        play.mover(mj, MAP, table.monsterTokens),
        ...party.players.map((player, i) => play.mover(players[i]!, MAP, [table.playerToken(player)])),
        play.chatter(players[0]!, 'Parole'),
      ];
      await until(() => play.acked('before') >= PLAY, 'play', trouble);
      await fault(async (commands) => {
        const from = play.acked('before');
        await until(() => play.acked('before') >= from + commands, 'play during the fault', trouble);
      });
      await until(() => seats.every(([client]) => client.socket.connected), 'every client back', trouble);
      await liveAgain(
        party,
        play,
        mj,
        seats.map(([client]) => client),
        trouble,
      );
      play.enter('after');
      await until(() => play.acked('after') >= PLAY, 'play after the fault', trouble, 30_000);
      play.stop();
      await Promise.all(playing);

      const reachedHead = await everyClientReachesHead(party.gameId, mj, seats, trouble);
      const log: TableEvent[] = await serverLog(suite, party.gameId);
      expectLogHonoursAnswers(log, play.sent);
      expectHeardAsLogged(mj, log);
      expect(reachedHead, `clients at the head; lately: ${trouble.slice(-5).join(' | ')}`).toBe(true);
      expectClientsEqualServer(log, seats);
    } finally {
      play.stop();
      seats.forEach(([client]) => client.socket.disconnect());
    }
    return { party, holes: table.holes() };
  }

  /**
   * Lines the MJ says until one reaches every client as it is said, not through a catch-up:
   * delivery across the processes is back. Play then goes on, so the last events cannot fall
   * into the fault's shadow with nothing after them to show the hole.
   */
  async function liveAgain(
    party: ApiParty,
    play: ReturnType<typeof createPlay>,
    mj: TableClient,
    clients: TableClient[],
    trouble: string[],
  ): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (let attempt = 1; ; attempt += 1) {
      const text = `En direct ${attempt}`;
      if (await heardLiveByAll(clients, text, () => play.say(mj, text))) return;
      if (Date.now() > deadline) {
        throw new Error(
          `live delivery did not resume in ${party.gameId}; lately: ${trouble.slice(-5).join(' | ')}`,
        );
      }
    }
  }

  /** Whether every client hears the line `say` says live within a second. */
  async function heardLiveByAll(clients: TableClient[], text: string, say: () => Promise<void>) {
    const listeners: Array<() => void> = [];
    const heard = clients.map(
      (client) =>
        new Promise<void>((resolve) => {
          const listener = (message: TableEvent | TableEvent[]) => {
            const said = envelopesOf(message).some(
              (event) => event.type === 'chat.posted' && event.payload.message === text,
            );
            if (said) resolve();
          };
          client.socket.on('broadcastMessage', listener);
          listeners.push(() => client.socket.off('broadcastMessage', listener));
        }),
    );
    try {
      await say();
      return await Promise.race([
        Promise.all(heard).then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
      ]);
    } finally {
      listeners.forEach((stop) => stop());
    }
  }

  /** Two friends, Ana on process a and Bea on process b. */
  let friends: Promise<[ApiMember, ApiMember]> | undefined;
  const register = async (): Promise<ApiMember> => {
    const id = randomBytes(3).toString('hex');
    return apiCall<ApiMember>(suite.cluster.url, 'POST', '/auth/register', {
      email: `ami-${id}@example.com`,
      password: 'motdepasse',
      displayName: `ami${id}`,
    });
  };
  const makeFriends = async (): Promise<[ApiMember, ApiMember]> => {
    const [ana, bea] = await Promise.all([register(), register()]);
    await apiCall(suite.cluster.url, 'POST', '/users/friends', { friendId: bea.userId }, ana.token);
    const [invitation] = await apiCall<FriendInvitation[]>(
      suite.cluster.url,
      'GET',
      '/users/invitations',
      undefined,
      bea.token,
    );
    await apiCall(
      suite.cluster.url,
      'POST',
      `/users/invitations/${invitation!.id}/accept`,
      undefined,
      bea.token,
    );
    return [ana, bea];
  };

  /**
   * Presence, private chat and a game invitation, each from one process to the other: Bea coming
   * online on b is announced to Ana on a, her private message reaches Ana, the MJ's invitation
   * (through the proxy) reaches Bea, and her leaving is announced too.
   */
  async function expectSocialAcrossProcesses(party: ApiParty) {
    const [ana, bea] = await (friends ??= makeFriends());
    const heardByAna: Array<{ name: string; payload: unknown }> = [];
    const anaSocket = await onProcess(0, ana.token);
    anaSocket.onAny((name: string, payload: unknown) => heardByAna.push({ name, payload }));
    const anaHeard = (name: string, payload: Record<string, unknown>) =>
      vi.waitFor(
        () =>
          expect(
            heardByAna.filter((event) => event.name === name).map((event) => event.payload),
          ).toContainEqual(expect.objectContaining(payload)),
        { timeout: 15_000, interval: 20 },
      );

    const beaSocket = await onProcess(1, bea.token);
    await anaHeard('userStatusChange', { userId: bea.userId, isOnline: true });

    const content = `Coucou ${randomBytes(3).toString('hex')}`;
    expect(
      await beaSocket.emitWithAck('sendPrivateMessage', { receiverId: ana.userId, content }),
    ).toMatchObject({
      ok: true,
    });
    await anaHeard('newPrivateMessage', { content, senderId: bea.userId });

    const invited = new Promise<{ gameId: string }>((resolve) => beaSocket.once('newInvitation', resolve));
    await apiCall(
      suite.cluster.url,
      'POST',
      '/game-invitations',
      { gameId: party.gameId, playerId: bea.userId },
      party.mj.token,
    );
    expect(await invited).toMatchObject({ gameId: party.gameId });

    beaSocket.disconnect();
    await anaHeard('userStatusChange', { userId: bea.userId, isOnline: false });
    anaSocket.disconnect();
  }

  it('keeps a game whole when a process is SIGKILLed mid-play: its clients reconnect through the proxy and catch up', async () => {
    const { party } = await playThrough('Panne de processus', async () => {
      await suite.cluster.kill(1);
    });
    await suite.cluster.restart(1);
    await expectSocialAcrossProcesses(party);
  }, 90_000);

  it('repairs the gap with the seq when Redis stops and comes back, and live delivery resumes', async () => {
    const { party, holes } = await playThrough('Panne de Redis', async (playMore) => {
      await suite.cluster.redis.stop();
      // Each process still logs and tells its own clients; the others' miss it all.
      await playMore(PLAY);
      await suite.cluster.redis.start();
    });
    expect(holes, 'holes met by the clients and caught up over').toBeGreaterThan(0);
    await expectSocialAcrossProcesses(party);
  }, 90_000);

  it('reconnects to the database on its own when its connections are cut', async () => {
    const { party } = await playThrough('Coupure de la base', async (playMore) => {
      // Several cuts, so that some fall on connections in the middle of a transaction.
      for (let cut = 0; cut < CUTS; cut += 1) {
        expect(
          await suite.cluster.postgres.terminateConnections(suite.cluster.database.name),
        ).toBeGreaterThan(0);
        await playMore(10);
      }
    });
    // Each process listens to the database's notifications again on a connection of its own.
    await vi.waitFor(async () => expect(await listeners()).toBe(2), { timeout: 15_000, interval: 100 });
    await expectSocialAcrossProcesses(party);
  }, 90_000);

  const listeners = async () => {
    const { rows } = (await suite.database.db.execute(
      sql`select count(*)::int as count from pg_stat_activity where datname = ${suite.cluster.database.name} and query ilike 'listen %'`,
    )) as unknown as { rows: Array<{ count: number }> };
    return rows[0]!.count;
  };
});
