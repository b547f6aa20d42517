import { describe, expect, it } from 'vitest';
import { decide, type TableCommand } from '../../src/domain/table/decide';
import { tableMessages } from '../../src/domain/table/messages';
import type { TableActor, TableEventBody, TableState } from '../../src/domain/table/types';
import { projectEvent } from '../../src/domain/table/visibility';
import { reduce } from '../../src/domain/table/reducer';
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

/** Forêt open for everyone: Ana's token-1, Bob's token-2, a wolf token-3 and a hidden lich token-4. */
function table(): TableState {
  return runServer([
    { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-ana') }, actor: ana },
    { command: { type: 'token.place', map: 'Forêt', token: playerDraft('c-bob') }, actor: bob },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
    {
      command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Liche', { visibility: false }) },
      actor: mj,
    },
  ]).state;
}

const moveMany = (...moves: Array<[string, number, number]>): TableCommand => ({
  type: 'token.moveMany',
  map: 'Forêt',
  moves: moves.map(([usableId, x, y]) => ({ usableId, x, y })),
});

function outcome(command: TableCommand, actor: TableActor, state = table()): string | TableEventBody[] {
  const decision = decide(state, command, actor, envOf());
  return 'refusal' in decision ? decision.refusal : actionEvents(decision.events);
}

describe('a group move (token.moveMany)', () => {
  it('moves every token named, each clamped, as one token.moved per token in one decision', () => {
    expect(outcome(moveMany(['token-1', 20, 30], ['token-3', 99, -4], ['token-4', 50, 50]), mj)).toEqual([
      { type: 'token.moved', payload: { map: 'Forêt', usableId: 'token-1', x: 20, y: 30 } },
      { type: 'token.moved', payload: { map: 'Forêt', usableId: 'token-3', x: 95, y: 0 } },
      { type: 'token.moved', payload: { map: 'Forêt', usableId: 'token-4', x: 50, y: 50 } },
    ]);
  });

  it('is refused whole when one token is not the player’s, or one they may not see', () => {
    expect(outcome(moveMany(['token-1', 20, 30], ['token-2', 40, 40]), ana)).toBe(tableMessages.notYourToken);
    expect(outcome(moveMany(['token-1', 20, 30], ['token-4', 40, 40]), ana)).toBe(
      tableMessages.tokenNotFound,
    );
    expect(outcome(moveMany(['token-1', 20, 30]), ana)).toEqual([
      { type: 'token.moved', payload: { map: 'Forêt', usableId: 'token-1', x: 20, y: 30 } },
    ]);
  });

  it('refuses an empty group, a token named twice and an unknown one', () => {
    expect(outcome(moveMany(), mj)).toBe(tableMessages.emptyGroupMove);
    expect(outcome(moveMany(['token-1', 20, 30], ['token-1', 40, 40]), mj)).toBe(
      tableMessages.tokenTwiceInGroup,
    );
    expect(outcome(moveMany(['token-1', 20, 30], ['nobody', 40, 40]), mj)).toBe(tableMessages.tokenNotFound);
  });

  it('folds, and a player receives the hidden token’s move redacted', () => {
    const before = table();
    const events = outcome(moveMany(['token-3', 10, 10], ['token-4', 60, 60]), mj) as TableEventBody[];
    let state = before;
    const heard = events.map((body, index) => {
      const after = reduce(state, body);
      if (!('state' in after)) throw new Error(after.rejected);
      const event = { ...body, seq: before.lastSeq + index + 1, userId: mj.userId, createdAt: 'now' };
      const projected = projectEvent(event as never, state, after.state, bob);
      state = after.state;
      return projected.type;
    });
    expect(heard).toEqual(['token.moved', 'redacted']);
    expect(state.tokens['Forêt']?.['token-4']).toMatchObject({ x: 60, y: 60 });
  });
});

describe('a group move asked with `snap`', () => {
  /** Where each token's corner stands, in cells of the default grid (75 px) of the 1500 × 1000 map. */
  const inCells = (events: string | TableEventBody[]) =>
    (events as TableEventBody[]).map((event) =>
      event.type === 'token.moved'
        ? [event.payload.usableId, (event.payload.x / 100) * 20, (event.payload.y / 100) * (1000 / 75)]
        : event.type,
    );

  it('snaps the dragged token and moves the others by whole cells from it, so every token is on a cell', () => {
    const asked: TableCommand = {
      ...(moveMany(['token-1', 11, 11], ['token-3', 22, 27], ['token-2', 13.4, 4]) as Extract<
        TableCommand,
        { type: 'token.moveMany' }
      >),
      snap: true,
    };
    const landed = inCells(outcome(asked, mj)).map((row) =>
      Array.isArray(row)
        ? [row[0], Number((row[1] as number).toFixed(6)), Number((row[2] as number).toFixed(6))]
        : row,
    );
    // Ana's token snaps to (2, 1); the wolf stood 2.2 and 2.13 cells from it, Bob's 0.5 and −0.93.
    expect(landed).toEqual([
      ['token-1', 2, 1],
      ['token-3', 4, 3],
      ['token-2', 2, 0],
    ]);
  });

  it('holds each token on the map, on the grid, when the group’s shape would take it past an edge', () => {
    const asked: TableCommand = {
      ...(moveMany(['token-1', 91, 50], ['token-3', 99, 50]) as Extract<
        TableCommand,
        { type: 'token.moveMany' }
      >),
      snap: true,
    };
    const [anchor, pushed] = outcome(asked, mj) as TableEventBody[];
    expect(anchor).toMatchObject({ payload: { usableId: 'token-1', x: 90, y: 52.5 } });
    // Two cells on from 18 would be 20, past the edge: the last cell wholly on the map is 19.
    expect(pushed).toMatchObject({ payload: { usableId: 'token-3', x: 95, y: 52.5 } });
  });

  it('without `snap`, keeps every token where it was asked (clamped only)', () => {
    expect(inCells(outcome(moveMany(['token-1', 11, 11], ['token-3', 22, 27]), mj))).toEqual([
      ['token-1', 2.2, (11 / 100) * (1000 / 75)],
      ['token-3', 4.4, (27 / 100) * (1000 / 75)],
    ]);
  });
});
