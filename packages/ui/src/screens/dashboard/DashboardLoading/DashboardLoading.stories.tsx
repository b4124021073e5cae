import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DashboardLoading } from './DashboardLoading';

const meta = {
  title: 'Dashboard/Loading',
  component: DashboardLoading,
} satisfies Meta<typeof DashboardLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your dashboard...');
  },
};
