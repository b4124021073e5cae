/**
 * Following an e-mail's link (`/dashboard#key=…`) on the dashboard page, against the in-memory
 * mocks: the mocks count a browser without a member cookie as Jordan, so `scenarios.signedOut`
 * makes it nobody's. Each story issues STORY_KEY to the member it follows.
 */
import { api, SIGN_IN_MESSAGES } from '@prr/contract';
import { delayed, failing, scenarios } from '@prr/mocks';
import { demoMember, quietMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { paths } from '../../../config';
import { memberEmailStore } from '../../../hooks/useMemberEmail';
import { DashboardPage } from '../DashboardPage';
import { issueStoryKey, STORY_KEY } from './storyData';

const meta = {
  title: 'Dashboard/EmailKey',
  component: DashboardPage,
  parameters: { route: `${paths.dashboard}#key=${STORY_KEY}`, routePath: paths.dashboard },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nobody is signed in: one button, and only its press uses the key; then Priya's dashboard opens. */
export const OpenMyDashboard: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut);
    issueStoryKey(quietMember);
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Hello, Priya' })).toHaveFocus();
    await expect(canvas.getByText('This link opens your dashboard on this device. It works once.')).toBeInTheDocument();
    await userEvent.keyboard('{Tab}');
    await expect(canvas.getByRole('button', { name: 'Open my dashboard' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeInTheDocument();
  },
};

/** The key is being used: the button says so and waits. */
export const Opening: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut, delayed(api.signInWithLink, 'infinite'));
    issueStoryKey(quietMember);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Open my dashboard' }));
    await expect(await canvas.findByRole('button', { name: 'Opening...' })).toBeDisabled();
  },
};

/** Signed in as Jordan, the link is Priya's: the page asks first, and 'Continue as Priya' switches. */
export const SwitchPrompt: Story = {
  beforeEach() {
    issueStoryKey(quietMember);
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('The prompt names both members', async () => {
      const heading = await canvas.findByRole('heading', {
        level: 1,
        name: 'You are signed in as Jordan. Continue as Priya?',
      });
      await expect(heading).toHaveFocus();
      await expect(canvas.getByRole('button', { name: 'Stay as Jordan' })).toBeEnabled();
    });
    await step('Continue: Priya is signed in', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Continue as Priya' }));
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeInTheDocument();
    });
  },
};

/** 'Stay as Jordan' drops the key: Jordan's dashboard, nothing used. */
export const StaySignedIn: Story = {
  beforeEach() {
    issueStoryKey(quietMember);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Stay as Jordan' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
  },
};

/** Already signed in as the key's owner: the dashboard just opens (the key is used to prove the address, without a press). */
export const SameMember: Story = {
  beforeEach() {
    issueStoryKey(demoMember);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome back, Jordan!' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Open my dashboard' })).not.toBeInTheDocument();
  },
};

/** Expired, used or revoked (here: never issued): the server's words on the e-mail entry, to ask for a new one. */
export const Expired: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SIGN_IN_MESSAGES.linkExpired);
    await waitFor(() => expect(canvas.getByRole('heading', { level: 1, name: 'Access Your Dashboard' })).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Access Dashboard' })).toBeInTheDocument();
  },
};

/** Asking whose key it is. */
export const Checking: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut, delayed(api.checkSignInLink, 'infinite'));
    issueStoryKey(quietMember);
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your dashboard...');
    await expect(canvas.queryByRole('button', { name: 'Open my dashboard' })).not.toBeInTheDocument();
  },
};

/** The check failed (a network error or a 500): an apology and a retry, the key kept for it. */
export const CheckFails: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.signedOut, failing(api.checkSignInLink, 500));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent("We couldn't check your link just now.");
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
