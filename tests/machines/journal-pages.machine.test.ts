import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import type { JournalPage, JournalPageSummary, JournalSharing } from '../../src/api/schemas/journal';
import {
  journalPagesFailures,
  journalPagesMachine,
  type JournalPagesFact,
} from '../../src/machines/journal-pages.machine';
import { each, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import {
  deferred,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  type Pending,
} from '../helpers/machine-model';

const page = (id: string, more: Partial<JournalPage> = {}): JournalPage => ({
  id,
  gameId: 'G1',
  title: `Page ${id}`,
  shared: false,
  playersMayWrite: false,
  version: 1,
  updatedAt: '2026-11-29T12:00:00.000Z',
  updatedBy: 'Ana',
  body: '',
  ...more,
});
const summary = ({ body: _body, ...rest }: JournalPage): JournalPageSummary => rest;

function start() {
  const calls = {
    load: [] as Array<Pending<unknown>>,
    create: [] as Array<Pending<unknown>>,
    share: [] as Array<Pending<unknown>>,
    delete: [] as Array<Pending<unknown>>,
  };
  const facts = new Subject<JournalPagesFact | { type: 'journal.reload' }>();
  const answer =
    <T, I>(name: keyof typeof calls) =>
    ({ input }: { input: I }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    };
  const actor = createActor(
    journalPagesMachine.provide({
      actors: {
        'load pages': fromPromise(answer<JournalPageSummary[], { gameId: string }>('load')),
        'journal facts': fromEventObservable(() => facts),
        'create page': fromPromise(
          answer<JournalPage, { gameId: string; title: string; shared: boolean }>('create'),
        ),
        'share page': fromPromise(answer<JournalPage, { id: string; sharing: JournalSharing }>('share')),
        'delete page': fromPromise(answer<string, { id: string }>('delete')),
      },
    }),
    { input: { gameId: 'G1' } },
  ).start();
  return { actor, calls, facts, context: () => actor.getSnapshot().context };
}

const listed = [summary(page('p-1')), summary(page('p-2', { shared: true }))];
const created = page('p-3', { shared: true });

const outputs = {
  creating: created,
  sharing: page('p-1', { shared: true, playersMayWrite: true, version: 2 }),
  deleting: 'p-1',
};

const model = modelOf(
  journalPagesMachine,
  (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.0.journalPages.loading', output: listed },
        { type: 'xstate.error.actor.0.journalPages.loading', error: new Error('réseau') },
      ];
    if (snapshot.matches('failed')) return [{ type: 'journal.reload' }];
    // Selection and the socket's facts change only the list, each tested below: the walk keeps to the calls.
    for (const busy of ['creating', 'sharing', 'deleting'] as const) {
      if (snapshot.matches({ ready: busy }))
        return [
          { type: `xstate.done.actor.0.journalPages.ready.${busy}`, output: outputs[busy] },
          { type: `xstate.error.actor.0.journalPages.ready.${busy}`, error: new Error('réseau') },
        ];
    }
    // Each call once along a path, so the walk stays short.
    const { pages, error } = snapshot.context;
    const p1 = pages.find((known) => known.id === 'p-1');
    return [
      ...(error === null ? [{ type: 'journal.reload' }] : []),
      ...(pages.some((known) => known.id === 'p-3')
        ? []
        : [{ type: 'journal.create', title: 'Nouvelle', shared: true }]),
      ...(p1?.version === 1
        ? [
            { type: 'journal.share', id: 'p-1', sharing: { shared: true, playersMayWrite: true } },
            { type: 'journal.delete', id: 'p-1' },
          ]
        : []),
    ];
  },
  { gameId: 'G1' },
);

const meaning: Record<string, (run: ReturnType<typeof start>) => void> = {
  loading: (run) => expect(run.actor.getSnapshot().hasTag('busy')).toBe(true),
  failed: (run) => expect(run.context().error).toBe(journalPagesFailures.load),
  ready: () => {},
  'ready.idle': (run) => expect(run.actor.getSnapshot().hasTag('busy')).toBe(false),
  'ready.creating': (run) =>
    expect(run.calls.create.at(-1)!.input).toEqual({ gameId: 'G1', title: 'Nouvelle', shared: true }),
  'ready.sharing': (run) =>
    expect(run.calls.share.at(-1)!.input).toEqual({
      id: 'p-1',
      sharing: { shared: true, playersMayWrite: true },
    }),
  'ready.deleting': (run) => expect(run.calls.delete.at(-1)!.input).toEqual({ id: 'p-1' }),
};

describe('journal pages: every transition, on the real actor', () => {
  const paths = pathsThroughEveryTransition(model);
  itVisitsEveryState(paths, journalPagesMachine);
  testEveryPath(paths, () => {
    const run = start();
    const last = (name: keyof typeof run.calls) => run.calls[name].at(-1)!;
    const outcomes = {
      loading: ['load', listed],
      creating: ['create', outputs.creating],
      sharing: ['share', outputs.sharing],
      deleting: ['delete', outputs.deleting],
    } as const;
    return {
      events: {
        ...Object.fromEntries(
          Object.entries(outcomes).flatMap(([state, [call, output]]) => {
            const id = state === 'loading' ? 'loading' : `ready.${state}`;
            return [
              [
                `xstate.done.actor.0.journalPages.${id}`,
                async () => {
                  last(call).resolve(output);
                  await settle();
                },
              ],
              [
                `xstate.error.actor.0.journalPages.${id}`,
                async () => {
                  last(call).reject(new Error('réseau'));
                  await settle();
                },
              ],
            ];
          }),
        ),
        ...each(
          ['journal.reload', 'journal.create', 'journal.share', 'journal.delete'],
          async ({ event }) => {
            run.actor.send(event as never);
            await settle();
          },
        ),
      },
      states: Object.fromEntries(Object.entries(meaning).map(([state, check]) => [state, () => check(run)])),
    };
  });
});

describe('journal pages', () => {
  it('follows the socket: a new shared page shows, one taken back leaves, another game’s is ignored', async () => {
    const run = start();
    run.calls.load[0]!.resolve(listed);
    await settle();
    expect(run.context().selectedId).toBe('p-1');
    run.facts.next({ type: 'journal.page.changed', page: page('p-9', { shared: true }) });
    run.facts.next({ type: 'journal.page.changed', page: page('p-7', { gameId: 'G2' }) });
    run.facts.next({ type: 'journal.page.changed', page: page('p-2', { title: 'Renommée', version: 3 }) });
    run.facts.next({ type: 'journal.page.removed', gameId: 'G1', id: 'p-1' });
    expect(run.context().pages.map((known) => [known.id, known.title])).toEqual([
      ['p-2', 'Renommée'],
      ['p-9', 'Page p-9'],
    ]);
    expect(run.context().selectedId).toBe('p-2');
  });

  it('opens the page it created, shows the server’s refusal until dismissed, and reloads', async () => {
    const run = start();
    run.calls.load[0]!.resolve([]);
    await settle();
    run.actor.send({ type: 'journal.create', title: 'Nouvelle', shared: false });
    run.calls.create[0]!.resolve(created);
    await settle();
    expect(run.context().selectedId).toBe('p-3');
    run.actor.send({ type: 'journal.delete', id: 'p-3' });
    run.calls.delete[0]!.reject({ body: { error: 'Seul le MJ peut faire cela dans le journal.' } });
    await settle();
    expect(run.context().error).toBe('Seul le MJ peut faire cela dans le journal.');
    run.actor.send({ type: 'journal.error.dismiss' });
    expect(run.context().error).toBeNull();
    run.facts.next({ type: 'journal.reload' });
    expect(run.actor.getSnapshot().matches('loading')).toBe(true);
    expect(run.calls.load).toHaveLength(2);
  });

  it('selects a page', async () => {
    const run = start();
    run.calls.load[0]!.resolve(listed);
    await settle();
    run.actor.send({ type: 'journal.select', id: 'p-2' });
    expect(run.context().selectedId).toBe('p-2');
  });
});
