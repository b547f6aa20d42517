/**
 * Play at a table while something breaks (a server killed, Redis stopped, the database's
 * connections cut), then the checks that nothing a client was told is committed got lost, nothing
 * was logged twice and every client folded exactly the server's log. Used by the crash test of one
 * server and by the cluster's fault suite.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { expect } from 'vitest';
import { SOCKET_PATH } from '../../src/api/paths';
import type { SocketAck } from '../../src/api/schemas/realtime';
import { missingSeq } from '../../src/domain/table/inbox';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { apiCall, type ApiParty, type ApiPlayer } from './api-party';
import {
  emitWithAck,
  joined,
  MAP,
  MAP_SIZE,
  monsterDraft,
  playerDraft,
  TABLE_EVENT_NAMES,
  type TableClient,
  type TokenIntent,
} from './table';

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A socket as the real client opens one: it reconnects by itself, quickly here. */
export function reconnectingSocket(
  url: string,
  token: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    ...options,
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
export async function until(
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

/**
 * As the real client: every (re)connection asks for what was missed from the last folded seq, and
 * so does an event that arrives past a hole (one lost while Redis was away) and the notice of a
 * game taken over (`tableResync`). One cut short is asked again by the next connection or hole.
 * Returns how many holes it has met so far.
 */
export function catchUpWhenBehind(client: TableClient, name: string, trouble: string[]): () => number {
  let holes = 0;
  let catching: Promise<void> | undefined;
  const catchUp = () => {
    catching ??= client
      .catchUp()
      .catch((error: unknown) => {
        trouble.push(`${name} catch-up: ${String(error)}`);
      })
      .finally(() => {
        catching = undefined;
      });
  };
  client.socket.on('connect', catchUp);
  // A process took the game over: a catch-up under way may have been answered before it.
  client.socket.on('tableResync', () => (catching ? void catching.then(catchUp) : catchUp()));
  client.socket.on('connect_error', (error) => trouble.push(`${name} connection: ${error.message}`));
  for (const event of TABLE_EVENT_NAMES) {
    client.socket.on(event, () => {
      if (missingSeq(client.inbox) === null) return;
      if (!catching) holes += 1;
      catchUp();
    });
  }
  return () => holes;
}

/** One command sent: what the server answered, and in which phase of the run. */
export interface Sent {
  key: string;
  /** ok, refused (a rule said no), failed (the server could not do it), or none (no answer). */
  answer: 'pending' | 'ok' | 'refused' | 'failed' | 'none';
  phase: string;
}

/** The command's own mark in the log: where a token went, or a chat line's text. */
function keyOf(event: TableEvent): string | null {
  if (event.type === 'token.moved') {
    const { usableId, x, y } = event.payload as { usableId: string; x: number; y: number };
    return `${usableId}@${x},${y}`;
  }
  if (event.type === 'chat.posted') return `chat:${event.payload.message}`;
  return null;
}

/** What the server answers when it could not do it, as against a rule's refusal. */
const SERVER_FAILURE = /^Erreur interne|^Le serveur/;

/**
 * Clients sending commands one after the other, each waiting out its socket's absences, every
 * command marked so the log can be checked against what was answered.
 */
export function createPlay(gameId: string, trouble: string[]) {
  let playing = true;
  let phase = 'start';
  const sent: Sent[] = [];
  const acked = new Map<string, number>();

  async function send(client: TableClient, event: string, payload: unknown, key: string): Promise<void> {
    const command: Sent = { key, answer: 'pending', phase };
    sent.push(command);
    const ack = await client.socket
      .timeout(5000)
      .emitWithAck(event, payload)
      .then((answer: SocketAck) => answer)
      .catch(() => null);
    if (!ack) command.answer = 'none';
    else if (ack.ok) command.answer = 'ok';
    else command.answer = SERVER_FAILURE.test(ack.error) ? 'failed' : 'refused';
    if (ack && !ack.ok) trouble.push(`${command.answer}: ${ack.error}`);
    if (ack?.ok) acked.set(command.phase, (acked.get(command.phase) ?? 0) + 1);
  }

  /** One line said at the table, marked like every other command. */
  function say(client: TableClient, text: string): Promise<void> {
    return send(client, 'newMessage', { gameId, content: { kind: 'text', text } }, `chat:${text}`);
  }

  async function loop(client: TableClient, command: (i: number) => Promise<void>): Promise<void> {
    for (let i = 0; playing; i += 1) {
      if (!client.socket.connected) {
        await until(() => client.socket.connected || !playing, 'a reconnection', trouble, 30_000);
        i -= 1;
        continue;
      }
      await command(i);
    }
  }

  return {
    sent,
    /** Commands sent from now on are marked with `name`. */
    enter(name: string) {
      phase = name;
    },
    acked: (name: string) => acked.get(name) ?? 0,
    /** Drops the tokens one after the other, each at a place of its own. */
    mover: (client: TableClient, map: string, usableIds: string[]) =>
      loop(client, (i) => {
        const usableId = usableIds[i % usableIds.length]!;
        const [x, y] = [i % 90, Math.floor(i / 90)];
        return send(
          client,
          'itemChange',
          { gameId, change: { type: 'token.move', map, usableId, x, y } },
          `${usableId}@${x},${y}`,
        );
      }),
    /** Says numbered lines at the table. */
    chatter: (client: TableClient, name: string) => loop(client, (i) => say(client, `${name} ${i}`)),
    say,
    stop() {
      playing = false;
    },
  };
}

/** The marks of the commands in the log, each with how many times it was logged. */
export function loggedKeys(log: readonly TableEvent[]): Map<string, number> {
  const logged = new Map<string, number>();
  for (const event of log) {
    const key = keyOf(event);
    if (key) logged.set(key, (logged.get(key) ?? 0) + 1);
  }
  return logged;
}

/**
 * The log against what was answered: every command answered ok is logged, once; a refused one is
 * not; one without an answer (or that the server failed to do) may be, once; nothing else is.
 */
export function expectLogHonoursAnswers(log: TableEvent[], sent: readonly Sent[]): void {
  expect(log.map((event) => event.seq)).toEqual(range(1, log.length));
  const folded = applyEvents(emptyTable, log);
  expect(folded.gapAt).toBeNull();
  expect(folded.rejected).toEqual([]);
  const logged = loggedKeys(log);
  const keys = new Set(sent.map((command) => command.key));
  expect([...logged.keys()].filter((key) => !keys.has(key))).toEqual([]);
  expect([...logged].filter(([, times]) => times > 1)).toEqual([]);
  expect(sent.filter((command) => command.answer === 'ok' && !logged.has(command.key))).toEqual([]);
  expect(sent.filter((command) => command.answer === 'refused' && logged.has(command.key))).toEqual([]);
}

/**
 * Each client against the log: its copy is the server's state as its reader may see it, each seq
 * of 1…head reached it (live, caught up, or under a snapshot), none beyond, and a seq heard twice
 * was the same event both times.
 */
export function expectClientsEqualServer(log: TableEvent[], seats: readonly Seat[]): void {
  const head = log.length;
  const { state } = applyEvents(emptyTable, log);
  for (const [client, actor, name] of seats) {
    expect(client.inbox.early, name).toEqual({});
    expect(client.inbox.rejected, name).toBe(0);
    expect(client.inbox.state, name).toEqual(visibleTo(state, actor));
    // Under one seq and epoch, one event: no owner handed a seq out twice.
    const byKey = new Map<string, TableEvent>();
    for (const event of client.heard) {
      const key = `${event.seq}@${event.epoch ?? 0}`;
      expect(byKey.get(key) ?? event, `${name} seq ${key}`).toEqual(event);
      byKey.set(key, event);
    }
    const underSnapshot = Math.max(0, ...client.snapshots);
    const heardSeqs = client.heard.map((event) => event.seq);
    const held = [...new Set([...range(1, underSnapshot), ...heardSeqs])].sort((a, b) => a - b);
    expect(held, name).toEqual(range(1, head));
  }
}

/**
 * Once nothing is under way any more: the head as the MJ's view of the table gives it, then
 * whether every client got there (false after a wait, for the test to say so with the rest).
 */
export async function everyClientReachesHead(
  gameId: string,
  mj: TableClient,
  seats: readonly Seat[],
  trouble: string[],
): Promise<boolean> {
  const view = await emitWithAck<SocketAck & { state: TableState }>(mj.socket, 'itemRequest', { gameId });
  const head = view.ok ? view.state.lastSeq : -1;
  return until(
    () => seats.every(([client]) => client.inbox.state.lastSeq === head),
    'every client at the head',
    trouble,
    10_000,
  ).then(
    () => true,
    () => false,
  );
}

/**
 * The MJ hears events as logged: what any process announced under the log's epoch at that seq is
 * what the log holds, so no process handed out again a seq another had already given. An event
 * heard under an earlier epoch was emitted by an owner that died, or lost the game, before
 * logging it (docs/live-table.md "Owners"); the MJ's copy was then reset (checked by the caller
 * through expectClientsEqualServer).
 */
export function expectHeardAsLogged(mj: TableClient, log: TableEvent[]): void {
  for (const event of mj.heard) {
    const logged = log[event.seq - 1];
    // Past the head: the last events of an owner gone, whose seqs nobody gave out again yet.
    if (!logged) continue;
    if ((logged.epoch ?? 0) === (event.epoch ?? 0)) expect(event, `mj seq ${event.seq}`).toEqual(logged);
    else
      expect(event.epoch ?? 0, `mj seq ${event.seq}: a lost event's epoch`).toBeLessThan(logged.epoch ?? 0);
  }
}

/** A client at the table, what its reader may see, and a name for the messages. */
export type Seat = readonly [TableClient, TableActor, string];

/**
 * The party seated at its table through `socket` (each client catching up when behind, as the
 * real one), and the board the MJ sets up through the API: the map opened for everyone, each
 * player's token (every second one hidden from the others), a monster and a hidden monster. The
 * players' copies then hold redacted seqs, which the checks must find too.
 */
export async function seatedParty(url: string, party: ApiParty, socket: (token: string) => Promise<Socket>) {
  const source = { socket };
  const trouble: string[] = [];
  const mj = await joined(source, party.mj, party.gameId);
  const players = await Promise.all(party.players.map((player) => joined(source, player, party.gameId)));
  const seats: Seat[] = [
    [mj, { userId: party.mj.userId, role: 'mj', characterIds: [] }, 'mj'],
    ...party.players.map((player, i): Seat => [
      players[i]!,
      { userId: player.userId, role: 'player', characterIds: [player.characterId] },
      player.name,
    ]),
  ];
  const holeCounts = seats.map(([client, , name]) => catchUpWhenBehind(client, name, trouble));

  const create = (category: 'map' | 'monster', body: Record<string, unknown>) =>
    apiCall<{ id: string }>(url, 'POST', `/game-data/${party.gameId}/${category}`, body, party.mj.token);
  const map = await create('map', { name: MAP, link: 'https://cartes.example/foret.png' });
  const bestiary = {
    monsters: {
      Loup: (await create('monster', { name: 'Loup' })).id,
      Ombre: (await create('monster', { name: 'Ombre' })).id,
    },
  };
  await mj.send('mapChange', { gameId: party.gameId, map: { id: map.id, ...MAP_SIZE }, bringPlayers: true });
  const place = async (token: TokenIntent) =>
    expect(
      await mj.send('itemChange', {
        gameId: party.gameId,
        change: { type: 'token.place', map: MAP, ...token },
      }),
    ).toEqual({ ok: true });
  for (const [i, player] of party.players.entries()) {
    await place(playerDraft(player.characterId, { hidden: i % 2 === 1 }));
  }
  await place(monsterDraft(bestiary, 'Loup'));
  await place(monsterDraft(bestiary, 'Ombre', { hidden: true }));
  const placed = 1 + party.players.length + 2;
  await until(() => mj.inbox.state.lastSeq >= placed, 'the set-up events', trouble);
  const usableIdOf = (itemId: string) =>
    Object.values(mj.inbox.state.tokens[MAP] ?? {}).find((token) => token.itemId === itemId)!.usableId;
  return {
    mj,
    players,
    seats,
    trouble,
    monsterTokens: [usableIdOf(bestiary.monsters.Loup), usableIdOf(bestiary.monsters.Ombre)],
    playerToken: (player: ApiPlayer) => usableIdOf(player.characterId),
    /** Holes in the live events the clients met and caught up over, all together. */
    holes: () => holeCounts.reduce((sum, count) => sum + count(), 0),
  };
}
