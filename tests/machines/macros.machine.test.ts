import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Macro } from '../../src/api/schemas/macros';
import { macroMessages } from '../../src/domain/macros';
import { macrosFailures, macrosMachine, type SaveMacroInput } from '../../src/machines/macros.machine';
import { each, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import {
  deferred,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  type Pending,
} from '../helpers/machine-model';

const macro = (id: string, title = `Macro ${id}`): Macro => ({
  id,
  title,
  content: `/r 1d20+${id.length}`,
  visible: true,
  userId: 'u-ana',
});
const saved = macro('m-new', 'Nouvelle');
const refusal = { body: { error: 'Refusé par le serveur' } };

/** The machine with its calls answered by hand. */
function start() {
  const calls = {
    load: [] as Array<Pending<unknown>>,
    save: [] as Array<Pending<unknown>>,
    delete: [] as Array<Pending<unknown>>,
  };
  const answer =
    <T, I>(name: keyof typeof calls) =>
    ({ input }: { input: I }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    };
  const actor = createActor(
    macrosMachine.provide({
      actors: {
        'load macros': fromPromise(answer<Macro[], { userId: string }>('load')),
        'save macro': fromPromise(answer<Macro, SaveMacroInput & { userId: string }>('save')),
        'delete macro': fromPromise(answer<void, { id: string }>('delete')),
      },
    }),
    { input: { userId: 'u-ana' } },
  ).start();
  return { actor, calls, context: () => actor.getSnapshot().context };
}

// Each invocation's outcomes are offered only while it runs, as on the real actor.
const model = modelOf(
  macrosMachine,
  (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        {
          type: 'xstate.done.actor.0.macros.loading',
          output: [macro('m-1'), macro('m-2'), macro('m-3'), macro('m-4')],
        },
        { type: 'xstate.error.actor.0.macros.loading', error: new Error('réseau') },
      ];
    if (snapshot.matches({ ready: 'saving' }))
      return [
        { type: 'xstate.done.actor.0.macros.ready.saving', output: saved },
        { type: 'xstate.error.actor.0.macros.ready.saving', error: refusal },
      ];
    if (snapshot.matches({ ready: 'deleting' }))
      return [
        { type: 'xstate.done.actor.0.macros.ready.deleting' },
        { type: 'xstate.error.actor.0.macros.ready.deleting', error: new Error('réseau') },
      ];
    return [
      { type: 'macros.reload' },
      { type: 'macros.expand.toggle' },
      { type: 'macro.create.open' },
      { type: 'macro.edit.open', id: 'm-1' },
      { type: 'macro.delete.open', id: 'm-1' },
      ...(snapshot.context.draft.title === ''
        ? [{ type: 'macro.form.change', title: 'Nouvelle', content: '/r 2d6' }]
        : []),
      { type: 'macro.form.submit' },
      { type: 'macro.delete.confirm' },
      { type: 'macro.dialog.close' },
    ];
  },
  { userId: 'u-ana' },
);

const userEvents = [
  'macros.reload',
  'macros.expand.toggle',
  'macro.create.open',
  'macro.edit.open',
  'macro.delete.open',
  'macro.form.change',
  'macro.form.submit',
  'macro.delete.confirm',
  'macro.dialog.close',
];

/** What each state means for the bar and its dialogs. */
const meaning: Record<string, (run: ReturnType<typeof start>) => void> = {
  loading: (run) => expect(run.actor.getSnapshot().hasTag('busy')).toBe(true),
  failed: (run) => expect(run.context().loadError).toBe(macrosFailures.load),
  'ready.browsing': (run) => {
    expect(run.context().loadError).toBeNull();
    expect(run.actor.getSnapshot().hasTag('editing') || run.actor.getSnapshot().hasTag('deleting')).toBe(
      false,
    );
  },
  'ready.editing': (run) => expect(run.actor.getSnapshot().hasTag('editing')).toBe(true),
  'ready.saving': (run) => {
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.calls.save.at(-1)!.input).toMatchObject({ userId: 'u-ana' });
  },
  'ready.confirmingDeletion': (run) => expect(run.context().targetId).toBe('m-1'),
  'ready.deleting': (run) => expect(run.calls.delete.at(-1)!.input).toEqual({ id: 'm-1' }),
};

describe('macros: every transition, on the real actor', () => {
  const paths = pathsThroughEveryTransition(model);
  itVisitsEveryState(paths, macrosMachine);
  testEveryPath(paths, () => {
    const run = start();
    const last = <T>(name: keyof typeof run.calls) => run.calls[name].at(-1) as Pending<T>;
    return {
      events: {
        'xstate.done.actor.0.macros.loading': async ({ event }) => {
          last<Macro[]>('load').resolve((event as unknown as { output: Macro[] }).output);
          await settle();
        },
        'xstate.error.actor.0.macros.loading': async () => {
          last('load').reject(new Error('réseau'));
          await settle();
        },
        'xstate.done.actor.0.macros.ready.saving': async () => {
          last<Macro>('save').resolve(saved);
          await settle();
        },
        'xstate.error.actor.0.macros.ready.saving': async () => {
          last('save').reject(refusal);
          await settle();
        },
        'xstate.done.actor.0.macros.ready.deleting': async () => {
          last<void>('delete').resolve();
          await settle();
        },
        'xstate.error.actor.0.macros.ready.deleting': async () => {
          last('delete').reject(new Error('réseau'));
          await settle();
        },
        ...each(userEvents, async ({ event }) => {
          run.actor.send(event as never);
          await settle();
        }),
      },
      states: Object.fromEntries(Object.entries(meaning).map(([state, check]) => [state, () => check(run)])),
    };
  });
});

describe('macros', () => {
  it('refuses a draft without a title or a content, and keeps the dialog open with the server’s refusal', async () => {
    const run = start();
    run.calls.load[0]!.resolve([]);
    await settle();
    run.actor.send({ type: 'macro.create.open' });
    run.actor.send({ type: 'macro.form.submit' });
    expect(run.context().formError).toBe(macroMessages.titleRequired);
    run.actor.send({ type: 'macro.form.change', title: 'Salut' });
    run.actor.send({ type: 'macro.form.submit' });
    expect(run.context().formError).toBe(macroMessages.contentRequired);
    run.actor.send({ type: 'macro.form.change', content: 'Bonjour' });
    run.actor.send({ type: 'macro.form.submit' });
    expect(run.calls.save[0]!.input).toEqual<SaveMacroInput & { userId: string }>({
      id: null,
      draft: { title: 'Salut', content: 'Bonjour' },
      userId: 'u-ana',
    });
    run.calls.save[0]!.reject(refusal);
    await settle();
    expect(run.actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(run.context().formError).toBe('Refusé par le serveur');
  });

  it('edits a macro in place and forgets a deleted one', async () => {
    const run = start();
    run.calls.load[0]!.resolve([macro('m-1'), macro('m-2')]);
    await settle();
    run.actor.send({ type: 'macro.edit.open', id: 'm-2' });
    expect(run.context().draft).toEqual({ title: 'Macro m-2', content: '/r 1d20+3' });
    run.actor.send({ type: 'macro.form.change', title: 'Frappe' });
    run.actor.send({ type: 'macro.form.submit' });
    run.calls.save[0]!.resolve({ ...macro('m-2'), title: 'Frappe' });
    await settle();
    expect(run.context().macros.map((m) => m.title)).toEqual(['Macro m-1', 'Frappe']);
    run.actor.send({ type: 'macro.delete.open', id: 'm-1' });
    run.actor.send({ type: 'macro.delete.confirm' });
    run.calls.delete[0]!.resolve(undefined);
    await settle();
    expect(run.context().macros.map((m) => m.id)).toEqual(['m-2']);
    run.actor.send({ type: 'macro.edit.open', id: 'm-1' });
    expect(run.actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
  });
});
