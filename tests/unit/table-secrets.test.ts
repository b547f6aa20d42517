import { describe, expect, it } from 'vitest';
import { MONSTER_ATTACK } from '../../src/domain/dice/attack';
import type { AttackSpec } from '../../src/domain/table/attack';
import { attackMessages, tableMessages } from '../../src/domain/table/messages';
import { applyEvents, emptyTable } from '../../src/domain/table/reducer';
import type { ChatMessage, TableActor, TableEvent } from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { ana, bob, mapRef, mj, monsterDraft, playerDraft, runServer, type Logged } from './table-fixtures';

type Step = Parameters<typeof runServer>[0][number];

const select = (name: string, bringPlayers: boolean): Step => ({
  command: { type: 'map.select', map: mapRef(name), bringPlayers },
  actor: mj,
});
const placed = (map: string, token: ReturnType<typeof playerDraft>, actor: TableActor = mj): Step => ({
  command: { type: 'token.place', map, token },
  actor,
});

/** The monster's own attack, as the server reads it from its token. */
const monsterAttack = (itemId: string): AttackSpec => ({
  ...MONSTER_ATTACK,
  by: 'monster',
  itemId,
  bonus: 2,
  damageRoll: '1d6',
  movement: 0,
  essenceCost: 0,
});

function deliveredTo(log: Logged[], actor: TableActor): TableEvent[] {
  return log.map(({ event, before, after }) => projectEvent(event, before, after, actor));
}

const lines = (events: TableEvent[]) =>
  events.flatMap((event) =>
    event.type === 'chat.system' || event.type === 'dice.rolled' ? [event.payload as ChatMessage] : [],
  );

describe('the map the MJ prepares alone', () => {
  // Players on Forêt; the MJ prepares Crypte: a lich next to Ana's character, a fight, a blow.
  const preparing: Step[] = [
    select('Forêt', true),
    select('Crypte', false),
    placed('Crypte', monsterDraft('Liche', { x: 10, y: 10 })),
    placed('Crypte', playerDraft('c-ana', { x: 14, y: 10 })),
    {
      command: {
        type: 'attack.perform',
        map: 'Crypte',
        attackerId: 'token-1',
        attack: monsterAttack('m-Liche'),
        targetId: 'token-2',
        aim: null,
      },
      actor: mj,
    },
    { command: { type: 'turnOrder.generate', map: 'Crypte' }, actor: mj },
    {
      command: {
        type: 'token.adjust',
        map: 'Crypte',
        usableId: 'token-1',
        resource: 'HP',
        direction: 'decrease',
        amount: 12,
      },
      actor: mj,
    },
    { command: { type: 'token.remove', map: 'Crypte', usableId: 'token-1' }, actor: mj },
  ];

  it('reaches no player: every event of it, its chat lines included, arrives redacted', () => {
    const { state, log, refusals } = runServer(preparing);
    expect(refusals).toEqual([]);
    expect(lines(log.map(({ event }) => event)).map((line) => line.audience)).toEqual(
      lines(log.map(({ event }) => event)).map(() => 'managers'),
    );
    for (const player of [ana, bob]) {
      const received = deliveredTo(log, player).slice(2);
      expect(received.map((event) => event.type)).toEqual(received.map(() => 'redacted'));
      expect(visibleTo(state, player).tokens).toEqual({});
      expect(applyEvents(emptyTable, deliveredTo(log, player)).state).toEqual(visibleTo(state, player));
    }
  });

  it('is not there for a player’s commands, even on their own token', () => {
    const { state } = runServer(preparing.slice(0, 4));
    const { refusals } = runServer([
      ...preparing.slice(0, 4),
      { command: { type: 'token.move', map: 'Crypte', usableId: 'token-2', x: 1, y: 1 }, actor: ana },
      {
        command: {
          type: 'token.adjust',
          map: 'Crypte',
          usableId: 'token-2',
          resource: 'soulEssence',
          direction: 'increase',
          amount: 5,
        },
        actor: ana,
      },
      { command: { type: 'token.toggleVisibility', map: 'Crypte', usableId: 'token-1' }, actor: ana },
    ]);
    expect(refusals).toEqual([
      tableMessages.tokenNotFound,
      tableMessages.tokenNotFound,
      tableMessages.tokenNotFound,
    ]);
    expect(visibleTo(state, ana).tokens).toEqual({});
  });

  it('comes whole into the players’ copies when the MJ brings them, and leaves them when they go', () => {
    const { state, log } = runServer([
      ...preparing.slice(0, 4),
      placed('Crypte', monsterDraft('Ombre', { visibility: false })),
      { command: { type: 'turnOrder.generate', map: 'Crypte' }, actor: mj },
      select('Crypte', true),
    ]);
    const [shown] = deliveredTo(log.slice(-1), bob);
    expect(shown).toMatchObject({
      type: 'map.shown',
      payload: { map: { name: 'Crypte' }, tokens: [{ name: 'Liche 1' }, { name: 'c-ana' }] },
    });
    expect(JSON.stringify(shown)).not.toContain('Ombre');
    for (const player of [ana, bob]) {
      expect(applyEvents(emptyTable, deliveredTo(log, player)).state).toEqual(visibleTo(state, player));
    }

    const back = runServer([...preparing.slice(0, 4), select('Crypte', true), select('Forêt', true)]);
    expect(visibleTo(back.state, bob).tokens).toEqual({});
    expect(deliveredTo(back.log.slice(-1), bob)[0]).toMatchObject({
      type: 'map.shown',
      payload: { map: { name: 'Forêt' }, tokens: [], order: [] },
    });
    const cleared = runServer([
      ...preparing.slice(0, 4),
      select('Crypte', true),
      { command: { type: 'map.clear' }, actor: mj },
    ]);
    expect(deliveredTo(cleared.log.slice(-1), bob)[0]).toMatchObject({
      type: 'map.shown',
      payload: { map: null, tokens: [], order: [] },
    });
    expect(applyEvents(emptyTable, deliveredTo(cleared.log, bob)).state).toEqual(
      visibleTo(cleared.state, bob),
    );
  });
});

describe('names in sight', () => {
  const names = (steps: Step[]) =>
    Object.values(runServer(steps).state.tokens['Forêt'] ?? {}).map((token) => token.name);

  it('numbers a visible monster among the visible ones only, and letters the hidden ones', () => {
    expect(
      names([
        select('Forêt', true),
        placed('Forêt', monsterDraft('Spectre', { visibility: false })),
        placed('Forêt', monsterDraft('Spectre')),
        placed('Forêt', monsterDraft('Spectre', { visibility: false })),
        placed('Forêt', monsterDraft('Spectre')),
      ]),
    ).toEqual(['Spectre A', 'Spectre 1', 'Spectre B', 'Spectre 2']);
  });

  it('gives a revealed monster the number it would take if placed then, and a hidden one a letter', () => {
    const { log, state } = runServer([
      select('Forêt', true),
      placed('Forêt', monsterDraft('Spectre', { visibility: false })),
      placed('Forêt', monsterDraft('Spectre', { visibility: false })),
      placed('Forêt', monsterDraft('Spectre')),
      { command: { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-2' }, actor: mj },
      { command: { type: 'token.toggleVisibility', map: 'Forêt', usableId: 'token-3' }, actor: mj },
    ]);
    expect(Object.values(state.tokens['Forêt']!).map((token) => token.name)).toEqual([
      'Spectre A',
      'Spectre 2',
      'Spectre B',
    ]);
    // The managers are told under which name the players now know it.
    expect(lines(log.map(({ event }) => event))).toMatchObject([
      { message: tableMessages.renamed('Spectre B', 'Spectre 2', true), audience: 'managers' },
      { message: tableMessages.renamed('Spectre 1', 'Spectre B', false), audience: 'managers' },
    ]);
    const received = JSON.stringify(deliveredTo(log, bob));
    expect(received).not.toMatch(/Spectre [AB]/);
    expect(received).toContain('Spectre 1');
    expect(received).toContain('Spectre 2');
  });
});

describe('who adjusts what', () => {
  const atTable: Step[] = [
    select('Forêt', true),
    placed('Forêt', playerDraft('c-ana', { soulEssence: 30 }), ana),
    placed('Forêt', playerDraft('c-bob', { visibility: false }), mj),
  ];
  const adjust = (
    actor: TableActor,
    usableId: string,
    resource: 'HP' | 'soulEssence',
    amount: number,
    direction: 'increase' | 'decrease' = 'increase',
  ): Step => ({
    command: { type: 'token.adjust', map: 'Forêt', usableId, resource, direction, amount },
    actor,
  });

  it('writes every change a player makes to their own token in the chat, for all to read', () => {
    const { log } = runServer([
      ...atTable,
      adjust(ana, 'token-1', 'soulEssence', 0),
      adjust(ana, 'token-1', 'soulEssence', 10, 'decrease'),
      adjust(ana, 'token-1', 'soulEssence', 50),
      adjust(ana, 'token-1', 'HP', 5),
      adjust(mj, 'token-1', 'soulEssence', 5, 'decrease'),
    ]);
    const events = log.map(({ event }) => event);
    // Nothing changed, nothing said: at full HP, or by none; the MJ's own changes are theirs.
    expect(lines(events)).toEqual([
      expect.objectContaining({ message: 'c-ana ajuste son essence d’âme : 30 → 20.', type: 'system' }),
      expect.objectContaining({ message: 'c-ana ajuste son essence d’âme : 20 → 30.' }),
    ]);
    expect(lines(events).some((line) => line.audience)).toBe(false);
    expect(lines(deliveredTo(log, bob))).toHaveLength(2);
  });

  it('keeps the line about a hidden token for the managers', () => {
    const { log } = runServer([...atTable, adjust(bob, 'token-2', 'HP', 4, 'decrease')]);
    expect(lines(log.map(({ event }) => event))).toEqual([
      expect.objectContaining({ message: 'c-bob ajuste ses PV : 30 → 26.', audience: 'managers' }),
    ]);
    expect(lines(deliveredTo(log, ana))).toEqual([]);
  });
});

describe('a monster’s reach', () => {
  const fight = (targetX: number) =>
    runServer([
      select('Forêt', true),
      placed('Forêt', monsterDraft('Loup', { x: 10, y: 10 })),
      placed('Forêt', playerDraft('c-ana', { x: targetX, y: 10 }), ana),
      {
        command: {
          type: 'attack.perform',
          map: 'Forêt',
          attackerId: 'token-1',
          attack: monsterAttack('m-Loup'),
          targetId: 'token-2',
          aim: null,
        },
        actor: mj,
      },
    ]);

  it('strikes the next cell, as the simple attack does, and no farther', () => {
    // 1,500 px wide: a cell is 5 % across.
    expect(fight(15).refusals).toEqual([]);
    expect(fight(25).refusals).toEqual([attackMessages.outOfRange]);
  });
});
