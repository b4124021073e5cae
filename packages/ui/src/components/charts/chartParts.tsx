/**
 * What the line and bar charts share (docs/decisions/034-charts.md): the plot's coordinates, the
 * series' looks, the axes' labels and the legend. The plot is an SVG stretched to its box
 * (`preserveAspectRatio="none"`) with strokes that do not scale, and the labels are HTML placed by
 * percentage over it: text stays readable at a phone's width and the chart renders the same on the
 * server, in jsdom and in the browser, without measuring anything.
 */
import styled, { css } from 'styled-components';

export interface ChartSeries {
  key: string;
  label: string;
  /** A colour of the theme (packages/ui/src/theme). */
  color: string;
}

/** The plot's width in SVG units; the SVG stretches it to its box, so only proportions matter. */
export const PLOT_WIDTH = 1000;
/** The plot's height, in SVG units and CSS pixels alike (the box is this tall). */
export const PLOT_HEIGHT = 220;

/**
 * A dash pattern per series, so lines differ without colour: in print they are all black, and a
 * reader who cannot tell the colours apart still can.
 */
const DASHES = ['none', '10 5', '2 5', '14 5 2 5'] as const;
export const dashOf = (index: number) => DASHES[index % DASHES.length];

/** Where a value falls across the plot, as the percentage an HTML label is placed at. */
export const percentAcross = (units: number) => `${(units / PLOT_WIDTH) * 100}%`;

/** A plot with its y-axis labels to the left and its x-axis labels (and title) below. */
export const PlotGrid = styled.div`
  container-type: inline-size;
  display: grid;
  /* Room for the top label, which is centred on the plot's top edge. */
  padding-top: 0.5rem;
  grid-template-columns: 2rem minmax(0, 1fr);
  grid-template-rows: ${PLOT_HEIGHT}px auto auto;
  column-gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1;
  /* The markers at the plot's edges would be cut in half by the SVG's box. */
  > svg {
    width: 100%;
    height: ${PLOT_HEIGHT}px;
    overflow: visible;
  }
  @media print {
    color: #000;
  }
`;

export const YTicks = styled.div`
  position: relative;
  span {
    position: absolute;
    right: 0;
    transform: translateY(-50%);
  }
`;

export const XTicks = styled.div`
  grid-column: 2;
  position: relative;
  height: 1.5rem;
  span {
    position: absolute;
    top: 0.5rem;
    transform: translateX(-50%);
    white-space: nowrap;
  }
  /* On a narrow plot, crowded labels take turns: every other one is left out (the table has them all). */
  @container (max-width: 36rem) {
    span[data-alternate] {
      display: none;
    }
  }
`;

/** Labels beyond this many along the x axis take turns on a narrow plot. */
export const CROWDED_LABELS = 8;

export const XTitle = styled.div`
  grid-column: 2;
  text-align: center;
  font-weight: 600;
  padding-top: ${({ theme }) => theme.space.xs};
`;

/** SVG parts that keep their stroke width however far the plot is stretched. */
export const crispStrokes = css`
  path,
  line,
  rect {
    vector-effect: non-scaling-stroke;
  }
`;

export const GridLine = styled.line`
  stroke: ${({ theme }) => theme.colors.border};
  stroke-width: 1;
  @media print {
    stroke: #999;
  }
`;

export const AxisLine = styled.line`
  stroke: ${({ theme }) => theme.colors.muted};
  stroke-width: 1;
  @media print {
    stroke: #000;
  }
`;

/** The value axis: its labels beside the plot (HTML, so they keep their size) for `ticks`. */
export function ValueTicks({ ticks, y }: { ticks: readonly number[]; y: (value: number) => number }) {
  return (
    <YTicks aria-hidden>
      {ticks.map((tick) => (
        <span key={tick} style={{ top: `${y(tick)}px` }}>
          {tick}
        </span>
      ))}
    </YTicks>
  );
}

/** A line across the plot at each of the value axis's ticks. */
export function GridLines({ ticks, y }: { ticks: readonly number[]; y: (value: number) => number }) {
  return ticks.map((tick) => <GridLine key={tick} x1={0} x2={PLOT_WIDTH} y1={y(tick)} y2={y(tick)} />);
}

/** The series' names with their line or bar sample, below the chart. */
export function Legend({ series, kind }: { series: readonly ChartSeries[]; kind: 'line' | 'bar' }) {
  return (
    <LegendList>
      {series.map((s, index) => (
        <li key={s.key} data-series-index={index}>
          <svg aria-hidden width="28" height="12" viewBox="0 0 28 12">
            {kind === 'line' ? (
              <line x1="1" x2="27" y1="6" y2="6" stroke={s.color} strokeWidth="3" strokeDasharray={dashOf(index)} />
            ) : (
              <rect x="7" y="0" width="14" height="12" rx="2" fill={s.color} />
            )}
          </svg>
          {s.label}
        </li>
      ))}
    </LegendList>
  );
}

/** A key's row of samples and names: the charts' legends and the 90-day grid's key. */
export const LegendList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
  svg {
    display: inline-block;
  }
  @media print {
    color: #000;
    line {
      stroke: #000;
    }
    ${printBarFills('li')}
  }
`;

/**
 * Black-on-white bars for print: the first series black, the second white with a black outline,
 * a third grey; `scope` is the element that carries `data-series-index`.
 */
export function printBarFills(scope: string) {
  return css`
    ${scope}[data-series-index='0'] rect {
      fill: #000;
    }
    ${scope}[data-series-index='1'] rect {
      fill: #fff;
      stroke: #000;
      stroke-width: 1.5;
    }
    ${scope}[data-series-index='2'] rect {
      fill: #888;
    }
    ${scope}[data-series-index='3'] rect {
      fill: #fff;
      stroke: #000;
      stroke-dasharray: 3 2;
    }
  `;
}
