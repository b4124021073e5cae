/**
 * The whole member journey against the in-memory mocks (docs/conventions.md#components-and-stories): join the experiment, open
 * the dashboard from the welcome screen, record the first reflection and see it counted.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Route, Routes } from 'react-router-dom';
import { paths } from '../../config';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { ExperimentPage } from '../experiment';
import { DashboardPage } from './DashboardPage';

function MemberJourney() {
  return (
    <Routes>
      <Route path={paths.experiment} element={<ExperimentPage />} />
      <Route path={paths.dashboard} element={<DashboardPage />} />
    </Routes>
  );
}

const meta = {
  title: 'Journeys/JoinToReflection',
  component: MemberJourney,
  // The journey moves between routes, so the story's router mounts it for every path.
  parameters: { route: paths.experiment, routePath: '*' },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof MemberJourney>;

export default meta;
type Story = StoryObj<typeof meta>;

export const JoinToReflection: Story = {
  play: async ({ canvas, userEvent, step }) => {
    await step('Join the 90-Day Experiment', async () => {
      await userEvent.type(canvas.getByLabelText('Your name'), 'Sam Whitfield');
      await userEvent.type(canvas.getByLabelText('Email address'), 'sam.whitfield@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
      await userEvent.type(await canvas.findByLabelText('Zip code'), '60614');
      await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
      await userEvent.click(await canvas.findByRole('button', { name: 'Join the Experiment' }));
      await expect(await canvas.findByRole('heading', { name: 'Welcome to the Experiment, Sam!' })).toBeInTheDocument();
    });

    await step('Open the dashboard: joining signed Sam in on this browser', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Go to your dashboard' }));
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeInTheDocument();
      await expect(canvas.getByText('Day 1 of your 90-day journey')).toBeInTheDocument();
    });

    await step("Record the first reflection with day 1's prompt", async () => {
      await canvas.findByRole('heading', { name: 'The First Pause' });
      await userEvent.click(canvas.getByRole('switch', { name: 'I paused before reacting' }));
      await userEvent.click(canvas.getByRole('switch', { name: 'Breathing exercise' }));
      await userEvent.type(canvas.getByLabelText('Notes about your day'), 'Counted to three before answering.');
      await userEvent.click(canvas.getByRole('button', { name: 'Save Reflection' }));
      await expect(await canvas.findByText('Reflection saved! ✨')).toBeInTheDocument();
    });

    await step('See it counted in the header and the progress', async () => {
      const streak = canvas.getByText('Day Streak').closest('li');
      await waitFor(() => expect(streak).toHaveTextContent('1Day Streak'));
      await userEvent.click(canvas.getByRole('tab', { name: 'Progress Tracking' }));
      const days = within(await canvas.findByRole('list', { name: 'Your last 7 days' }));
      await expect(days.getAllByRole('listitem')).toHaveLength(1);
      await expect(days.getByRole('listitem')).toHaveTextContent('Paused: yes');
      // Joining (+25) and the first reflection (+2).
      await userEvent.click(canvas.getByRole('tab', { name: 'Peacemaker Levels' }));
      await expect(canvas.getByText('27 points')).toBeInTheDocument();
    });
  },
};
