/**
 * Replay (decision 0036) on a 100,000-event game in PGlite: what the first replay costs to write
 * its checkpoints, then jumping to random points of the game — the checkpoint before it read, the
 * events after it read and folded, the state shown to the MJ and to a player — against, in the
 * same run, the same jump folded from the log's start (the live table keeps its 3 latest
 * snapshots only, all near the head).
 */
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { games, tableEvents, users } from '../server/db/schema/index';
import { createReplayCheckpoints } from '../server/modules/history/checkpoints';
import { eventsAfter } from '../server/modules/table/log/reads';
import { emptyTable } from '../src/domain/table/reducer';
import { REPLAY_CHECKPOINT_EVERY, replayAt } from '../src/domain/table/replay';
import type { TableActor } from '../src/domain/table/types';
import { benchPlayer, seeded, tableLog } from './lib/table-log';
import { figure, print } from './lib/report';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const JUMPS = Number(process.env.BENCH_REPLAY_JUMPS ?? 200);
const FROM_START_JUMPS = Number(process.env.BENCH_REPLAY_FROM_START ?? 10);
/** The spacing of the checkpoints the server keeps (REPLAY_CHECKPOINT_EVERY), and a denser one to compare. */
const SPACINGS = [REPLAY_CHECKPOINT_EVERY, 1000];

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1] ?? 0;

export async function run(): Promise<void> {
  const database = await openDatabase(
    { dataDir: join(tmpdir(), 'sr-bench-replay'), databaseUrl: undefined },
    { inMemory: true },
  );
  const { db } = database;
  try {
    const [mj] = await db
      .insert(users)
      .values({ email: 'mj@bench.example', displayName: 'MJ', username: 'mj', passwordHash: 'x', role: 'mj' })
      .returning();
    const gameId = 'BENCHREPLAY';
    await db.insert(games).values({ id: gameId, name: 'Longue partie', mjUserId: mj!.id });
    const log = tableLog(EVENTS);
    for (let from = 0; from < EVENTS; from += 2000) {
      await db.insert(tableEvents).values(
        log.slice(from, from + 2000).map((event) => ({
          gameId,
          seq: event.seq,
          type: event.type,
          payload: event.payload as Record<string, unknown>,
          createdAt: new Date(event.createdAt),
        })),
      );
    }
    const mjActor: TableActor = { userId: 'user-mj', role: 'mj', characterIds: [] };
    const random = seeded(11);
    const seqs = (jumps: number) => Array.from({ length: jumps }, () => 1 + Math.floor(random() * EVENTS));
    // The CPU time too: PGlite runs on a thread of this process, so it counts its work, and on a
    // loaded machine it tells the jump's cost from its wait for a core.
    const timesOf = async (points: number[], jump: (seq: number) => Promise<unknown>) => {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (const seq of points) {
        const at = performance.now();
        const used = process.cpuUsage();
        await jump(seq);
        const { user, system } = process.cpuUsage(used);
        wall.push(performance.now() - at);
        cpu.push((user + system) / 1000);
      }
      return { wall, cpu };
    };
    const { wall: fromStart, cpu: fromStartCpu } = await timesOf(seqs(FROM_START_JUMPS), async (seq) =>
      replayAt(emptyTable, await eventsAfter(db, gameId, 0, seq), seq, mjActor),
    );
    for (const every of SPACINGS) {
      await db.execute(sql`delete from table_replay_checkpoints`);
      const checkpoints = createReplayCheckpoints(db, every);
      const started = performance.now();
      await checkpoints.upTo(gameId, EVENTS);
      const buildMs = performance.now() - started;
      const { rows } = (await db.execute(sql`
        select (select sum(octet_length(state::text)) from table_replay_checkpoints) as kept,
          (select count(*) from table_replay_checkpoints) as count,
          (select sum(octet_length(payload::text)) from table_events) as logged`)) as unknown as {
        rows: Array<{ kept: string; count: string; logged: string }>;
      };
      const { kept, count, logged } = rows[0]!;
      const jump = (actor: TableActor) => async (seq: number) => {
        const { base, events } = await checkpoints.window(gameId, seq, seq);
        return replayAt(base, events, seq, actor);
      };
      await timesOf(seqs(5), jump(mjActor));
      for (const [who, actor] of [
        ['mj', mjActor],
        ['player', benchPlayer],
      ] as const) {
        const { wall, cpu } = await timesOf(seqs(JUMPS), jump(actor));
        const jumps = `${JUMPS} jumps to random points of ${EVENTS} events, checkpoints every ${every}, as the ${who === 'mj' ? 'MJ' : 'player'} sees them`;
        print(
          figure(
            'replay',
            `jump-p95-${who}-every-${every}`,
            p95(wall),
            'ms',
            p95(fromStart),
            `${jumps}; baseline = p95 of ${FROM_START_JUMPS} jumps folded from the start`,
          ),
        );
        print(
          figure(
            'replay',
            `jump-cpu-p95-${who}-every-${every}`,
            p95(cpu),
            'ms',
            p95(fromStartCpu),
            `${jumps}, in CPU time (the process's, PGlite's thread included); baseline = the same of ${FROM_START_JUMPS} jumps folded from the start`,
          ),
        );
      }
      print(
        figure(
          'replay',
          `first-replay-build-every-${every}`,
          buildMs,
          'ms',
          buildMs,
          `${count} checkpoints written by the first replay of ${EVENTS} events`,
        ),
      );
      print(
        figure(
          'replay',
          `checkpoint-space-every-${every}`,
          Number(kept) / 1024 / 1024,
          'MB',
          Number(logged) / 1024 / 1024,
          `${count} checkpoints' states as JSON; baseline = the log's payloads`,
        ),
      );
    }
  } finally {
    await database.close();
  }
}
