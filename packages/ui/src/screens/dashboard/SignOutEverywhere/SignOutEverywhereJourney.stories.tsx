/**
 * 'Sign out everywhere' from the dashboard, against the in-memory mocks: the confirmation, then
 * the e-mail entry with the toast.
 */
import { api } from '@prr/contract';
import { delayed } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { paths } from '../../../config';
import { memberEmailStore } from '../../../hooks/useMemberEmail';
import { DashboardPage } from '../DashboardPage';

const meta = {
  title: 'Journeys/SignOutEverywhere',
  component: DashboardPage,
  parameters: { route: paths.dashboard },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignOutEverywhere: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.signOutEverywhere));
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('Open Settings and ask to sign out everywhere', async () => {
      await userEvent.click(await canvas.findByRole('tab', { name: 'Settings' }));
      await userEvent.click(await canvas.findByRole('button', { name: 'Sign out everywhere' }));
    });

    await step('Confirm: the e-mail entry shows, with the toast', async () => {
      const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
      await userEvent.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));
      await expect(await canvas.findByRole('heading', { name: 'Access Your Dashboard' })).toBeInTheDocument();
      await expect(await canvas.findByText('Signed out everywhere')).toBeInTheDocument();
      await expect(canvas.getByLabelText('Email address')).toHaveValue('');
    });
  },
};
