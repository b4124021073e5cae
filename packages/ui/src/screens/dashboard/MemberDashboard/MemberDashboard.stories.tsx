import { promptForDay } from '@prr/domain';
import { mockDb } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { useMe } from '../../../api';
import { seedCompleted } from '../Completion/storyData';
import { levelUpSeenRequests, seedLevelUp, seedNoLevelUp } from '../LevelUp/storyData';
import { jordan, priya } from '../storyData';
import { MemberDashboard } from './MemberDashboard';

/**
 * The dashboard with the member as the page gives it (GET /api/me), so what a call answers (the
 * level acknowledged, a choice made) reaches the screen as on /dashboard.
 */
function SignedInDashboard() {
  const me = useMe();
  return me.data ? <MemberDashboard member={me.data} /> : null;
}

const meta = {
  title: 'Dashboard/Member Dashboard',
  component: MemberDashboard,
  args: { member: jordan },
  render: () => <SignedInDashboard />,
  beforeEach({ msw }) {
    seedNoLevelUp();
    msw.use(levelUpSeenRequests.start());
  },
} satisfies Meta<typeof MemberDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The site's navigation bar above the dashboard on /dashboard: the story frame has none. */
const NAV_HEIGHT_PX = 64;
/** docs/decisions/033-one-request-dashboard.md: on a 390×844 phone, today's prompt starts within 900 px. */
const PROMPT_WITHIN_PX = 900;

type Canvas = ReturnType<typeof within>;

/** Today's prompt card's title, where the page would put it: below the navigation bar. */
async function promptTop(canvas: Canvas, day: number): Promise<number> {
  const title = await canvas.findByRole('heading', { name: promptForDay(day)?.title });
  return title.getBoundingClientRect().top + window.scrollY + NAV_HEIGHT_PX;
}

/** Invite a friend and Share your story follow the tabs and today's form: the day's reflection comes first. */
async function expectCardsAfterTheForm(canvas: Canvas) {
  const save = await canvas.findByRole('button', { name: 'Save Reflection' });
  for (const name of ['Invite a friend', 'Share your story']) {
    const card = canvas.getByRole('region', { name });
    await expect(save.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }
}

/**
 * Day 10, today's entry saved at 9:05 AM: the greeting, the four figures, the tabs, then the first
 * screen says the day is saved and offers the other tabs; the invite and story cards come last.
 */
export const Daily: Story = {
  // Pictured on a phone only: on a desktop the sticky prompt card moved a few pixels from run to run
  // (docs/decisions/029-one-visual-pipeline.md); the desktop reflection is the Reflection tab's picture.
  parameters: { visual: { viewports: ['mobile'] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(await canvas.findByText('Saved today at 9:05 AM')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Your progress' })).toBeInTheDocument();
    await expect(await canvas.findByLabelText('Your invite link')).toBeInTheDocument();
    await expectCardsAfterTheForm(canvas);
    await expect(canvas.getByRole('tab', { name: "Today's Reflection" })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.queryByRole('region', { name: /Congratulations/ })).not.toBeInTheDocument();
    await expect(levelUpSeenRequests.bodies).toEqual([]);
  },
};

/** Saved: 'Your progress' opens Progress Tracking, and focus goes to its tab. */
export const OpenProgressAfterSaving: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Your progress' }));
    const tab = canvas.getByRole('tab', { name: 'Progress Tracking' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tab).toHaveFocus());
    await expect(await canvas.findByRole('heading', { name: 'History' })).toBeInTheDocument();
  },
};

/**
 * Day 21, nothing saved yet today (Priya): on a phone, today's prompt is on the first screen, after
 * the greeting, the four figures and the tabs; the form follows, then the invite and story cards.
 */
export const BeforeSaving: Story = {
  parameters: { visual: { viewports: ['mobile'] } },
  beforeEach() {
    mockDb.ambientMemberId = priya.id;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { name: promptForDay(priya.currentDay)?.title })).toBeVisible();
    await expectCardsAfterTheForm(canvas);
    await expect(canvas.queryByText(/^Saved today at/)).not.toBeInTheDocument();
  },
};

/** The same on a phone: the prompt's title within the first 900 px of the page. */
export const BeforeSavingOnAPhone: Story = {
  ...BeforeSaving,
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async (context) => {
    await BeforeSaving.play?.(context);
    await expect(await promptTop(context.canvas, priya.currentDay)).toBeLessThanOrEqual(PROMPT_WITHIN_PX);
  },
};

/**
 * A save took Jordan to Agent since the last visit: the toast, the Agent card above the header,
 * and the level acknowledged once, so the member read no longer names it.
 */
export const LevelUp: Story = {
  beforeEach() {
    seedLevelUp('Agent', 60, 'Explorer');
  },
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const region = await canvas.findByRole('region', { name: 'Congratulations, Jordan!' });
    await expect(await page.findByText('You are now an Agent')).toBeVisible();
    await expect(within(region).getByRole('list', { name: 'Your new level' })).toHaveTextContent('Agent');
    await waitFor(() => expect(levelUpSeenRequests.bodies).toEqual([{ level: 'Agent' }]));
    // The answer replaced the member (levelUp null): the card stays until dismissed, nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(canvas.getByRole('region', { name: 'Congratulations, Jordan!' })).toBeInTheDocument();
    await expect(levelUpSeenRequests.bodies).toHaveLength(1);
  },
};

/**
 * Day 91: 'Your 90 Days' in the daily form's place, first and open; the other five tabs are where
 * they were.
 */
export const Completed: Story = {
  beforeEach() {
    seedCompleted();
    seedNoLevelUp();
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You completed your 90-day journey')).toBeInTheDocument();
    await expect(canvas.getByText('Your experiment is complete')).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Your 90 Days' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.queryByRole('tab', { name: "Today's Reflection" })).not.toBeInTheDocument();
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'You completed the 90-Day Experiment!' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save Reflection' })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('tab')).toHaveLength(6);
    await waitFor(() => expect(canvas.queryByText('Loading')).not.toBeInTheDocument());
  },
};

/** After day 90 the other tabs open as before. */
export const CompletedOtherTabs: Story = {
  beforeEach: Completed.beforeEach,
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Achievements' }));
    await expect(await canvas.findByRole('list', { name: 'Earned achievements' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Settings' }));
    await expect(await canvas.findByRole('switch', { name: 'Daily email reminders' })).toBeInTheDocument();
  },
};

export const LevelUpMobile: Story = {
  parameters: { visual: { disable: true } },
  ...LevelUp,
  globals: { viewport: { value: 'mobile' } },
};

export const CompletedMobile: Story = {
  ...Completed,
  // Completed's own picture on a phone is this screen.
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
};

export const DailyMobile: Story = {
  ...Daily,
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
};
