import { ADMIN_PASSWORD_MIN, DEMO_ADMIN } from '@prr/contract';
import { scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ChangePasswordButton } from './ChangePasswordButton';

/** The admin header's button and the dialog it opens. */
const meta = {
  title: 'Admin/Change Password',
  component: ChangePasswordButton,
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
  beforeEach({ msw }) {
    msw.use(...scenarios.adminSignedIn);
  },
} satisfies Meta<typeof ChangePasswordButton>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

const NEW_PASSWORD = 'quiet-river-morning';

async function openDialog({ canvas, canvasElement, userEvent }: Context) {
  await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }));
  // Radix portals the dialog to the body, outside the story's root.
  return within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Change Password' }));
}

type Dialog = Awaited<ReturnType<typeof openDialog>>;

async function fill(context: Context, dialog: Dialog, current: string, next: string, confirmation: string) {
  const { userEvent } = context;
  if (current) await userEvent.type(dialog.getByLabelText('Current password'), current);
  if (next) await userEvent.type(dialog.getByLabelText('New password'), next);
  if (confirmation) await userEvent.type(dialog.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(dialog.getByRole('button', { name: 'Change Password' }));
}

export const Default: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await expect(dialog.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    await expect(dialog.getByLabelText('New password')).toHaveAccessibleDescription(
      `At least ${ADMIN_PASSWORD_MIN} characters`,
    );
    await expect(dialog.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
    await expect(dialog.getByRole('button', { name: 'Show new password' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** The contract's messages, and the browser's own check that both new passwords match. */
export const ValidationErrors: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await fill(context, dialog, '', 'too-short', 'too-shorter');
    await expect(await dialog.findByText('Enter your current password')).toBeInTheDocument();
    await expect(dialog.getByText(`New password must be at least ${ADMIN_PASSWORD_MIN} characters`)).toBeVisible();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  },
};

/** The server refuses the current password: its message under that field, and the dialog stays. */
export const WrongCurrentPassword: Story = {
  play: async (context) => {
    const dialog = await openDialog(context);
    await fill(context, dialog, 'not-the-password', NEW_PASSWORD, NEW_PASSWORD);
    await expect(await dialog.findByText('Current password is incorrect')).toBeVisible();
    await expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    await expect(dialog.getByLabelText('New password')).toHaveValue(NEW_PASSWORD);
  },
};

export const Success: Story = {
  play: async (context) => {
    const { canvas, canvasElement } = context;
    const dialog = await openDialog(context);
    await fill(context, dialog, DEMO_ADMIN.password, NEW_PASSWORD, NEW_PASSWORD);
    await expect(await canvas.findByText('Password changed')).toBeInTheDocument();
    await expect(canvas.getByText('Other sessions have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Change Password' })).toHaveFocus());
  },
};
