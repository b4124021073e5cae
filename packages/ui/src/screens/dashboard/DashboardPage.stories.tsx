import { api } from '@prr/contract';
import { delayed, scenarios } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { paths } from '../../config';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { DashboardPage } from './DashboardPage';

/** Puts an e-mail in the session (or none) before the story, and clears it afterwards. */
const withSession = (email: string | null) => () => {
  if (email) memberEmailStore.remember(email);
  else memberEmailStore.forget();
  return () => memberEmailStore.forget();
};

const meta = {
  title: 'Pages/Dashboard',
  component: DashboardPage,
  parameters: { route: paths.dashboard },
  beforeEach: withSession(demoMember.email),
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member who already gave their e-mail this session goes straight to the dashboard. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: "Today's Reflection" })).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByRole('button', { name: 'Save Reflection' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...Desktop,
  globals: { viewport: { value: 'mobile' } },
};

/** Every tab opens by keyboard: arrow keys move along the tab list. */
export const Tabs: Story = {
  play: async ({ canvas, userEvent }) => {
    const first = await canvas.findByRole('tab', { name: "Today's Reflection" });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Achievements' })).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByRole('list', { name: 'Earned achievements' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await expect(await canvas.findByRole('list', { name: 'Your last 7 days' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('progressbar', { name: 'Progress to Guardian' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await expect(await canvas.findByRole('list', { name: 'Weekly impact' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('switch', { name: 'Daily email reminders' })).toBeChecked();
  },
};

/** No e-mail yet: the entry screen; Enter opens the dashboard and the e-mail is kept. */
export const EmailEntry: Story = {
  beforeEach: withSession(null),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Email address'), `${demoMember.email}{Enter}`);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(memberEmailStore.read()).toBe(demoMember.email);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.dashboardMember, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your dashboard...');
  },
};

/** An unknown e-mail: Member Not Found; 'Try Different Email' forgets it and asks again. */
export const NotFound: Story = {
  beforeEach: withSession('nobody@example.com'),
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Different Email' }));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** Any failed lookup, not only a 404, shows the same screen (SPEC.md section 8). */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.serverError);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
  },
};

/** A member who joined today: day 1, nothing recorded yet. */
export const NewMember: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.newMember);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Day 1 of your 90-day journey')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('89 days remaining in your experiment')).toBeInTheDocument());
  },
};
