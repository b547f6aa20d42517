import fc from 'fast-check';
import { expect } from 'vitest';
import type { RandomInt } from '../../src/domain/dice/random';
import type { DecideEnv, TableCommand, TokenDraft } from '../../src/domain/table/decide';
import { decide } from '../../src/domain/table/decide';
import type { AttackSpec } from '../../src/domain/table/attack';
import { CONDITION_KINDS, conditionsOf } from '../../src/domain/table/conditions';
import { creatureSizes } from '../../src/domain/resources/categories';
import type { FogChange } from '../../src/domain/table/fog';
import { applyEvent, applyEvents, emptyTable, restore, snapshotOf } from '../../src/domain/table/reducer';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { orderOf, tokenAt } from '../../src/domain/table/records';
import type { MapToken, Speaker, TableActor, TableEvent, TableState } from '../../src/domain/table/types';

/** The cast of every table test: the MJ, an admin, two players with a character each, an outsider's character c3. */
export const mj: TableActor = { userId: 'u-mj', role: 'mj', characterIds: [] };
export const admin: TableActor = { userId: 'u-admin', role: 'admin', characterIds: [] };
export const ana: TableActor = { userId: 'u-ana', role: 'player', characterIds: ['c-ana'] };
export const bob: TableActor = { userId: 'u-bob', role: 'player', characterIds: ['c-bob'] };
export const actors = [mj, admin, ana, bob];

/** Map names are data: a prototype's names among them must behave like any other. */
export const maps = ['Forêt', 'Crypte', '__proto__', 'constructor'];

export function speakerOf(actor: TableActor): Speaker {
  const character = actor.characterIds[0];
  return character
    ? { playerName: character, senderId: character, avatar: null }
    : { playerName: 'MJ', senderId: null, avatar: null };
}

/** A small seeded generator (mulberry32), so a failing run replays exactly. */
export function seededRandom(seed: number): RandomInt {
  let a = seed >>> 0;
  return (bound) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * bound);
  };
}

export function envOf(seed = 1): DecideEnv {
  let next = 0;
  return {
    randomInt: seededRandom(seed),
    newUsableId: () => `token-${(next += 1)}`,
  };
}

/** A character's token as the server builds it from the sheet, at the map's corner. */
export function playerDraft(character: string, overrides: Partial<TokenDraft> = {}): TokenDraft {
  return {
    itemId: character,
    name: character,
    isPlayer: true,
    assetLink: null,
    speciality: null,
    AC: 11,
    HP: 30,
    soulEssence: 100,
    attackBonus: 0,
    damage: '1d6',
    visibility: true,
    x: 10,
    y: 10,
    ...overrides,
  };
}

/** An open map of the tests: 20 × 13 cells. */
export function mapRef(name: string) {
  return { id: `map-${name}`, name, link: `/maps/${name}.png`, width: 1500, height: 1000 };
}

export function monsterDraft(name: string, overrides: Partial<TokenDraft> = {}): TokenDraft {
  return {
    ...playerDraft(name),
    itemId: `m-${name}`,
    isPlayer: false,
    soulEssence: null,
    HP: 12,
    attackBonus: 2,
    ...overrides,
  };
}

/**
 * Commands name tokens as "#n": the runner resolves it to the n-th token on the table at that
 * moment, so generated commands hit real tokens; "ghost" stays a token that never existed.
 */
const usableId = fc.oneof(
  { weight: 9, arbitrary: fc.nat(50).map((n) => `#${n}`) },
  { weight: 1, arbitrary: fc.constant('ghost') },
);
const map = fc.constantFrom(...maps);
/** "#n": the n-th condition of the token named, resolved like the tokens' "#n". */
const conditionRef = fc.oneof(
  fc.nat(5).map((n) => `#${n}`),
  fc.constant('ghost'),
);
const coordinate = fc.double({ min: -50, max: 150, noNaN: true });

const draft: fc.Arbitrary<TokenDraft> = fc.oneof(
  fc
    .record({
      character: fc.constantFrom('c-ana', 'c-bob', 'c-other'),
      x: coordinate,
      y: coordinate,
      visibility: fc.boolean(),
    })
    .map(({ character, ...rest }) => playerDraft(character, rest)),
  fc
    .record({
      name: fc.constantFrom('Gobelin', 'Loup', 'Liche'),
      x: coordinate,
      y: coordinate,
      visibility: fc.boolean(),
    })
    .map(({ name, ...rest }) => monsterDraft(name, rest)),
);

/** Attacks as the server reads them: a character's (its stat may be missing) or a monster's. */
const attackSpec: fc.Arbitrary<AttackSpec> = fc.record({
  name: fc.constantFrom('Taillade', 'Souffle', 'Attaque simple'),
  by: fc.constantFrom('character' as const, 'monster' as const),
  itemId: fc.constantFrom('c-ana', 'c-bob', 'm-Gobelin', 'm-Loup'),
  bonus: fc.option(fc.integer({ min: -2, max: 8 }), { freq: 8 }),
  damageRoll: fc.constantFrom('1d10+7', '2d6', '1d4-3', 'n’importe quoi'),
  range: fc.integer({ min: 0, max: 12 }),
  movement: fc.integer({ min: 0, max: 6 }),
  areaOfEffect: fc.constantFrom('single' as const, 'circle' as const, 'line' as const, 'cone' as const),
  areaSize: fc.integer({ min: 0, max: 4 }),
  maxTargets: fc.integer({ min: 0, max: 3 }),
  essenceCost: fc.constantFrom(0, 0, 10, 150),
});

/** A point of a fog shape: on the map mostly, off it now and then (refused). */
const fogPoint = fc.record({
  x: fc.oneof(
    { weight: 9, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
    { weight: 1, arbitrary: coordinate },
  ),
  y: fc.oneof(
    { weight: 9, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
    { weight: 1, arbitrary: coordinate },
  ),
});
const fogMode = fc.constantFrom('reveal' as const, 'cover' as const);

/** A change of a map's fog: rectangles, polygons and brush strokes of either mode, or everything at once. */
export const fogChange: fc.Arbitrary<FogChange> = fc.oneof(
  fc.record({
    kind: fc.constant('shape' as const),
    shape: fc.record({
      mode: fogMode,
      kind: fc.constant('rect' as const),
      points: fc.tuple(fogPoint, fogPoint).map((corners) => [...corners]),
    }),
  }),
  fc.record({
    kind: fc.constant('shape' as const),
    shape: fc.record({
      mode: fogMode,
      kind: fc.constant('polygon' as const),
      points: fc.array(fogPoint, { minLength: 2, maxLength: 7 }),
    }),
  }),
  fc.record({
    kind: fc.constant('shape' as const),
    shape: fc.record({
      mode: fogMode,
      kind: fc.constant('brush' as const),
      points: fc.array(fogPoint, { minLength: 1, maxLength: 5 }),
      radius: fc.double({ min: 0.1, max: 30, noNaN: true }),
    }),
  }),
  fc.record({
    kind: fc.constant('all' as const),
    base: fc.constantFrom('revealed' as const, 'covered' as const),
  }),
);

export const command: fc.Arbitrary<TableCommand> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('map.select' as const),
      map: map.map(mapRef),
      bringPlayers: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'map.clear' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('map.setGrid' as const),
      map,
      grid: fc.record({
        cellPx: fc.integer({ min: 10, max: 400 }),
        offsetX: fc.integer({ min: -500, max: 500 }),
        offsetY: fc.integer({ min: -500, max: 500 }),
        shown: fc.boolean(),
        color: fc.constantFrom('#000000', '#ffcc00'),
        opacity: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('map.fog' as const), map, change: fogChange }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('token.place' as const), map, token: draft }) },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('token.move' as const),
      map,
      usableId,
      x: coordinate,
      y: coordinate,
      snap: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('token.remove' as const), map, usableId }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('token.resize' as const),
      map,
      usableId,
      size: fc.constantFrom(...creatureSizes),
      snap: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('token.toggleVisibility' as const), map, usableId }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('token.adjust' as const),
      map,
      usableId,
      resource: fc.constantFrom('HP' as const, 'soulEssence' as const),
      direction: fc.constantFrom('decrease' as const, 'increase' as const),
      amount: fc.integer({ min: -3, max: 50 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('token.condition' as const),
      map,
      usableId,
      change: fc.oneof(
        fc.record({
          op: fc.constant('add' as const),
          kind: fc.constantFrom(...CONDITION_KINDS, 'custom' as const),
          label: fc.constantFrom('Béni', 'béni ', '', 'Concentration'),
          rounds: fc.option(fc.integer({ min: 0, max: 4 })),
        }),
        fc.record({ op: fc.constant('remove' as const), conditionId: conditionRef }),
        fc.record({
          op: fc.constant('set' as const),
          conditionId: conditionRef,
          rounds: fc.option(fc.integer({ min: 0, max: 4 })),
        }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.constant('turnOrder.generate' as const),
        map,
        bonuses: fc.dictionary(
          fc.constantFrom('c-ana', 'c-bob', 'm-Gobelin', 'm-Loup'),
          fc.integer({ min: -3, max: 6 }),
        ),
      },
      { requiredKeys: ['type', 'map'] },
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        type: fc.constant('turnOrder.next' as const),
        map,
        // The turn a client showed: the one playing, or one already passed.
        playing: fc.constantFrom('#head', '#second'),
        round: fc.integer({ min: 1, max: 3 }),
      },
      { requiredKeys: ['type', 'map'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('turnOrder.toggle' as const), map, usableId }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('turnOrder.reorder' as const),
      map,
      order: fc.oneof(
        fc.nat(6).map((n) => [`#rotate${n}`]),
        fc.constant<string[]>(['ghost']),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('turnOrder.newCombat' as const), map }) },
  // Undo and redo of the actor's own last action (decision 0022), often enough to walk back a few.
  { weight: 3, arbitrary: fc.constant({ type: 'history.undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'history.redo' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('attack.perform' as const),
      map,
      attackerId: usableId,
      attack: attackSpec,
      targetId: fc.option(usableId, { freq: 6 }),
      aim: fc.option(fc.record({ x: coordinate, y: coordinate }), { freq: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('chat.send' as const),
      text: fc.constantFrom(
        'Bonjour',
        '/r 2d6+3',
        '/ar 1d10+5 Coup (FOR)',
        '/x',
        '   ',
        '/rs 1d20',
        '/ra 1d20',
        '/w c-bob chut',
        '/w MJ chut',
      ),
      speaker: fc.constant(speakerOf(mj)),
      recipients: fc.constant([
        { name: 'c-ana', characterId: 'c-ana' },
        { name: 'c-bob', characterId: 'c-bob' },
      ]),
    }),
  },
);

/**
 * An action's own events, without its entry in its actor's history: the `history.recorded` that
 * closes an undoable one (decision 0022), or the one its last move carries (decision 0043).
 */
export function actionEvents<T extends { type: string; payload: object }>(events: readonly T[]): T[] {
  return events
    .filter((event) => event.type !== 'history.recorded')
    .map((event) => {
      if (!('recorded' in event.payload)) return event;
      const { recorded: _entry, ...payload } = event.payload;
      return { ...event, payload };
    });
}

export const actorArb = fc.constantFrom(...actors);

/** What the server does with each command: decide, then append the events with the next seqs. */
export interface Logged {
  event: TableEvent;
  before: TableState;
  after: TableState;
  /** The command it came from, as decided (`runServer` says it). */
  command?: TableCommand;
}

function resolveNames(state: TableState, command: TableCommand, actor: TableActor): TableCommand {
  // The chat's speaker is the server's to resolve: the actor's own.
  if ('speaker' in command) return { ...command, speaker: speakerOf(actor) };
  const all = Object.entries(state.tokens).flatMap(([map, tokens]) =>
    Object.keys(tokens).map((id) => ({ map, id })),
  );
  const pick = (name: string, among = all) => among[Number(name.slice(1)) % Math.max(1, among.length)];
  if ('usableId' in command && command.usableId.startsWith('#')) {
    const picked = pick(command.usableId);
    if (!picked) return command;
    const onToken = { ...command, map: picked.map, usableId: picked.id };
    if (onToken.type !== 'token.condition' || onToken.change.op === 'add') return onToken;
    const { conditionId } = onToken.change;
    const marked = conditionsOf(tokenAt(state, picked.map, picked.id)!);
    const named = conditionId.startsWith('#')
      ? marked[Number(conditionId.slice(1)) % Math.max(1, marked.length)]
      : undefined;
    return named ? { ...onToken, change: { ...onToken.change, conditionId: named.id } } : onToken;
  }
  if (command.type === 'attack.perform') {
    // The attacker's own stored identity, as the server would have read it from its token: a
    // character for the players, a monster for the managers, most of the time, and a target on
    // its map, so that attacks land often enough to be tested.
    const strikers = all.filter(({ map, id }) => {
      const token = tokenAt(state, map, id)!;
      return actor.role === 'player' ? actor.characterIds.includes(token.itemId) : !token.isPlayer;
    });
    const attacker = command.attackerId.startsWith('#')
      ? pick(command.attackerId, command.attackerId.length % 4 === 0 ? all : strikers)
      : undefined;
    if (!attacker) return command;
    const token = tokenAt(state, attacker.map, attacker.id)!;
    const target = command.targetId?.startsWith('#')
      ? pick(
          command.targetId,
          all.filter(({ map, id }) => map === attacker.map && id !== attacker.id),
        )
      : undefined;
    return {
      ...command,
      map: attacker.map,
      attackerId: attacker.id,
      attack: { ...command.attack, by: token.isPlayer ? 'character' : 'monster', itemId: token.itemId },
      targetId: target?.id ?? command.targetId,
    };
  }
  if (command.type === 'turnOrder.next' && command.playing?.startsWith('#')) {
    const order = orderOf(state, command.map);
    return { ...command, playing: command.playing === '#head' ? order[0] : order[1] };
  }
  if (command.type === 'turnOrder.reorder' && command.order[0]?.startsWith('#rotate')) {
    const order = orderOf(state, command.map);
    const by = Number(command.order[0].slice('#rotate'.length)) % Math.max(1, order.length);
    return { ...command, order: [...order.slice(by), ...order.slice(0, by)].reverse() };
  }
  return command;
}

export function runServer(
  commands: Array<{ command: TableCommand; actor: TableActor }>,
  seed = 1,
): { state: TableState; log: Logged[]; refusals: string[] } {
  const env = envOf(seed);
  let state = emptyTable;
  const log: Logged[] = [];
  const refusals: string[] = [];
  for (const { command: asked, actor } of commands) {
    const resolved = resolveNames(state, asked, actor);
    const decision = decide(state, resolved, actor, env);
    if ('refusal' in decision) {
      refusals.push(decision.refusal);
      continue;
    }
    for (const body of decision.events) {
      const event = {
        ...body,
        seq: state.lastSeq + 1,
        userId: actor.userId,
        createdAt: '2026-01-01T10:00:00.000Z',
      } as TableEvent;
      const applied = applyEvent(state, event);
      if (applied.outcome !== 'applied')
        throw new Error(
          `decide produced a ${applied.outcome} event: ${JSON.stringify(event)} ${'reason' in applied ? applied.reason : ''}`,
        );
      log.push({ event, before: state, after: applied.state, command: resolved });
      state = applied.state;
    }
  }
  return { state, log, refusals };
}

export const session = fc.array(fc.record({ command, actor: actorArb }), { minLength: 10, maxLength: 80 });

/**
 * A session at a table already set: the players brought to one map, then the MJ preparing another
 * alone (or the same). Most tokens go to one of the two, so that they are there to play with.
 */
export const preparedSession = fc
  .tuple(fc.constantFrom(...maps), fc.constantFrom(...maps), session)
  .map(([shown, prepared, rest]) => [
    { command: { type: 'map.select' as const, map: mapRef(shown), bringPlayers: true }, actor: mj },
    { command: { type: 'map.select' as const, map: mapRef(prepared), bringPlayers: false }, actor: mj },
    ...rest.map((step, index) =>
      step.command.type === 'token.place' && step.command.map !== maps[0]
        ? { ...step, command: { ...step.command, map: index % 2 === 0 ? shown : prepared } }
        : step,
    ),
  ]);

/** A goblin on the map, as the MJ receives it (numbers, not a band); views' tests start from it. */
export function goblinToken(over: Partial<MapToken> = {}): MapToken {
  return {
    usableId: 'gobelin-1',
    itemId: 'm-gobelin',
    name: 'Gobelin 1',
    isPlayer: false,
    assetLink: null,
    speciality: null,
    AC: 12,
    HP: 12,
    currentHP: 12,
    soulEssence: null,
    currentSoulEssence: null,
    attackBonus: 2,
    damage: '1d6',
    inTurnOrder: false,
    visibility: true,
    x: 10,
    y: 10,
    ...over,
  };
}

/** The log as one actor receives it, each event projected on the server's states around it. */
export function deliveredTo(log: readonly Logged[], actor: TableActor): TableEvent[] {
  return log.map(({ event, before, after }) => projectEvent(event, before, after, actor));
}

/**
 * A player's copy caught up as a reconnecting client gets it: their snapshot after the first `cut`
 * events of the log, through the wire's JSON, then what they are sent of the rest.
 */
export function caughtUpFromSnapshot(log: readonly Logged[], cut: number, actor: TableActor) {
  const snapshot = JSON.parse(
    JSON.stringify(snapshotOf(visibleTo(log[cut - 1]?.after ?? emptyTable, actor))),
  );
  return applyEvents(restore(snapshot), deliveredTo(log.slice(cut), actor));
}

/** What a property asks of a player's copy beyond equalling `visibleTo` of the server's state. */
type CopyCheck = (copy: TableState, server: TableState, player: TableActor) => void;

/**
 * Folds each player's copy event by event as their socket hears the log: after every event it is
 * the server's state as the player may see it, and `check` holds of it.
 */
export function expectLiveCopies(log: readonly Logged[], players: readonly TableActor[], check: CopyCheck) {
  for (const player of players) {
    let copy = emptyTable;
    for (const { event, before, after } of log) {
      const applied = applyEvent(copy, projectEvent(event, before, after, player));
      expect(applied.outcome).toBe('applied');
      copy = applied.state;
      expect(copy).toEqual(visibleTo(after, player));
      check(copy, after, player);
    }
  }
}

/** Each player's copy caught up from a snapshot taken after `cut` events ends at `server` as they may see it. */
export function expectCaughtUpCopies(
  log: readonly Logged[],
  server: TableState,
  cut: number,
  players: readonly TableActor[],
  check: CopyCheck,
) {
  for (const player of players) {
    const caughtUp = caughtUpFromSnapshot(log, cut, player);
    expect(caughtUp.rejected).toEqual([]);
    expect(caughtUp.state).toEqual(visibleTo(server, player));
    check(caughtUp.state, server, player);
  }
}
