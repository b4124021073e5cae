/**
 * Grouped bars, one group per x and one bar per series (docs/decisions/034-charts.md): SVG drawn by
 * React, d3-scale for the bands and the y axis. A null value has no bar; a zero has a hairline on
 * the axis, so "none that week" and "nothing recorded" look different. No animation.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import styled from 'styled-components';
import {
  AxisLine,
  type ChartSeries,
  crispStrokes,
  CROWDED_LABELS,
  GridLines,
  Legend,
  percentAcross,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  PlotGrid,
  printBarFills,
  ValueTicks,
  XTicks,
  XTitle,
} from './chartParts';

export interface Bar {
  x: string | number;
  /** The group's label under the axis (short: a phone fits about a dozen). */
  xLabel: string;
  /** Each series' value, by the series' key; null draws no bar. */
  values: Record<string, number | null>;
}

export interface BarChartProps {
  /** What the chart shows, for assistive technology (the SVG's accessible name). */
  label: string;
  series: readonly ChartSeries[];
  bars: readonly Bar[];
  /** From 0 to the largest value, rounded up, when not given. */
  yDomain?: [number, number];
  /** The x axis' title under the labels (e.g. 'Week'); none when not given. */
  xTitle?: string;
}

/** How tall a zero is drawn, in pixels: visible, and clearly not a value. */
const ZERO_HEIGHT = 2;

export function BarChart({ label, series, bars, yDomain, xTitle }: BarChartProps) {
  const values = bars.flatMap((bar) => series.map((s) => bar.values[s.key] ?? null)).filter((v) => v !== null);
  const largest = Math.max(0, ...values);
  const y = scaleLinear()
    .domain(yDomain ?? [0, largest === 0 ? 1 : largest])
    .range([PLOT_HEIGHT, 0]);
  if (!yDomain) y.nice(5);
  // Counts have no halves: whole-number ticks only when every value is whole.
  const whole = values.every(Number.isInteger);
  const yTicks = y.ticks(5).filter((tick) => !whole || Number.isInteger(tick));
  const base = y(Math.max(y.domain()[0] ?? 0, 0));

  const groups = scaleBand<string>()
    .domain(bars.map((bar) => String(bar.x)))
    .range([0, PLOT_WIDTH])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const inGroup = scaleBand<string>()
    .domain(series.map((s) => s.key))
    .range([0, groups.bandwidth()])
    .padding(0.08);

  return (
    <div>
      <PlotGrid>
        <ValueTicks ticks={yTicks} y={y} />
        <Plot role="img" aria-label={label} viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`} preserveAspectRatio="none">
          <GridLines ticks={yTicks} y={y} />
          {series.map((s, index) => (
            <g key={s.key} data-series={s.key} data-series-index={index}>
              {bars.map((bar) => {
                const value = bar.values[s.key] ?? null;
                if (value === null) return null;
                const top = Math.min(y(value), base - ZERO_HEIGHT);
                return (
                  <rect
                    key={String(bar.x)}
                    x={(groups(String(bar.x)) ?? 0) + (inGroup(s.key) ?? 0)}
                    width={inGroup.bandwidth()}
                    y={top}
                    height={base - top}
                    fill={s.color}
                  />
                );
              })}
            </g>
          ))}
          <AxisLine x1={0} x2={0} y1={0} y2={PLOT_HEIGHT} />
          <AxisLine x1={0} x2={PLOT_WIDTH} y1={base} y2={base} />
        </Plot>
        <XTicks aria-hidden>
          {bars.map((bar, index) => (
            <span
              data-alternate={bars.length > CROWDED_LABELS && index % 2 === 1 ? true : undefined}
              key={String(bar.x)}
              style={{ left: percentAcross((groups(String(bar.x)) ?? 0) + groups.bandwidth() / 2) }}
            >
              {bar.xLabel}
            </span>
          ))}
        </XTicks>
        {xTitle ? <XTitle aria-hidden>{xTitle}</XTitle> : null}
      </PlotGrid>
      <Legend series={series} kind="bar" />
    </div>
  );
}

const Plot = styled.svg`
  ${crispStrokes}
  @media print {
    ${printBarFills('g')}
  }
`;
