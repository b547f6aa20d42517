import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { performanceAnalysisEffects } from '../../effects/monitoring';
import { performanceAnalysisMachine } from '../../machines/performance-analysis.machine';
import { AdminOnly } from '../admin/AdminOnly';
import { useAppActors } from '../app/AppActorsContext';
import { monitoringMessages } from './messages';
import { PerformanceAnalysisView } from './PerformanceAnalysisView';
import './monitoring.css';

function Analysis() {
  const { inspect } = useAppActors();
  const navigate = useNavigate();
  const analysis = useActorRef(performanceAnalysisMachine.provide(performanceAnalysisEffects), { inspect });
  return (
    <main className="admin-page monitoring-page">
      <header className="admin-page__header">
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {monitoringMessages.back}
        </button>
        <h1>{monitoringMessages.analysis.title}</h1>
        <button type="button" className="secondary" onClick={() => navigate('/admin/monitoring')}>
          {monitoringMessages.analysis.dashboardLink}
        </button>
      </header>
      <PerformanceAnalysisView analysis={analysis} />
    </main>
  );
}

/** /admin/performance-analysis: the reports for admins (platform.md §2); everyone else goes home. */
export default function PerformanceAnalysisPage() {
  return <AdminOnly>{() => <Analysis />}</AdminOnly>;
}
