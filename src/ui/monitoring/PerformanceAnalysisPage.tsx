import { useActorRef } from '@xstate/react';
import { performanceAnalysisEffects } from '../../effects/monitoring';
import { performanceAnalysisMachine } from '../../machines/performance-analysis.machine';
import { AdminOnly } from '../admin/AdminOnly';
import { useAppActors } from '../app/AppActorsContext';
import { monitoringMessages } from './messages';
import { OperatorsPageFrame } from './OperatorsPageFrame';
import { PerformanceAnalysisView } from './PerformanceAnalysisView';

function Analysis() {
  const { inspect } = useAppActors();
  const analysis = useActorRef(performanceAnalysisMachine.provide(performanceAnalysisEffects), { inspect });
  return (
    <OperatorsPageFrame
      title={monitoringMessages.analysis.title}
      other={{ path: '/admin/monitoring', label: monitoringMessages.analysis.dashboardLink }}
    >
      <PerformanceAnalysisView analysis={analysis} />
    </OperatorsPageFrame>
  );
}

/** /admin/performance-analysis: the reports for admins (platform.md §2); everyone else goes home. */
export default function PerformanceAnalysisPage() {
  return <AdminOnly>{() => <Analysis />}</AdminOnly>;
}
