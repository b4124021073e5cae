import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { externalLinks } from '../../../config';
import { Hero } from './Hero';

const meta = {
  title: 'Home/Hero',
  component: Hero,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The hero once its reveal is over: the sub-message (3.5 s and 4 s) and the two buttons (5 s). The
 * reveal is CSS, which Storybook's pictures hold at its end; its timings are checked in Chromium by
 * e2e/islands.test.ts.
 */
export const Revealed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    await expect(canvas.getByText('You care about people.')).toBeVisible();
    await expect(canvas.getByText(/want to preserve your relationships/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Join the Experiment' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Watch Our Story' })).toBeVisible();
    await expect(canvas.getByText('1,000,000+')).toBeInTheDocument();
    for (const profile of externalLinks.social) {
      await expect(canvas.getByRole('link', { name: `${profile.label} (opens in a new tab)` })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
  },
};

/** One column: the reach card comes below the buttons. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    const watch = canvas.getByRole('link', { name: 'Watch Our Story' });
    await expect(canvas.getByText('1,000,000+').getBoundingClientRect().top).toBeGreaterThanOrEqual(
      watch.getBoundingClientRect().bottom,
    );
  },
};
