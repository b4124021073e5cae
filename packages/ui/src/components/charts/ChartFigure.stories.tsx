import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import styled from 'styled-components';
import { BarChart } from './BarChart';
import { ChartFigure } from './ChartFigure';
import { LineChart } from './LineChart';
import { scorePoints, scoreSeries, weekBars, weekSeries } from './storyData';

const Frame = styled.div`
  max-width: 900px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

const points = scorePoints(7, [3]);
const NONE = 'no reflection';

const meta = {
  title: 'Components/Charts/ChartFigure',
  component: ChartFigure,
  args: {
    title: 'Mood, empathy and self-awareness, day by day',
    summary:
      'Your mood, empathy and self-awareness, from 1 to 10, on each day from day 1 to day 7. 6 of 7 days have a reflection; the lines break on the day without one.',
    table: {
      columns: ['Day', ...scoreSeries.map((series) => series.label)],
      rows: points.map((point) => [`Day ${point.x}`, ...scoreSeries.map((series) => point.values[series.key] ?? NONE)]),
    },
    children: (
      <LineChart
        label="Mood, empathy and self-awareness from 1 to 10, days 1 to 7"
        series={scoreSeries}
        points={points}
        xLabel="Day"
        yDomain={[1, 10]}
      />
    ),
  },
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
} satisfies Meta<typeof ChartFigure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The title, the sentence a screen reader hears with it, the chart, and the button to the table. */
export const Chart: Story = {
  play: async ({ canvas, args }) => {
    const figure = canvas.getByRole('figure', { name: args.title });
    await expect(figure).toHaveAccessibleDescription(args.summary);
    await expect(canvas.getByText(args.summary)).toBeVisible();
    await expect(canvas.getByRole('img', { name: /^Mood, empathy and self-awareness/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** 'Show as table' from the keyboard: the same figures in a table, its caption the chart's title. */
export const Table: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Show as table' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const table = canvas.getByRole('table', { name: args.title });
    await expect(table).toBeVisible();
    await expect(canvas.getByRole('row', { name: `Day 3 ${NONE} ${NONE} ${NONE}` })).toBeInTheDocument();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    const back = canvas.getByRole('button', { name: 'Show as chart' });
    await expect(back).toHaveAttribute('aria-expanded', 'true');
    // Where a keyboard user left it: the picture shows the button's focus ring.
    await expect(back).toHaveFocus();
  },
};

/** Bars in a figure, as the weeks are shown: 13 weeks, the table one button away. */
export const Bars: Story = {
  args: {
    title: 'Conflicts and better responses, week by week',
    summary:
      'The conflicts you recorded and the better responses you found in each week from week 1 to week 13. Week 13 so far: 0 conflicts and 14 better responses.',
    table: {
      columns: ['Week', 'Conflicts', 'Better responses'],
      rows: weekBars(13).map((bar) => [`Week ${bar.x}`, ...weekSeries.map((series) => bar.values[series.key] ?? NONE)]),
    },
    children: (
      <BarChart
        label="Conflicts and better responses in each week"
        series={weekSeries}
        bars={weekBars(13)}
        xTitle="Week"
      />
    ),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('figure', { name: args.title })).toHaveAccessibleDescription(args.summary);
    await expect(canvas.getByRole('img', { name: 'Conflicts and better responses in each week' })).toBeVisible();
  },
};
