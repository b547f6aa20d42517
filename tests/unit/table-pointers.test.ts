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

  it('keeps a ping or a ruler with a point in the fog with the managers, whoever points', () => {
    const fogged = runServer([
      { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
      {
        command: {
          type: 'map.fog',
          map: 'Forêt',
          change: {
            kind: 'shape',
            shape: {
              mode: 'cover',
              kind: 'rect',
              points: [
                { x: 50, y: 0 },
                { x: 100, y: 100 },
              ],
            },
          },
        },
        actor: mj,
      },
    ]).state;
    const open = { x: 100, y: 500 };
    const hidden = { x: 1200, y: 500 };
    expect(pointerAudience(fogged, ana, 'Forêt', false, [open, { x: 700, y: 900 }])).toEqual({
      audience: 'everyone',
    });
    expect(pointerAudience(fogged, mj, 'Forêt', false, [open, hidden])).toEqual({ audience: 'managers' });
    expect(pointerAudience(fogged, ana, 'Forêt', false, [hidden, open])).toEqual({ audience: 'managers' });
    // A point past the map's edge is where it is drawn: on the edge, in the fog.
    expect(pointerAudience(fogged, mj, 'Forêt', true, [{ x: 9000, y: 500 }])).toEqual({
      audience: 'managers',
    });
  });

  it('keeps a point on the map', () => {
    expect(pointOnMap({ x: -5, y: 2000 }, { width: 1500, height: 1000 })).toEqual({ x: 0, y: 1000 });
    expect(pointOnMap({ x: 700.5, y: 20 }, { width: 1500, height: 1000 })).toEqual({ x: 700.5, y: 20 });
  });
});
