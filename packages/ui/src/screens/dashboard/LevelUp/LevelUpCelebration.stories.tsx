import type { Meta, StoryObj } from '@storybook/react-vite';
import { MotionGlobalConfig } from 'framer-motion';
import { expect, waitFor, within } from 'storybook/test';
import { ReducedMotionPreference } from '../../../motion';
import { jordan } from '../storyData';
import { tabFrame } from '../storyDecorators';
import { LevelUpCelebration } from './LevelUpCelebration';
import { levelUpSeenRequests, newAgent } from './storyData';

/** The celebration sits at the top of the dashboard; the toast shows in the page's corner. */
const meta = {
  title: 'Dashboard/Level Up',
  component: LevelUpCelebration,
  args: { member: newAgent },
  decorators: [tabFrame()],
  beforeEach({ msw }) {
    msw.use(levelUpSeenRequests.start());
  },
} satisfies Meta<typeof LevelUpCelebration>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Points crossed 50: 'You are now an Agent', the Agent card, and the level acknowledged once. */
export const Celebration: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const region = await canvas.findByRole('region', { name: 'Congratulations, Jordan!' });
    await expect(await page.findByText('You are now an Agent')).toBeVisible();
    const card = within(region).getByRole('list', { name: 'Your new level' });
    await expect(within(card).getByText('Agent')).toBeInTheDocument();
    await expect(within(card).getByText('Current level')).toBeInTheDocument();
    await waitFor(() => expect(levelUpSeenRequests.bodies).toEqual([{ level: 'Agent' }]));
  },
};

/**
 * The card opens like the ladder's; × puts the celebration away, and nothing is sent again. Not
 * pictured: what is left, nothing, is NothingToCelebrate's picture.
 */
export const Dismissed: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    const region = await canvas.findByRole('region', { name: 'Congratulations, Jordan!' });
    // The level is acknowledged once on arrival; its answer re-renders the card, so it comes first.
    await waitFor(() => expect(levelUpSeenRequests.bodies).toHaveLength(1));
    const card = within(region).getByRole('list', { name: 'Your new level' });
    await userEvent.click(within(card).getByRole('button', { name: /Agent/ }));
    await expect(within(card).getByText('Benefits')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss the celebration' }));
    await expect(canvas.queryByRole('region', { name: 'Congratulations, Jordan!' })).not.toBeInTheDocument();
    await expect(levelUpSeenRequests.bodies).toHaveLength(1);
  },
};

/** Nothing new to celebrate: nothing shown, nothing sent. */
export const NothingToCelebrate: Story = {
  args: { member: { ...jordan, levelUp: null } },
  play: async ({ canvas, canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
    await expect(within(canvasElement.ownerDocument.body).queryByText(/You are now/)).not.toBeInTheDocument();
    await expect(levelUpSeenRequests.bodies).toEqual([]);
  },
};

/** The highest level: 'You are now a Guardian'. */
export const Guardian: Story = {
  args: { member: { ...jordan, peacemakerLevel: 'Guardian', levelProgressPoints: 310, levelUp: 'Guardian' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await within(canvasElement.ownerDocument.body).findByText('You are now a Guardian')).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Your new level' })).toHaveTextContent('Guardian');
    await waitFor(() => expect(levelUpSeenRequests.bodies).toEqual([{ level: 'Guardian' }]));
  },
};

/**
 * Under reduced motion the card is there at once, at full size: no pop. Animations run in this
 * story (the others skip them), so the check would fail if the card started small and faded in.
 */
export const ReducedMotion: Story = {
  decorators: [
    (Story) => (
      <ReducedMotionPreference reduce>
        <Story />
      </ReducedMotionPreference>
    ),
  ],
  beforeEach() {
    MotionGlobalConfig.skipAnimations = false;
    return () => {
      MotionGlobalConfig.skipAnimations = true;
    };
  },
  // The same picture as Celebration once still.
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    const region = await canvas.findByRole('region', { name: 'Congratulations, Jordan!' });
    await expect(getComputedStyle(region).opacity).toBe('1');
    await expect(getComputedStyle(region).transform).toBe('none');
  },
};
