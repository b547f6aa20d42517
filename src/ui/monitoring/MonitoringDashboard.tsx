import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { monitoringDashboardMachine } from '../../machines/monitoring-dashboard.machine';
import type { AnomalyListActor } from './anomaly-actors';
import { AnomalySection, AnomalyToggle } from './AnomalySection';
import { ErrorPanel } from './ErrorPanel';
import { formatDateTime } from './format';
import { MetricCards } from './MetricCards';
import { MetricsCharts } from './MetricsCharts';
import { monitoringMessages } from './messages';
import { CloseButton } from '../components/CloseButton';

export type DashboardActor = ActorRefFrom<typeof monitoringDashboardMachine>;

const texts = monitoringMessages.dashboard;

function Notice({ dashboard }: { dashboard: DashboardActor }) {
  const notice = useSelector(dashboard, (s) => s.context.notice);
  const created = useSelector(dashboard, (s) => s.context.created);
  if (notice === null) return null;
  const failed = notice === 'anomaliesNotCreated' || notice === 'testAnomalyFailed';
  return (
    <p
      className={failed ? 'monitoring-notice monitoring-notice--failed' : 'monitoring-notice'}
      role={failed ? 'alert' : 'status'}
    >
      {notice === 'anomaliesCreated' ? texts.anomaliesCreated(created) : texts.notices[notice]}
      <CloseButton label={texts.dismiss} onClose={() => dashboard.send({ type: 'notice.dismiss' })} />
    </p>
  );
}

function Toolbar({ dashboard, list }: { dashboard: DashboardActor; list: AnomalyListActor }) {
  const { busy, creating, sendingTest } = useSelector(dashboard, (s) => ({
    busy: !s.matches({ metrics: { shown: 'watching' } }) && !s.matches({ metrics: { shown: 'paused' } }),
    creating:
      s.matches({ anomalyCreation: 'creating' }) || s.matches({ anomalyCreation: 'creatingAutomatically' }),
    sendingTest: s.matches({ testAnomaly: 'sending' }),
  }));
  return (
    <div className="monitoring-toolbar" role="group" aria-label={texts.actions}>
      <button type="button" disabled={busy} onClick={() => dashboard.send({ type: 'metrics.refresh' })}>
        {texts.refresh}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => dashboard.send({ type: 'metrics.reset' })}
      >
        {texts.reset}
      </button>
      <AnomalyToggle list={list} />
      <button
        type="button"
        className="secondary"
        disabled={creating}
        onClick={() => dashboard.send({ type: 'anomalies.create' })}
      >
        {texts.createAnomalies}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={sendingTest}
        onClick={() => dashboard.send({ type: 'anomaly.test' })}
      >
        {texts.testAnomaly}
      </button>
    </div>
  );
}

/** /admin/monitoring (table.md §2): the toolbar, the cards and charts or the 'Erreur' panel, the anomalies. */
export function MonitoringDashboard({ dashboard }: { dashboard: DashboardActor }) {
  const { snapshot, failure, loading, list } = useSelector(dashboard, (s) => ({
    snapshot: s.context.snapshot,
    failure: s.context.failure,
    loading: s.matches({ metrics: 'loading' }),
    list: s.children.anomalies as AnomalyListActor | undefined,
  }));
  return (
    <>
      {list && <Toolbar dashboard={dashboard} list={list} />}
      <Notice dashboard={dashboard} />
      {failure !== null ? (
        <ErrorPanel
          message={texts.failures[failure]}
          onRetry={() => dashboard.send({ type: 'metrics.retry' })}
        />
      ) : loading || snapshot === null ? (
        <p className="monitoring-empty" role="status">
          {monitoringMessages.loading}
        </p>
      ) : (
        <>
          <p className="monitoring-coverage">
            {texts.coverage(snapshot.processes, formatDateTime(snapshot.timestamp), snapshot.windowMinutes)}
          </p>
          <MetricCards snapshot={snapshot} />
          <section
            className="monitoring-card monitoring-card--wide"
            aria-label={monitoringMessages.charts.title}
          >
            <h2>{monitoringMessages.charts.title}</h2>
            <MetricsCharts history={snapshot.history} />
          </section>
        </>
      )}
      {list && <AnomalySection list={list} />}
    </>
  );
}
