import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { externalLinks } from '../../../config';
import { ReducedMotionPreference } from '../../../motion';
import { Hero } from './Hero';

const meta = {
  title: 'Home/Hero',
  component: Hero,
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The timed reveal in real time: the sub-message at 3.5 s and 4 s, the buttons at 5 s. */
export const TimedReveal: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    await expect(canvas.queryByText('You care about people.')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Join the Experiment' })).not.toBeInTheDocument();

    await expect(await canvas.findByText('You care about people.', {}, { timeout: 4500 })).toBeInTheDocument();
    await expect(
      await canvas.findByText(/want to preserve your relationships/, {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    const join = await canvas.findByRole('button', { name: 'Join the Experiment' }, { timeout: 2500 });
    // The buttons fade in once framer-motion's lazily loaded features arrive.
    await waitFor(() => expect(join).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Watch Our Story' })).toBeVisible());

    await expect(canvas.getByText('1,000,000+')).toBeInTheDocument();
    for (const profile of externalLinks.social) {
      await expect(canvas.getByRole('link', { name: `${profile.label} (opens in a new tab)` })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
  },
};

/** Under reduced motion everything is there at once. */
export const ReducedMotion: Story = {
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You care about people.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Join the Experiment' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Watch Our Story' })).toBeInTheDocument();
  },
};

/** One column: the reach card comes below the buttons. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  decorators: ReducedMotion.decorators,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'There is a Better Way' })).toBeInTheDocument();
    const watch = canvas.getByRole('button', { name: 'Watch Our Story' });
    await expect(canvas.getByText('1,000,000+').getBoundingClientRect().top).toBeGreaterThanOrEqual(
      watch.getBoundingClientRect().bottom,
    );
  },
};
