import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PageError } from './PageError';

/** What a visitor sees when a page breaks (the router's errorElement), instead of a blank screen. */
const meta = {
  title: 'Pages/Error',
  component: PageError,
  args: {
    error: new Error('Cannot read properties of undefined'),
    onReload: fn(),
  },
} satisfies Meta<typeof PageError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomethingWentWrong: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    await expect(canvas.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  },
};

/** The site was updated while the tab was open: the page's old chunk is gone. */
export const PageChunkMissing: Story = {
  args: { error: new TypeError('Failed to fetch dynamically imported module: /static/map-abc123.js') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'This page needs a reload' })).toBeInTheDocument();
    await expect(canvas.getByText(/site was updated since you opened it/)).toBeInTheDocument();
  },
};
