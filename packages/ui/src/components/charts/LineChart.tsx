/**
 * A line per series over a numeric x (docs/decisions/034-charts.md): SVG drawn by React, d3-scale
 * for the axes and d3-shape for the paths. A null value is a gap: the line stops and starts again
 * (`line().defined()`), and a value with no neighbour on either side is drawn as a dot, or it would
 * not show at all. No animation: the chart is drawn once, as it is.
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import styled from 'styled-components';
import {
  AxisLine,
  type ChartSeries,
  crispStrokes,
  dashOf,
  GridLines,
  Legend,
  percentAcross,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  PlotGrid,
  ValueTicks,
  XTicks,
  XTitle,
} from './chartParts';

export interface LinePoint {
  x: number;
  /** Each series' value at x, by the series' key; null where there is none (a gap). */
  values: Record<string, number | null>;
}

export interface LineChartProps {
  /** What the chart shows, for assistive technology (the SVG's accessible name). */
  label: string;
  series: readonly ChartSeries[];
  /** In order of x. */
  points: readonly LinePoint[];
  /** The x axis' title (e.g. 'Day'). */
  xLabel: string;
  yDomain: [number, number];
}

/** Up to this many points, every value gets a dot; beyond, the dots would crowd the lines. */
const DOTS_UP_TO = 31;

/**
 * Whole-number ticks, with the first and last x added where the nearest tick is at least half a
 * step away: a day axis reads from day 1 to today, not from the first round number.
 */
function axisTicks(ticks: number[], first: number, last: number): number[] {
  const whole = ticks.filter((tick) => Number.isInteger(tick) && tick >= first && tick <= last);
  const step = whole.length > 1 ? (whole[1] ?? 0) - (whole[0] ?? 0) : last - first;
  const start = whole[0] === undefined || whole[0] - first >= step / 2 ? [first] : [];
  const end = whole.at(-1) === undefined || last - (whole.at(-1) ?? last) >= step / 2 ? [last] : [];
  return [...new Set([...start, ...whole, ...end])].filter(Number.isInteger);
}

const valueOf = (point: LinePoint | undefined, key: string) => point?.values[key] ?? null;

export function LineChart({ label, series, points, xLabel, yDomain }: LineChartProps) {
  const xs = points.map((point) => point.x);
  const first = xs.length > 0 ? Math.min(...xs) : 0;
  const last = xs.length > 0 ? Math.max(...xs) : 1;
  // One point alone sits in the middle rather than on a zero-width axis.
  const x = scaleLinear()
    .domain(first === last ? [first - 1, last + 1] : [first, last])
    .range([0, PLOT_WIDTH]);
  const y = scaleLinear().domain(yDomain).range([PLOT_HEIGHT, 0]);
  const xTicks = points.length === 0 ? [] : axisTicks(x.ticks(6), first, last);
  const yTicks = y.ticks(5);
  const allDots = points.length <= DOTS_UP_TO;

  return (
    <div>
      <PlotGrid>
        <ValueTicks ticks={yTicks} y={y} />
        <Plot role="img" aria-label={label} viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`} preserveAspectRatio="none">
          <GridLines ticks={yTicks} y={y} />
          <AxisLine x1={0} x2={0} y1={0} y2={PLOT_HEIGHT} />
          <AxisLine x1={0} x2={PLOT_WIDTH} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} />
          {series.map((s, index) => {
            const path = line<LinePoint>()
              .defined((point) => valueOf(point, s.key) !== null)
              .x((point) => x(point.x))
              .y((point) => y(valueOf(point, s.key) ?? 0))(points);
            const dots = points.filter(
              (point, at) =>
                valueOf(point, s.key) !== null &&
                (allDots || (valueOf(points[at - 1], s.key) === null && valueOf(points[at + 1], s.key) === null)),
            );
            return (
              <g key={s.key} data-series={s.key}>
                {path ? (
                  <path
                    className="series-line"
                    d={path}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2.5}
                    strokeLinejoin="round"
                    strokeLinecap="round"
                    strokeDasharray={dashOf(index)}
                  />
                ) : null}
                {dots.map((point) => (
                  // A round cap on a segment of no length: a dot that stays round however the plot stretches.
                  <path
                    key={point.x}
                    className="series-dot"
                    d={`M${x(point.x)},${y(valueOf(point, s.key) ?? 0)}h0`}
                    stroke={s.color}
                    strokeWidth={7}
                    strokeLinecap="round"
                  />
                ))}
              </g>
            );
          })}
        </Plot>
        <XTicks aria-hidden>
          {xTicks.map((tick) => (
            <span key={tick} style={{ left: percentAcross(x(tick)) }}>
              {tick}
            </span>
          ))}
        </XTicks>
        <XTitle aria-hidden>{xLabel}</XTitle>
      </PlotGrid>
      <Legend series={series} kind="line" />
    </div>
  );
}

const Plot = styled.svg`
  ${crispStrokes}
  @media print {
    .series-line,
    .series-dot {
      stroke: #000;
    }
  }
`;
