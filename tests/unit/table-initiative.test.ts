import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { attackMessages, tableMessages } from '../../src/domain/table/messages';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { ChatMessage, TableActor, TableEventBody, TableState } from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { actionEvents, ana, envOf, mapRef, mj, monsterDraft, playerDraft, runServer } from './table-fixtures';

const open = {
  command: { type: 'map.select' as const, map: mapRef('Forêt'), bringPlayers: true },
  actor: mj,
};
const byMj = (command: TableCommand) => ({ command, actor: mj });
const generate = (bonuses: Record<string, number> = {}) =>
  byMj({ type: 'turnOrder.generate', map: 'Forêt', bonuses });
const next = (seen?: { playing: string; round: number }) =>
  byMj({ type: 'turnOrder.next', map: 'Forêt', ...seen });

// token-1 Ana, token-2 a wolf, token-3 a hidden lich, token-4 a dead rat.
const fight = [
  open,
  { command: { type: 'token.place' as const, map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
  byMj({ type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }),
  byMj({ type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false, x: 40 }) }),
  byMj({ type: 'token.place', map: 'Forêt', token: monsterDraft('Rat', { x: 60 }) }),
  byMj({
    type: 'token.adjust',
    map: 'Forêt',
    usableId: 'token-4',
    resource: 'HP',
    direction: 'decrease',
    amount: 99,
  }),
];

const lines = (events: TableEventBody[], type: 'dice.rolled' | 'chat.system') =>
  events.filter((event) => event.type === type).map((event) => event.payload as ChatMessage);

function decided(
  state: TableState,
  command: TableCommand,
  actor: TableActor = mj,
  seed = 1,
): TableEventBody[] {
  const decision = decide(state, command, actor, envOf(seed));
  if ('refusal' in decision) throw new Error(decision.refusal);
  return actionEvents(decision.events);
}

describe('« Générer » rolls initiative (decision 0020)', () => {
  it('rolls d20 + bonus for every participant standing, in the chat, then orders by the totals', () => {
    const { state } = runServer(fight);
    const events = decided(state, {
      type: 'turnOrder.generate',
      map: 'Forêt',
      bonuses: { 'c-ana': 3, 'm-Loup': -1 },
    });
    const rolls = lines(events, 'dice.rolled');
    expect(rolls.map((line) => [line.playerName, line.label, line.roll?.bonus])).toEqual([
      ['c-ana', 'Initiative', 3],
      ['Loup 1', 'Initiative', -1],
      ['Liche A', 'Initiative', 0],
    ]);
    // A hidden participant's roll is the managers' line; a character's is said under its name.
    expect(rolls.map((line) => line.audience)).toEqual([undefined, undefined, 'managers']);
    expect(rolls[0]).toMatchObject({ senderId: 'c-ana', senderUserId: mj.userId });
    const generated = events.find((event) => event.type === 'turnOrder.generated')!;
    const totals = new Map(rolls.map((line, index) => [`token-${index + 1}`, line.roll!.total]));
    const order = (generated.payload as { order: string[] }).order;
    // The dead rat rolls nothing and stays out of the fight.
    expect([...order].sort()).toEqual(['token-1', 'token-2', 'token-3']);
    expect(order.map((id) => totals.get(id)!)).toEqual([...totals.values()].sort((a, b) => b - a));
    expect(generated.payload).toMatchObject({ round: 1, played: [] });
    expect(lines(events, 'chat.system').map((line) => line.message)).toEqual([
      tableMessages.round(1),
      expect.stringMatching(/^C’est au tour/),
    ]);
    expect(tableMessages.round(3)).toBe('Round 3');
  });

  it('never lets a player read a hidden monster’s roll, and gives them the round without who played', () => {
    const { log, state } = runServer([...fight, generate(), next(), next()]);
    const received = log.map(({ event, before, after }) => projectEvent(event, before, after, ana));
    expect(JSON.stringify(received)).not.toContain('Liche');
    for (const event of received.filter((one) => one.type.startsWith('turnOrder.'))) {
      expect(event.payload).not.toHaveProperty('played');
      expect(event.payload).toHaveProperty('round');
    }
    const folded = applyEvents(emptyTable, received);
    expect(folded.rejected).toEqual([]);
    expect(folded.state).toEqual(visibleTo(state, ana));
  });
});

describe('« Tour suivant » (decision 0020)', () => {
  const running = () => runServer([...fight, generate({ 'c-ana': 30, 'm-Loup': 20, 'm-Liche': 10 })]).state;

  it('passes the turn seen, once: a second press of the same turn changes nothing', () => {
    const state = running();
    expect(state.turnOrders['Forêt']).toEqual(['token-1', 'token-2', 'token-3']);
    const pressed = { type: 'turnOrder.next' as const, map: 'Forêt', playing: 'token-1', round: 1 };
    const first = runServer([
      ...fight,
      generate({ 'c-ana': 30, 'm-Loup': 20, 'm-Liche': 10 }),
      byMj(pressed),
    ]).state;
    expect(first.turnOrders['Forêt']![0]).toBe('token-2');
    expect(decided(first, pressed)).toEqual([]);
    // A client that saw the round go on still passes the turn it sees.
    expect(decided(first, { ...pressed, playing: 'token-2' })).not.toEqual([]);
  });

  it('skips the dead, counts the rounds and announces a new one', () => {
    const state = runServer([
      ...fight,
      // The rat comes back into the fight dead: the MJ put it in, the turn passes it by.
      byMj({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-4' }),
      generate({ 'c-ana': 30, 'm-Loup': 20, 'm-Liche': 10 }),
      byMj({ type: 'turnOrder.toggle', map: 'Forêt', usableId: 'token-4' }),
      next(),
      next(),
    ]).state;
    expect(state.turnOrders['Forêt']).toEqual(['token-3', 'token-4', 'token-1', 'token-2']);
    expect(state.rounds?.['Forêt']).toEqual({ round: 1, played: ['token-1', 'token-2'] });
    const events = decided(state, { type: 'turnOrder.next', map: 'Forêt' });
    expect(events[0]).toEqual({
      type: 'turnOrder.advanced',
      payload: { map: 'Forêt', order: ['token-1', 'token-2', 'token-3', 'token-4'], round: 2, played: [] },
    });
    expect(lines(events, 'chat.system').map((line) => line.message)).toEqual([
      tableMessages.round(2),
      tableMessages.turnOf('c-ana'),
    ]);
  });

  it('says so when nobody in the fight can play', () => {
    const state = runServer([
      ...fight,
      generate(),
      ...['token-1', 'token-2', 'token-3'].map((usableId) =>
        byMj({
          type: 'token.adjust',
          map: 'Forêt',
          usableId,
          resource: 'HP',
          direction: 'decrease',
          amount: 99,
        }),
      ),
    ]).state;
    const decision = decide(state, { type: 'turnOrder.next', map: 'Forêt' }, mj, envOf());
    expect(decision).toEqual({ refusal: tableMessages.nobodyCanPlay });
  });
});

describe('a log written before rounds were counted (decision 0020)', () => {
  it('reads as round 1, and goes on counting from there', () => {
    const { log } = runServer([...fight, generate(), next()]);
    // The same events as an older server logged them: orders without rounds.
    const older = log.map(({ event }) =>
      event.type === 'turnOrder.generated' || event.type === 'turnOrder.advanced'
        ? { ...event, payload: { map: event.payload.map, order: event.payload.order } }
        : event,
    );
    const folded = applyEvents(emptyTable, older);
    expect(folded.rejected).toEqual([]);
    expect(folded.state.rounds?.['Forêt']).toEqual({ round: 1 });
    const order = folded.state.turnOrders['Forêt']!;
    let state = folded.state;
    for (let turn = 0; turn < order.length; turn += 1) {
      const events = decided(state, { type: 'turnOrder.next', map: 'Forêt' });
      state = applyEvents(
        state,
        events.map((body, index) => ({
          ...body,
          seq: state.lastSeq + index + 1,
          userId: null,
          createdAt: '',
        })),
      ).state;
    }
    expect(state.rounds?.['Forêt']?.round).toBe(2);
  });
});

describe('an attack out of turn (decision 0020)', () => {
  it('is made, and the table is told it came out of turn', () => {
    const state = runServer([...fight, generate({ 'm-Loup': 30 })]).state;
    expect(state.turnOrders['Forêt']![0]).toBe('token-2');
    const strike: TableCommand = {
      type: 'attack.perform',
      map: 'Forêt',
      attackerId: 'token-1',
      attack: {
        name: 'Attaque simple',
        by: 'character',
        itemId: 'c-ana',
        bonus: 3,
        damageRoll: '1d10+7',
        range: 20,
        movement: 4,
        areaOfEffect: 'single',
        areaSize: 0,
        maxTargets: 1,
        essenceCost: 0,
      },
      targetId: 'token-2',
      aim: null,
    };
    const events = decided(state, strike, ana);
    expect(events[0]?.type).toBe('attack.performed');
    expect(events.at(-1)).toMatchObject({
      type: 'chat.system',
      payload: { message: attackMessages.outOfTurn('c-ana') },
    });
    expect(attackMessages.outOfTurn('Aria')).toBe('Aria attaque hors de son tour.');
    // In turn, or with no fight running, nothing is said.
    const inTurn = runServer([...fight, generate({ 'c-ana': 30 })]).state;
    expect(lines(decided(inTurn, strike, ana), 'chat.system').map((line) => line.message)).not.toContain(
      attackMessages.outOfTurn('c-ana'),
    );
  });
});
