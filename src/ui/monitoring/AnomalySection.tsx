import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { anomalyMessages, type Anomaly } from '../../api/schemas/anomalies';
import {
  anomaliesMatching,
  anomalyFilters,
  statFor,
  type AnomalyFilter,
} from '../../domain/monitoring/anomaly-filter';
import { useStatusActor, useStatusView, type AnomalyListActor } from './anomaly-actors';
import { AnomalyDetail } from './AnomalyDetail';
import { formatDateTime, formatNumber } from './format';
import { monitoringMessages } from './messages';
import { Notice } from '../components/Notice';

const texts = monitoringMessages.anomalies;
export const ANOMALY_SECTION_ID = 'anomaly-section';

/** The toolbar's anomalies count: opens and closes the section. */
export function AnomalyToggle({ list }: { list: AnomalyListActor }) {
  const { active, expanded } = useSelector(list, (s) => ({
    active: s.context.stats?.active ?? 0,
    expanded: s.context.expanded,
  }));
  return (
    <button
      type="button"
      className="secondary"
      aria-expanded={expanded}
      aria-controls={ANOMALY_SECTION_ID}
      onClick={() => list.send({ type: 'section.toggle' })}
    >
      {texts.toggle(active)}
    </button>
  );
}

function AnomalyRow({ list, anomaly }: { list: AnomalyListActor; anomaly: Anomaly }) {
  const status = useStatusActor(list, anomaly.id);
  const { open, isNew, busy, failure } = useStatusView(status);
  return (
    <li className={`anomaly-row anomaly-row--${anomaly.priority.toLowerCase()}`}>
      <div className="anomaly-row__head">
        <strong>{anomaly.title}</strong>
        <span className="anomaly-badge">{anomaly.priority}</span>
        <span className="anomaly-badge anomaly-badge--status">{anomaly.status}</span>
      </div>
      <p className="anomaly-row__meta">
        <code>{anomaly.endpoint}</code> · {texts.errors(anomaly.errorCount)} ·{' '}
        {texts.detectedAt(formatDateTime(anomaly.detected_at))}
      </p>
      <div className="anomaly-row__actions">
        <button
          type="button"
          className="secondary"
          aria-label={texts.detailsOf(anomaly.title)}
          onClick={() => list.send({ type: 'anomaly.open', id: anomaly.id })}
        >
          {texts.details}
        </button>
        {isNew && (
          <button
            type="button"
            disabled={busy}
            onClick={() => status?.send({ type: 'status.set', status: 'En cours' })}
          >
            {texts.start}
          </button>
        )}
        {open && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() =>
              status?.send({ type: 'resolution.submit', resolution: anomalyMessages.quickResolution })
            }
          >
            {texts.quickResolve}
          </button>
        )}
      </div>
      {failure && (
        <Notice tone="error" className="monitoring-failure">
          {failure.serverText ?? texts.statusFailed}
        </Notice>
      )}
    </li>
  );
}

function StatCards({ list }: { list: AnomalyListActor }) {
  const { stats, filter } = useSelector(list, (s) => ({ stats: s.context.stats, filter: s.context.filter }));
  if (stats === null) return null;
  return (
    <ul className="anomaly-stats">
      {anomalyFilters.map((one) => (
        <li key={one}>
          <button
            type="button"
            className="anomaly-stat"
            aria-pressed={filter === one}
            onClick={() => list.send({ type: 'filter.toggle', filter: one })}
          >
            <span className="anomaly-stat__count">{formatNumber(statFor(stats, one))}</span>
            <span>{texts.filters[one]}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** table.md §2 and §4: the collapsible anomaly section, its stat cards, filter, list and detail. */
export function AnomalySection({ list }: { list: AnomalyListActor }) {
  const { anomalies, filter, expanded, openId, failed } = useSelector(list, (s) => ({
    anomalies: s.context.anomalies,
    filter: s.context.filter,
    expanded: s.context.expanded,
    openId: s.context.openId,
    failed: s.matches('failed'),
  }));
  const shown = anomaliesMatching(anomalies, filter);
  const opened = anomalies.find((anomaly) => anomaly.id === openId);
  // The section opens far below its toggle, past the charts: it is brought into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    section.current?.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  }, [expanded]);
  return (
    <section
      ref={section}
      id={ANOMALY_SECTION_ID}
      className="anomaly-section"
      aria-label={texts.title}
      hidden={!expanded}
    >
      <h2>{texts.title}</h2>
      <StatCards list={list} />
      <label className="anomaly-filter">
        {texts.filterLabel}
        <select
          value={filter}
          onChange={(event) =>
            list.send({ type: 'filter.choose', filter: event.target.value as AnomalyFilter })
          }
        >
          {anomalyFilters.map((one) => (
            <option key={one} value={one}>
              {texts.filters[one]}
            </option>
          ))}
        </select>
      </label>
      {failed && (
        <Notice tone="error" className="monitoring-failure">
          {texts.loadFailed}
        </Notice>
      )}
      {shown.length === 0 ? (
        <p className="monitoring-empty">{monitoringMessages.empty.anomalies}</p>
      ) : (
        <ul className="anomaly-list" aria-label={texts.listLabel}>
          {shown.map((anomaly) => (
            <AnomalyRow key={anomaly.id} list={list} anomaly={anomaly} />
          ))}
        </ul>
      )}
      {opened && <AnomalyDetail list={list} anomaly={opened} />}
    </section>
  );
}
