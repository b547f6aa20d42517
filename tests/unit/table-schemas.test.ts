import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commandOf,
  itemChangePayload,
  mapChangePayload,
  newMessagePayload,
  socketEventOf,
  tableCatchUpAnswer,
  tableEvent,
  turnOrderChangePayload,
} from '../../src/api/schemas/table';
import { snapshotOf } from '../../src/domain/table/reducer';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import { actors, runServer, session } from './table-fixtures';

describe('table wire contract', () => {
  it('carries every event and snapshot any actor receives, unchanged', () => {
    fc.assert(
      fc.property(session, (commands) => {
        const { state, log } = runServer(commands);
        for (const actor of actors) {
          const events = log.map(({ event, before, after }) => projectEvent(event, before, after, actor));
          const answer = { ok: true, snapshot: snapshotOf(visibleTo(state, actor)), events };
          expect(tableCatchUpAnswer.parse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('reads the commands of itemChange, mapChange and turnOrderChange', () => {
    const move = itemChangePayload.parse({
      gameId: 'G1',
      change: { type: 'token.move', map: 'Forêt', usableId: 't', x: 3, y: 4 },
    });
    expect(commandOf(move)).toEqual({ type: 'token.move', map: 'Forêt', usableId: 't', x: 3, y: 4 });
    expect(commandOf(mapChangePayload.parse({ gameId: 'G1', map: null }))).toEqual({ type: 'map.clear' });
    const map = { id: 'm', name: 'Crypte', link: '/c.png' };
    expect(commandOf(mapChangePayload.parse({ gameId: 'G1', map, bringPlayers: true }))).toEqual({
      type: 'map.select',
      map,
      bringPlayers: true,
    });
    expect(
      commandOf(
        turnOrderChangePayload.parse({ gameId: 'G1', change: { type: 'turnOrder.next', map: 'Forêt' } }),
      ),
    ).toEqual({ type: 'turnOrder.next', map: 'Forêt' });
  });

  it('refuses what no command may carry', () => {
    const adjust = { type: 'token.adjust', map: 'F', usableId: 't', resource: 'HP', direction: 'decrease' };
    expect(itemChangePayload.safeParse({ gameId: 'G', change: { ...adjust, amount: -2 } }).success).toBe(
      false,
    );
    expect(itemChangePayload.safeParse({ gameId: 'G', change: { type: 'token.teleport' } }).success).toBe(
      false,
    );
    const roll = { kind: 'roll', dice: { count: 2, sides: 7, bonus: 0 } };
    expect(newMessagePayload.safeParse({ gameId: 'G', content: roll }).success).toBe(false);
    expect(
      newMessagePayload.safeParse({ gameId: 'G', playerId: 'c', content: { kind: 'text', text: '/r 2d6' } })
        .success,
    ).toBe(true);
    expect(
      tableEvent.safeParse({ type: 'redacted', payload: {}, seq: 0, userId: null, createdAt: 'x' }).success,
    ).toBe(false);
  });

  it('emits each event under the spec’s socket event', () => {
    expect(socketEventOf('map.cleared')).toBe('mapUpdate');
    expect(socketEventOf('token.moved')).toBe('itemUpdate');
    expect(socketEventOf('turnOrder.advanced')).toBe('turnOrderUpdate');
    expect(socketEventOf('dice.rolled')).toBe('broadcastMessage');
    expect(socketEventOf('redacted')).toBe('itemUpdate');
  });
});
