import { api } from '@prr/contract';
import { achievementView } from '@prr/domain';
import { delayed, failing, handle } from '@prr/mocks';
import { achievements as seeded } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { jordan } from '../../storyData';
import { AchievementsTab } from './AchievementsTab';
import { tabFrame } from '../../storyDecorators';

const meta = {
  title: 'Dashboard/Tabs/Achievements',
  component: AchievementsTab,
  args: { member: jordan },
  decorators: [tabFrame()],
} satisfies Meta<typeof AchievementsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jordan's seeded achievements as the API answers them. */
const achievements = seeded.map(achievementView);
const weekWarrior = achievements.find((a) => a.achievementType === 'week_streak');
const empathyChampion = achievements.find((a) => a.achievementType === 'empathy_champion');

/** Jordan has both (with their own flame and heart icons): 150 points, and nothing left in 'Coming Up Next'. */
export const BothEarned: Story = {
  play: async ({ canvas }) => {
    const earned = within(await canvas.findByRole('list', { name: 'Earned achievements' }));
    await expect(earned.getAllByRole('listitem')).toHaveLength(2);
    await expect(earned.getByText('Week Warrior')).toBeInTheDocument();
    await expect(earned.getByText('Earned on day 7')).toBeInTheDocument();
    await expect(earned.getByText('+50 points')).toBeInTheDocument();
    await expect(earned.getByText('Empathy Champion')).toBeInTheDocument();
    const icons = earned
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-icon]')?.getAttribute('data-icon'));
    await expect(icons).toEqual(['flame', 'heart']);
    await expect(canvas.getByText('150')).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Achievements to earn next' })).not.toBeInTheDocument();
    await expect(canvas.getByText(/You have earned every achievement/)).toBeInTheDocument();
  },
};

/** Nothing earned yet: both cards are coming up. */
export const NoneEarned: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.achievements, () => []));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No achievements yet/)).toBeInTheDocument();
    await expect(canvas.getByText('0')).toBeInTheDocument();
    const next = within(canvas.getByRole('list', { name: 'Achievements to earn next' }));
    await expect(next.getByText('Week Warrior')).toBeInTheDocument();
    await expect(next.getByText('Pause before reacting 7 days in a row')).toBeInTheDocument();
    await expect(next.getByText('+50 points')).toBeInTheDocument();
    await expect(next.getByText('Empathy Champion')).toBeInTheDocument();
    await expect(next.getByText('Maintain high empathy scores')).toBeInTheDocument();
    await expect(next.getByText('+100 points')).toBeInTheDocument();
  },
};

/** Week Warrior earned: only Empathy Champion is still to come. */
export const WeekWarriorEarned: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.achievements, () => (weekWarrior ? [weekWarrior] : [])));
  },
  play: async ({ canvas }) => {
    const next = within(await canvas.findByRole('list', { name: 'Achievements to earn next' }));
    await expect(next.getAllByRole('listitem')).toHaveLength(1);
    await expect(next.getByText('Empathy Champion')).toBeInTheDocument();
    await expect(next.queryByText('Week Warrior')).not.toBeInTheDocument();
    await expect(canvas.getByText('50')).toBeInTheDocument();
  },
};

/** Empathy Champion earned: only Week Warrior is still to come. */
export const EmpathyChampionEarned: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.achievements, () => (empathyChampion ? [empathyChampion] : [])));
  },
  play: async ({ canvas }) => {
    const next = within(await canvas.findByRole('list', { name: 'Achievements to earn next' }));
    await expect(next.getAllByRole('listitem')).toHaveLength(1);
    await expect(next.getByText('Week Warrior')).toBeInTheDocument();
    await expect(canvas.getByText('100')).toBeInTheDocument();
  },
};

/** An achievement without an icon of its own shows the trophy. */
export const DefaultIcon: Story = {
  beforeEach({ msw }) {
    msw.use(handle(api.achievements, () => achievements.map(({ icon: _icon, ...rest }) => rest)));
  },
  play: async ({ canvas }) => {
    const earned = within(await canvas.findByRole('list', { name: 'Earned achievements' }));
    const icons = earned
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-icon]')?.getAttribute('data-icon'));
    await expect(icons).toEqual(['trophy', 'trophy']);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.achievements, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your achievements...');
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.achievements, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't load your achievements.");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
