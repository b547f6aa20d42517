import { useId, useState } from 'react';
import type { Anomaly } from '../../api/schemas/anomalies';
import type { OpenStatus } from '../../machines/anomaly-status.machine';
import { Dialog } from '../components/Dialog';
import { homeMessages } from '../home/messages';
import { useStatusActor, useStatusView, type AnomalyListActor } from './anomaly-actors';
import { formatDateTime, formatNumber } from './format';
import { monitoringMessages } from './messages';
import { Notice } from '../components/Notice';

const texts = monitoringMessages.detail;
const openStatuses: OpenStatus[] = ['Nouvelle', 'En cours'];
const contextFigures = [
  'websocketErrors',
  'apiErrorRate',
  'totalRequests',
  'averageResponseTime',
  'requestsPerMinute',
] as const;

function ResolutionForm({
  refusal,
  onSubmit,
  onCancel,
}: {
  refusal: string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      className="anomaly-resolution"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text);
      }}
    >
      <label htmlFor={id}>{texts.resolutionLabel}</label>
      <textarea
        id={id}
        value={text}
        rows={3}
        aria-invalid={refusal !== null}
        aria-describedby={refusal === null ? undefined : `${id}-refusal`}
        onChange={(event) => setText(event.target.value)}
      />
      {refusal !== null && (
        <p id={`${id}-refusal`} role="alert">
          {refusal}
        </p>
      )}
      <div className="anomaly-detail__actions">
        <button type="submit">{texts.confirmResolution}</button>
        <button type="button" className="secondary" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </form>
  );
}

/** table.md §4: the detail modal, where an open anomaly is set Nouvelle or En cours, or resolved with a text. */
export function AnomalyDetail({ list, anomaly }: { list: AnomalyListActor; anomaly: Anomaly }) {
  const status = useStatusActor(list, anomaly.id);
  const { open, asking, busy, failure, refusal } = useStatusView(status);
  const figures = contextFigures.filter((name) => anomaly.context[name] !== undefined);
  return (
    <Dialog
      title={anomaly.title}
      closeLabel={homeMessages.close}
      onClose={() => list.send({ type: 'anomaly.close' })}
      size="wide"
    >
      <dl className="anomaly-detail">
        <div>
          <dt>{texts.endpoint}</dt>
          <dd>
            <code>{anomaly.endpoint}</code>
          </dd>
        </div>
        <div>
          <dt>{texts.priority}</dt>
          <dd>{anomaly.priority}</dd>
        </div>
        <div>
          <dt>{texts.status}</dt>
          <dd>{anomaly.status}</dd>
        </div>
        <div>
          <dt>{texts.detectedAt}</dt>
          <dd>{formatDateTime(anomaly.detected_at)}</dd>
        </div>
        {anomaly.resolved_at !== null && (
          <div>
            <dt>{texts.resolvedAt}</dt>
            <dd>{formatDateTime(anomaly.resolved_at)}</dd>
          </div>
        )}
      </dl>
      {anomaly.description !== '' && (
        <>
          <h3>{texts.description}</h3>
          <p>{anomaly.description}</p>
        </>
      )}
      {anomaly.steps.length > 0 && (
        <>
          <h3>{texts.steps}</h3>
          <ol>
            {anomaly.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </>
      )}
      {figures.length > 0 && (
        <>
          <h3>{texts.context}</h3>
          <dl className="anomaly-detail">
            {figures.map((name) => (
              <div key={name}>
                <dt>{texts.contextFigures[name]}</dt>
                <dd>{formatNumber(anomaly.context[name] ?? 0, 2)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {anomaly.tags.length > 0 && (
        <p className="anomaly-tags" aria-label={texts.tags}>
          {anomaly.tags.map((tag) => (
            <span key={tag} className="anomaly-badge">
              {tag}
            </span>
          ))}
        </p>
      )}
      {anomaly.resolution !== null && (
        <>
          <h3>{texts.resolution}</h3>
          <p>{anomaly.resolution}</p>
        </>
      )}
      {open && !asking && (
        <div className="anomaly-detail__actions" role="group" aria-label={texts.setStatus}>
          {openStatuses.map((one) => (
            <button
              key={one}
              type="button"
              className={anomaly.status === one ? '' : 'secondary'}
              aria-pressed={anomaly.status === one}
              disabled={busy}
              onClick={() => status?.send({ type: 'status.set', status: one })}
            >
              {one}
            </button>
          ))}
          <button type="button" disabled={busy} onClick={() => status?.send({ type: 'resolution.ask' })}>
            {texts.resolve}
          </button>
        </div>
      )}
      {asking && (
        <ResolutionForm
          refusal={refusal}
          onSubmit={(resolution) => status?.send({ type: 'resolution.submit', resolution })}
          onCancel={() => status?.send({ type: 'resolution.cancel' })}
        />
      )}
      {failure && (
        <Notice tone="error" className="monitoring-failure">
          {failure.serverText ?? monitoringMessages.anomalies.statusFailed}
        </Notice>
      )}
    </Dialog>
  );
}
