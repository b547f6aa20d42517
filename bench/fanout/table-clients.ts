/**
 * The fan-out load of one load process (bench/fanout/load-worker.ts): every member of its games
 * has a socket.io client here, places its token, then drops it somewhere new `rate` times a
 * second, each drop an `itemChange` with an ack. A drop is delivered when every other member of
 * its game received the `itemUpdate` of its seq — the move itself, or what fog made of it for a
 * player (the token shown, concealed, or redacted); its latency is send → the last of them. The
 * same harness drives the real server and the bare relay, so their ratio compares servers, not clients.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/api/paths';
import { maxPercent } from '../../src/domain/geometry/geometry';
import type { FogShape } from '../../src/domain/table/fog';
import { percentile } from '../lib/load';

export interface FanoutMember {
  /** An access token; the bare relay takes none. */
  token?: string;
  /** The character (player) or the monster (MJ) the member's token stands for. */
  itemId: string;
  isPlayer: boolean;
  name: string;
}

export interface FanoutGame {
  gameId: string;
  members: FanoutMember[];
  /**
   * The game's map resource (named MAP), which its MJ — the first member — opens for everyone
   * before anyone places: the server places only on an open map. The bare relay has none.
   */
  map?: { id: string; width: number; height: number };
  /** Shapes the MJ draws on the map, one `fogChange` each, once it is open. */
  fog?: FogShape[];
}

export interface FanoutOptions {
  movesPerSecond: number;
  durationMs: number;
  /** How long to wait for late deliveries and acks once the senders stop. */
  drainMs?: number;
}

/** The drops' fate, counted alike by one load process and by all of them together. */
interface FanoutCounts {
  clients: number;
  /** Drops sent, answered `{ ok: true }`, answered with a refusal, never answered. */
  sent: number;
  acked: number;
  refused: number;
  unanswered: number;
  refusals: string[];
  /** Drops every other member received; acked drops some other member never received, and the missing deliveries. */
  delivered: number;
  lostMoves: number;
  lostDeliveries: number;
}

/** What one load process measured, raw, for `summarize` to merge with the others'. */
export interface FanoutSample extends FanoutCounts {
  /** Send → the server's answer, per answered drop, ms. */
  ackLatencies: number[];
  /** Send → every other member received, per drop, ms. */
  moveLatencies: number[];
  loadSeconds: number;
  /** CPU seconds the process used during the load, and its event loop's p99 lag. */
  cpuSeconds: number;
  lagP99Ms: number;
}

export interface FanoutResult extends FanoutCounts {
  ackP50Ms: number;
  ackP95Ms: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Drops sent per second over the load phase, as the timers managed. */
  movesPerSecond: number;
  /** CPU the load processes used together per second of load, and the worst event loop p99 lag. */
  clientCpu: number;
  clientLagP99Ms: number;
}

/** The figures of every load process's samples together. */
export function summarize(samples: readonly FanoutSample[]): FanoutResult {
  return summarizeSlices([samples]);
}

/**
 * The figures of loads driven one after the other (slices), each in every load process at once:
 * a slice lasts as long as its longest process, the slices add up.
 */
export function summarizeSlices(slices: ReadonlyArray<readonly FanoutSample[]>): FanoutResult {
  const samples = slices.flat();
  const sum = (pick: (sample: FanoutSample) => number) => samples.reduce((total, s) => total + pick(s), 0);
  const sorted = (pick: (sample: FanoutSample) => number[]) => samples.flatMap(pick).sort((x, y) => x - y);
  const moves = sorted((s) => s.moveLatencies);
  const acks = sorted((s) => s.ackLatencies);
  const seconds = slices.reduce((total, slice) => total + Math.max(...slice.map((s) => s.loadSeconds)), 0);
  return {
    // The same clients in every slice.
    clients: Math.max(...slices.map((slice) => slice.reduce((total, s) => total + s.clients, 0))),
    sent: sum((s) => s.sent),
    acked: sum((s) => s.acked),
    refused: sum((s) => s.refused),
    unanswered: sum((s) => s.unanswered),
    refusals: [...new Set(samples.flatMap((s) => s.refusals))],
    delivered: sum((s) => s.delivered),
    lostMoves: sum((s) => s.lostMoves),
    lostDeliveries: sum((s) => s.lostDeliveries),
    ackP50Ms: percentile(acks, 50),
    ackP95Ms: percentile(acks, 95),
    p50Ms: percentile(moves, 50),
    p95Ms: percentile(moves, 95),
    p99Ms: percentile(moves, 99),
    movesPerSecond: sum((s) => s.sent) / seconds,
    clientCpu: sum((s) => s.cpuSeconds) / seconds,
    clientLagP99Ms: Math.max(...samples.map((s) => s.lagP99Ms)),
  };
}

interface Pending {
  sentAt: number;
  expected: number;
  received: number;
  acked: boolean;
}

interface Seat {
  game: FanoutGame;
  member: FanoutMember;
  socket: Socket;
  /** itemId → usableId, from the `token.placed` events this client saw. */
  placed: Map<string, string>;
  /** Drops sent so far, over every drive: a late delivery of one drive never matches the next's. */
  drops: number;
}

export const MAP = 'Champ de bataille';
/** Long enough to see how far behind a saturated server falls, short enough to end the run. */
const ACK_TIMEOUT_MS = 20_000;
const CONNECT_BATCH = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Envelope {
  seq?: number;
  type: string;
  payload: {
    map: string;
    usableId?: string;
    x?: number;
    y?: number;
    token?: { itemId: string; usableId: string };
  };
}

/** A token as the wire asks for it: the server builds the rest from its stored character or monster. */
function placement(member: FanoutMember) {
  return { type: 'token.place', map: MAP, itemId: member.itemId, isPlayer: member.isPlayer, x: 50, y: 50 };
}

async function ask(
  socket: Socket,
  event: string,
  payload: unknown,
): Promise<{ ok: boolean; error?: string }> {
  return (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as {
    ok: boolean;
    error?: string;
  };
}

function connect(url: string, member: FanoutMember): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    auth: member.token ? { token: member.token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Runs `work` on every item, `width` at a time. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  }
  return results;
}

/** The games' members connected, caught up and with their token placed, ready to drive. */
export interface SeatedFanout {
  /** Runs the load once and measures it. */
  drive(options: FanoutOptions): Promise<FanoutSample>;
  close(): void;
}

export async function seatFanout(url: string, games: FanoutGame[]): Promise<SeatedFanout> {
  // Per drive: the drops under way and their latencies.
  let pending = new Map<string, Pending>();
  // Per game: the drops by seq, learnt from their senders' own copies, and the copies the other
  // members received before their sender's.
  let bySeq = new Map<string, Map<number, Pending>>();
  let early = new Map<string, Map<number, number>>();
  let moveLatencies: number[] = [];
  let ackLatencies: number[] = [];
  const keyOf = (gameId: string, usableId: string, x: number, y: number) => `${gameId}|${usableId}|${x}|${y}`;

  const seats: Seat[] = await inBatches(
    games.flatMap((game) => game.members.map((member) => ({ game, member }))),
    CONNECT_BATCH,
    async ({ game, member }) => ({
      game,
      member,
      socket: await connect(url, member),
      placed: new Map(),
      drops: 0,
    }),
  );
  const close = () => seats.forEach(({ socket }) => socket.disconnect());
  try {
    const receive = (entry: Pending, copies: number) => {
      const complete = entry.received >= entry.expected;
      entry.received += copies;
      if (!complete && entry.received >= entry.expected) moveLatencies.push(performance.now() - entry.sentAt);
    };
    const ofGame = <T>(maps: Map<string, Map<number, T>>, gameId: string) => {
      let map = maps.get(gameId);
      if (!map) maps.set(gameId, (map = new Map()));
      return map;
    };
    const hear = (seat: Seat, event: Envelope) => {
      const { payload, seq } = event;
      const { gameId } = seat.game;
      if (event.type === 'token.placed' && payload.token) {
        seat.placed.set(payload.token.itemId, payload.token.usableId);
        return;
      }
      if (seq === undefined) return;
      const drops = ofGame(bySeq, gameId);
      const before = ofGame(early, gameId);
      if (event.type === 'token.moved' && payload.usableId === seat.placed.get(seat.member.itemId)) {
        // The sender always sees its own token: its copy tells which seq the drop was given.
        const entry = pending.get(keyOf(gameId, payload.usableId!, payload.x!, payload.y!));
        if (!entry) return;
        drops.set(seq, entry);
        receive(entry, before.get(seq) ?? 0);
        before.delete(seq);
        return;
      }
      const entry = drops.get(seq);
      if (entry) receive(entry, 1);
      else before.set(seq, (before.get(seq) ?? 0) + 1);
    };
    for (const seat of seats) {
      // One envelope, or a command's envelopes in one message (decision 0042).
      seat.socket.on('itemUpdate', (message: Envelope | Envelope[]) => {
        for (const event of [message].flat()) hear(seat, event);
      });
    }
    await inBatches(seats, CONNECT_BATCH, async ({ socket, game }) => {
      const answer = await ask(socket, 'tableCatchUp', { gameId: game.gameId, afterSeq: 0 });
      if (!answer.ok) throw new Error(`tableCatchUp refused: ${answer.error}`);
    });
    const masters = seats.filter(({ game, member }) => game.map && member === game.members[0]);
    await inBatches(masters, CONNECT_BATCH, async ({ socket, game }) => {
      const answer = await ask(socket, 'mapChange', {
        gameId: game.gameId,
        map: game.map,
        bringPlayers: true,
      });
      if (!answer.ok) throw new Error(`mapChange refused: ${answer.error}`);
      for (const shape of game.fog ?? []) {
        const change = { gameId: game.gameId, map: MAP, change: { kind: 'shape', shape } };
        // The MJ's fog strokes are rate-limited as a hand paints them: wait and draw again.
        for (let tries = 0; ; tries += 1) {
          const drawn = await ask(socket, 'fogChange', { ...change, commandId: randomUUID() });
          if (drawn.ok) break;
          if (tries >= 20) throw new Error(`fogChange refused: ${drawn.error}`);
          await sleep(300);
        }
      }
    });
    await inBatches(seats, CONNECT_BATCH, async ({ socket, game, member }) => {
      const answer = await ask(socket, 'itemChange', { gameId: game.gameId, change: placement(member) });
      if (!answer.ok) throw new Error(`token.place refused: ${answer.error}`);
    });
    const placedBy = Date.now() + 30_000;
    // Each member must know its own token; under fog, the others' may well be hidden from it.
    while (seats.some((seat) => !seat.placed.has(seat.member.itemId))) {
      if (Date.now() > placedBy) throw new Error('some placed tokens never reached their table');
      await sleep(100);
    }
  } catch (error) {
    close();
    throw error;
  }

  async function drive(options: FanoutOptions): Promise<FanoutSample> {
    pending = new Map();
    bySeq = new Map();
    early = new Map();
    moveLatencies = [];
    ackLatencies = [];
    let sent = 0;
    let acked = 0;
    let refused = 0;
    let unanswered = 0;
    const refusals = new Set<string>();
    const acks: Promise<void>[] = [];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    lag.enable();
    const period = 1000 / options.movesPerSecond;
    const timers = seats.map((seat) => {
      const usableId = seat.placed.get(seat.member.itemId)!;
      const expected = seat.game.members.length - 1;
      // Whole percents the server keeps as sent: past the map's edge it moves the token back onto
      // the map, and that drop would arrive under another position than the one awaited.
      const bounds = maxPercent(seat.game.map);
      const [columns, rows] = [Math.floor(bounds.x) + 1, Math.floor(bounds.y) + 1];
      const drop = () => {
        seat.drops += 1;
        const x = seat.drops % columns;
        const y = Math.floor(seat.drops / columns) % rows;
        const entry = { sentAt: performance.now(), expected, received: 0, acked: false };
        pending.set(keyOf(seat.game.gameId, usableId, x, y), entry);
        sent += 1;
        acks.push(
          ask(seat.socket, 'itemChange', {
            gameId: seat.game.gameId,
            change: { type: 'token.move', map: MAP, usableId, x, y },
            // As the app's client sends every command (docs/live-table.md "Command ids").
            commandId: randomUUID(),
          }).then(
            (answer) => {
              if (answer.ok) {
                ackLatencies.push(performance.now() - entry.sentAt);
                acked += 1;
                entry.acked = true;
              } else {
                refused += 1;
                refusals.add(answer.error ?? '?');
              }
            },
            () => {
              unanswered += 1;
            },
          ),
        );
      };
      let interval: NodeJS.Timeout | undefined;
      const start = setTimeout(() => {
        drop();
        interval = setInterval(drop, period);
      }, Math.random() * period);
      return () => {
        clearTimeout(start);
        clearInterval(interval);
      };
    });
    await sleep(options.durationMs);
    timers.forEach((stop) => stop());
    const loadSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    lag.disable();
    await Promise.all(acks);
    const drainBy = performance.now() + (options.drainMs ?? 10_000);
    // A refused drop is never logged nor emitted: only acked ones can be lost.
    const incomplete = () =>
      [...pending.values()].filter((entry) => entry.acked && entry.received < entry.expected);
    while (incomplete().length > 0 && performance.now() < drainBy) await sleep(200);

    const lost = incomplete();
    return {
      clients: seats.length,
      sent,
      acked,
      refused,
      unanswered,
      refusals: [...refusals],
      delivered: moveLatencies.length,
      lostMoves: lost.length,
      lostDeliveries: lost.reduce((sum, entry) => sum + entry.expected - entry.received, 0),
      ackLatencies,
      moveLatencies,
      loadSeconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      lagP99Ms: lag.percentile(99) / 1e6,
    };
  }

  return { drive, close };
}
