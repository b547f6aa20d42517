import { describe, expect, it } from 'vitest';
import { tableMessages } from '../../src/domain/table/messages';
import { pointerAudience, pointOnMap } from '../../src/domain/table/pointers';
import { admin, ana, mapRef, mj, runServer } from './table-fixtures';

/** Forêt open for everyone; the MJ then prepares the Crypte alone. */
const state = runServer([
  { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
  { command: { type: 'map.select', map: mapRef('Crypte'), bringPlayers: false }, actor: mj },
]).state;

describe('who hears a ping or a shown ruler, and who may bring the others’ view', () => {
  it('goes to everyone on the players’ map, whoever points', () => {
    expect(pointerAudience(state, ana, 'Forêt', false)).toEqual({ audience: 'everyone' });
    expect(pointerAudience(state, mj, 'Forêt', false)).toEqual({ audience: 'everyone' });
  });

  it('stays with the managers on the map the MJ prepares; a player cannot point there', () => {
    expect(pointerAudience(state, mj, 'Crypte', false)).toEqual({ audience: 'managers' });
    expect(pointerAudience(state, admin, 'Crypte', false)).toEqual({ audience: 'managers' });
    expect(pointerAudience(state, ana, 'Crypte', false)).toEqual({ refusal: tableMessages.mapNotOpen });
    expect(pointerAudience(state, mj, 'Nulle part', false)).toEqual({ refusal: tableMessages.mapNotOpen });
  });

  it('lets only the managers bring everyone’s view, and only to the players’ map', () => {
    expect(pointerAudience(state, mj, 'Forêt', true)).toEqual({ audience: 'everyone' });
    expect(pointerAudience(state, ana, 'Forêt', true)).toEqual({ refusal: tableMessages.onlyMasterBrings });
    expect(pointerAudience(state, mj, 'Crypte', true)).toEqual({ refusal: tableMessages.bringToUnseenMap });
  });

  it('keeps a point on the map', () => {
    expect(pointOnMap({ x: -5, y: 2000 }, { width: 1500, height: 1000 })).toEqual({ x: 0, y: 1000 });
    expect(pointOnMap({ x: 700.5, y: 20 }, { width: 1500, height: 1000 })).toEqual({ x: 700.5, y: 20 });
  });
});
