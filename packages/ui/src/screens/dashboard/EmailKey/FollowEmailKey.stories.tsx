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

/** Nobody is signed in: one button, and opening the link used nothing. */
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
  },
};

/** Only the button's press uses the key; then Priya's dashboard opens (pictured on its own pages). */
export const OpenedByTheButton: Story = {
  ...OpenMyDashboard,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await OpenMyDashboard.play?.(context);
    await context.userEvent.keyboard('{Enter}');
    await expect(
      await context.canvas.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeInTheDocument();
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

/** Signed in as Jordan, the link is Priya's: the page asks first, naming both. */
export const SwitchPrompt: Story = {
  beforeEach() {
    issueStoryKey(quietMember);
  },
  play: async ({ canvas }) => {
    const heading = await canvas.findByRole('heading', {
      level: 1,
      name: 'You are signed in as Jordan. Continue as Priya?',
    });
    await expect(heading).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Continue as Priya' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Stay as Jordan' })).toBeEnabled();
  },
};

/** 'Continue as Priya' uses the key and switches (Priya's dashboard is pictured on its own pages). */
export const ContinueAsTheKeyOwner: Story = {
  ...SwitchPrompt,
  parameters: { visual: { disable: true } },
  play: async (context) => {
    await SwitchPrompt.play?.(context);
    await context.userEvent.click(context.canvas.getByRole('button', { name: 'Continue as Priya' }));
    await expect(
      await context.canvas.findByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeInTheDocument();
  },
};

/** 'Stay as Jordan' drops the key: Jordan's dashboard (pictured on its own pages), nothing used. */
export const StaySignedIn: Story = {
  parameters: { visual: { disable: true } },
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
  // Jordan's dashboard, pictured on its own pages.
  parameters: { visual: { disable: true } },
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

/** Asking whose key it is: the dashboard's own loading screen (pictured there). */
export const Checking: Story = {
  parameters: { visual: { disable: true } },
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
