import { api, dashboardFigures } from '@prr/contract';
import { dashboardAnswer, delayed, failing, scenarios } from '@prr/mocks';
import { reflections } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { jordan } from '../storyData';
import { DashboardOverview } from './DashboardOverview';

const meta = {
  title: 'Dashboard/Overview',
  component: DashboardOverview,
  args: { member: jordan },
} satisfies Meta<typeof DashboardOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The three figures that need the reflections have arrived. */
async function figuresLoaded(canvas: Canvas) {
  await waitFor(() => expect(canvas.queryByText('Loading')).not.toBeInTheDocument());
}

/** The figure shown on the stat card with this label. */
async function expectStat(canvas: Canvas, label: string, value: string) {
  const card = canvas.getByText(label).closest('li');
  await expect(card).not.toBeNull();
  if (card) await expect(within(card).getByText(value)).toBeInTheDocument();
}

/** Jordan on day 10: days 1-7 paused, day 8 not, days 9-10 paused; 14 better responses in all. */
export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(canvas.getByText('Day 10 of your 90-day journey')).toBeInTheDocument();
    await expect(canvas.getByText('complete').closest('p')).toHaveTextContent('11% complete');
    await expectStat(canvas, 'Days', '10/90');
    await figuresLoaded(canvas);
    await expectStat(canvas, 'Day Streak', '2');
    await expectStat(canvas, 'Times Paused', '9');
    await expectStat(canvas, 'Better Responses', '14');
    await expect(canvas.getByRole('progressbar', { name: 'Experiment progress' })).toHaveAttribute(
      'aria-valuenow',
      '11',
    );
    await expect(canvas.getByText('80 days remaining in your experiment')).toBeInTheDocument();
  },
};

/** Joined today: day 1, nothing recorded, every count at zero. */
export const FirstDay: Story = {
  args: { member: { ...jordan, currentDay: 1 } },
  beforeEach({ msw }) {
    msw.use(...scenarios.newMember);
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome, Jordan!' })).toBeInTheDocument();
    await expect(canvas.getByText('Day 1 of your 90-day journey')).toBeInTheDocument();
    await expectStat(canvas, 'Days', '1/90');
    await figuresLoaded(canvas);
    await expectStat(canvas, 'Day Streak', '0');
    await expectStat(canvas, 'Times Paused', '0');
    await expectStat(canvas, 'Better Responses', '0');
    await expect(canvas.getByText('89 days remaining in your experiment')).toBeInTheDocument();
  },
};

/** The latest seven all paused: the streak counts all seven. */
export const AllPaused: Story = {
  beforeEach({ msw }) {
    msw.use(
      dashboardAnswer((dashboard) => ({
        ...dashboard,
        figures: dashboardFigures(
          dashboard.member.currentDay,
          reflections.map((r) => ({ ...r, paused: true })),
        ),
      })),
    );
  },
  play: async ({ canvas }) => {
    await figuresLoaded(canvas);
    await expectStat(canvas, 'Day Streak', '7');
    await expectStat(canvas, 'Times Paused', '10');
  },
};

/** The last day: the bar is full and no days remain. */
export const LastDay: Story = {
  args: { member: { ...jordan, currentDay: 90 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Day 90 of your 90-day journey')).toBeInTheDocument();
    await expect(canvas.getByText('complete').closest('p')).toHaveTextContent('100% complete');
    await expect(canvas.getByRole('progressbar', { name: 'Experiment progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(canvas.getByText('0 days remaining in your experiment')).toBeInTheDocument();
  },
};

/** The day figures show at once; the three that need the reflections wait for the dashboard's answer. */
export const ReflectionsLoading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.memberDashboard, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expectStat(canvas, 'Days', '10/90');
    await expect(canvas.getAllByText('Loading')).toHaveLength(3);
  },
};

export const ReflectionsError: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.memberDashboard, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/couldn't load your reflections/);
    await expectStat(canvas, 'Days', '10/90');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Compact on a phone, so today's prompt is on the first screen: the four figures in one row. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await figuresLoaded(canvas);
    await expectStat(canvas, 'Better Responses', '14');
    const box = (label: string) => canvas.getByText(label).closest('li')?.getBoundingClientRect();
    for (const label of ['Day Streak', 'Times Paused', 'Better Responses']) {
      await expect(box(label)?.top).toBe(box('Days')?.top);
    }
    await expect(box('Days')?.height).toBeLessThan(100);
  },
};
