import { Fragment } from 'react';
import {
  CLSThresholds,
  FCPThresholds,
  INPThresholds,
  LCPThresholds,
  TTFBThresholds,
  type MetricRatingThresholds,
} from 'web-vitals';
import type { WebVitalName, WebVitalSummary } from '../../api/schemas/monitoring';
import { restsOnEnoughVisitors } from '../../domain/monitoring/analysis';
import { WEB_VITAL_VISITORS_COUNTED } from '../../domain/monitoring/web-vitals';
import { formatNumber } from './format';
import { monitoringMessages } from './messages';

const { webVitals: texts, units } = monitoringMessages;

/** web-vitals' own limits of « good » and « poor », which the server rates against. */
const thresholds: Record<WebVitalName, MetricRatingThresholds> = {
  LCP: LCPThresholds,
  INP: INPThresholds,
  CLS: CLSThresholds,
  FCP: FCPThresholds,
  TTFB: TTFBThresholds,
};

/** CLS is a unitless score; the other vitals are milliseconds. */
function vitalValue(name: WebVitalName, value: number): string {
  return name === 'CLS' ? formatNumber(value, 3) : units.ms(formatNumber(value));
}

/** A page's path, breakable after its slashes only: a phone's narrow column never cuts a word. */
function PagePath({ page }: { page: string }) {
  return page.split(/(?<=\/)/).map((part, i) => (
    <Fragment key={part}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** The reports and visitors a p75 rests on, and whether they are too few to raise an alert. */
function Basis({ vital }: { vital: WebVitalSummary }) {
  const basis = texts.basis(vital.count, vital.visitors, vital.visitors >= WEB_VITAL_VISITORS_COUNTED);
  return (
    <span className="vital-basis">
      {restsOnEnoughVisitors(vital) ? basis : `${basis} · ${texts.tooFewVisitors}`}
    </span>
  );
}

/** The browsers' web-vitals at p75 per page, as the server rated them, with what each rests on. */
export function WebVitalsCard({ vitals }: { vitals: WebVitalSummary[] }) {
  if (vitals.length === 0) return <p className="monitoring-empty">{monitoringMessages.empty.webVitals}</p>;
  return (
    <div className="monitoring-table-wrap">
      <table className="monitoring-table">
        <thead>
          <tr>
            <th scope="col">{texts.page}</th>
            <th scope="col">{texts.vital}</th>
            <th scope="col">{texts.p75}</th>
            <th scope="col" className="monitoring-table__extra">
              {texts.thresholds}
            </th>
          </tr>
        </thead>
        <tbody>
          {vitals.map((vital) => {
            const [good, poor] = thresholds[vital.name];
            return (
              <tr key={`${vital.page} ${vital.name}`}>
                <th scope="row">
                  <PagePath page={vital.page} />
                </th>
                <td>{vital.name}</td>
                <td>
                  <span className={`vital-rating vital-rating--${vital.rating}`}>
                    {vitalValue(vital.name, vital.p75)} ({texts.ratings[vital.rating]})
                  </span>
                  <Basis vital={vital} />
                  {texts.notes[vital.page]?.[vital.name] && (
                    <span className="vital-basis">{texts.notes[vital.page]?.[vital.name]}</span>
                  )}
                </td>
                <td className="monitoring-table__extra">
                  {vitalValue(vital.name, good)} / {vitalValue(vital.name, poor)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
