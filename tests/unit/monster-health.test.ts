import { describe, expect, it } from 'vitest';
import { bandOf, withHealthBanded } from '../../src/domain/table/health';
import { reduce } from '../../src/domain/table/reducer';
import type { TableState } from '../../src/domain/table/types';
import { visibleTo } from '../../src/domain/table/visibility';
import { ana, mj, mapRef, monsterDraft, playerDraft, runServer } from './table-fixtures';

describe('a monster’s health band', () => {
  it('is unhurt at full HP, wounded above half, badly wounded above 0, dead at 0', () => {
    expect([12, 11, 7, 6, 1, 0].map((hp) => bandOf(hp, 12))).toEqual([
      'unhurt',
      'wounded',
      'wounded',
      'badlyWounded',
      'badlyWounded',
      'dead',
    ]);
    expect(bandOf(0, 0)).toBe('dead');
  });

  it('stands for a monster’s HP in a player’s copy, never for a character’s', () => {
    const { state } = runServer([
      { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    ]);
    const seen = visibleTo(state, ana).tokens['Forêt']!;
    expect(seen['token-1']).toEqual(state.tokens['Forêt']!['token-1']);
    expect(seen['token-2']).toMatchObject({ HP: null, currentHP: null, health: 'unhurt' });
    expect(visibleTo(state, mj)).toBe(state);
    expect(withHealthBanded(state.tokens['Forêt']!['token-1']!)).toBe(state.tokens['Forêt']!['token-1']);
  });

  it('folds both shapes: numbers in the MJ’s copy, a band in a player’s, and refuses to mix them', () => {
    const { state } = runServer([
      { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
      { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    ]);
    const adjusted = (table: TableState, payload: object) =>
      reduce(table, {
        type: 'token.adjusted',
        payload: { map: 'Forêt', usableId: 'token-1', resource: 'HP', ...payload },
      } as never);
    const players = visibleTo(state, ana);
    expect(adjusted(players, { health: 'wounded' })).toMatchObject({
      state: { tokens: { Forêt: { 'token-1': { HP: null, currentHP: null, health: 'wounded' } } } },
    });
    expect(adjusted(state, { value: 5 })).toMatchObject({
      state: { tokens: { Forêt: { 'token-1': { HP: 12, currentHP: 5 } } } },
    });
    expect(adjusted(players, { value: 5 })).toEqual({ rejected: 'value outside 0..max' });
    expect(adjusted(state, { health: 'wounded' })).toHaveProperty('rejected');
  });
});
