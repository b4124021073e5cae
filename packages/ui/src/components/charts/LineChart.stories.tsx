import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import styled from 'styled-components';
import { LineChart } from './LineChart';
import { scorePoints, scoreSeries } from './storyData';

const Frame = styled.div`
  max-width: 900px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

const meta = {
  title: 'Components/Charts/LineChart',
  component: LineChart,
  args: {
    label: 'Mood, empathy and self-awareness from 1 to 10, by day',
    series: scoreSeries,
    points: scorePoints(10),
    xLabel: 'Day',
    yDomain: [1, 10],
  },
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten days, every one written: three unbroken lines, a dot on each day, and the key below. */
export const FewDays: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
    for (const series of scoreSeries) await expect(canvas.getByText(series.label)).toBeVisible();
    await expect(canvas.getByText('Day')).toBeVisible();
  },
};

/** Days 3, 4, 7, 9 and 11 missed: each line stops and starts again; days 8 and 10 stand alone. */
export const WithGaps: Story = {
  args: { points: scorePoints(14, [3, 4, 7, 9, 11]) },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
  },
};

/**
 * The whole experiment: 90 days with a few missed. Too many for a dot on each day, so only a lone
 * day (59, between two missed ones) has one.
 */
export const NinetyDays: Story = {
  args: { points: scorePoints(90, [17, 18, 33, 41, 42, 43, 44, 58, 60, 71, 72, 86]) },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
    // The day axis runs to 90 in steps of 20.
    await expect(canvas.getByText('80')).toBeVisible();
  },
};

/** Nothing written yet: the axes and the key, no line. */
export const Empty: Story = {
  args: { points: scorePoints(5, [1, 2, 3, 4, 5]) },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
  },
};
