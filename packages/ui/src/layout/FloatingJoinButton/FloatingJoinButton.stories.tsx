import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { scrollStoryTo, withTallPage } from '../storyFrames';
import { FloatingJoinButton } from './FloatingJoinButton';

const meta = {
  title: 'Layout/FloatingJoinButton',
  component: FloatingJoinButton,
  decorators: [withTallPage],
  parameters: { route: '/about' },
} satisfies Meta<typeof FloatingJoinButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Appears past 300 px. Hover or keyboard focus expands it to show 'Join Experiment' (a CSS state,
 * so hover it yourself: scripted events do not trigger :hover).
 */
export const AfterScrolling: Story = {
  play: async ({ canvas }) => {
    await scrollStoryTo(0);
    await expect(canvas.queryByRole('link', { name: 'Join Experiment' })).not.toBeInTheDocument();
    await scrollStoryTo(600);
    const button = await canvas.findByRole('link', { name: 'Join Experiment' });
    await expect(button).toHaveAttribute('href', '/experiment');
    await expect(button).toHaveTextContent('Join Experiment');
  },
};

/** Not shown on the experiment page itself. */
export const HiddenOnExperiment: Story = {
  parameters: { route: '/experiment' },
  play: async ({ canvas }) => {
    await scrollStoryTo(600);
    await expect(canvas.queryByRole('link', { name: 'Join Experiment' })).not.toBeInTheDocument();
    await scrollStoryTo(0);
  },
};
