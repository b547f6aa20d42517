import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { tableMessages } from '../../src/domain/table/messages';
import { reduce } from '../../src/domain/table/reducer';
import type { TableActor, TableEvent, TableEventBody, TableState } from '../../src/domain/table/types';
import { projectEvent } from '../../src/domain/table/visibility';
import type { CreatureSize } from '../../src/domain/resources/categories';
import { actionEvents, ana, envOf, mapRef, mj, monsterDraft, playerDraft, runServer } from './table-fixtures';

/** Forêt (1500 × 1000, 75 px cells) open for everyone: Ana's token-1 at (11, 11), a wolf token-2 at the edge, a hidden lich token-3. */
function table(): TableState {
  return runServer([
    { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
    {
      command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana', { x: 11, y: 11, size: 1 }) },
      actor: ana,
    },
    {
      command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup', { x: 95, y: 90 }) },
      actor: mj,
    },
    {
      command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
      actor: mj,
    },
  ]).state;
}

const resize = (usableId: string, size: CreatureSize, snap?: boolean): TableCommand => ({
  type: 'token.resize',
  map: 'Forêt',
  usableId,
  size,
  ...(snap === undefined ? {} : { snap }),
});

function outcome(command: TableCommand, actor: TableActor, state = table()): string | TableEventBody[] {
  const decision = decide(state, command, actor, envOf());
  return 'refusal' in decision ? decision.refusal : actionEvents(decision.events);
}

describe('a token resized (token.resize)', () => {
  it('gives a character the cells of the size the MJ picks, where it stands', () => {
    expect(outcome(resize('token-1', 'Grande'), mj)).toEqual([
      { type: 'token.resized', payload: { map: 'Forêt', usableId: 'token-1', size: 2, x: 11, y: 11 } },
    ]);
  });

  it('brings the token back so its whole square stays on the map, and onto the grid when snapped', () => {
    // Four cells of 75 px on 1,500 × 1,000: the corner stops at 80 % across and 70 % down.
    expect(outcome(resize('token-2', 'Gigantesque'), mj)).toEqual([
      { type: 'token.resized', payload: { map: 'Forêt', usableId: 'token-2', size: 4, x: 80, y: 70 } },
    ]);
    expect(outcome(resize('token-1', 'Grande', true), mj)).toEqual([
      { type: 'token.resized', payload: { map: 'Forêt', usableId: 'token-1', size: 2, x: 10, y: 7.5 } },
    ]);
  });

  it('changes nothing for a size of the same cells', () => {
    expect(outcome(resize('token-1', 'Petite'), mj)).toEqual([]);
  });

  it('is the managers’ alone, and a hidden token is not found by a player', () => {
    expect(outcome(resize('token-1', 'Grande'), ana)).toBe(tableMessages.onlyMasterSize);
    expect(outcome(resize('token-3', 'Grande'), ana)).toBe(tableMessages.tokenNotFound);
    expect(outcome(resize('nobody', 'Grande'), mj)).toBe(tableMessages.tokenNotFound);
  });

  it('folds into the token, and reaches a player redacted when the token is hidden from them', () => {
    const before = table();
    for (const [usableId, heard] of [
      ['token-1', 'token.resized'],
      ['token-3', 'redacted'],
    ] as const) {
      const [body] = outcome(resize(usableId, 'Très grande'), mj) as TableEventBody[];
      const after = reduce(before, body!);
      if (!('state' in after)) throw new Error(after.rejected);
      expect(after.state.tokens['Forêt']?.[usableId]?.size).toBe(3);
      const event = { ...body!, seq: before.lastSeq + 1, userId: mj.userId, createdAt: 'now' } as TableEvent;
      expect(projectEvent(event, before, after.state, ana).type).toBe(heard);
    }
  });

  it('is refused by the fold when the size is not 1 to 4 cells', () => {
    const wrong = {
      type: 'token.resized',
      payload: { map: 'Forêt', usableId: 'token-1', size: 5, x: 1, y: 1 },
    };
    expect(reduce(table(), wrong as TableEventBody)).toEqual({ rejected: 'size out of bounds' });
  });
});
