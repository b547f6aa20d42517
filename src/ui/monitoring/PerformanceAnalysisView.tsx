import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type {
  AnalysisIssue,
  OptimizationReport,
  PerformanceAnalysis,
  RedundancyReport,
} from '../../api/schemas/monitoring';
import { optimizationScoreLabel } from '../../domain/monitoring/score-label';
import {
  analysisTabs,
  type AnalysisTab,
  type performanceAnalysisMachine,
  type PerformanceAnalysisContext,
} from '../../machines/performance-analysis.machine';
import { ErrorPanel } from './ErrorPanel';
import { formatDateTime, formatNumber } from './format';
import { monitoringMessages } from './messages';

export type AnalysisActor = ActorRefFrom<typeof performanceAnalysisMachine>;

const texts = monitoringMessages.analysis;
const issueSections = ['websocket', 'api', 'system'] as const;

function Issues({ issues }: { issues: AnalysisIssue[] }) {
  if (issues.length === 0) return <p className="monitoring-empty">{texts.noIssue}</p>;
  return (
    <ul className="analysis-issues">
      {issues.map((issue, index) => (
        <li key={`${issue.type} ${index}`} className={`analysis-issue analysis-issue--${issue.severity}`}>
          <span className="anomaly-badge">{texts.severities[issue.severity]}</span>
          <p>{issue.message}</p>
          <p className="analysis-issue__advice">
            <strong>{texts.recommendation}</strong> {issue.recommendation}
          </p>
        </li>
      ))}
    </ul>
  );
}

function AnalysisReport({ report }: { report: PerformanceAnalysis }) {
  return (
    <div className="monitoring-grid">
      <section className="monitoring-card" aria-label={texts.summary}>
        <h2>{texts.summary}</h2>
        <dl className="monitoring-figures">
          <div>
            <dt>{texts.totalIssues}</dt>
            <dd>{formatNumber(report.summary.totalIssues)}</dd>
          </div>
          <div>
            <dt>{texts.criticalIssues}</dt>
            <dd>{formatNumber(report.summary.criticalIssues)}</dd>
          </div>
        </dl>
        {report.summary.recommendations.length > 0 && (
          <ul className="monitoring-recommendations">
            {report.summary.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </section>
      {issueSections.map((section) => (
        <section key={section} className="monitoring-card" aria-label={texts.sections[section]}>
          <h2>{texts.sections[section]}</h2>
          <Issues issues={report[section]} />
        </section>
      ))}
    </div>
  );
}

function OptimizationView({ report }: { report: OptimizationReport }) {
  const impacts = ['performance', 'reliability', 'userExperience'] as const;
  return (
    <div className="monitoring-grid">
      <section className="monitoring-card" aria-label={texts.score}>
        <h2>{texts.score}</h2>
        <p className="analysis-score">
          {texts.scoreOutOf(report.optimizationScore, optimizationScoreLabel(report.optimizationScore))}
        </p>
        <h3>{texts.estimatedImpact}</h3>
        <dl className="monitoring-figures">
          {impacts.map((axis) => (
            <div key={axis}>
              <dt>{texts.impactAxes[axis]}</dt>
              <dd>+{formatNumber(report.estimatedImpact[axis])}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="monitoring-card monitoring-card--wide" aria-label={texts.priorityActions}>
        <h2>{texts.priorityActions}</h2>
        {report.priorityActions.length === 0 ? (
          <p className="monitoring-empty">{texts.noAction}</p>
        ) : (
          <ol className="analysis-actions">
            {report.priorityActions.map((action, index) => (
              <li key={`${action.action} ${index}`}>
                <strong>{action.action}</strong> <span className="anomaly-badge">{action.priority}</span>
                <p>{action.description}</p>
                <p className="analysis-issue__advice">
                  {texts.impactAndEffort(action.impact, action.effort)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function RedundancyView({ report }: { report: RedundancyReport }) {
  if (report.redundancies.length === 0) return <p className="monitoring-empty">{texts.noRedundancy}</p>;
  return (
    <ul className="analysis-issues">
      {report.redundancies.map((redundancy, index) => (
        <li key={`${redundancy.endpoint} ${index}`} className="analysis-issue">
          <p>
            <code>{redundancy.endpoint}</code> · {texts.occurrences(formatNumber(redundancy.count))}
          </p>
          <p className="analysis-issue__advice">
            <strong>{texts.recommendation}</strong> {redundancy.recommendation}
          </p>
        </li>
      ))}
    </ul>
  );
}

function TabReport({ context, tab }: { context: PerformanceAnalysisContext; tab: AnalysisTab }) {
  if (tab === 'analysis') return context.analysis && <AnalysisReport report={context.analysis} />;
  if (tab === 'optimization')
    return context.optimization && <OptimizationView report={context.optimization} />;
  return context.redundancies && <RedundancyView report={context.redundancies} />;
}

function TabBody({ analysis, tab }: { analysis: AnalysisActor; tab: AnalysisTab }) {
  const { loaded, failed, context } = useSelector(analysis, (s) => ({
    loaded: s.matches({ [tab]: 'loaded' }),
    failed: s.matches({ [tab]: 'failed' }),
    context: s.context,
  }));
  const report = context[tab];
  if (failed) {
    return <ErrorPanel message={texts.failures[tab]} onRetry={() => analysis.send({ type: 'tab.reload' })} />;
  }
  if (!loaded || report === null) {
    return (
      <p className="monitoring-empty" role="status">
        {monitoringMessages.loading}
      </p>
    );
  }
  return (
    <>
      <p className="monitoring-coverage">
        {texts.generatedAt(formatDateTime(report.timestamp))}{' '}
        <button type="button" className="secondary" onClick={() => analysis.send({ type: 'tab.reload' })}>
          {texts.reload}
        </button>
      </p>
      <TabReport context={context} tab={tab} />
    </>
  );
}

/** /admin/performance-analysis (table.md §2): the tabs Analyse, Optimisation, Redondances. */
export function PerformanceAnalysisView({ analysis }: { analysis: AnalysisActor }) {
  const tab = useSelector(analysis, (s) => analysisTabs.find((one) => s.matches(one)) ?? 'analysis');
  return (
    <>
      <div className="analysis-tabs" role="tablist" aria-label={texts.tabsLabel}>
        {analysisTabs.map((one) => (
          <button
            key={one}
            type="button"
            role="tab"
            id={`analysis-tab-${one}`}
            aria-selected={tab === one}
            aria-controls="analysis-panel"
            className={tab === one ? '' : 'secondary'}
            onClick={() => analysis.send({ type: 'tab.choose', tab: one })}
          >
            {texts.tabs[one]}
          </button>
        ))}
      </div>
      <div id="analysis-panel" role="tabpanel" aria-labelledby={`analysis-tab-${tab}`}>
        <TabBody analysis={analysis} tab={tab} />
      </div>
    </>
  );
}
