import { POINTS } from '@prr/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { paths } from '../../config';
import { LevelsPage } from './LevelsPage';

const meta = {
  title: 'Pages/Levels',
  component: LevelsPage,
  parameters: { route: paths.levels },
} satisfies Meta<typeof LevelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Peacemaker Levels' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Start the 90-Day Challenge' })).toHaveAttribute(
      'href',
      paths.experiment,
    );
    await expect(canvas.getByRole('link', { name: 'View Your Progress' })).toHaveAttribute('href', paths.dashboard);
    await expect(
      canvas.getByText(/Levels advance automatically when you reach each point threshold/),
    ).toBeInTheDocument();

    // The points table, with the contract's values.
    const table = canvas.getByRole('table', { name: 'Points for each activity' });
    await expect(table).toHaveTextContent(`Join the 90-Day Challenge+${POINTS.joinChallenge}`);
    await expect(table).toHaveTextContent(`Each daily reflection+${POINTS.dailyReflection}`);
    await expect(table).toHaveTextContent(`Share a story+${POINTS.shareStory}`);
    await expect(table).toHaveTextContent(`Invite a friend+${POINTS.inviteFriend}`);

    // A visitor is a Prospect with no points; the ladder opens to each level's details.
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Explorer' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Guardian/ }));
    await expect(canvas.getByText('An invitation to mentor new Explorers')).toBeVisible();
  },
};

/** The points table and the ladder fit the phone's width. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Peacemaker Levels' })).toBeInTheDocument();
    const table = canvas.getByRole('table', { name: 'Points for each activity' });
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Explorer' })).toBeInTheDocument();
  },
};
