import { extent, line, max, scaleLinear, scaleTime } from 'd3';
import { useId } from 'react';
import { formatClock, formatNumber } from './format';
import { monitoringMessages } from './messages';

export interface ChartSeries {
  label: string;
  /** One value per minute; null where nothing was measured (the line breaks there). */
  values: Array<number | null>;
}

/** The drawing's own units: the SVG scales to its box, so one layout serves desktop and phone. */
const WIDTH = 320;
const HEIGHT = 170;
const MARGIN = { top: 10, right: 12, bottom: 34, left: 46 };

/**
 * One chart of the dashboard's last minutes: d3 computes the scales, ticks and line paths, React
 * draws them. A screen reader gets the title, a description and the figures as a table.
 */
export function MinuteChart({
  title,
  axisLabel,
  minutes,
  series,
  counts = false,
}: {
  title: string;
  axisLabel: string;
  minutes: Date[];
  series: ChartSeries[];
  /** Whole numbers (requests, errors, sockets): no tick between two of them. */
  counts?: boolean;
}) {
  const id = useId();
  const [first, last] = extent(minutes);
  const highest = max(series.flatMap((one) => one.values.map((value) => value ?? 0))) ?? 0;
  const x = scaleTime()
    .domain([first ?? new Date(0), last ?? new Date(0)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, Math.max(highest, 1)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => x(minutes[index] ?? 0))
    .y((value) => y(value ?? 0));
  // A count of 1 at most would get ticks 0, 0.2 … 1, each rounded to 0 or 1 by the label.
  const [, top = 1] = y.domain();
  const yTicks = counts ? y.ticks(Math.min(4, top)).filter(Number.isInteger) : y.ticks(4);
  // Over a few minutes the scale's own ticks fall between minutes and repeat their label.
  const xTicks = minutes.length > 4 ? x.ticks(4) : minutes;

  return (
    <figure className="minute-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{monitoringMessages.charts.tableCaption(title)}</desc>
        <g className="minute-chart__axis" aria-hidden="true">
          {yTicks.map((tick) => (
            <g key={tick} transform={`translate(0 ${y(tick)})`}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} className="minute-chart__grid" />
              <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
                {formatNumber(tick)}
              </text>
            </g>
          ))}
          {xTicks.map((tick) => (
            <text key={tick.getTime()} x={x(tick)} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle">
              {formatClock(tick)}
            </text>
          ))}
          <text x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle">
            {monitoringMessages.charts.time}
          </text>
          <text transform={`translate(11 ${(HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {axisLabel}
          </text>
        </g>
        {series.map((one, index) => (
          <g key={one.label} className={`minute-chart__line minute-chart__line--${index}`}>
            <path d={path(one.values) ?? ''} />
            {/* A mark on every minute: the first minute alone is a line of no length. */}
            {one.values.map((value, minute) =>
              value === null ? null : (
                <circle key={minute} cx={x(minutes[minute] ?? 0)} cy={y(value)} r={2.5} />
              ),
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <figcaption className="minute-chart__legend" aria-hidden="true">
          {series.map((one, index) => (
            <span key={one.label} className={`minute-chart__key minute-chart__key--${index}`}>
              {one.label}
            </span>
          ))}
        </figcaption>
      )}
      <table className="visually-hidden">
        <caption>{monitoringMessages.charts.tableCaption(title)}</caption>
        <thead>
          <tr>
            <th scope="col">{monitoringMessages.charts.time}</th>
            {series.map((one) => (
              <th key={one.label} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {minutes.map((minute, row) => (
            <tr key={minute.getTime()}>
              <th scope="row">{formatClock(minute)}</th>
              {series.map((one) => (
                <td key={one.label}>
                  {one.values[row] === null || one.values[row] === undefined
                    ? monitoringMessages.units.none
                    : formatNumber(one.values[row], 1)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
