import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/api/request';
import type { AnomalyStatus } from '../../src/api/schemas/anomalies';
import {
  anomalyStatusMachine,
  anomalyStatusTexts,
  type AnomalyChanged,
  type AnomalyStatusEvent,
  type OpenStatus,
} from '../../src/machines/anomaly-status.machine';
import { each, everyTransition, outcomesOf, testEveryPath } from '../helpers/every-path';
import { answerLatest } from '../helpers/fake-effects';
import { deferred, settle, visitedStates, type Pending } from '../helpers/machine-model';

type Snapshot = ReturnType<typeof anomalyStatusMachine.getInitialSnapshot>;
const notFound = new ApiError(404, 'Anomalie introuvable', { error: 'Anomalie introuvable' });

/** What a user can do from each state, and what the server answers while a change is saved. */
function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  if (snapshot.matches('savingStatus')) {
    return [
      { type: 'xstate.done.actor.saveStatus' },
      { type: 'xstate.error.actor.saveStatus', error: notFound },
    ];
  }
  if (snapshot.matches('resolving')) {
    return [
      { type: 'xstate.done.actor.saveResolution' },
      { type: 'xstate.error.actor.saveResolution', error: new TypeError('Failed to fetch') },
    ];
  }
  if (snapshot.matches({ open: 'askingResolution' })) {
    return [
      { type: 'resolution.submit', resolution: '  Index ajouté  ' },
      { type: 'resolution.submit', resolution: '   ' },
      { type: 'resolution.cancel' },
    ];
  }
  if (snapshot.matches('open')) {
    const other: OpenStatus = snapshot.context.status === 'Nouvelle' ? 'En cours' : 'Nouvelle';
    return [
      { type: 'status.set', status: other },
      { type: 'status.set', status: snapshot.context.status },
      { type: 'resolution.ask' },
      { type: 'resolution.submit', resolution: 'Résolu automatiquement' },
      { type: 'anomaly.refreshed', status: 'Résolue' },
    ];
  }
  return [{ type: 'anomaly.refreshed', status: 'En cours' }];
}

/** A stand-in list: runs one anomaly's status as its child and records what it hears. */
function standIn(status: AnomalyStatus) {
  const saves: Pending<void>[] = [];
  const record = <Input extends object>(kind: string) =>
    fromPromise<void, Input>(({ input }) => {
      const call = deferred<void>({ kind, ...input });
      saves.push(call);
      return call.promise;
    });
  const list = setup({
    types: { context: {} as { heard: AnomalyChanged[] } },
    actors: {
      status: anomalyStatusMachine.provide({
        actors: {
          'save status': record<{ id: string; status: OpenStatus }>('status'),
          'save resolution': record<{ id: string; resolution: string }>('resolution'),
        },
      }),
    },
  }).createMachine({
    context: { heard: [] },
    invoke: { id: 'status', src: 'status', input: { id: 'A1', status } },
    on: {
      'anomaly.changed': {
        actions: assign({
          heard: ({ context, event }) => [...context.heard, event as unknown as AnomalyChanged],
        }),
      },
    },
  });
  const actor = createActor(list).start();
  const child = () => actor.getSnapshot().children.status!;
  return { actor, child, saves, heard: () => actor.getSnapshot().context.heard };
}

describe('anomaly status: every transition, from Nouvelle', () => {
  // The graph walk has no list to tell; the stand-in below does.
  const graphOnly = anomalyStatusMachine.provide({ actions: { 'tell the list': () => {} } });
  const paths = everyTransition(graphOnly, modelEvents, { id: 'A1', status: 'Nouvelle' });

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual([
      'open',
      'open.askingResolution',
      'open.inProgress',
      'open.new',
      'resolved',
      'resolving',
      'savingStatus',
    ]);
  });

  testEveryPath(paths, () => {
    const page = standIn('Nouvelle');
    // The status the server holds, kept apart from the machine: the anomaly must show it.
    let held: AnomalyStatus = 'Nouvelle';
    let asked: { status: AnomalyStatus; resolution: string | null } | null = null;
    const changes: AnomalyChanged[] = [];
    const send = ({ event }: { event: AnyEventObject }) => {
      const open = page.child().getSnapshot().matches('open');
      if (event.type === 'status.set' && open && event.status !== held)
        asked = { status: event.status, resolution: null };
      if (event.type === 'resolution.submit' && (event.resolution as string).trim() !== '')
        asked = { status: 'Résolue', resolution: (event.resolution as string).trim() };
      if (event.type === 'anomaly.refreshed') held = event.status as AnomalyStatus;
      page.child().send(event as AnomalyStatusEvent);
    };
    const answer = answerLatest(page.saves);
    const context = () => page.child().getSnapshot().context;
    return {
      events: {
        ...each(
          ['status.set', 'resolution.ask', 'resolution.cancel', 'resolution.submit', 'anomaly.refreshed'],
          send,
        ),
        ...each(outcomesOf('saveStatus', 'saveResolution'), (step) => {
          if (step.event.type.startsWith('xstate.done')) {
            held = asked!.status;
            changes.push({ type: 'anomaly.changed', id: 'A1', ...asked! });
          }
          asked = null;
          return answer(step);
        }),
      },
      states: {
        '*': (expected) => {
          expect(page.child().getSnapshot().value).toEqual(expected.value);
          // Shown only once the server took it; the list hears of every change it took.
          expect(context().status).toBe(held);
          expect(page.heard()).toEqual(changes);
        },
        'open.new': () => expect(context().status).toBe('Nouvelle'),
        'open.inProgress': () => expect(context().status).toBe('En cours'),
        // Saves the asked status of this anomaly.
        savingStatus: () => {
          expect(page.saves.at(-1)!.input).toEqual({ kind: 'status', id: 'A1', status: asked!.status });
        },
        // Saves the written text, trimmed, or the quick resolve's.
        resolving: () => {
          expect(page.saves.at(-1)!.input).toEqual({
            kind: 'resolution',
            id: 'A1',
            resolution: asked!.resolution,
          });
        },
        // Nothing more to do: no transition but the server's word.
        resolved: () => {
          expect(context().status).toBe('Résolue');
          expect(page.child().getSnapshot().can({ type: 'status.set', status: 'En cours' })).toBe(false);
          expect(page.child().getSnapshot().can({ type: 'resolution.submit', resolution: 'Encore' })).toBe(
            false,
          );
        },
      },
    };
  });
});

describe('anomaly status', () => {
  it('starts where its status puts it', () => {
    expect(standIn('En cours').child().getSnapshot().value).toEqual({ open: 'inProgress' });
    expect(standIn('Résolue').child().getSnapshot().value).toBe('resolved');
  });

  it("keeps the server's refusal, and forgets it at the next change", async () => {
    const page = standIn('Nouvelle');
    page.child().send({ type: 'status.set', status: 'En cours' });
    page.saves[0]!.reject(notFound);
    await settle();
    expect(page.child().getSnapshot().context).toMatchObject({
      status: 'Nouvelle',
      failure: { serverText: 'Anomalie introuvable' },
    });
    page.child().send({ type: 'resolution.submit', resolution: 'Résolu automatiquement' });
    expect(page.child().getSnapshot().context.failure).toBeNull();
  });

  it('says why an empty resolution is not sent, until the next attempt', () => {
    const page = standIn('Nouvelle');
    page.child().send({ type: 'resolution.ask' });
    page.child().send({ type: 'resolution.submit', resolution: '   ' });
    expect(page.child().getSnapshot().value).toEqual({ open: 'askingResolution' });
    expect(page.child().getSnapshot().context.refusal).toBe(anomalyStatusTexts.emptyResolution);
    expect(page.saves).toHaveLength(0);
    page.child().send({ type: 'resolution.submit', resolution: 'Index ajouté' });
    expect(page.child().getSnapshot().context.refusal).toBeNull();
  });

  it('has no word of its own for a failure the server did not explain', async () => {
    const page = standIn('En cours');
    page.child().send({ type: 'resolution.submit', resolution: 'Résolu automatiquement' });
    page.saves[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(page.child().getSnapshot().context.failure).toEqual({ serverText: null });
    expect(page.heard()).toEqual([]);
  });
});
