import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import type { Anomaly } from '../../src/api/schemas/anomalies';
import { anomaliesMatching } from '../../src/domain/monitoring/anomaly-filter';
import {
  anomalyListMachine,
  statusActorId,
  type AnomalyListEvent,
  type AnomalyListing,
} from '../../src/machines/anomaly-list.machine';
import { anomalyStatusMachine } from '../../src/machines/anomaly-status.machine';
import { anAnomaly, statsOf } from '../helpers/anomaly-fixtures';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { deferred, expectSameState, settle, visitedStates, type Pending } from '../helpers/machine-model';

const fresh = anAnomaly();
const resolved = anAnomaly({
  id: 'A2',
  status: 'Résolue',
  resolved: true,
  resolved_at: '2026-11-24T11:00:00.000Z',
  resolution: 'Index ajouté',
});
const listing: AnomalyListing = { anomalies: [fresh, resolved], stats: statsOf([fresh, resolved]) };

type Snapshot = ReturnType<typeof anomalyListMachine.getInitialSnapshot>;

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  const { filter, openId } = snapshot.context;
  return [
    { type: 'anomalies.reload' },
    { type: 'filter.toggle', filter: 'resolved' },
    ...(filter === 'all' ? [{ type: 'filter.choose', filter: 'new' }] : []),
    { type: 'section.toggle' },
    ...(openId === null
      ? [
          { type: 'anomaly.open', id: 'A1' },
          { type: 'anomaly.open', id: 'ailleurs' },
        ]
      : []),
    ...(openId !== null ? [{ type: 'anomaly.close' }] : []),
    ...(snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadAnomalies', output: listing },
          { type: 'xstate.error.actor.loadAnomalies', error: new TypeError('Failed to fetch') },
        ]
      : []),
  ];
}

function startList() {
  const loads: Pending<AnomalyListing>[] = [];
  const actor = createActor(
    anomalyListMachine.provide({
      actors: {
        'load anomalies': fromPromise(() => {
          const call = deferred<AnomalyListing>(null);
          loads.push(call);
          return call.promise;
        }),
        // Status changes are the status machine's tests; here the children only have to exist.
        'anomaly status': anomalyStatusMachine,
      },
    }),
  ).start();
  return { actor, loads };
}

/** The status actors among the children (the running load is one too). */
const childIds = (actor: ReturnType<typeof startList>['actor']) =>
  Object.keys(actor.getSnapshot().children)
    .filter((id) => id.startsWith('anomaly-'))
    .sort();

describe('anomaly list: every transition', () => {
  const paths = everyTransition(anomalyListMachine, modelEvents);

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual(['failed', 'loading', 'ready']);
  });

  testEveryPath(paths, () => {
    const list = startList();
    const seen = {
      listed: [] as Anomaly[],
      filter: 'all',
      expanded: false,
      openId: null as string | null,
      loads: 1,
    };
    const send = ({ event }: { event: AnyEventObject }) => {
      if (event.type === 'anomalies.reload') seen.loads++;
      if (event.type === 'filter.toggle')
        seen.filter = seen.filter === event.filter ? 'all' : (event.filter as string);
      if (event.type === 'filter.choose') seen.filter = event.filter as string;
      if (event.type === 'section.toggle') seen.expanded = !seen.expanded;
      if (event.type === 'anomaly.open' && seen.listed.some((one) => one.id === event.id))
        seen.openId = event.id as string;
      if (event.type === 'anomaly.close') seen.openId = null;
      list.actor.send(event as AnomalyListEvent);
    };
    const answer = async ({ event }: { event: AnyEventObject }) => {
      if (event.type.startsWith('xstate.done')) {
        seen.listed = listing.anomalies;
        list.loads.at(-1)!.resolve(listing);
      } else list.loads.at(-1)!.reject(event.error);
      await settle();
    };
    const context = () => list.actor.getSnapshot().context;
    return {
      events: {
        ...each(
          [
            'anomalies.reload',
            'filter.toggle',
            'filter.choose',
            'section.toggle',
            'anomaly.open',
            'anomaly.close',
          ],
          send,
        ),
        ...each(outcomesOf('loadAnomalies'), answer),
      },
      states: {
        '*': (expected) => {
          expectSameState(list.actor, expected as never);
          expect(context()).toMatchObject({
            filter: seen.filter,
            expanded: seen.expanded,
            openId: seen.openId,
          });
          expect(list.loads).toHaveLength(seen.loads);
          // One status actor per listed anomaly, named after it.
          expect(childIds(list.actor)).toEqual(seen.listed.map((one) => statusActorId(one.id)).sort());
        },
        // The server's list and counts, as they came.
        ready: () => {
          expect(context().anomalies).toEqual(listing.anomalies);
          expect(context().stats).toEqual(listing.stats);
        },
        // The last list stays shown.
        failed: () => expect(context().anomalies).toEqual(seen.listed),
      },
    };
  });
});

describe('anomaly list', () => {
  it('keeps the status actors of anomalies still listed, tells them the new status, and stops the others', async () => {
    const list = startList();
    list.loads[0]!.resolve(listing);
    await settle();
    const kept = list.actor.getSnapshot().children[statusActorId('A1')];
    list.actor.send({ type: 'anomaly.open', id: 'A2' });
    list.actor.send({ type: 'anomalies.reload' });
    const started = anAnomaly({ status: 'En cours' });
    const third = anAnomaly({ id: 'A3' });
    list.loads[1]!.resolve({ anomalies: [started, third], stats: statsOf([started, third]) });
    await settle();
    expect(childIds(list.actor)).toEqual([statusActorId('A1'), statusActorId('A3')]);
    expect(list.actor.getSnapshot().children[statusActorId('A1')]).toBe(kept);
    expect((kept!.getSnapshot() as { value: unknown }).value).toEqual({ open: 'inProgress' });
    // The open anomaly is gone: so is its modal.
    expect(list.actor.getSnapshot().context.openId).toBeNull();
  });

  it("shows a change its status actor saved at once, then reads the server's list and counts again", async () => {
    const list = startList();
    list.loads[0]!.resolve(listing);
    await settle();
    list.actor.send({
      type: 'anomaly.changed',
      id: 'A1',
      status: 'Résolue',
      resolution: 'Résolu automatiquement',
    });
    expect(list.actor.getSnapshot().value).toBe('loading');
    expect(list.actor.getSnapshot().context.anomalies[0]).toMatchObject({
      status: 'Résolue',
      resolved: true,
      resolution: 'Résolu automatiquement',
    });
    expect(list.loads).toHaveLength(2);
  });

  it('filters through the stat cards: a second click on the same card shows all again', () => {
    const list = startList();
    list.actor.send({ type: 'filter.toggle', filter: 'active' });
    expect(list.actor.getSnapshot().context.filter).toBe('active');
    list.actor.send({ type: 'filter.toggle', filter: 'inProgress' });
    expect(list.actor.getSnapshot().context.filter).toBe('inProgress');
    list.actor.send({ type: 'filter.toggle', filter: 'inProgress' });
    expect(list.actor.getSnapshot().context.filter).toBe('all');
  });
});

describe('anomaly filters', () => {
  const started = anAnomaly({ id: 'A3', status: 'En cours' });
  const all = [fresh, resolved, started];
  it.each([
    ['all', ['A1', 'A2', 'A3']],
    ['active', ['A1', 'A3']],
    ['new', ['A1']],
    ['inProgress', ['A3']],
    ['resolved', ['A2']],
  ] as const)('%s keeps %j', (filter, ids) => {
    expect(anomaliesMatching(all, filter).map((one) => one.id)).toEqual(ids);
  });
});
