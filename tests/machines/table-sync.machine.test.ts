import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyEventObject } from 'xstate';
import { applyEvents, emptyTable, snapshotOf } from '../../src/domain/table/reducer';
import type { TableEvent } from '../../src/domain/table/types';
import {
  tableSyncMachine,
  type CatchUpAnswer,
  type CatchUpQuestion,
  type TableSyncEvent,
} from '../../src/machines/table-sync.machine';
import { each, outcomesOf, testEveryPath } from '../helpers/every-path';
import { pendingCalls } from '../helpers/fake-effects';
import { expectSameState, modelOf, settle, visitedStates, type Pending } from '../helpers/machine-model';

const at = '2026-01-01T10:00:00.000Z';
const message = (seq: number): TableEvent => ({
  type: 'chat.posted',
  payload: {
    playerName: 'MJ',
    senderId: null,
    avatar: null,
    senderUserId: 'u',
    message: `m${seq}`,
    type: 'normal',
  },
  seq,
  userId: 'u',
  createdAt: at,
});
const [e1, e2, e3] = [message(1), message(2), message(3)];
const retry = { type: 'xstate.after.catchUpRetry.tableSync.waitingToRetry' };

const events: AnyEventObject[] = [
  { type: 'table.event', event: e1 },
  { type: 'table.event', event: e3 },
  { type: 'socket.connected' },
  { type: 'socket.disconnected' },
  { type: 'table.leave' },
  { type: 'table.resync' },
  { type: 'xstate.done.actor.catchUp', output: { snapshot: null, events: [e1, e2] } satisfies CatchUpAnswer },
  { type: 'xstate.done.actor.catchUp', output: { snapshot: null, events: [] } satisfies CatchUpAnswer },
  { type: 'xstate.error.actor.catchUp', error: new Error('réseau') },
  retry,
];

function start(connected: boolean) {
  const clock = new SimulatedClock();
  const requests: Array<Pending<CatchUpAnswer>> = [];
  const actor = createActor(
    tableSyncMachine.provide({
      actors: {
        'fetch missed events': pendingCalls<CatchUpAnswer, CatchUpQuestion>(requests),
      },
    }),
    { input: { gameId: 'G1', connected }, clock },
  ).start();
  return { actor, clock, requests };
}

describe.each([true, false])(
  'table sync (socket up at start: %s): shortest paths to every state',
  (connected) => {
    const model = modelOf(
      tableSyncMachine,
      (snapshot) =>
        events
          .filter(
            (event) =>
              (!event.type.startsWith('xstate.done') && !event.type.startsWith('xstate.error')) ||
              snapshot.matches('catchingUp'),
          )
          .filter((event) => event !== retry || snapshot.matches('waitingToRetry')),
      { gameId: 'G1', connected },
    );
    const paths = model.getShortestPaths();

    testEveryPath(paths, () => {
      const { actor, clock, requests } = start(connected);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as TableSyncEvent);
      const answer = async ({ event }: { event: AnyEventObject }) => {
        const pending = requests.at(-1)!;
        if (event.type.startsWith('xstate.done'))
          pending.resolve((event as unknown as { output: CatchUpAnswer }).output);
        else pending.reject(new Error('réseau'));
        await settle();
      };
      return {
        events: {
          ...each(
            ['table.event', 'socket.connected', 'socket.disconnected', 'table.leave', 'table.resync'],
            send,
          ),
          ...each(outcomesOf('catchUp'), answer),
          [retry.type]: () => clock.increment(2000),
        },
        states: {
          '*': (expected) => expectSameState(actor, expected),
          catchingUp: (expected) => {
            expectSameState(actor, expected);
            // A catch-up asks from the last event folded when it started; later ones wait in the inbox.
            const request = requests.at(-1)!.input as { gameId: string; afterSeq: number };
            expect(request.gameId).toBe('G1');
            expect(request.afterSeq).toBeLessThanOrEqual(actor.getSnapshot().context.inbox.state.lastSeq);
          },
          live: (expected) => {
            expectSameState(actor, expected);
            expect(Object.keys(actor.getSnapshot().context.inbox.early)).toEqual([]);
          },
        },
      };
    });

    it('visits every state', () => {
      expect(visitedStates(paths)).toEqual(
        ['catchingUp', 'joining', 'left', 'live', 'reconnecting', 'waitingToRetry'].filter((s) =>
          connected ? s !== 'joining' : true,
        ),
      );
    });
  },
);

describe('table sync', () => {
  it('folds every event once, in seq order, across a dropped socket', async () => {
    const { actor, requests } = start(true);
    requests[0]!.resolve({ snapshot: null, events: [e1] });
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    actor.send({ type: 'table.event', event: e1 });
    actor.send({ type: 'table.event', event: e3 });
    // seq 2 is missing: it asks for what follows seq 1 and holds seq 3 meanwhile.
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(requests[1]!.input).toEqual({ gameId: 'G1', afterSeq: 1, epoch: 0 });
    requests[1]!.resolve({ snapshot: null, events: [e2, e3] });
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.inbox.state).toEqual(applyEvents(emptyTable, [e1, e2, e3]).state);

    actor.send({ type: 'socket.disconnected' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    actor.send({ type: 'socket.connected' });
    expect(requests[2]!.input).toEqual({ gameId: 'G1', afterSeq: 3, epoch: 0 });
    const e4 = message(4);
    requests[2]!.resolve({ snapshot: null, events: [e4] });
    await settle();
    actor.send({ type: 'table.event', event: e4 });
    expect(actor.getSnapshot().context.inbox.state.lastSeq).toBe(4);
  });

  it('checks its copy with the server when a later owner’s event arrives, and starts again when told', async () => {
    const { actor, requests } = start(true);
    const ofOwner = (event: TableEvent, epoch: number): TableEvent => ({ ...event, epoch });
    requests[0]!.resolve({ snapshot: null, events: [ofOwner(e1, 1), ofOwner(e2, 1)], epoch: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    // The owner that sent seq 2 died before logging it; the next one gives seq 2 out again.
    const other2 = ofOwner(message(2), 2);
    actor.send({
      type: 'table.event',
      event: { ...other2, payload: { ...e2.payload, message: 'autre' } } as TableEvent,
    });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(requests[1]!.input).toEqual({ gameId: 'G1', afterSeq: 2, epoch: 1 });
    const logged = [
      ofOwner(e1, 1),
      { ...other2, payload: { ...e2.payload, message: 'autre' } } as TableEvent,
    ];
    requests[1]!.resolve({ snapshot: null, events: logged, reset: true, epoch: 2 });
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.inbox.state).toEqual(applyEvents(emptyTable, logged).state);
    expect(actor.getSnapshot().context.inbox.epoch).toBe(2);
  });

  it('checks its copy when told the game was taken over, nobody playing, and drops what was never logged', async () => {
    const { actor, requests } = start(true);
    const ofOwner = (event: TableEvent, epoch: number): TableEvent => ({ ...event, epoch });
    requests[0]!.resolve({ snapshot: null, events: [ofOwner(e1, 1)], epoch: 1 });
    await settle();
    // Heard live; its owner died before logging it, and nobody plays after.
    actor.send({ type: 'table.event', event: ofOwner(e2, 1) });
    expect(actor.getSnapshot().value).toBe('live');
    actor.send({ type: 'table.resync' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(requests[1]!.input).toEqual({ gameId: 'G1', afterSeq: 2, epoch: 1 });
    requests[1]!.resolve({ snapshot: null, events: [ofOwner(e1, 1)], reset: true, epoch: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.inbox.state).toEqual(applyEvents(emptyTable, [e1]).state);
  });

  it('starts from a snapshot when the server sends one', async () => {
    const { actor, requests } = start(true);
    const state = applyEvents(emptyTable, [e1, e2, e3]).state;
    requests[0]!.resolve({ snapshot: snapshotOf(state), events: [message(4)] });
    await settle();
    expect(actor.getSnapshot().context.inbox.state.lastSeq).toBe(4);
  });

  it('waits for a connected socket, retries a failed catch-up, and forgets the table on leaving', async () => {
    const { actor, clock, requests } = start(false);
    expect(actor.getSnapshot().value).toBe('joining');
    actor.send({ type: 'socket.connected' });
    requests[0]!.reject(new Error('réseau'));
    await settle();
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    clock.increment(2000);
    expect(requests).toHaveLength(2);
    requests[1]!.resolve({ snapshot: null, events: [e1] });
    await settle();
    actor.send({ type: 'table.leave' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.inbox.state).toEqual(emptyTable);
  });
});
