import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { paths } from '../../../config';
import { MemberNotFound } from './MemberNotFound';

const meta = {
  title: 'Dashboard/NotFound',
  component: MemberNotFound,
  args: { onTryDifferentEmail: fn() },
} satisfies Meta<typeof MemberNotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Member Not Found' })).toHaveFocus();
    await expect(
      canvas.getByText(
        "We couldn't find a member with this email address. Make sure you've joined the 90-Day Experiment first.",
      ),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Join Experiment' })).toHaveAttribute('href', paths.experiment);
    await userEvent.click(canvas.getByRole('button', { name: 'Try Different Email' }));
    await expect(args.onTryDifferentEmail).toHaveBeenCalledOnce();
  },
};

export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Member Not Found' })).toHaveFocus();
    // Both ways on stay within the phone's width.
    const tryAgain = canvas.getByRole('button', { name: 'Try Different Email' });
    const join = canvas.getByRole('link', { name: 'Join Experiment' });
    await expect(tryAgain.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(join.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
