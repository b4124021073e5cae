import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { BarChart } from './BarChart';

const series = [
  { key: 'conflicts', label: 'Conflicts', color: '#b4540a' },
  { key: 'betterResponses', label: 'Better responses', color: '#5f7d3a' },
];

/** The heights of a series' bars, by the order they are drawn in (a rect has no role to query). */
const heights = (chart: HTMLElement, key: string) =>
  Array.from(chart.querySelectorAll(`[data-series="${key}"] rect`), (bar) => Number(bar.getAttribute('height')));

describe('BarChart', () => {
  it('draws a bar per series and group, none for a null, and a hairline for a zero', () => {
    renderWithProviders(
      <BarChart
        label="Conflicts and better responses by week"
        series={series}
        bars={[
          { x: 1, xLabel: '1', values: { conflicts: 4, betterResponses: 0 } },
          { x: 2, xLabel: '2', values: { conflicts: null, betterResponses: null } },
          { x: 3, xLabel: '3', values: { conflicts: 2, betterResponses: 3 } },
        ]}
        xTitle="Week"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Conflicts and better responses by week' });
    const conflicts = heights(chart, 'conflicts');
    const better = heights(chart, 'betterResponses');
    expect(conflicts).toHaveLength(2);
    expect(better).toHaveLength(2);
    expect(better[0]).toBe(2);
    expect(conflicts[0]).toBeGreaterThan(conflicts[1] ?? Infinity);
    expect(screen.getByText('Week')).toBeInTheDocument();
    expect(screen.getByText('Better responses')).toBeInTheDocument();
  });
});
