import { useActorRef } from '@xstate/react';
import { monitoringDashboardEffects } from '../../effects/monitoring';
import { monitoringDashboardMachine } from '../../machines/monitoring-dashboard.machine';
import { AdminOnly } from '../admin/AdminOnly';
import { useAppActors } from '../app/AppActorsContext';
import { monitoringMessages } from './messages';
import { MonitoringDashboard } from './MonitoringDashboard';
import { OperatorsPageFrame } from './OperatorsPageFrame';

function Dashboard() {
  const { inspect } = useAppActors();
  const dashboard = useActorRef(monitoringDashboardMachine.provide(monitoringDashboardEffects), { inspect });
  return (
    <OperatorsPageFrame
      title={monitoringMessages.dashboard.title}
      other={{ path: '/admin/performance-analysis', label: monitoringMessages.dashboard.analysisLink }}
    >
      <MonitoringDashboard dashboard={dashboard} />
    </OperatorsPageFrame>
  );
}

/** /admin/monitoring: the dashboard for admins (platform.md §2); everyone else goes home. */
export default function MonitoringPage() {
  return <AdminOnly>{() => <Dashboard />}</AdminOnly>;
}
