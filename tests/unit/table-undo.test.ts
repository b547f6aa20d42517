import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import type { FogChange } from '../../src/domain/table/fog';
import { undoMessages } from '../../src/domain/table/messages';
import { patchBetween } from '../../src/domain/table/patch';
import { applyEvents, applyPatch, emptyTable } from '../../src/domain/table/reducer';
import { orderOf, own, tokenAt, tokensOfMap } from '../../src/domain/table/records';
import { tokenCells } from '../../src/domain/table/token-size';
import {
  HISTORY_MAX,
  type TableActor,
  type TableEvent,
  type TableEventBody,
  type TableState,
} from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { MONSTER_ATTACK } from '../../src/domain/dice/attack';
import {
  actorArb,
  actors,
  ana,
  bob,
  envOf,
  admin,
  mapRef,
  mj,
  monsterDraft,
  playerDraft,
  preparedSession,
  runServer,
  type Logged,
} from './table-fixtures';

type Step = { command: TableCommand; actor: TableActor };

const undo: TableCommand = { type: 'history.undo' };
const redo: TableCommand = { type: 'history.redo' };
const step = (command: TableCommand, actor: TableActor = mj): Step => ({ command, actor });
const move = (usableId: string, x: number, y: number, actor: TableActor = mj) =>
  step({ type: 'token.move', map: 'Forêt', usableId, x, y }, actor);

/** The Forêt shown to everyone: Ana's character (token-1) and a goblin (token-2). */
const setUp: Step[] = [
  step({ type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }),
  step({ type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, ana),
  step({ type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin', { x: 30, y: 30 }) }),
];

function play(...steps: Step[]) {
  return runServer([...setUp, ...steps]);
}

function refusal(state: TableState, command: TableCommand, actor: TableActor = mj): string | null {
  const decision = decide(state, command, actor, envOf());
  return 'refusal' in decision ? decision.refusal : null;
}

/** What a map holds: its tokens (a token without a size stands on one cell), order, round and grid. */
const mapOf = (state: TableState, map: string) => ({
  tokens: Object.fromEntries(
    Object.entries(tokensOfMap(state, map)).map(([id, token]) => [id, { ...token, size: tokenCells(token) }]),
  ),
  order: orderOf(state, map),
  round: own(state.rounds, map),
  grid: own(state.grids, map),
  fog: own(state.fogs, map),
});

const historyOf = (state: TableState, actor: TableActor) => own(state.history, actor.userId);

/** The events of a decision with the seqs and author the server gives them. */
const logged = (state: TableState, events: TableEventBody[], actor: TableActor): TableEvent[] =>
  events.map(
    (body, index) =>
      ({
        ...body,
        seq: state.lastSeq + index + 1,
        userId: actor.userId,
        createdAt: '2026-01-01T10:00:00.000Z',
      }) as TableEvent,
  );

describe('the patch between two tables', () => {
  it('applied to the later one gives back the earlier one, map by map, after every action', () => {
    fc.assert(
      fc.property(preparedSession, (commands) => {
        const { log } = runServer(commands);
        for (const { before, after } of log) {
          for (const map of new Set([...Object.keys(before.tokens), ...Object.keys(after.tokens)])) {
            const back = applyPatch(after, map, patchBetween(after, before, map));
            if ('rejected' in back) throw new Error(back.rejected);
            expect(mapOf(back.state, map)).toEqual(mapOf(before, map));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("of a drop, taken from the token's place before it, is the patch between the tables around it", () => {
    fc.assert(
      fc.property(preparedSession, (commands) => {
        const { log } = runServer(commands);
        for (const { event, before, after, command } of log) {
          if (command?.type !== 'token.move' || event.type !== 'token.moved' || !event.payload.recorded)
            continue;
          const { patch } = event.payload.recorded.entry;
          expect(patch).toEqual(patchBetween(after, before, event.payload.map));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('holds only what changed: a move restores x and y, nothing else', () => {
    const { log } = play(move('token-2', 50, 50));
    const moved = log.at(-1)!.event;
    // A drop is one event: its entry rides on it (decision 0043).
    expect(moved).toMatchObject({
      type: 'token.moved',
      payload: {
        recorded: {
          by: mj.userId,
          entry: {
            label: 'Déplacement de Gobelin 1',
            map: 'Forêt',
            patch: { tokens: { 'token-2': { x: 30, y: 30 } } },
          },
        },
      },
    });
  });
});

describe('undo and redo', () => {
  it('undoing then redoing any action gives back the table it made', () => {
    fc.assert(
      fc.property(preparedSession, (commands) => {
        const { state } = runServer(commands);
        for (const actor of actors) {
          const entry = historyOf(state, actor)?.done.at(-1);
          if (!entry?.patch) continue;
          const undone = decide(state, undo, actor, envOf());
          if ('refusal' in undone) continue;
          const back = applyEvents(state, logged(state, undone.events, actor)).state;
          const redone = decide(back, redo, actor, envOf());
          if ('refusal' in redone) throw new Error(redone.refusal);
          const again = applyEvents(back, logged(back, redone.events, actor)).state;
          // A monster the undo brought into the players' sight may keep the number it took then
          // (a number counts a monster they saw, decision 0023), or the redo may give its letter back.
          const numbered = new Map(
            Object.values(tokensOfMap(back, entry.map)).flatMap((token) => {
              const before = tokenAt(state, entry.map, token.usableId);
              const shown = before && / [A-Z]+$/.test(before.name) && / \d+$/.test(token.name);
              return shown ? [[token.usableId, before.name] as const] : [];
            }),
          );
          const redoneMap = mapOf(again, entry.map);
          for (const [usableId, name] of numbered) {
            const token = redoneMap.tokens[usableId];
            if (token && token.name === tokenAt(back, entry.map, usableId)?.name) token.name = name;
          }
          expect(redoneMap).toEqual(mapOf(state, entry.map));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps what someone else changed since: Ana’s HP survive the MJ undoing their move of her', () => {
    const { state } = play(
      move('token-1', 60, 60),
      step(
        {
          type: 'token.adjust',
          map: 'Forêt',
          usableId: 'token-1',
          resource: 'HP',
          direction: 'decrease',
          amount: 7,
        },
        ana,
      ),
      step(undo),
    );
    expect(tokenAt(state, 'Forêt', 'token-1')).toMatchObject({ x: 10, y: 10, currentHP: 23 });
    expect(historyOf(state, mj)?.undone.map((entry) => entry.label)).toEqual(['Déplacement de c-ana']);
  });

  it('puts a removed token back whole, in its place in the order, and takes a placed one off', () => {
    const { state } = play(
      step({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-2' }),
      step({ type: 'token.remove', map: 'Forêt', usableId: 'token-2' }),
      step(undo),
    );
    expect(tokenAt(state, 'Forêt', 'token-2')).toMatchObject({ name: 'Gobelin 1', inTurnOrder: true });
    expect(orderOf(state, 'Forêt')).toEqual(['token-2']);
    const placed = play(step({ type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }), step(undo));
    expect(Object.keys(tokensOfMap(placed.state, 'Forêt'))).toEqual(['token-1', 'token-2']);
    const redone = runServer([
      ...setUp,
      step({ type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }),
      step(undo),
      step(redo),
    ]);
    expect(tokenAt(redone.state, 'Forêt', 'token-3')).toMatchObject({ name: 'Loup 1' });
  });

  it('gives a resized token its size back, and takes the size again on redo', () => {
    const resize = step({ type: 'token.resize', map: 'Forêt', usableId: 'token-1', size: 'Grande' });
    const undone = play(resize, step(undo));
    expect(tokenAt(undone.state, 'Forêt', 'token-1')?.size ?? 1).toBe(1);
    expect(undone.log.at(-1)?.event).toMatchObject({ type: 'table.restored' });
    const redone = play(resize, step(undo), step(redo));
    expect(tokenAt(redone.state, 'Forêt', 'token-1')?.size).toBe(2);
  });

  it('takes a turn back and says whose it is again', () => {
    const { log, state } = play(
      step({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-1' }),
      step({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-2' }),
      step({ type: 'turnOrder.next', map: 'Forêt' }),
      step(undo),
    );
    expect(orderOf(state, 'Forêt')).toEqual(['token-1', 'token-2']);
    expect(log.at(-1)!.event).toMatchObject({
      type: 'chat.system',
      payload: { message: undoMessages.turnBack('c-ana') },
    });
    expect(undoMessages.turnBack('Aria')).toBe('Retour au tour d’Aria.');
  });

  it('refuses an attack, and anything before it: its rolls were seen', () => {
    const { state } = play(
      move('token-2', 12, 10),
      step({
        type: 'attack.perform',
        map: 'Forêt',
        attackerId: 'token-2',
        attack: {
          ...MONSTER_ATTACK,
          by: 'monster',
          itemId: 'm-Gobelin',
          bonus: 2,
          damageRoll: '1d6',
          movement: 0,
          essenceCost: 0,
        },
        targetId: 'token-1',
        aim: null,
      }),
    );
    expect(refusal(state, undo)).toBe(
      'L’attaque de Gobelin 1 ne peut pas être annulée\u00a0: ses jets ont déjà été vus.',
    );
    expect(refusal(state, undo, ana)).toBe('Rien à annuler.');
  });

  it('says when there is nothing to undo or redo, and changes nothing then', () => {
    const { state } = runServer([setUp[0]!]);
    expect(refusal(state, undo)).toBe('Rien à annuler.');
    expect(refusal(state, redo)).toBe('Rien à rétablir.');
    const moved = play(move('token-2', 50, 50)).state;
    expect(refusal(moved, redo)).toBe('Rien à rétablir.');
  });

  it('keeps the last 30 actions, and a new action forgets what was undone', () => {
    const moves = Array.from({ length: HISTORY_MAX + 5 }, (_, i) => move('token-2', i, 20));
    let { state } = play(...moves);
    expect(historyOf(state, mj)?.done).toHaveLength(HISTORY_MAX);
    const undos = runServer([...setUp, ...moves, ...Array.from({ length: HISTORY_MAX }, () => step(undo))]);
    state = undos.state;
    expect(tokenAt(state, 'Forêt', 'token-2')).toMatchObject({ x: 4, y: 20 });
    expect(refusal(state, undo)).toBe('Rien à annuler.');
    const after = runServer([...setUp, ...moves, step(undo), move('token-2', 70, 70)]).state;
    expect(historyOf(after, mj)?.undone).toEqual([]);
  });

  it('lets a player undo their own moves alone, never anyone else’s', () => {
    const { state } = play(
      move('token-1', 40, 40, ana),
      step(
        {
          type: 'token.adjust',
          map: 'Forêt',
          usableId: 'token-1',
          resource: 'HP',
          direction: 'decrease',
          amount: 2,
        },
        ana,
      ),
      move('token-2', 50, 50),
    );
    expect(historyOf(state, ana)?.done.map((entry) => entry.label)).toEqual(['Déplacement de c-ana']);
    expect(refusal(state, undo, bob)).toBe('Rien à annuler.');
    const undone = runServer([
      ...setUp,
      move('token-1', 40, 40, ana),
      move('token-2', 50, 50),
      step(undo, ana),
    ]).state;
    expect(tokenAt(undone, 'Forêt', 'token-1')).toMatchObject({ x: 10, y: 10 });
    expect(tokenAt(undone, 'Forêt', 'token-2')).toMatchObject({ x: 50, y: 50 });
  });
});

describe('undo and redo of the fog', () => {
  const fog = (change: FogChange, actor: TableActor = mj) =>
    step({ type: 'map.fog', map: 'Forêt', change }, actor);
  const hideAll = fog({ kind: 'all', base: 'covered' });
  const revealCorner = fog({
    kind: 'shape',
    shape: {
      mode: 'reveal',
      kind: 'rect',
      points: [
        { x: 20, y: 20 },
        { x: 50, y: 50 },
      ],
    },
  });
  const idsSeenBy = (state: TableState, actor: TableActor) =>
    Object.keys(tokensOfMap(visibleTo(state, actor), 'Forêt')).sort();

  it('records each change of the fog, named in French', () => {
    const { state } = play(hideAll, revealCorner, fog({ kind: 'all', base: 'revealed' }));
    expect(
      historyOf(state, mj)
        ?.done.map((entry) => entry.label)
        .slice(-3),
    ).toEqual(['Tout cacher', 'Brouillard', 'Tout révéler']);
  });

  it('puts the fog back as it was, and the goblin it hid back in the players’ sight', () => {
    const hidden = play(hideAll).state;
    expect(idsSeenBy(hidden, ana)).toEqual(['token-1']);
    const undone = play(hideAll, step(undo)).state;
    expect(own(undone.fogs, 'Forêt')).toBeUndefined();
    expect(idsSeenBy(undone, ana)).toEqual(['token-1', 'token-2']);
    const redone = play(hideAll, step(undo), step(redo)).state;
    expect(own(redone.fogs, 'Forêt')).toEqual({ base: 'covered', shapes: [] });
    expect(idsSeenBy(redone, ana)).toEqual(['token-1']);
  });

  it('takes back one stroke and keeps the ones before it, holding no point to do so', () => {
    const { state } = play(hideAll, revealCorner);
    expect(historyOf(state, mj)?.done.at(-1)?.patch?.fog).toEqual({ base: 'covered', keep: 0, shapes: [] });
    const undone = play(hideAll, revealCorner, step(undo)).state;
    expect(own(undone.fogs, 'Forêt')).toEqual({ base: 'covered', shapes: [] });
    const wiped = play(hideAll, revealCorner, hideAll, step(undo)).state;
    expect(own(wiped.fogs, 'Forêt')).toEqual(own(state.fogs, 'Forêt'));
  });

  it('refuses to put back a stroke the fog no longer holds, and changes nothing', () => {
    const { state } = play(
      hideAll,
      revealCorner,
      revealCorner,
      fog({ kind: 'all', base: 'revealed' }, admin),
    );
    expect(refusal(state, undo)).toBe(undoMessages.fogChanged('undo', 'Brouillard'));
  });
});

describe('what a player receives of undo', () => {
  const deliveredTo = (log: Logged[], actor: TableActor) =>
    log.map(({ event, before, after }) => projectEvent(event, before, after, actor));

  it('folds to what they may see, with undos and redos among the commands', () => {
    const undoing = fc.array(fc.record({ command: fc.constantFrom(undo, redo), actor: actorArb }), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(preparedSession, undoing, (commands, more) => {
        const { state, log } = runServer([...commands, ...more]);
        for (const actor of actors) {
          const folded = applyEvents(emptyTable, deliveredTo(log, actor));
          expect(folded.rejected).toEqual([]);
          expect(folded.state).toEqual(visibleTo(state, actor));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads their own drop with its entry, and anyone else’s drop without it', () => {
    const { log, state } = play(move('token-1', 60, 60, ana), move('token-2', 70, 70));
    const [own, others] = log.slice(-2) as [Logged, Logged];
    expect(own.event.type === 'token.moved' && own.event.payload.recorded?.by).toBe(ana.userId);
    expect(projectEvent(own.event, own.before, own.after, ana)).toBe(own.event);
    const { recorded: _anas, ...alone } = own.event.payload as { recorded?: unknown };
    expect(projectEvent(own.event, own.before, own.after, bob)).toEqual({ ...own.event, payload: alone });
    expect(projectEvent(others.event, others.before, others.after, ana).payload).not.toHaveProperty(
      'recorded',
    );
    expect(projectEvent(others.event, others.before, others.after, mj)).toBe(others.event);
    const folded = applyEvents(emptyTable, deliveredTo(log, ana)).state;
    expect(Object.keys(folded.history ?? {})).toEqual([ana.userId]);
    expect(folded).toEqual(visibleTo(state, ana));
  });

  it('never holds the MJ’s history, nor a hidden goblin put back', () => {
    const { log, state } = play(
      step({ type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) }),
      step({ type: 'token.remove', map: 'Forêt', usableId: 'token-3' }),
      step(undo),
    );
    const received = deliveredTo(log, ana);
    expect(JSON.stringify(received)).not.toContain('Liche');
    expect(JSON.stringify(received)).not.toContain('token-3');
    expect(received.at(-1)).toMatchObject({ type: 'redacted' });
    expect(visibleTo(state, ana).history).toEqual({});
    expect(Object.keys(visibleTo(state, mj).history ?? {})).toEqual([mj.userId]);
  });
});
