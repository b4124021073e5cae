import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { StatusMessage } from './StatusMessage';

const meta = {
  title: 'Primitives/StatusMessage',
  component: StatusMessage,
  tags: ['autodocs'],
  args: { kind: 'loading', children: 'Loading your dashboard...' },
} satisfies Meta<typeof StatusMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your dashboard...');
  },
};

export const Empty: Story = {
  args: { kind: 'empty', children: 'No participants yet. Add the first one above!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No participants yet. Add the first one above!');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const ErrorWithRetry: Story = {
  args: { kind: 'error', children: 'We could not load the reviews.', onRetry: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not load the reviews.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
