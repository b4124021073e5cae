import { api, SIGN_IN_MESSAGES } from '@prr/contract';
import { delayed, failing, MOCK_SIGN_IN_CODE, scenarios } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { paths } from '../../config';
import { memberEmailStore } from '../../hooks/useMemberEmail';
import { DashboardPage } from './DashboardPage';

/**
 * The mocks count a browser without a member cookie as Jordan, so the dashboard opens signed in;
 * stories of the sign-in steps use `scenarios.signedOut`.
 */
const meta = {
  title: 'Pages/Dashboard',
  component: DashboardPage,
  parameters: { route: paths.dashboard },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-in member goes straight to the dashboard, and sees who is signed in. */
export const Desktop: Story = {
  // The phone's dashboard is pictured by Tabs and the other stories; this one's phone capture
  // differed run to run at the Save button (docs/decisions/029-one-visual-pipeline.md).
  parameters: { visual: { viewports: ['desktop'] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Your account' })).toHaveTextContent(
      `Signed in as ${demoMember.name} (${demoMember.email})`,
    );
    await expect(canvas.getByRole('tab', { name: "Today's Reflection" })).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByRole('button', { name: 'Save Reflection' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...Desktop,
  parameters: { visual: { disable: true } },
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

/**
 * Signed out: the entry screen; the e-mail sends a code ('Check your e-mail'), and the code opens
 * the dashboard. The e-mail is kept for the browser session.
 */
export const EmailEntry: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut);
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('Ask for a code', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeDisabled();
      await userEvent.type(canvas.getByLabelText('Email address'), `${demoMember.email}{Enter}`);
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    });
    await step('Type the code', async () => {
      await userEvent.type(canvas.getByLabelText('Sign-in code'), `${MOCK_SIGN_IN_CODE}{Enter}`);
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
      await expect(memberEmailStore.read()).toBe(demoMember.email);
    });
  },
};

/** Asked for a code: the step that takes it. */
export const CheckEmail: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toHaveFocus();
    await expect(canvas.getByText(demoMember.email)).toBeInTheDocument();
  },
};

/** 'Sign out': the session ends, the kept e-mail goes, and the entry screen says so. */
export const SignOut: Story = {
  beforeEach() {
    memberEmailStore.remember(demoMember.email);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent('You have signed out.');
    await expect(canvas.getByLabelText('Email address')).toHaveValue('');
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** 'Not you? Use a different e-mail': signed out too, ready for the next person's address. */
export const NotYou: Story = {
  beforeEach() {
    memberEmailStore.remember(demoMember.email);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Not you? Use a different e-mail' }));
    const field = await canvas.findByLabelText('Email address');
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveValue('');
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** Asking who is signed in: never the e-mail form for a member who is. */
export const Loading: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(delayed(api.memberDashboard, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your dashboard...');
    await expect(canvas.queryByRole('heading', { name: 'Access Your Dashboard' })).not.toBeInTheDocument();
  },
};

/** An unknown e-mail: Member Not Found; 'Try Different Email' asks again. */
export const NotFound: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email address'), 'nobody@example.com{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Different Email' }));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toBeInTheDocument();
    await expect(memberEmailStore.read()).toBeNull();
  },
};

/** Any failed sign-in request, not only a 404, shows the same screen, as a failed lookup always did. */
export const SignInRequestFails: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut, failing(api.requestSignIn, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Member Not Found' })).toBeInTheDocument();
  },
};

/** The address had its sign-in e-mails for now: the server's message on the entry screen. */
export const TooManyRequests: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut, ...scenarios.signInResendLimit);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Email address'), `${demoMember.email}{Enter}`);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.tooManyForAddress);
    await expect(canvas.getByLabelText('Email address')).toHaveValue(demoMember.email);
  },
};

/** The server cannot say who is signed in: a plain apology and a retry. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.serverError);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't open your dashboard just now.");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** A member who joined today: day 1, nothing recorded yet. */
export const NewMember: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(...scenarios.newMember);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Day 1 of your 90-day journey')).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('89 days remaining in your experiment')).toBeInTheDocument());
  },
};
