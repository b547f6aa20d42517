/**
 * Sight in the players' copies (docs/decisions/0025-sight-in-the-players-copies.md): what the
 * server spends projecting one drop for every player when the map has walls. Six players, a token
 * each, and twenty monsters on a 4,000 × 4,000 map of rooms (walls with a door each); each move
 * steps one token a cell and is projected for the six players and the shared copy, as the emitter
 * does. Per-move p95 on a dark map and on a lit one, against the same moves on the map without
 * vision (the fog's path). With vision, each move is followed, as `decide` does, by the cells it
 * showed each character for the first time (`exploredGrowth`, folded in): its p95 per move, the
 * bytes it logs per move and what a character's explored set weighs at the end.
 */
import type { MapVision } from '../src/domain/table/map-vision';
import { applyEvent, emptyTable } from '../src/domain/table/reducer';
import type { MapToken, TableActor, TableEvent, TableEventBody, TableState } from '../src/domain/table/types';
import { exploredGrowth } from '../src/domain/table/player-sight';
import { projectEvent } from '../src/domain/table/visibility';
import type { Wall } from '../src/domain/geometry/walls';
import { seeded } from './lib/table-log';
import { figure, print } from './lib/report';

const SIDE = 4000;
const ROOM = 500;
const PLAYERS = 6;
const MONSTERS = 20;
const MOVES = Number(process.env.BENCH_VISION_MOVES ?? 1000);
const WARM_UP = 50;
const MAP = 'Donjon';

const players: TableActor[] = Array.from({ length: PLAYERS }, (_, i) => ({
  userId: `u${i}`,
  role: 'player',
  characterIds: [`c${i}`],
}));
const nobody: TableActor = { userId: '', role: 'player', characterIds: [] };

/** A grid of 8 × 8 rooms: every side a wall with a door in its middle third, half of them open. */
function rooms(random: () => number): Wall[] {
  const walls: Wall[] = [];
  for (let line = 1; line < SIDE / ROOM; line++) {
    for (let cell = 0; cell < SIDE / ROOM; cell++) {
      for (const vertical of [true, false]) {
        const at = (along: number) =>
          vertical ? { x: line * ROOM, y: cell * ROOM + along } : { x: cell * ROOM + along, y: line * ROOM };
        const id = `${vertical ? 'v' : 'h'}${line}-${cell}`;
        walls.push({ id: `${id}a`, a: at(0), b: at(ROOM / 3), kind: 'wall' });
        walls.push({
          id: `${id}d`,
          a: at(ROOM / 3),
          b: at((2 * ROOM) / 3),
          kind: 'door',
          open: random() < 0.5,
        });
        walls.push({ id: `${id}b`, a: at((2 * ROOM) / 3), b: at(ROOM), kind: 'wall' });
      }
    }
  }
  return walls;
}

function token(usableId: string, itemId: string, isPlayer: boolean, random: () => number): MapToken {
  return {
    usableId,
    itemId,
    name: usableId,
    isPlayer,
    assetLink: null,
    speciality: null,
    AC: 12,
    HP: 20,
    currentHP: 20,
    soulEssence: isPlayer ? 10 : null,
    currentSoulEssence: isPlayer ? 10 : null,
    attackBonus: 0,
    damage: '1d6',
    inTurnOrder: false,
    visibility: true,
    size: 1,
    darkvision: isPlayer ? 2 : 12,
    x: 5 + random() * 85,
    y: 5 + random() * 85,
  };
}

interface Walk {
  moves: { event: TableEvent; before: TableState; after: TableState }[];
  /**
   * Per move after the warm-up: the wall and CPU time `exploredGrowth` took (the mover's new sweep
   * among them), and the bytes it logged. On the shared machine the CPU time is the fair one.
   */
  exploreMs: number[];
  exploreCpuMs: number[];
  exploreBytes: number;
  end: TableState;
}

/**
 * The server's states along a walk: each move steps one player's token a cell, and with vision the
 * cells it shows for the first time follow it, as `decide` appends them.
 */
function walk(vision: MapVision | null, random: () => number): Walk {
  const bodies: TableEventBody[] = [
    {
      type: 'map.selected',
      payload: { map: { id: 'm', name: MAP, link: '', width: SIDE, height: SIDE }, bringPlayers: true },
    },
    ...players.map((player, i): TableEventBody => ({
      type: 'token.placed',
      payload: { map: MAP, token: token(`p${i}`, player.characterIds[0]!, true, random) },
    })),
    ...Array.from({ length: MONSTERS }, (_, i): TableEventBody => ({
      type: 'token.placed',
      payload: { map: MAP, token: token(`m${i}`, `monster${i}`, false, random) },
    })),
    ...(vision
      ? [
          {
            type: 'map.visionChanged',
            payload: { map: MAP, change: { kind: 'add', walls: vision.walls } },
          } as const,
        ]
      : []),
    ...(vision?.lighting === 'dark'
      ? [
          {
            type: 'map.visionChanged',
            payload: { map: MAP, change: { kind: 'lighting', lighting: 'dark' } },
          } as const,
        ]
      : []),
  ];
  let state = emptyTable;
  const fold = (body: TableEventBody) => {
    const event = { ...body, seq: state.lastSeq + 1, userId: null, createdAt: '' } as TableEvent;
    const applied = applyEvent(state, event);
    if (applied.outcome !== 'applied') throw new Error(`${event.type} does not fold`);
    const step = { event, before: state, after: applied.state };
    state = applied.state;
    return step;
  };
  bodies.forEach(fold);
  exploredGrowth(state).forEach(fold);
  const cell = (75 / SIDE) * 100;
  const exploreMs: number[] = [];
  const exploreCpuMs: number[] = [];
  let exploreBytes = 0;
  const moves = Array.from({ length: MOVES + WARM_UP }, (_, move) => {
    const usableId = `p${move % PLAYERS}`;
    const at = state.tokens[MAP]![usableId]!;
    const heading = Math.floor(random() * 8) * (Math.PI / 4);
    const x = Math.min(95, Math.max(0, at.x + cell * Math.round(Math.cos(heading))));
    const y = Math.min(93, Math.max(0, at.y + cell * Math.round(Math.sin(heading))));
    const step = fold({ type: 'token.moved', payload: { map: MAP, usableId, x, y } });
    const started = performance.now();
    const usage = process.cpuUsage();
    const growth = exploredGrowth(state);
    const used = process.cpuUsage(usage);
    if (move >= WARM_UP) {
      exploreMs.push(performance.now() - started);
      exploreCpuMs.push((used.user + used.system) / 1000);
      exploreBytes += growth.reduce((bytes, body) => bytes + JSON.stringify(body.payload).length, 0);
    }
    growth.forEach(fold);
    return step;
  });
  return { moves, exploreMs, exploreCpuMs, exploreBytes, end: state };
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;

function p95PerMove(steps: Walk['moves']): number {
  const times: number[] = [];
  for (const [index, { event, before, after }] of steps.entries()) {
    const started = performance.now();
    projectEvent(event, before, after, nobody);
    for (const player of players) projectEvent(event, before, after, player);
    if (index >= WARM_UP) times.push(performance.now() - started);
  }
  return p95(times);
}

export async function run(): Promise<void> {
  const walls = rooms(seeded(7));
  const plainMs = p95PerMove(walk(null, seeded(11)).moves);
  const shape = `${PLAYERS} players and ${MONSTERS} monsters, ${walls.length} walls in 8 × 8 rooms, ${MOVES} moves`;
  for (const lighting of ['dark', 'lit'] as const) {
    const walked = walk({ walls, lighting }, seeded(11));
    const ms = p95PerMove(walked.moves);
    const largest = Math.max(...Object.values(walked.end.explored?.[MAP] ?? {}).map((text) => text.length));
    print(
      figure(
        'table-vision',
        `explore-move-${lighting}-p95`,
        p95(walked.exploreMs),
        'ms',
        ms,
        `${shape}; the cells each character saw first, after every move; baseline = projecting the move`,
      ),
    );
    print(
      figure(
        'table-vision',
        `explore-move-${lighting}-cpu-p95`,
        p95(walked.exploreCpuMs),
        'ms',
        ms,
        `${shape}; as explore-move, in CPU time; baseline = projecting the move, wall time`,
      ),
    );
    print(
      figure(
        'table-vision',
        `explore-log-${lighting}-per-move`,
        walked.exploreBytes / MOVES,
        'bytes',
        JSON.stringify(walked.moves.at(-1)!.event.payload).length,
        `${shape}; the vision.explored payloads logged per move; baseline = the move's own payload`,
      ),
    );
    print(
      figure(
        'table-vision',
        `explored-${lighting}-largest`,
        largest,
        'bytes',
        60_000,
        `${shape}; a character's explored set at the end, encoded; baseline = the wire's cap`,
      ),
    );
    print(
      figure(
        'table-vision',
        `project-move-${lighting}-p95`,
        ms,
        'ms',
        plainMs,
        `${shape}; every move projected for the ${PLAYERS} players and the shared copy; baseline = the same moves without vision`,
      ),
    );
  }
}
