import { describe, expect, it } from 'vitest';
import { DEFAULT_GRID, type MapGrid } from '../../src/domain/geometry/grid';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { tableMessages } from '../../src/domain/table/messages';
import { applyEvents, restore, snapshotOf } from '../../src/domain/table/reducer';
import { gridOf, tokenAt } from '../../src/domain/table/records';
import type { TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { admin, ana, envOf, mapRef, mj, monsterDraft, playerDraft, runServer } from './table-fixtures';

const aligned: MapGrid = {
  cellPx: 100,
  offsetX: 20,
  offsetY: 10,
  shown: true,
  color: '#ffcc00',
  opacity: 0.5,
};
const setGrid = (map: string, grid: MapGrid = aligned): TableCommand => ({ type: 'map.setGrid', map, grid });

/** The players on the Forêt, the MJ preparing the Crypte, Ana's token and a wolf on the Forêt. */
function table(): TableState {
  return runServer([
    { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    { command: { type: 'map.select', map: mapRef('Crypte'), bringPlayers: false }, actor: mj },
  ]).state;
}

function decided(state: TableState, command: TableCommand, actor: TableActor) {
  return decide(state, command, actor, { ...envOf(), newUsableId: () => 'placed' });
}

function after(state: TableState, command: TableCommand, actor: TableActor): TableState {
  const decision = decided(state, command, actor);
  if ('refusal' in decision) throw new Error(decision.refusal);
  const events = decision.events.map((body, index): TableEvent => ({
    ...body,
    seq: state.lastSeq + index + 1,
    userId: null,
    createdAt: '',
  }));
  return applyEvents(state, events).state;
}

describe('the grid of a map', () => {
  it('is the default one until the MJ sets it', () => {
    expect(gridOf(table(), 'Forêt')).toEqual(DEFAULT_GRID);
  });

  it('is set by the MJ and the admin alone, as a whole, for one map', () => {
    const state = table();
    expect(decided(state, setGrid('Forêt'), mj)).toMatchObject({
      events: [
        { type: 'map.gridSet', payload: { map: 'Forêt', grid: aligned } },
        { type: 'history.recorded', payload: { by: mj.userId, entry: { label: 'Grille', map: 'Forêt' } } },
      ],
    });
    expect('events' in decided(state, setGrid('Crypte'), admin)).toBe(true);
    expect(decided(state, setGrid('Forêt'), ana)).toEqual({ refusal: tableMessages.onlyMasterGrid });
    const set = after(state, setGrid('Crypte'), mj);
    expect(gridOf(set, 'Crypte')).toEqual(aligned);
    expect(gridOf(set, 'Forêt')).toEqual(DEFAULT_GRID);
  });

  it('is set on an open map only, and stored with its offsets within a cell', () => {
    expect(decided(table(), setGrid('Plaine'), mj)).toEqual({ refusal: tableMessages.mapNotOpen });
    const set = after(table(), setGrid('Forêt', { ...aligned, offsetX: 230 }), mj);
    expect(gridOf(set, 'Forêt').offsetX).toBe(30);
  });

  it('survives a snapshot', () => {
    const set = after(table(), setGrid('Forêt'), mj);
    expect(gridOf(restore(JSON.parse(JSON.stringify(snapshotOf(set)))), 'Forêt')).toEqual(aligned);
  });

  it('reaches the players for their map only', () => {
    const before = table();
    for (const map of ['Forêt', 'Crypte']) {
      const decision = decided(before, setGrid(map), mj);
      if (!('events' in decision)) throw new Error('refused');
      const event: TableEvent = {
        ...decision.events[0]!,
        seq: before.lastSeq + 1,
        userId: 'u-mj',
        createdAt: '',
      };
      const state = applyEvents(before, [event]).state;
      const received = projectEvent(event, before, state, ana);
      expect(received.type).toBe(map === 'Forêt' ? 'map.gridSet' : 'redacted');
      expect(Object.keys(visibleTo(state, ana).grids)).toEqual(map === 'Forêt' ? ['Forêt'] : []);
    }
  });

  it('comes with the map when the players are brought to it', () => {
    const prepared = after(table(), setGrid('Crypte'), mj);
    const decision = decided(prepared, { type: 'map.select', map: mapRef('Crypte'), bringPlayers: true }, mj);
    if (!('events' in decision)) throw new Error('refused');
    const event: TableEvent = {
      ...decision.events[0]!,
      seq: prepared.lastSeq + 1,
      userId: 'u-mj',
      createdAt: '',
    };
    const shown = applyEvents(prepared, [event]).state;
    const received = projectEvent(event, prepared, shown, ana);
    expect(received).toMatchObject({ type: 'map.shown', payload: { grid: aligned } });
  });

  it('is seeded once from the map’s « Taille » when the map is chosen', () => {
    const seeded = { ...DEFAULT_GRID, cellPx: 50 };
    const choose = (_state: TableState): TableCommand => ({
      type: 'map.select',
      map: mapRef('Plaine'),
      bringPlayers: true,
      seedGrid: seeded,
    });
    const chosen = after(table(), choose(table()), mj);
    expect(gridOf(chosen, 'Plaine')).toEqual(seeded);
    const aligned2 = after(chosen, setGrid('Plaine'), mj);
    const again = decided(aligned2, choose(aligned2), mj);
    expect('events' in again && again.events.map((event) => event.type)).toEqual(['map.selected']);
  });
});

describe('snapping a move to the grid', () => {
  it('snaps a move asked with `snap` to the nearest cell of that map’s grid', () => {
    const state = after(table(), setGrid('Forêt'), mj);
    const moved = after(
      state,
      { type: 'token.move', map: 'Forêt', usableId: 'token-1', x: 10, y: 10, snap: true },
      ana,
    );
    // 10 % of 1500 = 150 px → the line at 120 (20 + 100); 10 % of 1000 = 100 px → 110.
    expect(tokenAt(moved, 'Forêt', 'token-1')).toMatchObject({ x: 8, y: 11 });
  });

  it('leaves a free move where it was asked', () => {
    const state = after(table(), setGrid('Forêt'), mj);
    const moved = after(state, { type: 'token.move', map: 'Forêt', usableId: 'token-1', x: 10, y: 10 }, ana);
    expect(tokenAt(moved, 'Forêt', 'token-1')).toMatchObject({ x: 10, y: 10 });
  });

  it('snaps a placement asked with `snap`', () => {
    const state = after(table(), setGrid('Forêt'), mj);
    const placed = after(
      state,
      { type: 'token.place', map: 'Forêt', token: monsterDraft('Gobelin', { x: 10, y: 10 }), snap: true },
      mj,
    );
    expect(tokenAt(placed, 'Forêt', 'placed')).toMatchObject({ x: 8, y: 11 });
  });

  it('keeps a token of a large cell wholly on the map', () => {
    const state = after(table(), setGrid('Forêt', { ...DEFAULT_GRID, cellPx: 300 }), mj);
    const moved = after(state, { type: 'token.move', map: 'Forêt', usableId: 'token-1', x: 97, y: 93 }, ana);
    expect(tokenAt(moved, 'Forêt', 'token-1')).toMatchObject({ x: 80, y: 70 });
  });
});

describe('ranges follow the map’s grid', () => {
  const bite = {
    name: 'Morsure',
    by: 'monster' as const,
    itemId: 'm-Loup',
    bonus: 2,
    damageRoll: '1d6',
    range: 1,
    movement: 0,
    areaOfEffect: 'single' as const,
    areaSize: 0,
    maxTargets: 1,
    essenceCost: 0,
  };
  /** The wolf (token-2) two cells of 75 px right of Ana (token-1): 150 px between their corners. */
  function apart(): TableState {
    const state = table();
    const ana1 = after(state, { type: 'token.move', map: 'Forêt', usableId: 'token-1', x: 0, y: 0 }, mj);
    return after(ana1, { type: 'token.move', map: 'Forêt', usableId: 'token-2', x: 10, y: 0 }, mj);
  }
  const strike: TableCommand = {
    type: 'attack.perform',
    map: 'Forêt',
    attackerId: 'token-2',
    attack: bite,
    targetId: 'token-1',
    aim: null,
  };

  it('is out of reach two cells of 75 px away', () => {
    expect(decided(apart(), strike, mj)).toEqual({ refusal: 'Cible hors de portée !' });
  });

  it('is within reach when a cell of the map is 150 px', () => {
    const wide = after(apart(), setGrid('Forêt', { ...DEFAULT_GRID, cellPx: 150 }), mj);
    expect('events' in decided(wide, strike, mj)).toBe(true);
  });
});
