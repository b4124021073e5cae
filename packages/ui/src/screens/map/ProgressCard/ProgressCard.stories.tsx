import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withFrame } from '../storyDecorators';
import { ProgressCard } from './ProgressCard';

const meta = {
  title: 'Map/ProgressCard',
  component: ProgressCard,
  args: { total: 9528, goal: 50_000 },
  decorators: [withFrame('380px')],
} satisfies Meta<typeof ProgressCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('9,528')).toBeInTheDocument();
    await expect(canvas.getByText('Total Participants')).toBeInTheDocument();
    await expect(canvas.getByText('19.1%')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Progress toward our goal' })).toHaveAttribute(
      'aria-valuenow',
      '19.1',
    );
  },
};

/** Past the goal the bar stops at 100%. */
export const OverGoal: Story = {
  args: { total: 62_400, goal: 50_000 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('100.0%')).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0.0%')).toBeInTheDocument();
  },
};
