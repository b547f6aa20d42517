import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterTurnEnds,
  CONDITION_KINDS,
  conditionsOf,
  MAX_CONDITION_ROUNDS,
  MAX_CONDITIONS,
  type TokenCondition,
} from '../../src/domain/table/conditions';
import type { ConditionChange } from '../../src/domain/table/condition-changes';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { conditionMessages, tableMessages } from '../../src/domain/table/messages';
import { reduce } from '../../src/domain/table/reducer';
import { tokenAt } from '../../src/domain/table/records';
import type { TableActor, TableEventBody, TableState } from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import {
  actionEvents,
  ana,
  bob,
  envOf,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  runServer,
} from './table-fixtures';

const timedCondition: fc.Arbitrary<TokenCondition> = fc
  .record({
    id: fc.uuid(),
    kind: fc.constantFrom(...CONDITION_KINDS),
    roundsLeft: fc.option(fc.integer({ min: 1, max: MAX_CONDITION_ROUNDS })),
    fresh: fc.boolean(),
  })
  .map(({ fresh, ...condition }) =>
    fresh && condition.roundsLeft !== null ? { ...condition, fromNextTurn: true as const } : condition,
  );

describe('durations: what the end of the bearer’s turn does', () => {
  it('counts each running duration down by one, ends those at one, and leaves the others', () => {
    fc.assert(
      fc.property(fc.uniqueArray(timedCondition, { selector: (c) => c.id, maxLength: 12 }), (before) => {
        const after = afterTurnEnds(before);
        const kept = new Map(after.map((condition) => [condition.id, condition]));
        for (const condition of before) {
          const now = kept.get(condition.id);
          if (condition.roundsLeft === null) expect(now).toEqual({ ...condition, fromNextTurn: undefined });
          else if (condition.fromNextTurn) expect(now).toEqual({ ...condition, fromNextTurn: undefined });
          else if (condition.roundsLeft === 1) expect(now).toBeUndefined();
          else expect(now).toEqual({ ...condition, roundsLeft: condition.roundsLeft - 1 });
        }
        // The order they were marked in stays.
        expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id).filter((id) => kept.has(id)));
        for (const condition of after) expect('fromNextTurn' in condition).toBe(false);
      }),
    );
  });

  it('gives back the very list when no duration runs, so an advance logs nothing for it', () => {
    fc.assert(
      fc.property(
        fc.array(timedCondition.map((c) => ({ ...c, roundsLeft: null, fromNextTurn: undefined }))),
        (list) => {
          const untimed = list.map(({ fromNextTurn: _no, ...rest }) => rest);
          expect(afterTurnEnds(untimed)).toBe(untimed);
        },
      ),
    );
  });
});

/** Ana, a goblin and a wolf fighting on the Forêt map, in that order; ids token-1, token-2, token-3. */
function fight(): TableState {
  return runServer([
    { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin') }, actor: mj },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    { command: { type: 'turnOrder.generate', map: 'Forêt' }, actor: mj },
    {
      command: { type: 'turnOrder.reorder', map: 'Forêt', order: ['token-1', 'token-2', 'token-3'] },
      actor: mj,
    },
  ]).state;
}

let nextId = 0;
const env = { ...envOf(), newUsableId: () => `c-${(nextId += 1)}` };

function run(
  state: TableState,
  command: TableCommand,
  actor: TableActor = mj,
): {
  state: TableState;
  events: TableEventBody[];
} {
  const decision = decide(state, command, actor, env);
  if ('refusal' in decision) throw new Error(decision.refusal);
  let current = state;
  for (const event of decision.events) {
    const reduced = reduce(current, event);
    if ('rejected' in reduced) throw new Error(reduced.rejected);
    current = reduced.state;
  }
  return { state: current, events: decision.events };
}

const mark = (usableId: string, change: ConditionChange): TableCommand => ({
  type: 'token.condition',
  map: 'Forêt',
  usableId,
  change,
});
const next: TableCommand = { type: 'turnOrder.next', map: 'Forêt' };
const conditionsOn = (state: TableState, usableId: string) =>
  conditionsOf(tokenAt(state, 'Forêt', usableId)!);

describe('durations at the table', () => {
  it('a condition of N rounds lasts exactly N of its bearer’s turns, whoever else plays', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (rounds, advancesFirst, duringOwnTurn) => {
          let state = fight();
          // Bring the combat to any point, then mark the goblin (token-2), during its turn or not.
          for (let step = 0; step < advancesFirst; step += 1) state = run(state, next).state;
          while (duringOwnTurn !== (state.turnOrders['Forêt']![0] === 'token-2'))
            state = run(state, next).state;
          state = run(state, mark('token-2', { op: 'add', kind: 'stunned', rounds })).state;
          let endedTurns = 0;
          while (conditionsOn(state, 'token-2').length > 0) {
            const endingTurnOf = state.turnOrders['Forêt']![0];
            state = run(state, next).state;
            if (endingTurnOf === 'token-2') endedTurns += 1;
            expect(endedTurns).toBeLessThanOrEqual(rounds + 1);
          }
          // Marked during its own turn, that turn does not count: « until the end of its next turn ».
          expect(endedTurns).toBe(duringOwnTurn ? rounds + 1 : rounds);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('shows what is left after each of its turns, and says when it ends', () => {
    let state = run(fight(), mark('token-2', { op: 'add', kind: 'poisoned', rounds: 2 })).state;
    expect(conditionsOn(state, 'token-2')).toEqual([{ id: 'c-' + nextId, kind: 'poisoned', roundsLeft: 2 }]);
    state = run(state, next).state; // Ana's turn ends: nothing counts.
    expect(conditionsOn(state, 'token-2')[0]?.roundsLeft).toBe(2);
    const goblinEnds = run(state, next); // The goblin's turn ends.
    expect(conditionsOn(goblinEnds.state, 'token-2')[0]?.roundsLeft).toBe(1);
    expect(actionEvents(goblinEnds.events).map((event) => event.type)).toEqual([
      'turnOrder.advanced',
      'chat.system',
      'token.conditionsChanged',
    ]);
    state = run(run(goblinEnds.state, next).state, next).state; // The wolf, then Ana.
    const over = run(state, next);
    expect(conditionsOn(over.state, 'token-2')).toEqual([]);
    expect(actionEvents(over.events).at(-1)).toMatchObject({
      type: 'chat.system',
      payload: { message: 'Fin de l’état «\u00a0Empoisonné\u00a0» pour Gobelin 1.' },
    });
  });

  it('keeps a condition without duration through every turn', () => {
    let state = run(fight(), mark('token-1', { op: 'add', kind: 'prone', rounds: null })).state;
    for (let step = 0; step < 7; step += 1) {
      const advanced = run(state, next);
      expect(advanced.events.some((event) => event.type === 'token.conditionsChanged')).toBe(false);
      state = advanced.state;
    }
    expect(conditionsOn(state, 'token-1')).toMatchObject([{ kind: 'prone', roundsLeft: null }]);
  });

  it('tells the managers alone of a hidden token’s condition that ends', () => {
    let state = run(fight(), { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-2' }).state;
    state = run(state, mark('token-2', { op: 'add', kind: 'custom', label: 'Béni', rounds: 1 })).state;
    state = run(state, next).state;
    const ends = run(state, next);
    expect(actionEvents(ends.events).at(-1)).toMatchObject({
      type: 'chat.system',
      payload: { audience: 'managers' },
    });
  });
});

describe('marking', () => {
  const state = fight();
  const outcome = (command: TableCommand, actor: TableActor) => {
    const decision = decide(state, command, actor, env);
    return 'refusal' in decision ? decision.refusal : actionEvents(decision.events);
  };

  it('lets a player mark their own token and the MJ any, never a player another’s', () => {
    const stunned: ConditionChange = { op: 'add', kind: 'stunned', rounds: 1 };
    expect(outcome(mark('token-1', stunned), ana)).toEqual([
      expect.objectContaining({ type: 'token.conditionsChanged' }),
    ]);
    expect(outcome(mark('token-1', stunned), bob)).toBe(tableMessages.notYourToken);
    expect(outcome(mark('token-2', stunned), ana)).toBe(tableMessages.notYourToken);
    expect(outcome(mark('token-2', stunned), mj)).toEqual([
      expect.objectContaining({ type: 'token.conditionsChanged' }),
    ]);
  });

  it('answers a hidden token as one that does not exist', () => {
    const hidden = run(state, { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-3' }).state;
    const decision = decide(hidden, mark('token-3', { op: 'add', kind: 'prone', rounds: null }), ana, env);
    expect(decision).toEqual({ refusal: tableMessages.tokenNotFound });
  });

  it('refuses what is not a condition, nothing changing', () => {
    const cases: Array<[ConditionChange, string]> = [
      [{ op: 'add', kind: 'stunned', rounds: 0 }, conditionMessages.invalidRounds],
      [{ op: 'add', kind: 'stunned', rounds: 1.5 }, conditionMessages.invalidRounds],
      [{ op: 'add', kind: 'stunned', rounds: MAX_CONDITION_ROUNDS + 1 }, conditionMessages.invalidRounds],
      [{ op: 'add', kind: 'custom', label: '   ', rounds: null }, conditionMessages.markWithoutWords],
      [{ op: 'add', kind: 'custom', label: 'x'.repeat(25), rounds: null }, conditionMessages.markTooLong],
      [{ op: 'add', kind: 'hungry' as 'stunned', rounds: null }, conditionMessages.unknownKind],
      [{ op: 'remove', conditionId: 'ghost' }, conditionMessages.gone],
      [{ op: 'set', conditionId: 'ghost', rounds: 2 }, conditionMessages.gone],
    ];
    for (const [change, refusal] of cases) expect(outcome(mark('token-1', change), mj)).toBe(refusal);
  });

  it('marks a condition once: marking it again starts its duration anew', () => {
    let marked = run(state, mark('token-2', { op: 'add', kind: 'frightened', rounds: 1 })).state;
    marked = run(marked, mark('token-2', { op: 'add', kind: 'frightened', rounds: 3 })).state;
    marked = run(marked, mark('token-2', { op: 'add', kind: 'custom', label: 'Béni', rounds: null })).state;
    marked = run(marked, mark('token-2', { op: 'add', kind: 'custom', label: ' béni ', rounds: 2 })).state;
    expect(conditionsOn(marked, 'token-2')).toMatchObject([
      { kind: 'frightened', roundsLeft: 3 },
      { kind: 'custom', label: 'Béni', roundsLeft: 2 },
    ]);
  });

  it('takes one off and sets another duration by its id', () => {
    let marked = run(state, mark('token-2', { op: 'add', kind: 'blinded', rounds: 1 })).state;
    marked = run(marked, mark('token-2', { op: 'add', kind: 'grappled', rounds: null })).state;
    const [blinded, grappled] = conditionsOn(marked, 'token-2');
    marked = run(marked, mark('token-2', { op: 'set', conditionId: grappled!.id, rounds: 4 })).state;
    marked = run(marked, mark('token-2', { op: 'remove', conditionId: blinded!.id })).state;
    expect(conditionsOn(marked, 'token-2')).toEqual([{ ...grappled, roundsLeft: 4 }]);
  });

  it('holds twelve at most', () => {
    let marked = state;
    for (const kind of CONDITION_KINDS.slice(0, MAX_CONDITIONS)) {
      marked = run(marked, mark('token-2', { op: 'add', kind, rounds: null })).state;
    }
    const decision = decide(
      marked,
      mark('token-2', { op: 'add', kind: 'custom', label: 'Un de trop', rounds: null }),
      mj,
      env,
    );
    expect(decision).toEqual({ refusal: conditionMessages.tooMany });
  });
});

describe('conditions in the log', () => {
  const base = fight();
  const changed = (conditions: unknown): TableEventBody =>
    ({
      type: 'token.conditionsChanged',
      payload: { map: 'Forêt', usableId: 'token-2', conditions },
    }) as TableEventBody;

  it('refuses a list the server could not have decided', () => {
    const one = { id: 'a', kind: 'prone', roundsLeft: null };
    for (const list of [
      [one, one],
      [{ ...one, roundsLeft: 0 }],
      [{ ...one, kind: 'custom' }],
      [{ ...one, label: 'À terre' }],
      Array.from({ length: MAX_CONDITIONS + 1 }, (_, index) => ({ ...one, id: `c${index}` })),
    ]) {
      expect(reduce(base, changed(list))).toHaveProperty('rejected');
    }
    const ghost: TableEventBody = {
      type: 'token.conditionsChanged',
      payload: { map: 'Forêt', usableId: 'ghost', conditions: [] },
    };
    expect(reduce(base, ghost)).toHaveProperty('rejected');
  });

  it('leaves a token bearing none as it was placed', () => {
    const marked = run(base, mark('token-2', { op: 'add', kind: 'prone', rounds: null }));
    const id = conditionsOn(marked.state, 'token-2')[0]!.id;
    const cleared = run(marked.state, mark('token-2', { op: 'remove', conditionId: id })).state;
    expect(tokenAt(cleared, 'Forêt', 'token-2')).toEqual(tokenAt(base, 'Forêt', 'token-2'));
  });

  it('never gives a player the conditions of a token hidden from them', () => {
    let state = run(base, { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-3' }).state;
    const before = state;
    const marked = run(state, mark('token-3', { op: 'add', kind: 'invisible', rounds: 3 }));
    state = marked.state;
    const event = { ...marked.events[0]!, seq: 99, userId: mj.userId, createdAt: '2026-01-01T10:00:00.000Z' };
    expect(projectEvent(event, before, state, ana)).toMatchObject({ type: 'redacted', payload: {} });
    expect(JSON.stringify(visibleTo(state, ana))).not.toContain('invisible');
    // Shown again, it comes with its conditions.
    const shown = run(state, { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-3' });
    const shownEvent = { ...shown.events[0]!, seq: 100, userId: mj.userId, createdAt: event.createdAt };
    expect(projectEvent(shownEvent, state, shown.state, ana)).toMatchObject({
      type: 'token.visibilityChanged',
      payload: { token: { conditions: [{ kind: 'invisible', roundsLeft: 3 }] } },
    });
  });
});
