import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONSTER_ATTACK } from '../../src/domain/dice/attack';
import type { AttackSpec } from '../../src/domain/table/attack';
import {
  inFog,
  MAX_FOG_SHAPES,
  tokenInFog,
  type FogChange,
  type FogShape,
  type MapFog,
} from '../../src/domain/table/fog';
import { fogMessages, tableMessages } from '../../src/domain/table/messages';
import { applyEvent, applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { ChatMessage, TableActor, TableState } from '../../src/domain/table/types';
import { ownsToken, projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { decide } from '../../src/domain/table/decide';
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
  expectCaughtUpCopies,
  expectLiveCopies,
  runServer,
} from './table-fixtures';
import { fogRect } from '../helpers/fog';

type Step = Parameters<typeof runServer>[0][number];

const MAP = 'Forêt';
const SIZE = { width: 1500, height: 1000 };
const players = [ana, bob];

const fog = (change: FogChange, actor: TableActor = mj): Step => ({
  command: { type: 'map.fog', map: MAP, change },
  actor,
});
const coverAll = fog({ kind: 'all', base: 'covered' });
const rect = (mode: 'reveal' | 'cover', [x1, y1, x2, y2]: number[]): Step =>
  fog(fogRect(mode, x1!, y1!, x2!, y2!));
const moved = (usableId: string, x: number, y: number, actor: TableActor = mj): Step => ({
  command: { type: 'token.move', map: MAP, usableId, x, y },
  actor,
});

/** Players on Forêt: Ana's character at (10, 10), a goblin at (60, 60), Bob's character at (80, 20). */
const table: Step[] = [
  { command: { type: 'map.select', map: mapRef(MAP), bringPlayers: true }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: playerDraft('c-ana', { x: 10, y: 10 }) }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: monsterDraft('Gobelin', { x: 60, y: 60 }) }, actor: mj },
  { command: { type: 'token.place', map: MAP, token: playerDraft('c-bob', { x: 80, y: 20 }) }, actor: mj },
];
const [anaToken, goblin, bobToken] = ['token-1', 'token-2', 'token-3'];

function playedOut(steps: Step[]) {
  const run = runServer([...table, ...steps]);
  const copies = players.map((player) => applyEvents(emptyTable, deliveredTo(run.log, player)));
  for (const [i, player] of players.entries()) {
    expect(copies[i]!.rejected).toEqual([]);
    expect(copies[i]!.state).toEqual(visibleTo(run.state, player));
  }
  return { ...run, ana: copies[0]!.state, bob: copies[1]!.state };
}

/** The last move of the log as this actor received it (the history it recorded follows it). */
function lastMoveAs(log: Parameters<typeof deliveredTo>[0], actor: TableActor) {
  const move = log.findLast(({ event }) => event.type === 'token.moved')!;
  return projectEvent(move.event, move.before, move.after, actor);
}

const idsOf = (state: TableState) => Object.keys(state.tokens[MAP] ?? {}).sort();

describe('fog: where it lies', () => {
  const fogOf = (base: MapFog['base'], ...shapes: MapFog['shapes']): MapFog => ({ base, shapes });
  const square = (mode: 'reveal' | 'cover'): FogShape => ({
    mode,
    kind: 'rect',
    points: [
      { x: 40, y: 40 },
      { x: 20, y: 20 },
    ],
  });

  it('lies as the base says where no shape is drawn', () => {
    expect(inFog(fogOf('revealed'), { x: 50, y: 50 }, SIZE)).toBe(false);
    expect(inFog(fogOf('covered'), { x: 50, y: 50 }, SIZE)).toBe(true);
  });

  it('lies as the last shape over a point says, whatever came before', () => {
    const covered = fogOf('revealed', square('cover'));
    expect(inFog(covered, { x: 30, y: 30 }, SIZE)).toBe(true);
    expect(inFog(covered, { x: 50, y: 30 }, SIZE)).toBe(false);
    const revealedAgain = fogOf('covered', square('reveal'), square('cover'), {
      mode: 'reveal',
      kind: 'rect',
      points: [
        { x: 25, y: 25 },
        { x: 35, y: 35 },
      ],
    });
    expect(inFog(revealedAgain, { x: 30, y: 30 }, SIZE)).toBe(false);
    expect(inFog(revealedAgain, { x: 22, y: 22 }, SIZE)).toBe(true);
  });

  it('reads a polygon by its inside, a concave one too', () => {
    // A "C" open to the right: its mouth is outside.
    const c = fogOf('covered', {
      mode: 'reveal',
      kind: 'polygon',
      points: [
        { x: 10, y: 10 },
        { x: 50, y: 10 },
        { x: 50, y: 20 },
        { x: 20, y: 20 },
        { x: 20, y: 40 },
        { x: 50, y: 40 },
        { x: 50, y: 50 },
        { x: 10, y: 50 },
      ],
    });
    expect(inFog(c, { x: 15, y: 30 }, SIZE)).toBe(false);
    expect(inFog(c, { x: 40, y: 30 }, SIZE)).toBe(true);
    expect(inFog(c, { x: 40, y: 15 }, SIZE)).toBe(false);
  });

  it('sweeps a brush as a disc round on the picture, whatever the map’s proportions', () => {
    // 10 % of a 1,500 px width is 150 px: 15 % of the 1,000 px height.
    const stroke = fogOf('covered', {
      mode: 'reveal',
      kind: 'brush',
      points: [
        { x: 20, y: 50 },
        { x: 60, y: 50 },
      ],
      radius: 10,
    });
    expect(inFog(stroke, { x: 40, y: 64 }, SIZE)).toBe(false);
    expect(inFog(stroke, { x: 40, y: 66 }, SIZE)).toBe(true);
    expect(inFog(stroke, { x: 69, y: 50 }, SIZE)).toBe(false);
    expect(inFog(stroke, { x: 71, y: 50 }, SIZE)).toBe(true);
  });

  it('hides a token by its centre, not its corner', () => {
    const { state } = runServer([...table, coverAll, rect('reveal', [0, 0, 61, 61])]);
    // The goblin's corner (60, 60) is revealed, its centre (62.5 %, 63.75 %) is not.
    expect(tokenInFog(state, MAP, state.tokens[MAP]![goblin]!)).toBe(true);
    const more = runServer([...table, coverAll, rect('reveal', [0, 0, 63, 64])]);
    expect(tokenInFog(more.state, MAP, more.state.tokens[MAP]![goblin]!)).toBe(false);
  });
});

describe('fog: what the players hold', () => {
  it('takes a covered token out of every player’s copy but its owner’s', () => {
    const { ana: anaCopy, bob: bobCopy, state } = playedOut([coverAll]);
    expect(idsOf(state)).toEqual([anaToken, goblin, bobToken].sort());
    expect(idsOf(anaCopy)).toEqual([anaToken]);
    expect(idsOf(bobCopy)).toEqual([bobToken]);
    // The players hold the fog itself, to draw it.
    expect(anaCopy.fogs[MAP]).toEqual({ base: 'covered', shapes: [] });
  });

  it('brings a token back when its area is revealed, with its place in the order', () => {
    const { ana: copy, log } = playedOut([
      { command: { type: 'turnOrder.generate', map: MAP }, actor: mj },
      coverAll,
      rect('reveal', [50, 50, 80, 80]),
    ]);
    expect(idsOf(copy)).toEqual([anaToken, goblin].sort());
    // The MJ's history follows the change, redacted to a player.
    const reveal = deliveredTo(log, ana).at(-2)!;
    expect(reveal).toMatchObject({ type: 'map.fogChanged', payload: { vanished: [] } });
    expect(reveal.type === 'map.fogChanged' && reveal.payload.appeared?.map((t) => t.usableId)).toEqual([
      goblin,
    ]);
    // A monster comes back as the players see it: its band, no numbers.
    expect(copy.tokens[MAP]![goblin]).toMatchObject({ HP: null, AC: null, health: 'unhurt' });
    expect(copy.turnOrders[MAP]).toContain(goblin);
  });

  it('takes a token that walks into fog out of the copies, and brings it back when it walks out', () => {
    const into = playedOut([rect('cover', [50, 0, 100, 100]), moved(anaToken, 70, 30, ana)]);
    expect(idsOf(into.bob)).toEqual([bobToken]);
    expect(lastMoveAs(into.log, bob)).toMatchObject({
      type: 'token.concealed',
      payload: { usableId: anaToken },
    });
    // Its owner follows it into the fog.
    expect(lastMoveAs(into.log, ana)).toMatchObject({ type: 'token.moved' });
    const out = playedOut([
      rect('cover', [50, 0, 100, 100]),
      moved(anaToken, 70, 30, ana),
      moved(anaToken, 10, 30, ana),
    ]);
    expect(idsOf(out.bob)).toEqual([anaToken, bobToken].sort());
    expect(lastMoveAs(out.log, bob)).toMatchObject({
      type: 'token.visibilityChanged',
      payload: { token: { usableId: anaToken, x: 10, y: 30 } },
    });
  });

  it('tells a player nothing of a token moving within the fog', () => {
    const { log } = playedOut([coverAll, moved(goblin, 50, 50), moved(goblin, 40, 40)]);
    expect(
      deliveredTo(log, ana)
        .slice(-2)
        .map((event) => event.type),
    ).toEqual(['redacted', 'redacted']);
  });

  it('lets a player strike, target or see the lines of no token in fog', () => {
    const attack: AttackSpec = {
      ...MONSTER_ATTACK,
      by: 'character',
      name: 'Attaque simple',
      itemId: 'c-ana',
      bonus: 3,
      damageRoll: '1d6',
      range: 100,
      movement: 6,
      essenceCost: 0,
    };
    const strike = { type: 'attack.perform' as const, map: MAP, attackerId: anaToken, attack, aim: null };
    const covered = runServer([...table, rect('cover', [50, 50, 100, 100])]);
    expect(decide(covered.state, { ...strike, targetId: goblin }, ana, envOf())).toEqual({
      refusal: tableMessages.tokenNotFound,
    });
    // The goblin strikes out of the fog: the lines are the managers’ (and Ana's, told what it cost).
    const monster: AttackSpec = {
      ...MONSTER_ATTACK,
      by: 'monster',
      itemId: 'm-Gobelin',
      bonus: 30,
      damageRoll: '1d6',
      movement: 0,
      essenceCost: 0,
      range: 100,
    };
    const struck = runServer([
      ...table,
      rect('cover', [50, 50, 100, 100]),
      {
        command: {
          type: 'attack.perform',
          map: MAP,
          attackerId: goblin,
          attack: monster,
          targetId: anaToken,
          aim: null,
        },
        actor: mj,
      },
    ]);
    const lines = struck.log
      .map(({ event }) => event)
      .flatMap((event) =>
        event.type === 'dice.rolled' || event.type === 'chat.system' ? [event.payload as ChatMessage] : [],
      );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.audience === 'managers')).toBe(true);
    const seenByBob = deliveredTo(struck.log, bob).map((event) => event.type);
    expect(seenByBob.filter((type) => type === 'attack.performed' || type === 'dice.rolled')).toEqual([]);
    expect(seenByBob).toContain('token.adjusted');
  });

  // JSON reads −0 and writes 0: a shape logged at −0 folded differently in memory than from a snapshot.
  it('logs a point drawn at −0 as 0, as the wire and the snapshots carry it', () => {
    const { state } = runServer(table);
    const points = [
      { x: -0, y: -0 },
      { x: 10, y: 10 },
    ];
    const change: FogChange = { kind: 'shape', shape: { mode: 'cover', kind: 'rect', points } };
    const decision = decide(state, { type: 'map.fog', map: MAP, change }, mj, envOf());
    if ('refusal' in decision) throw new Error(decision.refusal);
    const logged = decision.events[0]!.payload as { change: Extract<FogChange, { kind: 'shape' }> };
    expect(Object.is(logged.change.shape.points[0]!.x, 0)).toBe(true);
    expect(Object.is(logged.change.shape.points[0]!.y, 0)).toBe(true);
  });

  it('refuses a player’s fog and a shape off the map, and caps the shapes of a map', () => {
    const { state } = runServer(table);
    const shape: Extract<FogChange, { kind: 'shape' }> = {
      kind: 'shape',
      shape: {
        mode: 'cover',
        kind: 'rect',
        points: [
          { x: 0, y: 0 },
          { x: 10, y: 10 },
        ],
      },
    };
    expect(decide(state, { type: 'map.fog', map: MAP, change: shape }, ana, envOf())).toEqual({
      refusal: fogMessages.onlyMaster,
    });
    const off = {
      ...shape,
      shape: {
        ...shape.shape,
        points: [
          { x: 0, y: 0 },
          { x: 120, y: 10 },
        ],
      },
    };
    expect(decide(state, { type: 'map.fog', map: MAP, change: off }, mj, envOf())).toEqual({
      refusal: fogMessages.invalidShape,
    });
    const brushWithoutRadius: FogChange = {
      kind: 'shape',
      shape: { mode: 'cover', kind: 'brush', points: [{ x: 1, y: 1 }] },
    };
    expect(decide(state, { type: 'map.fog', map: MAP, change: brushWithoutRadius }, mj, envOf())).toEqual({
      refusal: fogMessages.invalidShape,
    });
    expect(decide(state, { type: 'map.fog', map: 'Crypte', change: shape }, mj, envOf())).toEqual({
      refusal: tableMessages.mapNotOpen,
    });
    const full = {
      ...state,
      fogs: {
        [MAP]: {
          base: 'revealed' as const,
          shapes: Array.from({ length: MAX_FOG_SHAPES }, () => shape.shape),
        },
      },
    };
    expect(decide(full, { type: 'map.fog', map: MAP, change: shape }, mj, envOf())).toEqual({
      refusal: fogMessages.tooManyShapes,
    });
    expect(
      decide(full, { type: 'map.fog', map: MAP, change: { kind: 'all', base: 'revealed' } }, mj, envOf()),
    ).toMatchObject({
      events: [{ type: 'map.fogChanged' }, { type: 'history.recorded' }],
    });
  });
});

/**
 * Sessions on the players' map, heavy with fog, moves, shows and the MJ's undos: most commands land
 * on Forêt.
 */
const fogSession = fc
  .array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          command: fogChange.map((change) => ({ type: 'map.fog' as const, map: MAP, change })),
          actor: fc.constant(mj),
        }),
      },
      { weight: 7, arbitrary: fc.record({ command, actor: fc.constantFrom(mj, ana, bob) }) },
      {
        weight: 2,
        arbitrary: fc.record({
          command: fc.constantFrom({ type: 'history.undo' as const }, { type: 'history.redo' as const }),
          actor: fc.constant(mj),
        }),
      },
    ),
    { minLength: 10, maxLength: 60 },
  )
  .map((steps) => [
    ...table,
    ...steps.map((step) =>
      'map' in step.command && step.command.type !== 'map.select'
        ? { ...step, command: { ...step.command, map: MAP } }
        : step,
    ),
  ]);

/** No token of the players' map in this copy lies in the server's fog or hidden, but the player's own. */
function expectNothingInFog(copy: TableState, server: TableState, player: TableActor): void {
  const map = server.currentMap?.name;
  for (const [onMap, tokens] of Object.entries(copy.tokens)) {
    expect(onMap).toBe(map);
    for (const token of Object.values(tokens)) {
      if (ownsToken(player, token)) continue;
      const truth = server.tokens[onMap]![token.usableId]!;
      expect(truth.visibility).toBe(true);
      expect(tokenInFog(server, onMap, truth)).toBe(false);
    }
  }
}

describe('fog: properties', () => {
  it('no token outside a player’s revealed area is ever in their fold, live', () => {
    fc.assert(
      fc.property(fogSession, (steps) => {
        expectLiveCopies(runServer(steps).log, players, expectNothingInFog);
      }),
      { numRuns: 80 },
    );
    // Each run folds every event for two players and compares whole copies: seconds on 2 busy cores.
  }, 20_000);

  it('no token outside a player’s revealed area is ever in their fold, caught up from a snapshot', () => {
    fc.assert(
      fc.property(fogSession, fc.nat(), (steps, at) => {
        const { state, log } = runServer(steps);
        expectCaughtUpCopies(log, state, at % (log.length + 1), players, expectNothingInFog);
      }),
      { numRuns: 100 },
    );
  }, 20_000);
});

/** Goblins and wolves placed, shown, hidden and walked in and out of halves of the map the fog covers or reveals. */
const namesSession = fc
  .array(
    fc.oneof(
      fc
        .record({
          mode: fc.constantFrom('cover' as const, 'reveal' as const),
          half: fc.constantFrom([0, 0, 50, 100], [50, 0, 100, 100], [0, 0, 100, 50]),
        })
        .map(({ mode, half }) => rect(mode, [...half])),
      fc
        .record({
          name: fc.constantFrom('Gobelin', 'Loup'),
          x: fc.integer({ min: 5, max: 90 }),
          y: fc.integer({ min: 5, max: 90 }),
          visibility: fc.boolean(),
        })
        .map(({ name, ...at }): Step => ({
          command: { type: 'token.place', map: MAP, token: monsterDraft(name, at) },
          actor: mj,
        })),
      fc
        .record({
          token: fc.integer({ min: 2, max: 14 }),
          x: fc.integer({ min: 5, max: 90 }),
          y: fc.integer({ min: 5, max: 90 }),
        })
        .map(({ token, x, y }) => moved(`token-${token}`, x, y)),
      fc.integer({ min: 2, max: 14 }).map((token): Step => ({
        command: { type: 'token.toggleVisibility', map: MAP, usableId: `token-${token}` },
        actor: mj,
      })),
    ),
    { minLength: 5, maxLength: 40 },
  )
  .map((steps) => [...table, ...steps]);

describe('fog: names in sight', () => {
  it('a player’s copy never numbers a monster past the monsters of its kind they were shown, nor letters one', () => {
    fc.assert(
      fc.property(namesSession, (steps) => {
        const { log } = runServer(steps);
        for (const player of players) {
          let copy = emptyTable;
          const shown = new Map<string, Set<string>>();
          for (const { event, before, after } of log) {
            copy = applyEvent(copy, projectEvent(event, before, after, player)).state;
            const monsters = Object.values(copy.tokens).flatMap((tokens) =>
              Object.values(tokens).filter((token) => !token.isPlayer),
            );
            for (const monster of monsters) {
              const kind = monster.name.replace(/ \d+$/, '');
              shown.set(kind, (shown.get(kind) ?? new Set()).add(monster.usableId));
            }
            for (const monster of monsters) {
              const [, kind, number] = /^(.*) (\d+)$/.exec(monster.name) ?? [];
              expect(number, monster.name).toBeDefined();
              expect(Number(number)).toBeLessThanOrEqual(shown.get(kind!)!.size);
            }
          }
        }
      }),
      { numRuns: 80 },
    );
  }, 20_000);

  it('letters a goblin placed in the fog, and numbers it among those shown once it comes out', () => {
    const names = (state: TableState) =>
      Object.values(state.tokens[MAP]!)
        .map((token) => token.name)
        .sort();
    const placed = [
      rect('cover', [50, 0, 100, 100]),
      {
        command: { type: 'token.place', map: MAP, token: monsterDraft('Gobelin', { x: 80, y: 80 }) },
        actor: mj,
      },
      {
        command: { type: 'token.place', map: MAP, token: monsterDraft('Gobelin', { x: 20, y: 60 }) },
        actor: mj,
      },
    ] satisfies Step[];
    // The players saw the first goblin before the fog came over it: the one in the open is their second.
    const inFog = playedOut(placed);
    expect(names(inFog.state)).toEqual(['Gobelin 1', 'Gobelin 2', 'Gobelin A', 'c-ana', 'c-bob']);
    expect(names(inFog.ana)).toEqual(['Gobelin 2', 'c-ana']);

    const revealed = playedOut([...placed, fog({ kind: 'all', base: 'revealed' })]);
    expect(names(revealed.state)).toEqual(['Gobelin 1', 'Gobelin 2', 'Gobelin 3', 'c-ana', 'c-bob']);
    expect(names(revealed.ana)).toEqual(names(revealed.state));
    const lines = revealed.log.flatMap(({ event }) => (event.type === 'chat.system' ? [event.payload] : []));
    expect(lines.at(-1)).toMatchObject({
      audience: 'managers',
      message: tableMessages.renamed('Gobelin A', 'Gobelin 3', true),
    });
    // Walking back into the fog, it keeps its number: the players saw it.
    const back = playedOut([
      ...placed,
      fog({ kind: 'all', base: 'revealed' }),
      rect('cover', [70, 70, 90, 90]),
    ]);
    expect(names(back.state)).toContain('Gobelin 3');
  });
});
