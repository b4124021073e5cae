import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { externalLinks } from '../../../config';
import { EventSection } from './EventSection';
import { ReducedMotionPreference } from '../../../motion';

const meta = {
  title: 'Home/EventSection',
  component: EventSection,
  globals: { viewport: { value: 'desktop' } },
  // The carousels and the hero's reveal run on timers: held at their still version, so the picture
  // does not depend on how long the story took (the motion has its own stories).
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
} satisfies Meta<typeof EventSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'FUNFest 2025' })).toBeInTheDocument();
    await expect(canvas.getByText('Mission: Possible')).toBeInTheDocument();
    const learnMore = canvas.getByRole('link', { name: 'Learn More About FUNFest 2025' });
    await expect(learnMore).toHaveAttribute('href', externalLinks.funfestEvent);
    await expect(learnMore).toHaveAttribute('target', '_blank');

    // The image itself opens the event page in a new tab.
    const imageLink = canvas.getByRole('link', { name: /FUNFest 2025 poster/ });
    await expect(imageLink).toHaveAttribute('href', externalLinks.funfestEvent);
    await expect(imageLink).toHaveAttribute('target', '_blank');

    // Dot buttons choose the image.
    await userEvent.click(canvas.getByRole('button', { name: 'Show image 2' }));
    await expect(canvas.getByRole('link', { name: /olive branch growing/ })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-current', 'true');
  },
};

/** The images change every 3 s by themselves while the pointer is elsewhere (not pictured: when is timing). */
export const Rotating: Story = {
  parameters: { visual: { disable: true } },
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce={false}>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    await userEvent.unhover(canvas.getByRole('group', { name: 'FUNFest 2025 images' }));
    await expect(canvas.getByRole('group', { name: '1 of 2' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('group', { name: '2 of 2' })).toBeInTheDocument(), { timeout: 4500 });
  },
};

/** One column: the images come below the text. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'FUNFest 2025' })).toBeInTheDocument();
    const learnMore = canvas.getByRole('link', { name: 'Learn More About FUNFest 2025' });
    const images = canvas.getByRole('group', { name: 'FUNFest 2025 images' });
    await expect(images.getBoundingClientRect().top).toBeGreaterThanOrEqual(learnMore.getBoundingClientRect().bottom);
    await expect(canvas.getByRole('group', { name: '1 of 2' })).toBeInTheDocument();
  },
};
