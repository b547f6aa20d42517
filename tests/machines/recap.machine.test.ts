import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import type { EveningRecap } from '../../src/api/schemas/recap';
import {
  recapFailures,
  recapMachine,
  type ExportFormat,
  type LoadedRecap,
  type RecapInput,
} from '../../src/machines/recap.machine';
import { each, eventTypesOf, inSameState, statesOf, outcomesOf, testEveryPath } from '../helpers/every-path';
import {
  deferred,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  visitedStates,
  type Pending,
} from '../helpers/machine-model';

const evening = (number: number) => ({
  number,
  firstSeq: number * 10,
  lastSeq: number * 10 + 9,
  startedAt: '2026-11-28T19:00:00.000Z',
  endedAt: '2026-11-28T23:00:00.000Z',
  events: 10,
});
const told = (number: number, notes = '', mayWriteNotes = true): EveningRecap => ({
  evening: evening(number),
  recap: {
    combatants: [],
    d20Faces: Array.from({ length: 20 }, () => 0),
    turns: 0,
    maps: [],
    fights: [],
    longest: null,
  },
  notes,
  mayWriteNotes,
});
const loaded: LoadedRecap = { evenings: [evening(1), evening(2)], recap: told(2) };
const saved = told(2, 'Ils ont fui.');

function start(input: RecapInput) {
  const calls = {
    load: [] as Array<Pending<unknown>>,
    lastTime: [] as Array<Pending<unknown>>,
    seen: [] as Array<Pending<unknown>>,
    save: [] as Array<Pending<unknown>>,
    export: [] as Array<Pending<unknown>>,
  };
  const answer =
    <T, I>(name: keyof typeof calls) =>
    ({ input: asked }: { input: I }) => {
      const call = deferred<T>(asked);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    };
  const actor = createActor(
    recapMachine.provide({
      actors: {
        'load recap': fromPromise(answer<LoadedRecap, { gameId: string; evening: number | null }>('load')),
        'load last time': fromPromise(answer<LoadedRecap, { gameId: string }>('lastTime')),
        'mark seen': fromPromise(answer<void, { gameId: string; firstSeq: number }>('seen')),
        'save notes': fromPromise(
          answer<EveningRecap, { gameId: string; evening: number; notes: string }>('save'),
        ),
        'export evening': fromPromise(
          answer<void, { gameId: string; evening: number; format: ExportFormat }>('export'),
        ),
      },
    }),
    { input },
  ).start();
  return { actor, calls, context: () => actor.getSnapshot().context };
}

/** What each invocation answers on a path: done with this output, or failed. */
const outputs: Record<string, unknown> = {
  load: loaded,
  lastTime: { evenings: [], recap: told(1) },
  seen: undefined,
  save: saved,
  export: undefined,
};

/** Each invocation's id and the state that runs it. */
const invoking = [
  ['load', 'loading'],
  ['lastTime', { lastTime: 'loading' }],
  ['seen', { lastTime: 'markingSeen' }],
  ['save', 'saving'],
  ['export', 'exporting'],
] as const;

function walk(input: RecapInput) {
  return pathsThroughEveryTransition(
    modelOf(
      recapMachine,
      (snapshot) => {
        for (const [id, state] of invoking) {
          if (snapshot.matches(state))
            return [
              { type: `xstate.done.actor.${id}`, output: outputs[id] },
              ...(id === 'load' || id === 'lastTime'
                ? [{ type: `xstate.done.actor.${id}`, output: { evenings: [], recap: null } }]
                : []),
              { type: `xstate.error.actor.${id}`, error: new Error('réseau') },
            ];
        }
        if (snapshot.matches('failed')) return [{ type: 'recap.retry' }];
        if (snapshot.matches({ lastTime: 'shown' })) return [{ type: 'recap.close' }];
        if (snapshot.matches('editing'))
          return [
            { type: 'notes.change', notes: 'Ils ont fui.' },
            { type: 'notes.save' },
            { type: 'notes.cancel' },
            { type: 'error.dismiss' },
          ];
        if (snapshot.matches('shown'))
          return [
            ...(snapshot.context.chosen === null ? [{ type: 'evening.choose', evening: 1 }] : []),
            { type: 'notes.edit' },
            { type: 'evening.export', format: 'md' },
            { type: 'error.dismiss' },
          ];
        return [];
      },
      input,
    ),
  );
}

const meaning = (run: ReturnType<typeof start>): Record<string, () => void> => ({
  loading: () => {
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.calls.load.at(-1)!.input).toEqual({ gameId: 'G1', evening: run.context().chosen });
  },
  empty: () => expect(run.context().shown).toBeNull(),
  failed: () => expect(run.context().error).toBe(recapFailures.load),
  shown: () => expect(run.context().shown?.evening.number).toBeGreaterThan(0),
  editing: () => expect(run.context().draft).toMatch(/^(|Ils ont fui\.)$/),
  saving: () =>
    expect(run.calls.save.at(-1)!.input).toEqual({ gameId: 'G1', evening: 2, notes: run.context().draft }),
  exporting: () =>
    expect(run.calls.export.at(-1)!.input).toEqual({
      gameId: 'G1',
      evening: run.context().shown!.evening.number,
      format: 'md',
    }),
  'lastTime.loading': () => expect(run.calls.lastTime).toHaveLength(1),
  'lastTime.shown': () => expect(run.context().shown?.evening.number).toBe(1),
  'lastTime.markingSeen': () => expect(run.calls.seen[0]!.input).toEqual({ gameId: 'G1', firstSeq: 10 }),
  closed: () => expect(run.actor.getSnapshot().status).toBe('done'),
});

for (const mode of ['onDemand', 'lastTime'] as const) {
  describe(`the recap (${mode}): every transition, on the real actor`, () => {
    const input: RecapInput = { gameId: 'G1', mode };
    const paths = walk(input);
    if (mode === 'onDemand') {
      it('visits every state the actor rests in', () => {
        const both = [...paths, ...walk({ gameId: 'G1', mode: 'lastTime' })];
        // `starting` only picks the mode: the actor passes through it without stopping.
        expect(visitedStates(both)).toEqual(statesOf(recapMachine).filter((state) => state !== 'starting'));
      });
    }
    testEveryPath(paths, () => {
      const run = start(input);
      const ids = Object.keys(outputs) as Array<keyof typeof run.calls>;
      return {
        events: {
          ...Object.fromEntries(
            ids.flatMap((id) => [
              [
                `xstate.done.actor.${id}`,
                async ({ event }: { event: AnyEventObject }) => {
                  run.calls[id].at(-1)!.resolve((event as { output?: unknown }).output);
                  await settle();
                },
              ],
              [
                `xstate.error.actor.${id}`,
                async () => {
                  run.calls[id].at(-1)!.reject(new Error('réseau'));
                  await settle();
                },
              ],
            ]),
          ),
          ...each(
            eventTypesOf(paths).filter((type) => !outcomesOf(...ids).includes(type)),
            async ({ event }) => {
              run.actor.send(event as never);
              await settle();
            },
          ),
        },
        states: inSameState(run.actor, Object.fromEntries(Object.entries(meaning(run)))),
      };
    });
  });
}

describe('the recap', () => {
  it('lets only who may write the notes edit them', async () => {
    const run = start({ gameId: 'G1', mode: 'onDemand' });
    run.calls.load[0]!.resolve({ evenings: [evening(1)], recap: told(1, '', false) });
    await settle();
    run.actor.send({ type: 'notes.edit' });
    expect(run.actor.getSnapshot().value).toBe('shown');
  });

  it('keeps the draft and shows the server’s refusal when saving fails', async () => {
    const run = start({ gameId: 'G1', mode: 'onDemand' });
    run.calls.load[0]!.resolve(loaded);
    await settle();
    run.actor.send({ type: 'notes.edit' });
    run.actor.send({ type: 'notes.change', notes: 'x'.repeat(2001) });
    run.actor.send({ type: 'notes.save' });
    run.calls.save[0]!.reject({ body: { error: 'Trop long.' } });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('editing');
    expect(run.context().draft).toHaveLength(2001);
    expect(run.context().error).toBe('Trop long.');
  });
});
