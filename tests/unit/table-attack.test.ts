import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceMessages } from '../../src/domain/dice/messages';
import type { RandomInt } from '../../src/domain/dice/random';
import type { AttackSpec } from '../../src/domain/table/attack';
import { decide, type DecideEnv, type TableCommand } from '../../src/domain/table/decide';
import { attackMessages, MAX_AREA_TARGETS } from '../../src/domain/table/messages';
import { applyEvent, applyEvents, emptyTable } from '../../src/domain/table/reducer';
import { tokenAt } from '../../src/domain/table/records';
import type { MapToken, TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { canSee, projectEvent, seenByPlayers, visibleTo } from '../../src/domain/table/visibility';
import {
  actors,
  ana,
  bob,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  seededRandom,
  type Logged,
} from './table-fixtures';

/**
 * Fights on the tests' open map of 20 × 13 cells of 75 px (1500 × 1000 px): every token stands on
 * a whole cell, so distances in cells are plain Pythagoras on the cell indices.
 */
const MAP = mapRef('Forêt');
/** Hidden monsters carry this in their name, so a leak shows in any JSON a player receives. */
const SECRET = 'Secret';

const cell = fc.record({ col: fc.integer({ min: 0, max: 19 }), row: fc.integer({ min: 0, max: 12 }) });
type Cell = { col: number; row: number };
const percentOf = ({ col, row }: Cell) => ({
  x: ((col * 75) / MAP.width) * 100,
  y: ((row * 75) / MAP.height) * 100,
});
/** A click aims at the middle of a cell, where the centre of a token standing on it is. */
const centreOf = ({ col, row }: Cell) => percentOf({ col: col + 0.5, row: row + 0.5 });

const monster = fc.record({
  cell,
  hidden: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
  // Mostly alive, so that strikes land; sometimes dead, so that areas meet corpses.
  dead: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  AC: fc.integer({ min: 5, max: 22 }),
  HP: fc.integer({ min: 1, max: 25 }),
});

const fight = fc.record({
  hero: cell,
  heroHidden: fc.boolean(),
  essence: fc.integer({ min: 0, max: 30 }),
  monsters: fc.array(monster, { minLength: 1, maxLength: 6 }),
});
type Fight = typeof fight extends fc.Arbitrary<infer F> ? F : never;

/** Maximum of each damage roll; an unreadable one is a monster's 1d6 (and a character's refusal). */
const maxDamage: Record<string, number> = { '1d10+7': 17, '2d6': 12, '1d4-3': 1, 'n’importe quoi': 6 };

const spec = fc.record({
  name: fc.constantFrom('Taillade', 'Souffle'),
  by: fc.constantFrom('character' as const, 'monster' as const),
  bonus: fc.option(fc.integer({ min: -3, max: 10 }), { freq: 20 }),
  damageRoll: fc.constantFrom('1d10+7', '2d6', '1d4-3', '1d10+7', '2d6', 'n’importe quoi'),
  range: fc.integer({ min: 0, max: 20 }),
  movement: fc.integer({ min: 0, max: 6 }),
  areaOfEffect: fc.constantFrom('single' as const, 'circle' as const, 'line' as const, 'cone' as const),
  areaSize: fc.integer({ min: 0, max: 4 }),
  maxTargets: fc.integer({ min: 0, max: 3 }),
  essenceCost: fc.constantFrom(0, 0, 5, 20),
});

/** One strike: indices pick the attacking monster and the target among the tokens placed. */
const strike = fc.record({
  spec,
  attacker: fc.nat(),
  target: fc.option(fc.nat(), { freq: 8 }),
  // Aimed at a cell, or at the target's own cell (the usual click).
  aim: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: cell },
    { weight: 4, arbitrary: fc.constant('target' as const) },
  ),
  // The naturals 20 and 1 are the rules' edges: as likely as all the others together.
  d20: fc.oneof(fc.constantFrom(1, 20), fc.integer({ min: 2, max: 19 })),
  seed: fc.integer(),
});
type Strike = typeof strike extends fc.Arbitrary<infer S> ? S : never;

/** The server's chance with the attack's d20 forced: no damage roll of these specs uses a d20. */
function forcedD20(d20: number, seed: number): RandomInt {
  const rest = seededRandom(seed);
  return (bound) => (bound === 20 ? d20 - 1 : rest(bound));
}

let placed = 0;
const env = (randomInt: RandomInt): DecideEnv => ({
  randomInt,
  newUsableId: () => `token-${(placed += 1)}`,
});

/** A server: decide, then append with the next seqs (a refusal appends nothing). */
class Table {
  state: TableState = emptyTable;
  log: Logged[] = [];

  run(
    command: TableCommand,
    actor: TableActor,
    randomInt: RandomInt = seededRandom(1),
  ): string | TableEvent[] {
    const decision = decide(this.state, command, actor, env(randomInt));
    if ('refusal' in decision) return decision.refusal;
    const events: TableEvent[] = [];
    for (const body of decision.events) {
      const event = {
        ...body,
        seq: this.state.lastSeq + 1,
        userId: actor.userId,
        createdAt: '2026-01-01T10:00:00.000Z',
      } as TableEvent;
      const applied = applyEvent(this.state, event);
      if (applied.outcome !== 'applied') throw new Error(`unapplied ${JSON.stringify(event)}`);
      this.log.push({ event, before: this.state, after: applied.state });
      this.state = applied.state;
      events.push(event);
    }
    return events;
  }

  tokens(): MapToken[] {
    return Object.values(this.state.tokens[MAP.name] ?? {});
  }
}

/** The MJ opens the map for everyone, places Ana's character and the monsters, kills some, hides some. */
function setUp(setup: Fight): { table: Table; hero: string; monsters: string[] } {
  const table = new Table();
  const ids = (events: string | TableEvent[]) => {
    if (typeof events === 'string') throw new Error(events);
    const event = events[0]!;
    if (event.type !== 'token.placed') throw new Error(event.type);
    return event.payload.token.usableId;
  };
  table.run({ type: 'map.select', map: MAP, bringPlayers: true }, mj);
  const hero = ids(
    table.run(
      {
        type: 'token.place',
        map: MAP.name,
        token: playerDraft('c-ana', {
          ...percentOf(setup.hero),
          visibility: !setup.heroHidden,
          soulEssence: setup.essence,
        }),
      },
      mj,
    ),
  );
  const monsters = setup.monsters.map((m, index) => {
    const name = m.hidden ? `${SECRET}${index}` : `Gobelin${index}`;
    const id = ids(
      table.run(
        {
          type: 'token.place',
          map: MAP.name,
          token: monsterDraft(name, { ...percentOf(m.cell), visibility: !m.hidden, AC: m.AC, HP: m.HP }),
        },
        mj,
      ),
    );
    if (m.dead) {
      table.run(
        {
          type: 'token.adjust',
          map: MAP.name,
          usableId: id,
          resource: 'HP',
          direction: 'decrease',
          amount: m.HP,
        },
        mj,
      );
    }
    return id;
  });
  return { table, hero, monsters };
}

/** The command a strike makes: Ana with her character, or the MJ with one of the monsters. */
function attackOf(table: Table, hero: string, monsters: string[], s: Strike) {
  const byCharacter = s.spec.by === 'character';
  const attackerId = byCharacter ? hero : monsters[s.attacker % monsters.length]!;
  const all = table.tokens();
  const attack: AttackSpec = { ...s.spec, itemId: tokenAt(table.state, MAP.name, attackerId)!.itemId };
  const command = {
    type: 'attack.perform' as const,
    map: MAP.name,
    attackerId,
    attack,
    targetId: s.target === null ? null : all[s.target % all.length]!.usableId,
    aim: s.aim === 'target' ? centreOf(cellOf(all[(s.target ?? 0) % all.length]!)) : s.aim && centreOf(s.aim),
  };
  return { command, actor: byCharacter ? ana : mj };
}

function cellOf(token: { x: number; y: number }): Cell {
  return {
    col: Math.round((token.x * MAP.width) / 100 / 75),
    row: Math.round((token.y * MAP.height) / 100 / 75),
  };
}
const cells = (a: Cell, b: Cell) => Math.hypot(a.col - b.col, a.row - b.row);
/** Squares away from edge to edge: 1 beside, 2 with a cell between (one-cell tokens), 0 on the same cell. */
const edgeCells = (a: Cell, b: Cell) =>
  a.col === b.col && a.row === b.row
    ? 0
    : Math.hypot(Math.max(0, Math.abs(a.col - b.col) - 1), Math.max(0, Math.abs(a.row - b.row) - 1)) + 1;
/** From the centre of a token on this cell to a point of the map, in cells. */
const cellsToPoint = (from: Cell, point: { x: number; y: number }) =>
  Math.hypot(
    from.col + 0.5 - (point.x * MAP.width) / 100 / 75,
    from.row + 0.5 - (point.y * MAP.height) / 100 / 75,
  );

const hpOf = (events: TableEvent[], usableId: string) =>
  events.find(
    (e) => e.type === 'token.adjusted' && e.payload.usableId === usableId && e.payload.resource === 'HP',
  );

describe('attacks through decide: properties', () => {
  it('hits only living tokens the attacker’s side sees, never itself, at most maxTargets; a single attack hits its target or is refused', () => {
    fc.assert(
      fc.property(fight, strike, (setup, s) => {
        const { table, hero, monsters } = setUp(setup);
        const { command, actor } = attackOf(table, hero, monsters, s);
        const before = table.state;
        const answer = table.run(command, actor, forcedD20(s.d20, s.seed));
        if (typeof answer === 'string') {
          expect(table.state).toBe(before);
          return;
        }
        const performed = answer[0]!;
        expect(performed.type).toBe('attack.performed');
        if (performed.type !== 'attack.performed') return;
        const { targetIds } = performed.payload;
        expect(targetIds.length).toBeGreaterThan(0);
        expect(new Set(targetIds).size).toBe(targetIds.length);
        for (const id of targetIds) {
          const target = tokenAt(before, MAP.name, id)!;
          expect(id).not.toBe(command.attackerId);
          expect(target.currentHP).toBeGreaterThan(0);
          expect(canSee(actor, before, MAP.name, target)).toBe(true);
        }
        if (command.attack.areaOfEffect === 'single') {
          expect(targetIds).toEqual([command.targetId]);
        } else if (command.attack.maxTargets > 0) {
          expect(targetIds.length).toBeLessThanOrEqual(command.attack.maxTargets);
        }
        if (command.attack.areaOfEffect === 'circle') {
          // Every living, seen token within the circle is hit, nearest the attacker first, up to the limit.
          const attacker = cellOf(tokenAt(before, MAP.name, command.attackerId)!);
          const radius = command.attack.areaSize || 1;
          const candidates = Object.values(before.tokens[MAP.name]!).filter(
            (t) =>
              t.usableId !== command.attackerId && t.currentHP! > 0 && canSee(actor, before, MAP.name, t),
          );
          // This model reckons in cells from percents, the rule in pixels: a token exactly on the
          // circle's edge may fall either side of it by a rounding error (seed 292267173).
          const within = (margin: number) =>
            candidates.filter((t) => cellsToPoint(cellOf(t), command.aim!) <= radius + margin);
          const [surely, maybe] = [within(-1e-9), within(1e-9)];
          const limit = command.attack.maxTargets || Number.POSITIVE_INFINITY;
          expect(targetIds.length).toBeGreaterThanOrEqual(Math.min(limit, surely.length));
          expect(targetIds.length).toBeLessThanOrEqual(Math.min(limit, maybe.length));
          for (const id of targetIds) expect(maybe.map((t) => t.usableId)).toContain(id);
          // Nearest edge first; between edges as near, nearest centre first.
          const reach = targetIds.map((id) => {
            const at = cellOf(tokenAt(before, MAP.name, id)!);
            return [Math.max(0, edgeCells(attacker, at) - 1), cells(attacker, at)] as const;
          });
          expect(reach).toEqual([...reach].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a natural 20 hits for the maximum, a natural 1 misses, otherwise it hits iff d20 + bonus ≥ AC', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fight, fc.array(strike, { minLength: 1, maxLength: 6 }), (setup, strikes) => {
        const { table, hero, monsters } = setUp(setup);
        for (const s of strikes) {
          const { command, actor } = attackOf(table, hero, monsters, s);
          const before = table.state;
          const answer = table.run(command, actor, forcedD20(s.d20, s.seed));
          if (typeof answer === 'string') continue;
          accepted += 1;
          const { bonus, damageRoll } = command.attack;
          const performed = answer[0]!;
          if (performed.type !== 'attack.performed') throw new Error(performed.type);
          for (const id of performed.payload.targetIds) {
            const target = tokenAt(before, MAP.name, id)!;
            const adjusted = hpOf(answer, id);
            const hits = s.d20 === 20 || (s.d20 !== 1 && s.d20 + bonus! >= target.AC!);
            expect(adjusted !== undefined).toBe(hits);
            if (s.d20 === 20 && adjusted?.type === 'token.adjusted') {
              expect(adjusted.payload).toMatchObject({
                value: Math.max(0, target.currentHP! - maxDamage[damageRoll]!),
              });
            }
          }
        }
      }),
      { numRuns: 200 },
    );
    // Refusals pass vacuously: enough strikes must land for the property to say anything. Most
    // random strikes are rightly refused; 30–57 of them landed per run when measured, so the bar
    // stands well under that spread.
    expect(accepted).toBeGreaterThan(15);
  });

  it('HP stays within 0..max, essence never below 0 and spent exactly, over a run of strikes', () => {
    fc.assert(
      fc.property(fight, fc.array(strike, { minLength: 1, maxLength: 8 }), (setup, strikes) => {
        const { table, hero, monsters } = setUp(setup);
        for (const s of strikes) {
          const { command, actor } = attackOf(table, hero, monsters, s);
          const essenceBefore = tokenAt(table.state, MAP.name, command.attackerId)!.currentSoulEssence;
          const answer = table.run(command, actor, forcedD20(s.d20, s.seed));
          const essenceAfter = tokenAt(table.state, MAP.name, command.attackerId)!.currentSoulEssence;
          if (typeof answer !== 'string' && command.attack.essenceCost > 0) {
            expect(essenceAfter).toBe(essenceBefore! - command.attack.essenceCost);
          } else {
            expect(essenceAfter).toBe(essenceBefore);
          }
          for (const token of table.tokens()) {
            expect(token.currentHP).toBeGreaterThanOrEqual(0);
            expect(token.currentHP).toBeLessThanOrEqual(token.HP!);
            if (token.currentSoulEssence !== null) expect(token.currentSoulEssence).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every actor folds what it receives of a fight to visibleTo the server state; players never learn a hidden monster’s name', () => {
    fc.assert(
      fc.property(fight, fc.array(strike, { minLength: 1, maxLength: 8 }), (setup, strikes) => {
        const { table, hero, monsters } = setUp(setup);
        for (const s of strikes) {
          const { command, actor } = attackOf(table, hero, monsters, s);
          table.run(command, actor, forcedD20(s.d20, s.seed));
        }
        for (const actor of actors) {
          const received = table.log.map(({ event, before, after }) =>
            projectEvent(event, before, after, actor),
          );
          const folded = applyEvents(emptyTable, received);
          expect(folded.rejected).toEqual([]);
          expect(folded.state).toEqual(visibleTo(table.state, actor));
          if (actor.role === 'player') expect(JSON.stringify(received)).not.toContain(SECRET);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('tells a death when the blow lands, to those who see both sides, and a character struck unseen what it cost, to its player alone', () => {
    fc.assert(
      fc.property(fight, fc.array(strike, { minLength: 1, maxLength: 8 }), (setup, strikes) => {
        const { table, hero, monsters } = setUp(setup);
        for (const s of strikes) {
          const { command, actor } = attackOf(table, hero, monsters, s);
          const before = table.state;
          const answer = table.run(command, actor, forcedD20(s.d20, s.seed));
          if (typeof answer === 'string') continue;
          const attacker = tokenAt(before, MAP.name, command.attackerId)!;
          const lines = answer.flatMap((event) => (event.type === 'chat.system' ? [event] : []));
          const expected = answer.flatMap((event) => {
            if (event.type !== 'token.adjusted' || event.payload.resource !== 'HP') return [];
            if (!('value' in event.payload)) return [];
            const target = tokenAt(before, MAP.name, event.payload.usableId)!;
            const seen = seenByPlayers(before, MAP.name, attacker, target);
            const lost = target.currentHP! - event.payload.value;
            const told = [];
            if (target.isPlayer && lost > 0 && !seen) {
              told.push({
                message: attackMessages.struckUnseen(lost),
                audience: 'managers',
                reader: 'c-ana',
              });
            }
            if (event.payload.value === 0) {
              const death = target.isPlayer ? attackMessages.downedBy : attackMessages.killedBy;
              told.push({
                message: death(attacker.name, target.name),
                ...(seen ? {} : { audience: 'managers' }),
              });
            }
            return told;
          });
          expect(lines.map((line) => line.payload)).toEqual(
            expected.map((told) => expect.objectContaining(told)),
          );
          for (const line of lines) {
            const reads = (reader: TableActor) =>
              projectEvent(line, before, table.state, reader).type !== 'redacted';
            expect(reads(mj)).toBe(true);
            expect(reads(ana)).toBe(line.payload.audience === undefined || line.payload.reader === 'c-ana');
            expect(reads(bob)).toBe(line.payload.audience === undefined);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('tells the victim of a hidden monster « Quelque chose vous frappe », never its name', () => {
    const { table, hero, monsters } = setUp({
      hero: { col: 5, row: 5 },
      heroHidden: false,
      essence: 0,
      monsters: [{ cell: { col: 6, row: 5 }, hidden: true, dead: false, AC: 10, HP: 10 }],
    });
    const events = table.run(
      {
        type: 'attack.perform',
        map: MAP.name,
        attackerId: monsters[0]!,
        attack: {
          name: 'Griffe',
          by: 'monster',
          itemId: 'm-Secret0',
          bonus: 2,
          damageRoll: '1d10+7',
          range: 1,
          movement: 0,
          areaOfEffect: 'single',
          areaSize: 0,
          maxTargets: 1,
          essenceCost: 0,
        },
        targetId: hero,
        aim: null,
      },
      mj,
      forcedD20(15, 3),
    );
    if (typeof events === 'string') throw new Error(events);
    const lost = 30 - tokenAt(table.state, MAP.name, hero)!.currentHP!;
    const received = (actor: TableActor) =>
      table.log
        .slice(-events.length)
        .map(({ event, before, after }) => projectEvent(event, before, after, actor));
    const heard = (actor: TableActor) =>
      received(actor).flatMap((event) => ('message' in event.payload ? [event.payload.message] : []));
    expect(heard(ana)).toEqual([`Quelque chose vous frappe\u00a0: −${lost} PV`]);
    expect(heard(bob)).toEqual([]);
    expect(JSON.stringify(received(ana))).not.toContain(SECRET);
  });

  it('strikes at most 20 creatures with one area, so no attack writes more than 103 events', () => {
    // A crowd of living, visible goblins around the hero (unbounded, 40 area attacks over 200
    // tokens would write 23,216 events).
    const crowd = (count: number): Fight => ({
      hero: { col: 10, row: 6 },
      heroHidden: false,
      essence: 0,
      monsters: Array.from({ length: count }, (_, index) => ({
        cell: { col: 5 + (index % 10), row: 2 + Math.floor(index / 10) * 2 },
        hidden: false,
        dead: false,
        AC: 1,
        HP: 25,
      })),
    });
    const blast = (table: Table, hero: string) =>
      table.run(
        {
          type: 'attack.perform',
          map: MAP.name,
          attackerId: hero,
          attack: {
            name: 'Souffle',
            by: 'character',
            itemId: 'c-ana',
            bonus: 30,
            damageRoll: '1d4',
            range: 0,
            movement: 0,
            areaOfEffect: 'circle',
            areaSize: 20,
            maxTargets: 0,
            essenceCost: 0,
          },
          targetId: null,
          aim: centreOf({ col: 10, row: 6 }),
        },
        ana,
        forcedD20(10, 1),
      );
    const over = setUp(crowd(30));
    const log = over.table.log.length;
    expect(blast(over.table, over.hero)).toBe(attackMessages.tooManyInArea(30));
    expect(over.table.log.length).toBe(log);

    const full = setUp(crowd(MAX_AREA_TARGETS));
    const events = blast(full.table, full.hero);
    if (typeof events === 'string') throw new Error(events);
    // The attack's line, for each target its roll, its damage and its HP (no essence spent), and
    // the barrier in the striker's history (decision 0022).
    expect(events).toHaveLength(1 + 3 * MAX_AREA_TARGETS + 1);
    expect(events.at(-1)).toMatchObject({ type: 'history.recorded', payload: { entry: { patch: null } } });
  });

  describe('refusals, in the spec’s words', () => {
    /** A character attack that would otherwise be accepted: a stat, a readable damage, no cost. */
    const characterSpec = (overrides: Partial<AttackSpec> = {}): AttackSpec => ({
      name: 'Taillade',
      by: 'character',
      itemId: 'c-ana',
      bonus: 3,
      damageRoll: '1d10+7',
      range: 1,
      movement: 0,
      areaOfEffect: 'single',
      areaSize: 0,
      maxTargets: 1,
      essenceCost: 0,
      ...overrides,
    });
    const singleAt = (hero: string, targetId: string, range: number) =>
      ({
        type: 'attack.perform',
        map: MAP.name,
        attackerId: hero,
        attack: characterSpec({ range }),
        targetId,
        aim: null,
      }) as const;

    it("a dead target: 'Impossible d'attaquer une créature morte !'", () => {
      fc.assert(
        fc.property(fight, fc.nat(), fc.integer({ min: 1, max: 30 }), (setup, pick, range) => {
          const { table, hero, monsters } = setUp(setup);
          const dead = monsters.filter((id) => {
            const token = tokenAt(table.state, MAP.name, id)!;
            return token.currentHP === 0 && token.visibility;
          });
          fc.pre(dead.length > 0);
          const log = table.log.length;
          expect(table.run(singleAt(hero, dead[pick % dead.length]!, range), ana)).toBe(
            "Impossible d'attaquer une créature morte !",
          );
          expect(table.log.length).toBe(log);
        }),
        { numRuns: 100 },
      );
    });

    it("out of range: 'Cible hors de portée !', exactly when the target's edge is more than range + ½ cell away", () => {
      fc.assert(
        fc.property(fight, fc.nat(), fc.integer({ min: 1, max: 10 }), (setup, pick, range) => {
          const { table, hero, monsters } = setUp(setup);
          const living = monsters.filter((id) => {
            const token = tokenAt(table.state, MAP.name, id)!;
            return token.currentHP! > 0 && token.visibility;
          });
          fc.pre(living.length > 0);
          const target = living[pick % living.length]!;
          const distance = edgeCells(
            cellOf(tokenAt(table.state, MAP.name, hero)!),
            cellOf(tokenAt(table.state, MAP.name, target)!),
          );
          const answer = table.run(singleAt(hero, target, range), ana, forcedD20(10, pick));
          if (distance - 0.5 > range) expect(answer).toBe('Cible hors de portée !');
          else expect(typeof answer).not.toBe('string');
        }),
        { numRuns: 150 },
      );
    });

    it("a character not on the map: 'Votre personnage doit être présent sur la carte pour attaquer !'", () => {
      fc.assert(
        fc.property(fight, fc.nat(), (setup, pick) => {
          const { table, hero, monsters } = setUp(setup);
          const target = monsters[pick % monsters.length]!;
          const log = table.log.length;
          const text = 'Votre personnage doit être présent sur la carte pour attaquer !';
          // Bob striking with Ana's token, Ana on a map that is not open, Ana's attack for another sheet.
          expect(table.run(singleAt(hero, target, 30), bob)).toBe(text);
          expect(table.run({ ...singleAt(hero, target, 30), map: 'Crypte' }, ana)).toBe(text);
          expect(
            table.run(
              { ...singleAt(hero, target, 30), attack: characterSpec({ itemId: 'c-bob', range: 30 }) },
              ana,
            ),
          ).toBe(text);
          expect(table.log.length).toBe(log);
        }),
        { numRuns: 50 },
      );
    });

    it("no stat for the weapon: 'Statistique d'arme invalide ou non définie.'", () => {
      fc.assert(
        fc.property(fight, strike, (setup, s) => {
          const { table, hero, monsters } = setUp({ ...setup, heroHidden: false });
          const { command } = attackOf(table, hero, monsters, { ...s, spec: { ...s.spec, by: 'character' } });
          const log = table.log.length;
          expect(table.run({ ...command, attack: { ...command.attack, bonus: null } }, ana)).toBe(
            "Statistique d'arme invalide ou non définie.",
          );
          expect(table.log.length).toBe(log);
        }),
        { numRuns: 50 },
      );
    });

    it('the texts are the module’s', () => {
      expect(attackMessages.deadTarget).toBe("Impossible d'attaquer une créature morte !");
      expect(attackMessages.outOfRange).toBe('Cible hors de portée !');
      expect(attackMessages.notOnMap).toBe('Votre personnage doit être présent sur la carte pour attaquer !');
      expect(diceMessages.invalidWeaponStat).toBe("Statistique d'arme invalide ou non définie.");
    });
  });
});
