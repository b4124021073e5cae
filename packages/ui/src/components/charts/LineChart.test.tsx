import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { LineChart, type LinePoint } from './LineChart';

const series = [
  { key: 'mood', label: 'Mood', color: '#b4540a' },
  { key: 'empathy', label: 'Empathy', color: '#5f7d3a' },
];

const pointsOf = (mood: (number | null)[], empathy: (number | null)[] = mood): LinePoint[] =>
  mood.map((value, index) => ({ x: index + 1, values: { mood: value, empathy: empathy[index] ?? null } }));

function renderChart(points: LinePoint[]) {
  renderWithProviders(
    <LineChart label="Mood and empathy by day" series={series} points={points} xLabel="Day" yDomain={[1, 10]} />,
  );
  return screen.getByRole('img', { name: 'Mood and empathy by day' });
}

/**
 * A series' line and its dots. A path has no role for Testing Library to find: the chart is found
 * by its accessible name, and its drawing read from there.
 */
function drawing(chart: HTMLElement, key: string) {
  const group = chart.querySelector(`[data-series="${key}"]`);
  return {
    /** The subpaths of the line: one per unbroken run of values. */
    runs: (group?.querySelector('.series-line')?.getAttribute('d') ?? '').match(/M/g)?.length ?? 0,
    dots: group?.querySelectorAll('.series-dot').length ?? 0,
  };
}

describe('LineChart', () => {
  it('draws one unbroken line for a series with a value every day, and names its series in the legend', () => {
    const chart = renderChart(pointsOf([5, 6, 4, 7, 7]));
    expect(drawing(chart, 'mood').runs).toBe(1);
    expect(screen.getByText('Mood')).toBeInTheDocument();
    expect(screen.getByText('Empathy')).toBeInTheDocument();
    expect(screen.getByText('Day')).toBeInTheDocument();
  });

  it('breaks the line where a value is null, and only that series', () => {
    const chart = renderChart(pointsOf([5, 6, null, 7, 8], [6, 7, 8, 8, 9]));
    expect(drawing(chart, 'mood').runs).toBe(2);
    expect(drawing(chart, 'empathy').runs).toBe(1);
  });

  it('starts again after a run of missing days, as many times as there are gaps', () => {
    const chart = renderChart(pointsOf([5, null, null, 6, 7, null, 8, 8]));
    expect(drawing(chart, 'mood').runs).toBe(3);
  });

  it('shows a value with no neighbour as a dot, where no line can be drawn, even when the others have none', () => {
    // 40 days: too many for a dot on every value, so only the lone day 20 gets one.
    const mood = Array.from({ length: 40 }, (_, index) => (index < 10 || index === 19 ? 6 : null));
    const chart = renderChart(pointsOf(mood));
    // The lone day is a run of its own, but a run of one point has no length to stroke: the dot shows it.
    expect(drawing(chart, 'mood')).toEqual({ runs: 2, dots: 1 });
  });

  it('draws nothing for a series without any value, and no line at all for no points', () => {
    const chart = renderChart(pointsOf([null, null, null], [5, 5, 5]));
    expect(drawing(chart, 'mood')).toEqual({ runs: 0, dots: 0 });
    expect(drawing(chart, 'empathy').runs).toBe(1);
  });
});
