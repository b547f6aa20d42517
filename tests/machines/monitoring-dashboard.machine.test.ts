import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  assign,
  createActor,
  fromEventObservable,
  fromPromise,
  setup,
  SimulatedClock,
  type AnyEventObject,
} from 'xstate';
import type { MetricsSnapshot } from '../../src/api/schemas/monitoring';
import {
  dashboardDelays,
  monitoringDashboardMachine,
  type MonitoringDashboardEvent,
  type PageVisibility,
} from '../../src/machines/monitoring-dashboard.machine';
import { aSnapshot } from '../helpers/anomaly-fixtures';
import { eventTypesOf, everyTransition, testEveryPath } from '../helpers/every-path';
import { deferred, settle, visitedStates, type Pending } from '../helpers/machine-model';

const snapshot = aSnapshot();
const down = new TypeError('Failed to fetch');
const refreshDue = 'xstate.after.autoRefresh.monitoringDashboard.metrics.shown.watching';
const creationDue = 'xstate.after.autoCreate.monitoringDashboard.anomalyCreation.waiting';

/** A stand-in anomaly section: counts the reloads it is asked for. */
const anomalyListStandIn = setup({ types: { context: {} as { reloads: number } } }).createMachine({
  context: { reloads: 0 },
  on: { 'anomalies.reload': { actions: assign({ reloads: ({ context }) => context.reloads + 1 }) } },
});

type Snapshot = ReturnType<typeof monitoringDashboardMachine.getInitialSnapshot>;

const effectOfInvocation: Record<string, string> = {
  loadMetrics: 'load metrics',
  refreshMetrics: 'load metrics',
  resetMetrics: 'reset metrics',
  createAnomaliesAutomatically: 'create anomalies',
  createAnomalies: 'create anomalies',
};
type Call = { effect: string } & Pending<unknown>;

const answers = (id: string) => [
  {
    type: `xstate.done.actor.${id}`,
    // A creation opens two anomalies; the one that opens none has its own test below.
    output:
      id.endsWith('Metrics') && id !== 'resetMetrics' ? snapshot : id.startsWith('create') ? 2 : undefined,
  },
  { type: `xstate.error.actor.${id}`, error: down },
];

/**
 * What the admin, the timers and the server can do from each snapshot. The test anomaly, whose
 * region stands alone, and the notice's dismissal have their own tests below, so the paths stay
 * fewer than a thousand.
 */
function modelEvents(state: Snapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  if (state.matches({ metrics: 'loading' })) events.push(...answers('loadMetrics'));
  if (state.matches({ metrics: 'failed' })) events.push({ type: 'metrics.retry' });
  if (state.matches({ metrics: 'shown' }))
    events.push({ type: 'metrics.refresh' }, { type: 'metrics.reset' });
  if (state.matches({ metrics: { shown: 'watching' } })) events.push({ type: refreshDue });
  if (state.matches({ metrics: { shown: 'paused' } })) events.push({ type: 'page.shown' });
  if (state.matches({ metrics: { shown: 'refreshing' } })) events.push(...answers('refreshMetrics'));
  if (state.matches({ metrics: { shown: 'resetting' } })) events.push(...answers('resetMetrics'));
  if (state.matches({ anomalyCreation: 'waiting' })) events.push({ type: creationDue });
  if (state.matches({ anomalyCreation: 'waiting' }) || state.matches({ anomalyCreation: 'idle' }))
    events.push({ type: 'anomalies.create' });
  if (state.matches({ anomalyCreation: 'creatingAutomatically' }))
    events.push(...answers('createAnomaliesAutomatically'));
  if (state.matches({ anomalyCreation: 'creating' })) events.push(...answers('createAnomalies'));
  // A hidden page only matters when a refresh falls due.
  if (state.matches({ metrics: { shown: 'watching' } }) && state.matches({ page: 'visible' }))
    events.push({ type: 'page.hidden' });
  return events.filter(
    (event) =>
      !(state.matches({ page: 'hidden' }) && event.type !== refreshDue && event.type !== 'page.shown'),
  );
}

function startDashboard() {
  const calls: Call[] = [];
  const call = (effect: string) =>
    fromPromise<unknown, unknown>(() => {
      const pending = deferred<unknown>(null);
      calls.push({ effect, ...pending });
      return pending.promise;
    });
  const clock = new SimulatedClock();
  const actor = createActor(
    monitoringDashboardMachine.provide({
      actors: {
        'load metrics': call('load metrics') as never,
        'reset metrics': call('reset metrics') as never,
        'create anomalies': call('create anomalies') as never,
        'send test anomaly': call('send test anomaly') as never,
        'watch page visibility': fromEventObservable<PageVisibility, unknown>(() => NEVER),
        'anomaly list': anomalyListStandIn as never,
      },
    }),
    { clock },
  ).start();
  const reloads = () =>
    (actor.getSnapshot().children.anomalies!.getSnapshot() as unknown as { context: { reloads: number } })
      .context.reloads;
  return { actor, calls, clock, reloads };
}

describe('monitoring dashboard: every transition', () => {
  const paths = everyTransition(monitoringDashboardMachine, modelEvents);

  it('visits every state', () => {
    expect(visitedStates(paths)).toEqual([
      'anomalyCreation',
      'anomalyCreation.creating',
      'anomalyCreation.creatingAutomatically',
      'anomalyCreation.idle',
      'anomalyCreation.waiting',
      'metrics',
      'metrics.failed',
      'metrics.loading',
      'metrics.shown',
      'metrics.shown.paused',
      'metrics.shown.refreshing',
      'metrics.shown.resetting',
      'metrics.shown.watching',
      'page',
      'page.hidden',
      'page.visible',
      'testAnomaly',
      'testAnomaly.idle',
    ]);
  });

  testEveryPath(paths, () => {
    const page = startDashboard();
    const seen = {
      snapshot: null as MetricsSnapshot | null,
      failure: null as string | null,
      notice: null as string | null,
      created: 0,
      reloads: 0,
      calls: ['load metrics'],
    };
    const effectOf: Record<string, string> = {
      'metrics.retry': 'load metrics',
      'metrics.refresh': 'load metrics',
      [refreshDue]: 'load metrics',
      'page.shown': 'load metrics',
      'metrics.reset': 'reset metrics',
      'anomalies.create': 'create anomalies',
      [creationDue]: 'create anomalies',
    };
    const send = ({ event }: { event: AnyEventObject }) => {
      const before = page.actor.getSnapshot();
      const starts =
        event.type !== refreshDue && event.type !== 'page.shown'
          ? effectOf[event.type]
          : before.matches({ page: 'visible' }) || event.type === 'page.shown'
            ? 'load metrics'
            : undefined;
      if (starts) seen.calls.push(starts);
      if (event.type === 'metrics.retry') seen.failure = null;
      page.actor.send(event as MonitoringDashboardEvent);
    };
    const answer = async ({ event }: { event: AnyEventObject }) => {
      const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const done = event.type.startsWith('xstate.done');
      const pending = page.calls.filter((one) => one.effect === effectOfInvocation[id]).at(-1)!;
      if (done) pending.resolve(event.output);
      else pending.reject(event.error);
      if (id.endsWith('Metrics') && id !== 'resetMetrics') {
        if (done) Object.assign(seen, { snapshot, failure: null });
        else seen.failure = 'metrics';
      }
      if (id === 'resetMetrics' && done) seen.calls.push('load metrics');
      if (id === 'resetMetrics' && !done) seen.failure = 'reset';
      if (id === 'createAnomalies') seen.notice = done ? 'anomaliesCreated' : 'anomaliesNotCreated';
      if (id === 'createAnomalies' && done) seen.created = 2;
      if (done && id.startsWith('create')) seen.reloads++;
      await settle();
    };
    return {
      events: Object.fromEntries(
        eventTypesOf(paths).map((type) => [type, /^xstate\.(done|error)\./.test(type) ? answer : send]),
      ),
      states: {
        '*': (expected) => {
          expect(page.actor.getSnapshot().value).toEqual(expected.value);
          expect(page.actor.getSnapshot().context).toEqual({
            snapshot: seen.snapshot,
            failure: seen.failure,
            notice: seen.notice,
            created: seen.created,
          });
          // Every call the admin, the timers or a reset asked for, in order; the anomaly
          // section reads again after each creation that went through.
          expect(page.calls.map((one) => one.effect)).toEqual(seen.calls);
          expect(page.reloads()).toBe(seen.reloads);
        },
        // The 'Erreur' panel: what failed, and no figure shown as if current.
        'metrics.failed': () => expect(page.actor.getSnapshot().context.failure).not.toBeNull(),
        'metrics.shown': () => expect(page.actor.getSnapshot().context.snapshot).toEqual(snapshot),
      },
    };
  });
});

describe('monitoring dashboard', () => {
  it('runs the automatic creation one second after load, once, and tells no one', async () => {
    const page = startDashboard();
    page.clock.increment(dashboardDelays.autoCreate - 1);
    expect(page.calls.map((one) => one.effect)).toEqual(['load metrics']);
    page.clock.increment(1);
    expect(page.calls.map((one) => one.effect)).toEqual(['load metrics', 'create anomalies']);
    page.calls[1]!.resolve(undefined);
    await settle();
    expect(page.actor.getSnapshot().context.notice).toBeNull();
    expect(page.reloads()).toBe(1);
    page.clock.increment(60_000);
    expect(page.calls.filter((one) => one.effect === 'create anomalies')).toHaveLength(1);
  });

  it('says how many anomalies an asked creation opened, and that none was needed when it opened none', async () => {
    const page = startDashboard();
    page.actor.send({ type: 'anomalies.create' });
    page.calls.at(-1)!.resolve(3);
    await settle();
    expect(page.actor.getSnapshot().context).toMatchObject({ notice: 'anomaliesCreated', created: 3 });
    page.actor.send({ type: 'anomalies.create' });
    page.calls.at(-1)!.resolve(0);
    await settle();
    expect(page.actor.getSnapshot().context.notice).toBe('noAnomalyNeeded');
    expect(page.reloads()).toBe(1);
  });

  it('refreshes every 15 s while the page is visible, and at once when it shows again', async () => {
    const page = startDashboard();
    page.calls[0]!.resolve(snapshot);
    await settle();
    page.clock.increment(dashboardDelays.autoRefresh);
    expect(page.calls.filter((one) => one.effect === 'load metrics')).toHaveLength(2);
    page.calls.at(-1)!.resolve(snapshot);
    await settle();
    page.actor.send({ type: 'page.hidden' });
    page.clock.increment(dashboardDelays.autoRefresh * 4);
    expect(page.calls.filter((one) => one.effect === 'load metrics')).toHaveLength(2);
    expect(page.actor.getSnapshot().matches({ metrics: { shown: 'paused' } })).toBe(true);
    page.actor.send({ type: 'page.shown' });
    expect(page.calls.filter((one) => one.effect === 'load metrics')).toHaveLength(3);
  });

  it('keeps the last figures while a refresh runs', async () => {
    const page = startDashboard();
    page.calls[0]!.resolve(snapshot);
    await settle();
    page.actor.send({ type: 'metrics.refresh' });
    expect(page.actor.getSnapshot().context.snapshot).toEqual(snapshot);
  });

  it('sends the test anomaly, says so, reloads the anomalies, and lets the notice be dismissed', async () => {
    const page = startDashboard();
    page.actor.send({ type: 'anomaly.test' });
    expect(page.actor.getSnapshot().matches({ testAnomaly: 'sending' })).toBe(true);
    expect(page.calls.map((one) => one.effect)).toEqual(['load metrics', 'send test anomaly']);
    page.calls[1]!.resolve(undefined);
    await settle();
    expect(page.actor.getSnapshot().context.notice).toBe('testAnomalyCreated');
    expect(page.reloads()).toBe(1);
    page.actor.send({ type: 'notice.dismiss' });
    expect(page.actor.getSnapshot().context.notice).toBeNull();
  });

  it('says when the test anomaly was refused, and reloads nothing', async () => {
    const page = startDashboard();
    page.actor.send({ type: 'anomaly.test' });
    page.calls[1]!.reject(down);
    await settle();
    expect(page.actor.getSnapshot().matches({ testAnomaly: 'idle' })).toBe(true);
    expect(page.actor.getSnapshot().context.notice).toBe('testAnomalyFailed');
    expect(page.reloads()).toBe(0);
  });
});
