/**
 * Deleting the account from the dashboard, against the in-memory mocks: the confirmation, then
 * the e-mail entry, and the address is no member's any more (Member Not Found).
 */
import { api } from '@prr/contract';
import { delayed } from '@prr/mocks';
import { demoMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { paths } from '../../../config';
import { memberEmailStore } from '../../../hooks/useMemberEmail';
import { DashboardPage } from '../DashboardPage';

const meta = {
  title: 'Journeys/DeleteAccount',
  component: DashboardPage,
  parameters: { route: paths.dashboard },
  beforeEach() {
    memberEmailStore.forget();
    return () => memberEmailStore.forget();
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteAccount: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.deleteAccount));
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('Open Settings and ask to delete the account', async () => {
      await userEvent.click(await canvas.findByRole('tab', { name: 'Settings' }));
      await userEvent.click(await canvas.findByRole('button', { name: 'Delete my account' }));
    });

    await step('Confirm: the session ends and the e-mail entry shows', async () => {
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
      await userEvent.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
      await expect(await canvas.findByRole('heading', { name: 'Access Your Dashboard' })).toBeInTheDocument();
      // The toast may land a frame after the screen changes: waited for, not read at once.
      await expect(await canvas.findByText('Account deleted')).toBeInTheDocument();
      await expect(await canvas.findByText('Everything we stored about you has been removed.')).toBeInTheDocument();
      await expect(canvas.getByLabelText('Email address')).toHaveValue('');
    });

    await step('The address is no member any more', async () => {
      await userEvent.type(canvas.getByLabelText('Email address'), demoMember.email);
      await userEvent.click(canvas.getByRole('button', { name: 'Access Dashboard' }));
      await expect(await canvas.findByRole('heading', { name: 'Member Not Found' })).toBeInTheDocument();
    });
  },
};
