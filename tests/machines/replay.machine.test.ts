import { NEVER, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, type AnyEventObject } from 'xstate';
import type { HistoryEvents, HistoryMarks, HistoryPoint } from '../../src/api/schemas/history';
import { emptyTable } from '../../src/domain/table/reducer';
import { replayFailures, replayMachine, type ReplaySpeed } from '../../src/machines/replay.machine';
import { each, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import {
  deferred,
  modelOf,
  pathsThroughEveryTransition,
  settle,
  type Pending,
} from '../helpers/machine-model';
import { systemLine } from '../helpers/system-line';

const log = [systemLine(1, 0), systemLine(2, 0), systemLine(3, 0)];
const marks: HistoryMarks = {
  head: log.length,
  evenings: [
    {
      number: 1,
      firstSeq: 1,
      lastSeq: 3,
      startedAt: log[0]!.createdAt,
      endedAt: log[2]!.createdAt,
      events: 3,
    },
  ],
  turns: [],
};
/** The server's answers on this log: the table after `seq`, the lines up to it, the events after it. */
const pointAt = (seq: number): HistoryPoint => ({
  seq,
  state: { ...emptyTable, lastSeq: seq },
  chat: log.slice(0, seq) as HistoryPoint['chat'],
});
const AT_TIME_SEQ = 2;
const eventsAfter = (after: number): HistoryEvents => ({
  events: log.slice(after, after + 2) as HistoryEvents['events'],
  head: 3,
});

function start() {
  const calls = {
    marks: [] as Array<Pending<unknown>>,
    point: [] as Array<Pending<unknown>>,
    events: [] as Array<Pending<unknown>>,
  };
  const speeds: ReplaySpeed[] = [];
  const answer =
    <T, I>(name: keyof typeof calls) =>
    ({ input }: { input: I }) => {
      const call = deferred<T>(input);
      calls[name].push(call as Pending<unknown>);
      return call.promise;
    };
  const actor = createActor(
    replayMachine.provide({
      actors: {
        'load marks': fromPromise(answer<HistoryMarks, { gameId: string }>('marks')),
        'load point': fromPromise(
          answer<HistoryPoint, { gameId: string; seq?: number; at?: string }>('point'),
        ),
        'load events': fromPromise(
          answer<HistoryEvents, { gameId: string; after: number; limit: number }>('events'),
        ),
        ticks: fromEventObservable(({ input }: { input: { speed: ReplaySpeed } }) => {
          speeds.push(input.speed);
          return NEVER as Observable<{ type: 'replay.tick' }>;
        }),
      },
    }),
    { input: { gameId: 'G1' } },
  ).start();
  return { actor, calls, speeds, context: () => actor.getSnapshot().context };
}

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.0.replay.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.0.replay.${id}`, error: new Error('réseau') });

const model = modelOf(
  replayMachine,
  (snapshot): AnyEventObject[] => {
    const { seq, speed } = snapshot.context;
    if (snapshot.matches('loading')) return [done('loading', marks), failed('loading')];
    // A jump asked while a point or a page loads: the later one wins.
    const jumpAgain = { type: 'replay.seek', seq: seq === 1 ? 2 : 1 };
    if (snapshot.matches('seeking'))
      return [
        done('seeking', pointAt(seq)),
        failed('seeking'),
        jumpAgain,
        { type: 'replay.seekTime', at: log[1]!.createdAt },
      ];
    if (snapshot.matches('seekingTime'))
      return [done('seekingTime', pointAt(AT_TIME_SEQ)), failed('seekingTime'), jumpAgain];
    if (snapshot.matches('stepping')) return [done('stepping', eventsAfter(seq)), jumpAgain];
    if (snapshot.matches({ playing: 'reading' }))
      return [done('playing.reading', eventsAfter(seq)), failed('playing.reading')];
    if (snapshot.matches('failed')) return [{ type: 'replay.retry' }];
    const moves: AnyEventObject[] = [
      ...(seq === 1 ? [] : [{ type: 'replay.seek', seq: 1 }]),
      ...(speed === 1 ? [{ type: 'replay.speed', speed: 4 }] : []),
    ];
    if (snapshot.matches('paused'))
      return [
        { type: 'replay.play' },
        { type: 'replay.toggle' },
        { type: 'replay.step' },
        ...(seq === 0 ? [{ type: 'replay.seekTime', at: log[1]!.createdAt }] : []),
        ...moves,
      ];
    return [{ type: 'replay.tick' }, { type: 'replay.pause' }, { type: 'replay.toggle' }, ...moves];
  },
  { gameId: 'G1' },
);

const meaning: Record<string, (run: ReturnType<typeof start>) => void> = {
  loading: (run) => expect(run.calls.marks.at(-1)!.input).toEqual({ gameId: 'G1' }),
  seeking: (run) => expect(run.calls.point.at(-1)!.input).toEqual({ gameId: 'G1', seq: run.context().seq }),
  seekingTime: (run) =>
    expect(run.calls.point.at(-1)!.input).toEqual({ gameId: 'G1', at: log[1]!.createdAt }),
  paused: (run) => {
    const { state, seq, chat } = run.context();
    expect(state?.lastSeq).toBe(seq);
    // The chat shown is every line up to the point, none after it.
    expect(chat).toEqual(log.slice(0, seq));
  },
  stepping: (run) =>
    expect(run.calls.events.at(-1)!.input).toEqual({ gameId: 'G1', after: run.context().seq, limit: 200 }),
  playing: () => {},
  // Ticking at the speed asked, with an event to play.
  'playing.running': (run) => {
    expect(run.speeds.at(-1)).toBe(run.context().speed);
    expect(run.context().ahead.length).toBeGreaterThan(0);
  },
  'playing.reading': (run) =>
    expect(run.calls.events.at(-1)!.input).toEqual({ gameId: 'G1', after: run.context().seq, limit: 200 }),
  failed: (run) => expect(Object.values(replayFailures)).toContain(run.context().error),
};

describe('replay: every transition, on the real actor', () => {
  const paths = pathsThroughEveryTransition(model);
  itVisitsEveryState(paths, replayMachine);
  testEveryPath(paths, () => {
    const run = start();
    const settleWith =
      (name: keyof typeof run.calls, outcome: 'resolve' | 'reject') =>
      async ({ event }: { event: AnyEventObject }) => {
        const call = run.calls[name].at(-1)!;
        if (outcome === 'resolve') call.resolve(event.output);
        else call.reject(event.error);
        await settle();
      };
    const ids = {
      loading: 'marks',
      seeking: 'point',
      seekingTime: 'point',
      stepping: 'events',
      'playing.reading': 'events',
    } as const;
    return {
      events: {
        ...Object.fromEntries(
          Object.entries(ids).flatMap(([id, call]) => [
            [`xstate.done.actor.0.replay.${id}`, settleWith(call, 'resolve')],
            [`xstate.error.actor.0.replay.${id}`, settleWith(call, 'reject')],
          ]),
        ),
        ...each(
          [
            'replay.play',
            'replay.pause',
            'replay.toggle',
            'replay.step',
            'replay.seek',
            'replay.seekTime',
            'replay.speed',
            'replay.tick',
            'replay.retry',
          ],
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

describe('replay', () => {
  it('plays to the end at the speed asked, then pauses there', async () => {
    const run = start();
    run.calls.marks[0]!.resolve(marks);
    await settle();
    run.calls.point[0]!.resolve(pointAt(0));
    await settle();
    run.actor.send({ type: 'replay.speed', speed: 16 });
    run.actor.send({ type: 'replay.play' });
    await settle();
    run.calls.events[0]!.resolve(eventsAfter(0));
    await settle();
    expect(run.speeds).toEqual([16]);
    run.actor.send({ type: 'replay.tick' });
    run.actor.send({ type: 'replay.tick' });
    await settle();
    run.calls.events[1]!.resolve(eventsAfter(2));
    await settle();
    run.actor.send({ type: 'replay.tick' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('paused');
    expect(run.context().seq).toBe(3);
    expect(run.context().chat).toEqual(log);
  });

  it('shows the last point asked when a jump comes while another loads', async () => {
    const run = start();
    run.calls.marks[0]!.resolve(marks);
    await settle();
    run.calls.point[0]!.resolve(pointAt(0));
    await settle();
    run.actor.send({ type: 'replay.seek', seq: 3 });
    await settle();
    run.actor.send({ type: 'replay.seek', seq: 1 });
    await settle();
    expect(run.calls.point.map((call) => call.input)).toEqual([
      { gameId: 'G1', seq: 0 },
      { gameId: 'G1', seq: 3 },
      { gameId: 'G1', seq: 1 },
    ]);
    // The later answer first, then the earlier one, late: it is not shown.
    run.calls.point[2]!.resolve(pointAt(1));
    await settle();
    run.calls.point[1]!.resolve(pointAt(3));
    await settle();
    expect(run.actor.getSnapshot().value).toBe('paused');
    expect(run.context().seq).toBe(1);
    expect(run.context().chat).toEqual(log.slice(0, 1));
  });

  it('goes to the time asked when it comes while a seq loads', async () => {
    const run = start();
    run.calls.marks[0]!.resolve(marks);
    await settle();
    run.actor.send({ type: 'replay.seekTime', at: log[1]!.createdAt });
    await settle();
    expect(run.calls.point.at(-1)!.input).toEqual({ gameId: 'G1', at: log[1]!.createdAt });
    run.calls.point.at(-1)!.resolve(pointAt(AT_TIME_SEQ));
    run.calls.point[0]!.resolve(pointAt(0));
    await settle();
    expect(run.context().seq).toBe(AT_TIME_SEQ);
  });
});
