import { assign, setup, type DoneActorEvent } from 'xstate';
import type { OptimizationReport, PerformanceAnalysis, RedundancyReport } from '../api/schemas/monitoring';
import { unprovidedPromise } from './unprovided';

export const analysisTabs = ['analysis', 'optimization', 'redundancies'] as const;
export type AnalysisTab = (typeof analysisTabs)[number];

export type PerformanceAnalysisEvent = { type: 'tab.choose'; tab: AnalysisTab } | { type: 'tab.reload' };

export interface PerformanceAnalysisContext {
  analysis: PerformanceAnalysis | null;
  optimization: OptimizationReport | null;
  redundancies: RedundancyReport | null;
}

/** One tab: read on every visit (the figures are live), its own failure, and a retry that reads again. */
function tabStates<Key extends AnalysisTab>(tab: Key, loader: `load ${Key}`) {
  return {
    on: {
      'tab.choose': analysisTabs
        .filter((other) => other !== tab)
        .map((other) => ({
          guard: { type: 'chooses tab' as const, params: { tab: other } },
          target: `#performanceAnalysis.${other}`,
        })),
    },
    initial: 'loading' as const,
    states: {
      loading: {
        invoke: {
          id: `load-${tab}`,
          src: loader,
          onDone: {
            target: 'loaded' as const,
            actions: {
              type: 'keep report' as const,
              params: ({ event }: { event: DoneActorEvent<unknown> }) => ({ tab, report: event.output }),
            },
          },
          onError: 'failed' as const,
        },
      },
      loaded: { on: { 'tab.reload': 'loading' as const } },
      failed: { on: { 'tab.reload': 'loading' as const } },
    },
  };
}

/**
 * The performance analysis page (table.md §2): the tabs Analyse, Optimisation and Redondances,
 * each read from the server whenever it is opened, each with its own error and retry
 * (table.md §8 "Monitoring"). Only the shown tab's call runs: leaving a tab drops its call.
 */
export const performanceAnalysisMachine = setup({
  types: {
    context: {} as PerformanceAnalysisContext,
    events: {} as PerformanceAnalysisEvent,
  },
  actors: {
    'load analysis': unprovidedPromise<PerformanceAnalysis>('load analysis'),
    'load optimization': unprovidedPromise<OptimizationReport>('load optimization'),
    'load redundancies': unprovidedPromise<RedundancyReport>('load redundancies'),
  },
  actions: {
    // Each tab's loader answers that tab's report: the invocation pairs them.
    'keep report': assign((_, { tab, report }: { tab: AnalysisTab; report: unknown }) => ({ [tab]: report })),
  },
  guards: {
    'chooses tab': ({ event }, { tab }: { tab: AnalysisTab }) =>
      event.type === 'tab.choose' && event.tab === tab,
  },
}).createMachine({
  id: 'performanceAnalysis',
  context: { analysis: null, optimization: null, redundancies: null },
  initial: 'analysis',
  states: {
    analysis: tabStates('analysis', 'load analysis'),
    optimization: tabStates('optimization', 'load optimization'),
    redundancies: tabStates('redundancies', 'load redundancies'),
  },
});
