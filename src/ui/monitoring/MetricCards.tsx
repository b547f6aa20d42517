import type { ReactNode } from 'react';
import { useId } from 'react';
import type { MetricsSnapshot } from '../../api/schemas/monitoring';
import { topEndpoints } from '../../domain/monitoring/top-endpoints';
import { formatNumber } from './format';
import { monitoringMessages } from './messages';
import { WebVitalsCard } from './WebVitalsCard';

const { cards, figures, units, empty } = monitoringMessages;

function Card({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section
      className={wide ? 'monitoring-card monitoring-card--wide' : 'monitoring-card'}
      aria-labelledby={id}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Figures({ rows }: { rows: Array<[label: string, value: string]> }) {
  return (
    <dl className="monitoring-figures">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ms = (value: number | null) => (value === null ? units.none : units.ms(formatNumber(value)));
const mb = (value: number) => units.megabytes(formatNumber(value, 1));

function EndpointList({
  counts,
  emptyText,
  label,
}: {
  counts: Record<string, number>;
  emptyText: string;
  label: (count: string) => string;
}) {
  const top = topEndpoints(counts);
  if (top.length === 0) return <p className="monitoring-empty">{emptyText}</p>;
  return (
    <ol className="monitoring-endpoints">
      {top.map(({ endpoint, count }) => (
        <li key={endpoint}>
          <code>{endpoint}</code>
          <span>{label(formatNumber(count))}</span>
        </li>
      ))}
    </ol>
  );
}

/** The dashboard's cards (table.md §2), every figure as the server measured it. */
export function MetricCards({ snapshot }: { snapshot: MetricsSnapshot }) {
  const { websocket, api, system } = snapshot;
  const games = Object.entries(websocket.gameConnections);
  return (
    <div className="monitoring-grid">
      <Card title={cards.websocket}>
        <Figures
          rows={[
            [figures.activeConnections, formatNumber(websocket.activeConnections)],
            [figures.totalConnections, formatNumber(websocket.totalConnections)],
            [figures.messagesSent, formatNumber(websocket.messagesSent)],
            [figures.messagesReceived, formatNumber(websocket.messagesReceived)],
            [figures.socketErrors, formatNumber(websocket.errors)],
            [figures.refusedConnections, formatNumber(websocket.refusedConnections)],
            [figures.messagesPerMinute, formatNumber(websocket.averageMessagesPerMinute, 1)],
            [figures.connectionRate, formatNumber(websocket.connectionRate, 1)],
          ]}
        />
      </Card>
      <Card title={cards.api}>
        <Figures
          rows={[
            [figures.totalRequests, formatNumber(api.totalRequests)],
            [figures.activeRequests, formatNumber(api.activeRequests)],
            [figures.averageResponseTime, ms(api.averageResponseTime)],
            [figures.latency, `${ms(api.latency.p50)} / ${ms(api.latency.p95)}`],
            [figures.errorRate, units.percent(formatNumber(api.errorRate, 2))],
            [figures.requestsPerMinute, formatNumber(api.requestsPerMinute, 1)],
            [figures.serverErrors, formatNumber(api.errors)],
            [figures.clientErrors, formatNumber(api.clientErrors)],
          ]}
        />
      </Card>
      <Card title={cards.system}>
        <Figures
          rows={[
            // table.md §9: uptime in minutes.
            [figures.uptime, units.minutes(formatNumber(Math.floor(system.uptime / 60)))],
            [figures.memory, mb(system.memoryUsageMB.rss)],
            [figures.heap, `${mb(system.memoryUsageMB.heapUsed)} / ${mb(system.memoryUsageMB.heapTotal)}`],
            [figures.eventLoop, `${ms(system.eventLoopDelay.p50)} / ${ms(system.eventLoopDelay.p99)}`],
          ]}
        />
      </Card>
      <Card title={cards.games}>
        {games.length === 0 ? (
          <p className="monitoring-empty">{empty.games}</p>
        ) : (
          <ul className="monitoring-games">
            {games.map(([id, game]) => (
              <li key={id}>
                <strong>{game.name}</strong>
                <span>{monitoringMessages.players(game.players)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={cards.topEndpoints}>
        <EndpointList
          counts={api.requestsByEndpoint}
          emptyText={empty.endpoints}
          label={monitoringMessages.requestsCount}
        />
      </Card>
      <Card title={cards.topErrors}>
        <EndpointList
          counts={api.normalizedErrorsByEndpoint}
          emptyText={empty.errors}
          label={monitoringMessages.errorsCount}
        />
      </Card>
      <Card title={cards.recommendations}>
        {snapshot.recommendations.length === 0 ? (
          <p className="monitoring-empty">{empty.recommendations}</p>
        ) : (
          <ul className="monitoring-recommendations">
            {snapshot.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={cards.webVitals} wide>
        <WebVitalsCard vitals={snapshot.webVitals} />
      </Card>
    </div>
  );
}
