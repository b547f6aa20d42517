import type { MetricsMinute } from '../../api/schemas/monitoring';
import { MinuteChart } from './MinuteChart';
import { monitoringMessages } from './messages';

const { charts } = monitoringMessages;

/** The dashboard's last minutes, from the short history the server keeps (`history`). */
export function MetricsCharts({ history }: { history: MetricsMinute[] }) {
  if (history.length === 0) return <p className="monitoring-empty">{charts.empty}</p>;
  const minutes = history.map((minute) => new Date(minute.minute));
  return (
    <div className="monitoring-charts">
      <MinuteChart
        title={charts.requests.title}
        counts
        axisLabel={charts.requests.axis}
        minutes={minutes}
        series={[{ label: charts.requests.axis, values: history.map((minute) => minute.requests) }]}
      />
      <MinuteChart
        title={charts.latency.title}
        axisLabel={charts.latency.axis}
        minutes={minutes}
        series={[
          { label: charts.latency.p50, values: history.map((minute) => minute.latency.p50) },
          { label: charts.latency.p95, values: history.map((minute) => minute.latency.p95) },
        ]}
      />
      <MinuteChart
        title={charts.sockets.title}
        counts
        axisLabel={charts.sockets.axis}
        minutes={minutes}
        series={[{ label: charts.sockets.axis, values: history.map((minute) => minute.activeSockets) }]}
      />
      <MinuteChart
        title={charts.errors.title}
        counts
        axisLabel={charts.errors.axis}
        minutes={minutes}
        series={[{ label: charts.errors.axis, values: history.map((minute) => minute.errors) }]}
      />
    </div>
  );
}
