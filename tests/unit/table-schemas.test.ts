import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attackPayload,
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

  it('takes from a client only which token, map or attack and where: never a stat, a roll or a result', () => {
    const token = { type: 'token.place', map: 'Forêt', itemId: 'c1', isPlayer: true, x: 3, y: 4 } as const;
    const place = itemChangePayload.parse({
      gameId: 'G1',
      change: { ...token, HP: 999, AC: 99, name: 'Imposteur', visibility: false },
    });
    expect(place.change).toEqual({ ...token, hidden: false });
    expect(
      mapChangePayload.parse({ gameId: 'G1', map: { id: 'm', name: 'X', link: '/evil', width: 800 } }).map,
    ).toEqual({ id: 'm', width: 800, height: 1000 });
    const attack = attackPayload.parse({
      gameId: 'G1',
      map: 'Forêt',
      attackerId: 't1',
      attack: { kind: 'weapon', attackId: 'a1', damageRoll: '99d20', bonus: 50 },
      targetId: 't2',
      roll: 20,
      damage: 500,
    });
    expect(attack).toEqual({
      gameId: 'G1',
      map: 'Forêt',
      attackerId: 't1',
      attack: { kind: 'weapon', attackId: 'a1' },
      targetId: 't2',
    });
    expect(
      turnOrderChangePayload.parse({ gameId: 'G1', change: { type: 'turnOrder.next', map: 'Forêt' } }).change,
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
