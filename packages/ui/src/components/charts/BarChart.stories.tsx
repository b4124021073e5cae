import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import styled from 'styled-components';
import { BarChart } from './BarChart';
import { weekBars, weekSeries } from './storyData';

const Frame = styled.div`
  max-width: 900px;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

const meta = {
  title: 'Components/Charts/BarChart',
  component: BarChart,
  args: {
    label: 'Conflicts and better responses in each week',
    series: weekSeries,
    bars: weekBars(2),
    xTitle: 'Week',
  },
  decorators: [
    (Story) => (
      <Frame>
        <Story />
      </Frame>
    ),
  ],
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two weeks: a pair of bars each, the y axis rounded up from the largest. */
export const FewWeeks: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
    await expect(canvas.getByText('Conflicts')).toBeVisible();
    await expect(canvas.getByText('Better responses')).toBeVisible();
    await expect(canvas.getByText('Week')).toBeVisible();
  },
};

/** All thirteen weeks of the 90 days, their numbers under the bars. */
export const ThirteenWeeks: Story = {
  args: { bars: weekBars(13) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('13')).toBeVisible();
  },
};

/** Weeks 3 and 4 without a reflection: no bars there, where a zero would be a hairline on the axis. */
export const WithEmptyWeeks: Story = {
  args: {
    bars: weekBars(6, [3, 4]).map((bar) =>
      bar.x === 6 ? { ...bar, values: { conflicts: 0, betterResponses: 2 } } : bar,
    ),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
  },
};

/** A fixed scale (0 to 20), as when several charts are compared side by side. */
export const FixedScale: Story = {
  args: { bars: weekBars(4), yDomain: [0, 20] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('20')).toBeVisible();
  },
};

/** Nothing recorded: the axes and the key, no bar. */
export const Empty: Story = {
  args: { bars: weekBars(3, [1, 2, 3]) },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('img', { name: args.label })).toBeInTheDocument();
  },
};
