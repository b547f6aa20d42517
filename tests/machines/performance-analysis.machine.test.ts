import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { optimizationReport, performanceAnalysis, redundancyReport } from '../../src/api/schemas/monitoring';
import {
  analysisTabs,
  performanceAnalysisMachine,
  type AnalysisTab,
  type PerformanceAnalysisEvent,
} from '../../src/machines/performance-analysis.machine';
import { everyTransition, itVisitsEveryState, testEveryPath } from '../helpers/every-path';
import { answerLatest } from '../helpers/fake-effects';
import { deferred, expectSameState, settle, type Pending } from '../helpers/machine-model';

const at = '2026-11-24T10:05:00.000Z';
const reports: Record<AnalysisTab, unknown> = {
  analysis: performanceAnalysis.parse({
    summary: { totalIssues: 1, criticalIssues: 0, recommendations: ['Mettre en cache GET /games'] },
    websocket: [],
    api: [
      { severity: 'medium', type: 'slow-endpoint', message: 'GET /games est lent', recommendation: 'Cache' },
    ],
    system: [],
    timestamp: at,
  }),
  optimization: optimizationReport.parse({
    optimizationScore: 72,
    priorityActions: [],
    estimatedImpact: { performance: 10, reliability: 5, userExperience: 8 },
    timestamp: at,
  }),
  redundancies: redundancyReport.parse({ redundancies: [], timestamp: at }),
};
const loaderOf: Record<AnalysisTab, string> = {
  analysis: 'load analysis',
  optimization: 'load optimization',
  redundancies: 'load redundancies',
};

type Snapshot = ReturnType<typeof performanceAnalysisMachine.getInitialSnapshot>;
const tabOf = (snapshot: Snapshot) => analysisTabs.find((tab) => snapshot.matches(tab))!;

function modelEvents(snapshot: Snapshot): AnyEventObject[] {
  const tab = tabOf(snapshot);
  return [
    ...analysisTabs.map((one) => ({ type: 'tab.choose', tab: one })),
    ...(snapshot.matches({ [tab]: 'loading' })
      ? [
          { type: `xstate.done.actor.load-${tab}`, output: reports[tab] },
          { type: `xstate.error.actor.load-${tab}`, error: new TypeError('Failed to fetch') },
        ]
      : [{ type: 'tab.reload' }]),
  ];
}

function startAnalysis() {
  const calls: Array<{ loader: string } & Pending<unknown>> = [];
  const loader = (name: string) =>
    fromPromise(() => {
      const call = deferred<unknown>(null);
      calls.push({ loader: name, ...call });
      return call.promise;
    }) as never;
  const actor = createActor(
    performanceAnalysisMachine.provide({
      actors: {
        'load analysis': loader('load analysis'),
        'load optimization': loader('load optimization'),
        'load redundancies': loader('load redundancies'),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('performance analysis: every transition', () => {
  const paths = everyTransition(performanceAnalysisMachine, modelEvents);

  itVisitsEveryState(paths, performanceAnalysisMachine);

  testEveryPath(paths, () => {
    const page = startAnalysis();
    const seen = { tab: 'analysis' as AnalysisTab, calls: ['load analysis'] };
    const send = ({ event }: { event: AnyEventObject }) => {
      // Opening another tab reads it; the shown one stays as it is.
      if (event.type === 'tab.choose' && event.tab !== seen.tab) {
        seen.tab = event.tab as AnalysisTab;
        seen.calls.push(loaderOf[seen.tab]);
      }
      if (event.type === 'tab.reload') seen.calls.push(loaderOf[seen.tab]);
      page.actor.send(event as PerformanceAnalysisEvent);
    };
    const answer = answerLatest(page.calls);
    const events: Record<string, typeof send> = { 'tab.choose': send, 'tab.reload': send };
    for (const tab of analysisTabs) {
      events[`xstate.done.actor.load-${tab}`] = answer;
      events[`xstate.error.actor.load-${tab}`] = answer;
    }
    return {
      events,
      states: {
        '*': (expected) => {
          expectSameState(page.actor, expected as never);
          expect(tabOf(page.actor.getSnapshot())).toBe(seen.tab);
          expect(page.calls.map((one) => one.loader)).toEqual(seen.calls);
        },
        ...Object.fromEntries(
          analysisTabs.map((tab) => [
            `${tab}.loaded`,
            () => expect(page.actor.getSnapshot().context[tab]).toEqual(reports[tab]),
          ]),
        ),
      },
    };
  });
});

describe('performance analysis', () => {
  it('drops the call of a tab left before it answered', async () => {
    const page = startAnalysis();
    page.actor.send({ type: 'tab.choose', tab: 'redundancies' });
    page.calls[0]!.resolve(reports.analysis);
    await settle();
    expect(page.actor.getSnapshot().context.analysis).toBeNull();
    expect(page.actor.getSnapshot().value).toEqual({ redundancies: 'loading' });
  });
});
