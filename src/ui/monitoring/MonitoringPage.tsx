import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { monitoringDashboardEffects } from '../../effects/monitoring';
import { monitoringDashboardMachine } from '../../machines/monitoring-dashboard.machine';
import { AdminOnly } from '../admin/AdminOnly';
import { useAppActors } from '../app/AppActorsContext';
import { monitoringMessages } from './messages';
import { MonitoringDashboard } from './MonitoringDashboard';
import './monitoring.css';

function Dashboard() {
  const { inspect } = useAppActors();
  const navigate = useNavigate();
  const dashboard = useActorRef(monitoringDashboardMachine.provide(monitoringDashboardEffects), { inspect });
  return (
    <main className="admin-page monitoring-page">
      <header className="admin-page__header">
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {monitoringMessages.back}
        </button>
        <h1>{monitoringMessages.dashboard.title}</h1>
        <button type="button" className="secondary" onClick={() => navigate('/admin/performance-analysis')}>
          {monitoringMessages.dashboard.analysisLink}
        </button>
      </header>
      <MonitoringDashboard dashboard={dashboard} />
    </main>
  );
}

/** /admin/monitoring: the dashboard for admins (platform.md §2); everyone else goes home. */
export default function MonitoringPage() {
  return <AdminOnly>{() => <Dashboard />}</AdminOnly>;
}
