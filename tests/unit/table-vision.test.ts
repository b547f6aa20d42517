import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exploredBy,
  exploredCount,
  isExploredAt,
  sameLayout,
  type Explored,
} from '../../src/domain/geometry/explored';
import { cellCentres } from '../../src/domain/geometry/geometry';
import { CIRCLE_OVERSHOOT, occludersOf, seesBody, sightPolygon } from '../../src/domain/geometry/sight';
import { blocksSight, wallMessages, type Wall } from '../../src/domain/geometry/walls';
import { decide } from '../../src/domain/table/decide';
import { tokenInFog } from '../../src/domain/table/fog';
import type { VisionChange } from '../../src/domain/table/map-vision';
import { tableMessages, visionMessages } from '../../src/domain/table/messages';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import { sightOfCharacters } from '../../src/domain/table/player-sight';
import { gridOf, openMap } from '../../src/domain/table/records';
import { exploredLayoutOf, readExplored } from '../../src/domain/table/remembered';
import { categoryFieldSchemas, resourceMessages } from '../../src/api/schemas/resources';
import { tokenBody } from '../../src/domain/table/token-size';
import type { TableActor, TableState } from '../../src/domain/table/types';
import { darkvisionCells, sightRadiusPx, tokenViewer } from '../../src/domain/table/vision';
import { ownsToken, projectEvent, seenByPlayers, visibleTo } from '../../src/domain/table/visibility';
import { crossesClearly } from '../helpers/segments';
import {
  ana,
  bob,
  command,
  deliveredTo,
  envOf,
  fogChange,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  caughtUpFromSnapshot,
  expectCaughtUpCopies,
  expectLiveCopies,
  runServer,
} from './table-fixtures';

/**
 * Sight in the players' copies (decision 0025): on a map with walls, a player's copy holds the
 * tokens their own tokens see and no other, live or caught up, and a door opened shows what is
 * behind it. fast-check draws a new seed each run and prints it with the smallest failing session.
 */

type Step = Parameters<typeof runServer>[0][number];

const MAP = 'Forêt';
const players = [ana, bob];
const vision = (change: VisionChange, actor: TableActor = mj): Step => ({
  command: { type: 'map.vision', map: MAP, change },
  actor,
});
const wallOf = (id: string, [ax, ay, bx, by]: number[], kind: Wall['kind'] = 'wall'): Wall => ({
  id,
  a: { x: ax!, y: ay! },
  b: { x: bx!, y: by! },
  kind,
});

/** Players on Forêt (1,500 × 1,000 px): Ana at (10, 10), a goblin at (60, 60), Bob at (80, 20). */
const table: Step[] = [
  { command: { type: 'map.select', map: mapRef(MAP), bringPlayers: true }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: playerDraft('c-ana', { x: 10, y: 10 }) }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: monsterDraft('Gobelin', { x: 60, y: 60 }) }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: playerDraft('c-bob', { x: 80, y: 20 }) }, actor: mj },
];
const [anaToken, goblin] = ['token-1', 'token-2'];

/** Ends on the map's lattice of 75 px, so walls share ends, lie on one line and pass through tokens. */
const end = fc.record({
  x: fc.integer({ min: 0, max: 20 }).map((n) => n * 75),
  y: fc.integer({ min: 0, max: 13 }).map((n) => n * 75),
});
const wallIds = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
const wall: fc.Arbitrary<Wall> = fc.record({
  id: fc.constantFrom(...wallIds),
  a: end,
  b: end,
  kind: fc.constantFrom('wall' as const, 'wall' as const, 'door' as const, 'window' as const),
});
const visionChange: fc.Arbitrary<VisionChange> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      walls: fc.array(wall, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      ids: fc.uniqueArray(fc.constantFrom(...wallIds), { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('door' as const),
      id: fc.constantFrom(...wallIds),
      open: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lighting' as const),
      lighting: fc.constantFrom('lit' as const, 'dark' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'forget' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

/** Sessions on the players' map with walls, doors, lighting, fog and every command, most of them on Forêt. */
const visionSession = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: visionChange.map((change) => vision(change)) },
      {
        weight: 1,
        arbitrary: fogChange.map((change) => ({
          command: { type: 'map.fog' as const, map: MAP, change },
          actor: mj,
        })),
      },
      { weight: 8, arbitrary: fc.record({ command, actor: fc.constantFrom(mj, ana, bob) }) },
    ),
    { minLength: 10, maxLength: 50 },
  )
  .map((steps) => [
    ...table,
    vision({ kind: 'add', walls: [wallOf('w-first', [450, 0, 450, 600], 'door')] }),
    ...steps.map((step) =>
      'map' in step.command && step.command.type !== 'map.select'
        ? { ...step, command: { ...step.command, map: MAP } }
        : step,
    ),
  ]);

/** How many cells of `cells` `kept` lacks. */
function lacking(cells: Explored, kept: Explored): number {
  return exploredCount({ layout: cells.layout, bits: cells.bits.map((byte, i) => byte & ~kept.bits[i]!) });
}

/**
 * No token of the players' map in this copy but the player's own is hidden, in fog, or out of
 * their tokens' sight on the server: its cell centre in the sight of one of theirs, reckoned here
 * afresh (no cache), and the segment from that token's centre to it crossing no blocking wall.
 */
function expectOnlyInSight(copy: TableState, server: TableState, player: TableActor): void {
  const map = server.currentMap?.name;
  for (const [onMap, tokens] of Object.entries(copy.tokens)) {
    expect(onMap).toBe(map);
    const walls = server.visions?.[onMap];
    for (const token of Object.values(tokens)) {
      if (ownsToken(player, token)) continue;
      const truth = server.tokens[onMap]![token.usableId]!;
      expect(truth.visibility).toBe(true);
      expect(tokenInFog(server, onMap, truth)).toBe(false);
      if (!walls) continue;
      const size = openMap(server, onMap)!;
      const { cellPx } = gridOf(server, onMap);
      const occluders = occludersOf(walls.walls, size);
      const eyes = Object.values(server.tokens[onMap]!).filter((own) => ownsToken(player, own));
      const target = tokenBody(truth, size, cellPx);
      const seenBy = eyes.filter((eye) => {
        const { centre } = tokenBody(eye, size, cellPx);
        const radius = sightRadiusPx(tokenViewer(eye), walls.lighting, size, cellPx);
        if (!seesBody([sightPolygon(centre, occluders, radius)], target, cellPx)) return false;
        // Sight never passes a wall: some cell of it is in reach along a clear segment.
        return cellCentres(target, cellPx).some(
          (point) =>
            Math.hypot(point.x - centre.x, point.y - centre.y) <= radius * CIRCLE_OVERSHOOT + 1e-6 &&
            !walls.walls.some((one) => blocksSight(one) && crossesClearly(centre, point, one.a, one.b)),
        );
      });
      expect(seenBy.length).toBeGreaterThan(0);
    }
  }
}

describe('vision: properties', () => {
  it('a player’s copy holds only what their tokens see, live, and equals visibleTo after every event', () => {
    fc.assert(
      fc.property(visionSession, (steps) => {
        expectLiveCopies(runServer(steps).log, players, (copy, server, player) => {
          expect(copy.visions).toBeUndefined();
          expectOnlyInSight(copy, server, player);
        });
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('a player’s copy holds only what their tokens see, caught up from a snapshot', () => {
    fc.assert(
      fc.property(visionSession, fc.nat(), (steps, at) => {
        const { state, log } = runServer(steps);
        expectCaughtUpCopies(log, state, at % (log.length + 1), players, expectOnlyInSight);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('what a character explored only grows until forgotten, and holds what its tokens see', () => {
    fc.assert(
      fc.property(visionSession, (steps) => {
        const { state, log } = runServer(steps);
        for (const { event, before, after } of log) {
          const forgets =
            event.type === 'map.visionChanged' && ['forget', 'clear'].includes(event.payload.change.kind);
          const layout = exploredLayoutOf(after, MAP);
          if (forgets || !sameLayout(layout, exploredLayoutOf(before, MAP))) continue;
          for (const [characterId, text] of Object.entries(before.explored?.[MAP] ?? {})) {
            const kept = readExplored(layout, after.explored?.[MAP]?.[characterId]);
            expect(lacking(readExplored(layout, text), kept)).toBe(0);
          }
        }
        fc.pre(state.currentMap?.name === MAP && state.visions?.[MAP] !== undefined);
        const layout = exploredLayoutOf(state, MAP);
        for (const token of Object.values(state.tokens[MAP] ?? {}).filter((one) => one.isPlayer)) {
          const seen = exploredBy(layout, sightOfCharacters(state, MAP, [token.itemId]));
          expect(lacking(seen, readExplored(layout, state.explored?.[MAP]?.[token.itemId]))).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('the managers’ copy caught up from a snapshot keeps what every character explored', () => {
    fc.assert(
      fc.property(visionSession, fc.nat(), (steps, at) => {
        const { state, log } = runServer(steps);
        const caughtUp = caughtUpFromSnapshot(log, at % (log.length + 1), mj);
        expect(caughtUp.rejected).toEqual([]);
        expect(caughtUp.state.explored).toEqual(state.explored);
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('opening a door loses nothing a player saw, and closing it shows nothing new', () => {
    fc.assert(
      fc.property(visionSession, fc.constantFrom(...wallIds, 'w-first'), (steps, door) => {
        const { state } = runServer(steps);
        const kind = state.visions?.[MAP]?.walls.find((one) => one.id === door)?.kind;
        fc.pre(kind === 'door');
        const opened = runServer([...steps, vision({ kind: 'door', id: door, open: true })]).state;
        const closed = runServer([...steps, vision({ kind: 'door', id: door, open: false })]).state;
        for (const player of players) {
          const seenClosed = Object.keys(visibleTo(closed, player).tokens[MAP] ?? {});
          const seenOpen = Object.keys(visibleTo(opened, player).tokens[MAP] ?? {});
          expect(seenOpen).toEqual(expect.arrayContaining(seenClosed));
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

/** Ana's room: a wall down x = 450 px with a door from y = 300 to 450; the goblin beyond it. */
const room: Step[] = [
  ...table,
  vision({
    kind: 'add',
    walls: [
      wallOf('haut', [450, 0, 450, 300]),
      wallOf('porte', [450, 300, 450, 450], 'door'),
      wallOf('bas', [450, 450, 450, 1000]),
    ],
  }),
  // Bob beside Ana, so that the goblin is hidden from the whole party.
  {
    command: { type: 'token.move', map: MAP, usableId: 'token-3', x: 10, y: 50 },
    actor: mj,
  },
];

describe('vision: doors, darkness and the players', () => {
  it('opening a door shows what is behind it, closing it hides it again', () => {
    const shut = runServer(room);
    expect(Object.keys(visibleTo(shut.state, ana).tokens[MAP]!)).not.toContain(goblin);

    const open = runServer([...room, vision({ kind: 'door', id: 'porte', open: true })]);
    const opened = open.log.findLast(({ event }) => event.type === 'map.visionChanged')!;
    const seen = projectEvent(opened.event, opened.before, opened.after, ana);
    expect(seen.type).toBe('vision.sight');
    expect(seen.type === 'vision.sight' && seen.payload.appeared?.map((token) => token.usableId)).toContain(
      goblin,
    );
    expect(Object.keys(visibleTo(open.state, ana).tokens[MAP]!)).toContain(goblin);

    const closed = runServer([
      ...room,
      vision({ kind: 'door', id: 'porte', open: true }),
      vision({ kind: 'door', id: 'porte', open: false }),
    ]);
    const closing = closed.log.findLast(({ event }) => event.type === 'map.visionChanged')!;
    const hidden = projectEvent(closing.event, closing.before, closing.after, ana);
    expect(hidden.type === 'vision.sight' && hidden.payload.vanished).toEqual([goblin]);
  });

  it('brings a player their own drop as their sight, with its entry in their history alone', () => {
    const { state, log } = runServer([
      ...room,
      { command: { type: 'token.move', map: MAP, usableId: anaToken, x: 20, y: 50 }, actor: ana },
    ]);
    const drop = log.at(-1)!;
    const recorded = drop.event.type === 'token.moved' ? drop.event.payload.recorded : undefined;
    expect(recorded?.by).toBe(ana.userId);
    const seen = projectEvent(drop.event, drop.before, drop.after, ana);
    expect(seen).toMatchObject({ type: 'vision.sight', payload: { recorded } });
    expect(JSON.stringify(projectEvent(drop.event, drop.before, drop.after, bob))).not.toContain('recorded');
    const copy = applyEvents(emptyTable, deliveredTo(log, ana)).state;
    expect(copy.history).toEqual({ [ana.userId]: { done: [recorded!.entry], undone: [] } });
    expect(copy).toEqual(visibleTo(state, ana));
  });

  it('gives the players their sight and never the walls, which stay with the managers', () => {
    const { state, log } = runServer(room);
    const copy = applyEvents(emptyTable, deliveredTo(log, ana)).state;
    expect(copy.visions).toBeUndefined();
    expect(copy.sight?.map).toBe(MAP);
    expect(copy.sight?.polygons).toHaveLength(1);
    expect(visibleTo(state, mj).visions?.[MAP]?.walls).toHaveLength(3);
    const walled = log.find(({ event }) => event.type === 'map.visionChanged')!;
    expect(projectEvent(walled.event, walled.before, walled.after, ana).type).toBe('vision.sight');
    expect(projectEvent(walled.event, walled.before, walled.after, mj)).toBe(walled.event);
  });

  it('on a dark map, a token sees the squares beside it, further with darkvision', () => {
    const dark = [
      ...table,
      vision({ kind: 'lighting', lighting: 'dark' }),
      // The goblin two cells right of Ana's square: 150 px from her corner, 2 cells away.
      { command: { type: 'token.move', map: MAP, usableId: goblin, x: 20, y: 10 }, actor: mj },
    ] satisfies Step[];
    expect(Object.keys(visibleTo(runServer(dark).state, ana).tokens[MAP]!)).not.toContain(goblin);
    const sharp = [
      { ...dark[0]! },
      {
        command: {
          type: 'token.place',
          map: MAP,
          token: playerDraft('c-ana', { x: 10, y: 10, darkvision: 2 }),
        },
        actor: mj,
      },
      ...dark.slice(2),
    ] satisfies Step[];
    expect(Object.keys(visibleTo(runServer(sharp).state, ana).tokens[MAP]!)).toContain(goblin);
  });

  it('a player with no token on the map sees none of it, and remembers what their token saw', () => {
    const { state } = runServer([
      ...room,
      { command: { type: 'token.remove', map: MAP, usableId: anaToken }, actor: mj },
    ]);
    const copy = visibleTo(state, ana);
    expect(copy.tokens[MAP]).toBeUndefined();
    expect(copy.sight).toEqual({ map: MAP, polygons: [], explored: state.explored?.[MAP]?.['c-ana'] });
    expect(copy.sight?.explored).toEqual(expect.any(String));
  });

  it('keeps lines about a token none of the party sees for the managers', () => {
    const { state } = runServer(room);
    expect(seenByPlayers(state, MAP, state.tokens[MAP]![goblin]!)).toBe(false);
    const lit = runServer([...room, vision({ kind: 'door', id: 'porte', open: true })]).state;
    expect(seenByPlayers(lit, MAP, lit.tokens[MAP]![goblin]!)).toBe(true);
  });

  it('refuses a player, an unknown door, a wall off the map or with an id taken, in French', () => {
    const { state } = runServer(room);
    const asked = (change: VisionChange, actor: TableActor = mj) =>
      decide(state, { type: 'map.vision', map: MAP, change }, actor, envOf());
    expect(asked({ kind: 'lighting', lighting: 'dark' }, ana)).toEqual({
      refusal: visionMessages.onlyMaster,
    });
    expect(asked({ kind: 'door', id: 'haut', open: true })).toEqual({ refusal: visionMessages.unknownDoor });
    expect(asked({ kind: 'door', id: 'nulle', open: true })).toEqual({ refusal: visionMessages.unknownDoor });
    expect(asked({ kind: 'remove', ids: ['nulle'] })).toEqual({ refusal: visionMessages.unknownWall });
    expect(asked({ kind: 'add', walls: [wallOf('haut', [0, 0, 75, 0])] })).toEqual({
      refusal: visionMessages.takenId,
    });
    expect(asked({ kind: 'add', walls: [wallOf('loin', [0, 0, 2000, 0])] })).toEqual({
      refusal: wallMessages.offMap,
    });
    expect(
      decide(state, { type: 'map.vision', map: 'Crypte', change: { kind: 'clear' } }, mj, envOf()),
    ).toEqual({ refusal: tableMessages.mapNotOpen });
  });
});

describe('vision: explored cells', () => {
  const opened = vision({ kind: 'door', id: 'porte', open: true });
  const closed = vision({ kind: 'door', id: 'porte', open: false });
  /** The goblin's place in the map's pixels: (60 %, 60 %) of 1,500 × 1,000. */
  const goblinAt = { x: 900, y: 600 };
  const remembers = (copy: TableState, at = goblinAt) => {
    const cells = copy.sight?.explored
      ? readExplored(exploredLayoutOf(copy, MAP), copy.sight.explored)
      : null;
    return cells !== null && isExploredAt(cells, at);
  };

  it('keeps the room a player saw through a door, without the goblin in it, live and caught up', () => {
    const { state, log } = runServer([...room, opened, closed]);
    const live = applyEvents(emptyTable, deliveredTo(log, ana));
    const caughtUp = caughtUpFromSnapshot(log, log.length - 2, ana);
    for (const copy of [live.state, caughtUp.state, visibleTo(state, ana)]) {
      expect(remembers(copy)).toBe(true);
      expect(Object.keys(copy.tokens[MAP]!)).not.toContain(goblin);
    }
  });

  it('keeps it when the token walks away, and grows only in the append that shows more', () => {
    const walked = runServer([
      ...room,
      opened,
      { command: { type: 'token.move', map: MAP, usableId: anaToken, x: 10, y: 90 }, actor: ana },
      closed,
    ]);
    expect(remembers(visibleTo(walked.state, ana))).toBe(true);
    const grown = walked.log.filter(({ event }) => event.type === 'vision.explored');
    expect(grown.map(({ event }) => event.type === 'vision.explored' && event.payload.characterId)).toEqual(
      expect.arrayContaining(['c-ana', 'c-bob']),
    );
    // Closing the door shows nobody anything new.
    expect(walked.log.at(-1)!.event.type).toBe('map.visionChanged');
  });

  it('tells each player their own memory alone', () => {
    const { log } = runServer([...room, opened]);
    const bobs = log.find(
      ({ event }) => event.type === 'vision.explored' && event.payload.characterId === 'c-bob',
    )!;
    expect(projectEvent(bobs.event, bobs.before, bobs.after, ana).type).toBe('redacted');
    const seen = projectEvent(bobs.event, bobs.before, bobs.after, bob);
    expect(seen).toMatchObject({
      type: 'vision.remembered',
      payload: { map: MAP, explored: expect.any(String) },
    });
    expect(projectEvent(bobs.event, bobs.before, bobs.after, mj)).toBe(bobs.event);
  });

  it('forgets on the MJ’s word what was explored, all but what the tokens see now', () => {
    const forgot = runServer([...room, opened, closed, vision({ kind: 'forget' })]);
    const copy = applyEvents(emptyTable, deliveredTo(forgot.log, ana)).state;
    expect(copy).toEqual(visibleTo(forgot.state, ana));
    expect(remembers(copy)).toBe(false);
    expect(remembers(copy, { x: 75, y: 100 })).toBe(true);
    expect(
      decide(forgot.state, { type: 'map.vision', map: MAP, change: { kind: 'forget' } }, ana, envOf()),
    ).toEqual({ refusal: visionMessages.onlyMaster });
  });
});

describe('vision: a monster’s « Vision dans le noir »', () => {
  const monster = categoryFieldSchemas.monster;

  it('is a whole number of cells from 0 to 60, or left empty for the 12 of creatures of the dark', () => {
    expect(monster.parse({}).darkvision).toBeNull();
    expect(darkvisionCells({ isPlayer: false, darkvision: monster.parse({}).darkvision })).toBe(12);
    expect(
      darkvisionCells({ isPlayer: false, darkvision: monster.parse({ darkvision: 0 }).darkvision }),
    ).toBe(0);
    expect(monster.parse({ darkvision: 60 }).darkvision).toBe(60);
    for (const wrong of [61, -1, 2.5, 'six']) {
      expect(monster.safeParse({ darkvision: wrong }).error?.issues[0]?.message).toBe(
        resourceMessages.darkvision,
      );
    }
  });
});
