import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import type { JournalPage, JournalSaveAnswer } from '../../src/api/schemas/journal';
import { conflictMarkers } from '../../src/domain/journal/merge';
import {
  journalEditorFailures,
  journalEditorMachine,
  type SaveJournalInput,
  type StoredJournalDraft,
} from '../../src/machines/journal-editor.machine';
import type { JournalPagesFact } from '../../src/machines/journal-pages.machine';
import { each, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import {
  deferred,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  type Pending,
} from '../helpers/machine-model';

const page = (version: number, body: string, more: Partial<JournalPage> = {}): JournalPage => ({
  id: 'p-1',
  gameId: 'G1',
  title: 'Chronique',
  shared: true,
  playersMayWrite: false,
  version,
  updatedAt: '2026-11-29T12:00:00.000Z',
  updatedBy: 'Ana',
  body,
  ...more,
});
const saved = (
  version: number,
  body: string,
  outcome: JournalSaveAnswer['outcome'] = 'saved',
): JournalSaveAnswer => ({
  page: page(version, body),
  outcome,
  message: outcome === 'saved' ? null : 'fusionné',
});

/** The editor with its calls answered by hand, its socket a subject and its clock simulated. */
function start({ isMaster = true, stored = null as StoredJournalDraft | null } = {}) {
  const calls = { load: [] as Array<Pending<unknown>>, save: [] as Array<Pending<unknown>> };
  const storage = { remembered: [] as StoredJournalDraft[], forgotten: 0 };
  const facts = new Subject<JournalPagesFact>();
  const clock = new SimulatedClock();
  const answer =
    <T, I>(name: keyof typeof calls) =>
    ({ input }: { input: I }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    };
  const actor = createActor(
    journalEditorMachine.provide({
      actors: {
        'load page': fromPromise(
          answer<{ page: JournalPage; stored: StoredJournalDraft | null }, { pageId: string }>('load'),
        ),
        'save page': fromPromise(answer<JournalSaveAnswer, SaveJournalInput>('save')),
        'journal facts': fromEventObservable(() => facts),
      },
      actions: {
        'remember draft': ({ context }) =>
          storage.remembered.push({ base: context.base, draft: context.draft }),
        'forget draft': () => {
          storage.forgotten += 1;
        },
      },
    }),
    { input: { pageId: 'p-1', isMaster }, clock },
  ).start();
  const loaded = async (body = 'Séance 1') => {
    calls.load.at(-1)!.resolve({ page: page(1, body), stored });
    await settle();
  };
  return { actor, calls, storage, facts, clock, loaded, context: () => actor.getSnapshot().context };
}

const model = modelOf(
  journalEditorMachine,
  (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        {
          type: 'xstate.done.actor.0.journalEditor.loading',
          output: { page: page(1, 'Séance 1'), stored: null },
        },
        { type: 'xstate.error.actor.0.journalEditor.loading', error: new Error('réseau') },
      ];
    if (snapshot.matches('failed')) return [{ type: 'journal.reload' }];
    if (snapshot.matches('gone')) return [];
    const always = [
      { type: 'journal.page.removed', gameId: 'G1', id: 'p-1' },
      { type: 'journal.view.toggle' },
      { type: 'journal.notice.dismiss' },
      { type: 'journal.edit', body: 'Séance 1, suite' },
    ];
    if (snapshot.matches({ ready: 'saving' }))
      return [
        ...always,
        { type: 'xstate.done.actor.0.journalEditor.ready.saving', output: saved(2, 'Séance 1, suite') },
        { type: 'xstate.error.actor.0.journalEditor.ready.saving', error: new Error('réseau') },
      ];
    if (snapshot.matches({ ready: 'dirty' }))
      return [
        ...always,
        { type: 'journal.flush' },
        { type: 'xstate.after.typingPause.journalEditor.ready.dirty' },
      ];
    if (snapshot.matches({ ready: 'unsaved' }))
      return [
        ...always,
        { type: 'journal.flush' },
        { type: 'xstate.after.retryPause.journalEditor.ready.unsaved' },
      ];
    return [...always, { type: 'journal.page.changed', page: page(5, 'Écrit par un autre') }];
  },
  { pageId: 'p-1', isMaster: true },
);

const meaning: Record<string, (run: ReturnType<typeof start>) => void> = {
  loading: (run) => expect(run.actor.getSnapshot().hasTag('busy')).toBe(true),
  failed: (run) => expect(run.context().error).toBe(journalEditorFailures.load),
  gone: (run) => expect(run.actor.getSnapshot().status).toBe('done'),
  ready: () => {},
  'ready.saved': (run) => {
    expect(run.actor.getSnapshot().hasTag('saved')).toBe(true);
    expect(run.context().draft).toEqual({ title: run.context().base.title, body: run.context().base.body });
    expect(run.storage.forgotten).toBeGreaterThan(0);
  },
  'ready.dirty': (run) => {
    expect(run.actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(run.storage.remembered.at(-1)?.draft).toEqual(run.context().draft);
  },
  'ready.saving': (run) => {
    expect(run.calls.save.at(-1)!.input).toEqual({
      pageId: 'p-1',
      ...run.context().sent,
      base: run.context().base,
    });
  },
  'ready.unsaved': (run) => {
    expect(run.actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(run.context().error).toBe(journalEditorFailures.save);
  },
};

const userEvents = [
  'journal.reload',
  'journal.view.toggle',
  'journal.notice.dismiss',
  'journal.edit',
  'journal.flush',
];

describe('journal editor: every transition, on the real actor', () => {
  const paths = pathsThroughEveryTransition(model);
  itVisitsEveryState(paths, journalEditorMachine);
  testEveryPath(paths, () => {
    const run = start();
    const last = <T>(name: keyof typeof run.calls) => run.calls[name].at(-1) as Pending<T>;
    const fact = async ({ event }: { event: { type: string } }) => {
      run.facts.next(event as JournalPagesFact);
      await settle();
    };
    return {
      events: {
        'xstate.done.actor.0.journalEditor.loading': () => run.loaded(),
        'xstate.error.actor.0.journalEditor.loading': async () => {
          last('load').reject(new Error('réseau'));
          await settle();
        },
        'xstate.done.actor.0.journalEditor.ready.saving': async () => {
          last<JournalSaveAnswer>('save').resolve(saved(2, 'Séance 1, suite'));
          await settle();
        },
        'xstate.error.actor.0.journalEditor.ready.saving': async () => {
          last('save').reject(new Error('réseau'));
          await settle();
        },
        'xstate.after.typingPause.journalEditor.ready.dirty': async () => {
          run.clock.increment(800);
          await settle();
        },
        'xstate.after.retryPause.journalEditor.ready.unsaved': async () => {
          run.clock.increment(10_000);
          await settle();
        },
        'journal.page.changed': fact,
        'journal.page.removed': fact,
        ...each(userEvents, async ({ event }) => {
          run.actor.send(event as never);
          await settle();
        }),
      },
      states: Object.fromEntries(Object.entries(meaning).map(([state, check]) => [state, () => check(run)])),
    };
  });
});

describe('journal editor', () => {
  it('saves once after a pause in the typing, based on the version it was read at', async () => {
    const run = start();
    await run.loaded();
    run.actor.send({ type: 'journal.edit', body: 'Séance 1, le' });
    run.clock.increment(500);
    run.actor.send({ type: 'journal.edit', body: 'Séance 1, le port' });
    run.clock.increment(799);
    expect(run.calls.save).toHaveLength(0);
    run.clock.increment(1);
    expect(run.calls.save.map((call) => call.input)).toEqual([
      {
        pageId: 'p-1',
        title: 'Chronique',
        body: 'Séance 1, le port',
        base: { version: 1, title: 'Chronique', body: 'Séance 1' },
      },
    ]);
  });

  it('saves at once when the field is left', async () => {
    const run = start();
    await run.loaded();
    run.actor.send({ type: 'journal.edit', title: 'Chronique du port' });
    run.actor.send({ type: 'journal.flush' });
    expect(run.calls.save[0]!.input).toMatchObject({ title: 'Chronique du port' });
  });

  it('merges what was typed during a save over the page the server answers', async () => {
    const run = start();
    await run.loaded('a\nb\nc');
    run.actor.send({ type: 'journal.edit', body: 'a\nb\nc\nd' });
    run.actor.send({ type: 'journal.flush' });
    run.actor.send({ type: 'journal.edit', body: 'a\nb\nc\nd\ne' });
    // The server merged another's change to the first line with the save.
    run.calls.save[0]!.resolve(saved(3, 'A\nb\nc\nd', 'merged'));
    await settle();
    expect(run.context().draft.body).toBe('A\nb\nc\nd\ne');
    expect(run.context().base).toEqual({ version: 3, title: 'Chronique', body: 'A\nb\nc\nd' });
    expect(run.context().notice).toBe('fusionné');
    expect(run.actor.getSnapshot().matches({ ready: 'dirty' })).toBe(true);
  });

  it('keeps both when the merged page and the typing clash', async () => {
    const run = start();
    await run.loaded('a');
    run.actor.send({ type: 'journal.edit', body: 'a1' });
    run.actor.send({ type: 'journal.flush' });
    run.actor.send({ type: 'journal.edit', body: 'a2' });
    run.calls.save[0]!.resolve(saved(3, 'a3', 'conflicted'));
    await settle();
    expect(run.context().draft.body.split('\n')).toEqual([
      conflictMarkers.first('la page enregistrée'),
      'a3',
      conflictMarkers.second('votre saisie'),
      'a2',
      conflictMarkers.end,
    ]);
  });

  it('finds a draft this browser kept and saves it on its old base, for the server to merge', async () => {
    const stored = {
      base: { version: 1, title: 'Chronique', body: 'x' },
      draft: { title: 'Chronique', body: 'x, y' },
    };
    const run = start({ stored });
    run.calls.load[0]!.resolve({ page: page(4, 'z\nx'), stored });
    await settle();
    expect(run.actor.getSnapshot().matches({ ready: 'dirty' })).toBe(true);
    run.actor.send({ type: 'journal.flush' });
    expect(run.calls.save[0]!.input).toMatchObject({ body: 'x, y', base: stored.base });
  });

  it('lets a player read but not write a page the MJ keeps read-only', async () => {
    const run = start({ isMaster: false });
    await run.loaded();
    expect(run.context().view).toBe('read');
    run.actor.send({ type: 'journal.edit', body: 'griffonné' });
    expect(run.context().draft.body).toBe('Séance 1');
    run.facts.next({ type: 'journal.page.changed', page: page(2, 'Séance 1', { playersMayWrite: true }) });
    run.actor.send({ type: 'journal.edit', body: 'griffonné' });
    expect(run.context().draft.body).toBe('griffonné');
  });
});
