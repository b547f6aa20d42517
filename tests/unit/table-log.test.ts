import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_X_PERCENT, MAX_Y_PERCENT } from '../../src/domain/geometry/geometry';
import { catchUp, inboxOf, receive, missingSeq } from '../../src/domain/table/inbox';
import { applyEvent, applyEvents, emptyTable, restore, snapshotOf } from '../../src/domain/table/reducer';
import type { TableActor, TableEvent, TableState } from '../../src/domain/table/types';
import { projectEvent, visibleTo } from '../../src/domain/table/visibility';
import {
  actorArb,
  actors,
  envOf,
  mapRef,
  mj,
  monsterDraft,
  preparedSession,
  runServer,
  session,
  type Logged,
} from './table-fixtures';

/** The log as one actor receives it. */
function deliveredTo(log: Logged[], actor: TableActor): TableEvent[] {
  return log.map(({ event, before, after }) => projectEvent(event, before, after, actor));
}

function expectInvariants(state: TableState): void {
  for (const [map, tokens] of Object.entries(state.tokens)) {
    expect(Object.keys(tokens).length).toBeGreaterThan(0);
    const order = state.turnOrders[map] ?? [];
    for (const token of Object.values(tokens)) {
      expect(token.x).toBeGreaterThanOrEqual(0);
      expect(token.x).toBeLessThanOrEqual(MAX_X_PERCENT);
      expect(token.y).toBeGreaterThanOrEqual(0);
      expect(token.y).toBeLessThanOrEqual(MAX_Y_PERCENT);
      expect(
        Number.isInteger(token.currentHP) && token.currentHP! >= 0 && token.currentHP! <= token.HP!,
      ).toBe(true);
      if (token.soulEssence !== null) {
        expect(token.currentSoulEssence).toBeGreaterThanOrEqual(0);
        expect(token.currentSoulEssence).toBeLessThanOrEqual(token.soulEssence);
      }
      expect(token.inTurnOrder).toBe(order.includes(token.usableId));
    }
  }
  for (const [map, order] of Object.entries(state.turnOrders)) {
    expect(order.length).toBeGreaterThan(0);
    expect(new Set(order).size).toBe(order.length);
    for (const id of order) expect(state.tokens[map]?.[id]).toBeDefined();
  }
}

describe('table log: properties', () => {
  it('decide only ever produces events the reducer applies, and the bounds hold', () => {
    fc.assert(
      fc.property(session, fc.integer(), (commands, seed) => {
        // runServer throws when an event decided does not apply.
        const { state, log } = runServer(commands, seed);
        expect(state.lastSeq).toBe(log.length);
        expectInvariants(state);
      }),
      { numRuns: 300 },
    );
  });

  it('folding the log again gives the server state; a snapshot restores it exactly', () => {
    fc.assert(
      fc.property(session, fc.integer({ min: 0, max: 60 }), (commands, cut) => {
        const { state, log } = runServer(commands);
        const events = log.map(({ event }) => event);
        expect(applyEvents(emptyTable, events)).toEqual({ state, gapAt: null, rejected: [] });
        const at = Math.min(cut, events.length);
        const snapshot = JSON.parse(
          JSON.stringify(snapshotOf(applyEvents(emptyTable, events.slice(0, at)).state)),
        );
        expect(applyEvents(restore(snapshot), events.slice(at)).state).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });

  it('each actor folds what it receives to exactly what it may see of the server state', () => {
    fc.assert(
      fc.property(session, actorArb, (commands, actor) => {
        const { state, log } = runServer(commands);
        const folded = applyEvents(emptyTable, deliveredTo(log, actor));
        expect(folded.rejected).toEqual([]);
        expect(folded.state).toEqual(visibleTo(state, actor));
      }),
      { numRuns: 300 },
    );
  });

  it('gives a player nothing of a map they are not on: no token, order, attack or line of it', () => {
    const players = actors.filter((actor) => actor.role === 'player');
    fc.assert(
      fc.property(preparedSession, (commands) => {
        const { log } = runServer(commands);
        for (const player of players) {
          for (const logged of log) {
            const { command, before } = logged;
            const [delivered] = deliveredTo([logged], player);
            // Every event a command about another map makes — its attack and chat lines included.
            if (
              command &&
              'map' in command &&
              typeof command.map === 'string' &&
              command.map !== before.currentMap?.name
            ) {
              expect(delivered?.type).toBe('redacted');
            }
          }
          const folded = applyEvents(emptyTable, deliveredTo(log, player)).state;
          const shown = folded.currentMap ? [folded.currentMap.name] : [];
          expect(Object.keys(folded.tokens).filter((map) => !shown.includes(map))).toEqual([]);
          expect(Object.keys(folded.turnOrders).filter((map) => !shown.includes(map))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any duplication and reordering of deliveries, then a catch-up, converges on every client', () => {
    const delivery = fc.array(fc.nat(), { maxLength: 120 });
    fc.assert(
      fc.property(session, delivery, fc.nat(), (commands, picks, joinedAt) => {
        const { state, log } = runServer(commands);
        for (const actor of actors) {
          const events = deliveredTo(log, actor);
          // A client joins late from a snapshot of what it may see, then gets a shuffled, duplicated stream.
          const start = events.length === 0 ? 0 : joinedAt % (events.length + 1);
          const joined = visibleTo(log[start - 1]?.after ?? emptyTable, actor);
          let inbox = inboxOf(restore(snapshotOf(joined)));
          for (const pick of picks)
            if (events.length > 0) inbox = receive(inbox, events[pick % events.length]!);
          // It asks for what it still misses after its last seq, as the catch-up protocol does.
          inbox = catchUp(inbox, { events: events.filter((event) => event.seq > inbox.state.lastSeq) });
          expect(missingSeq(inbox)).toBeNull();
          expect(inbox.rejected).toBe(0);
          expect(inbox.state).toEqual(visibleTo(state, actor));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a catch-up with a snapshot replaces a state far behind and skips what the snapshot holds', () => {
    fc.assert(
      fc.property(session, fc.nat(), (commands, at) => {
        const { state, log } = runServer(commands);
        const events = log.map(({ event }) => event);
        const cut = events.length === 0 ? 0 : at % events.length;
        const snapshot = snapshotOf(log[cut - 1]?.after ?? emptyTable);
        const caughtUp = catchUp(inboxOf(emptyTable), {
          snapshot,
          events: events.slice(Math.max(0, cut - 3)),
        });
        expect(caughtUp.state).toEqual(state);
      }),
      { numRuns: 100 },
    );
  });
});

describe('applyEvent', () => {
  const placed = runServer([
    { command: { type: 'map.select', map: mapRef('Forêt'), bringPlayers: true }, actor: mj },
    { command: { type: 'token.place', map: 'Forêt', token: monsterDraft('Loup') }, actor: mj },
  ]);
  const [first] = placed.log.map(({ event }) => event);

  it('applies the next seq, ignores a replay, reports a gap without applying it', () => {
    const applied = applyEvent(emptyTable, first!);
    expect(applied.outcome).toBe('applied');
    expect(applyEvent(applied.state, first!)).toEqual({ outcome: 'duplicate', state: applied.state });
    const later = { ...first!, seq: 5 };
    expect(applyEvent(applied.state, later)).toEqual({
      outcome: 'gap',
      state: applied.state,
      missingFrom: 2,
    });
  });

  it('rejects an event that does not fit, yet moves past its seq', () => {
    const moved: TableEvent = {
      type: 'token.moved',
      payload: { map: 'Forêt', usableId: 'nobody', x: 1, y: 1 },
      seq: 1,
      userId: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    };
    expect(applyEvent(emptyTable, moved)).toMatchObject({
      outcome: 'rejected',
      reason: 'no such token',
      state: { lastSeq: 1 },
    });
  });

  it('stops a run of events at the first gap', () => {
    const second = { ...first!, seq: 3 };
    expect(applyEvents(emptyTable, [first!, second]).gapAt).toBe(2);
  });

  it('gives every client the same ids the server chose', () => {
    expect(placed.state.tokens['Forêt']).toHaveProperty('token-1');
    expect(envOf().newUsableId()).toBe('token-1');
  });
});
