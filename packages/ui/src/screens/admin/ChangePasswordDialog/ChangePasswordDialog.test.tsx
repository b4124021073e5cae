import { ADMIN_PASSWORD_MIN, DEMO_ADMIN, api } from '@prr/contract';
import { delayed, failing, mockDb, scenarios } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_FLAG_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { findModalDialog, renderWithProviders } from '../../../test';
import { ChangePasswordButton } from './ChangePasswordButton';
import { PASSWORD_MISMATCH } from './passwordChangeForm';

const NEW_PASSWORD = 'quiet-river-morning';

function renderButton() {
  return renderWithProviders(<ChangePasswordButton />);
}

type User = ReturnType<typeof renderButton>['user'];

async function open(user: User) {
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  return within(await findModalDialog('Change Password'));
}

type Dialog = Awaited<ReturnType<typeof open>>;

/** Pastes instead of typing key by key: the same input events, a fraction of the time. */
async function fill(user: User, dialog: Dialog, values: { current?: string; next?: string; confirmation?: string }) {
  const fields = [
    ['Current password', values.current],
    ['New password', values.next],
    ['Confirm new password', values.confirmation],
  ] as const;
  for (const [label, value] of fields) {
    if (!value) continue;
    await user.click(dialog.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(dialog.getByRole('button', { name: 'Change Password' }));
}

beforeEach(() => {
  adminSessionStore.signIn('Admin');
  server.use(...scenarios.adminSignedIn);
});
afterEach(() => localStorage.clear());

describe('ChangePasswordDialog', () => {
  it("puts the contract's messages and the mismatch under their fields, sending nothing", async () => {
    const { user } = renderButton();
    const before = mockDb.admin.password;
    const dialog = await open(user);
    await fill(user, dialog, { next: 'too-short', confirmation: 'too-shorter' });

    expect(await dialog.findByText('Enter your current password')).toBeInTheDocument();
    expect(dialog.getByLabelText('New password')).toHaveAccessibleDescription(
      `At least ${ADMIN_PASSWORD_MIN} characters New password must be at least ${ADMIN_PASSWORD_MIN} characters`,
    );
    expect(dialog.getByLabelText('Confirm new password')).toHaveAccessibleDescription(PASSWORD_MISMATCH);
    expect(mockDb.admin.password).toBe(before);
  });

  it('accepts a new password of exactly the minimum length typed twice alike', async () => {
    const { user } = renderButton();
    const dialog = await open(user);
    const shortest = 'x'.repeat(ADMIN_PASSWORD_MIN);
    await fill(user, dialog, { current: DEMO_ADMIN.password, next: shortest, confirmation: shortest });
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(mockDb.admin.password).toBe(shortest);
  });

  it("shows the server's refusal of the current password under that field and keeps the dialog", async () => {
    const { user } = renderButton();
    const dialog = await open(user);
    await fill(user, dialog, { current: 'not-the-password', next: NEW_PASSWORD, confirmation: NEW_PASSWORD });

    expect(await dialog.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is incorrect');
    expect(dialog.getByLabelText('New password')).toHaveValue(NEW_PASSWORD);
    expect(mockDb.admin.password).toBe(DEMO_ADMIN.password);
  });

  it('changes the password, says other sessions were signed out and closes, forgetting what was typed', async () => {
    const { user } = renderButton();
    const dialog = await open(user);
    await fill(user, dialog, { current: DEMO_ADMIN.password, next: NEW_PASSWORD, confirmation: NEW_PASSWORD });

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Other sessions have been signed out.')).toBeInTheDocument();
    expect(mockDb.admin.password).toBe(NEW_PASSWORD);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change Password' })).toHaveFocus();

    const again = await open(user);
    expect(again.getByLabelText('Current password')).toHaveValue('');
  });

  it("reads 'Changing...' and is disabled while the server answers", async () => {
    server.use(delayed(api.changeAdminPassword, 'infinite'));
    const { user } = renderButton();
    const dialog = await open(user);
    await fill(user, dialog, { current: DEMO_ADMIN.password, next: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(await dialog.findByRole('button', { name: 'Changing...' })).toBeDisabled();
  });

  it("shows any other failure in the dialog with the server's message", async () => {
    server.use(failing(api.changeAdminPassword, 429, 'Too many attempts, please wait a minute'));
    const { user } = renderButton();
    const dialog = await open(user);
    await fill(user, dialog, { current: DEMO_ADMIN.password, next: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many attempts, please wait a minute');
  });

  it('ends the session in this browser when the server says it has ended', async () => {
    server.use(failing(api.changeAdminPassword, 401));
    const { user } = renderButton();
    const dialog = await open(user);
    await fill(user, dialog, { current: DEMO_ADMIN.password, next: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it('names each show/hide toggle after its field', async () => {
    const { user } = renderButton();
    const dialog = await open(user);
    await user.click(dialog.getByRole('button', { name: 'Show new password' }));
    expect(dialog.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(dialog.getByLabelText('Current password')).toHaveAttribute('type', 'password');
    expect(dialog.getByRole('button', { name: 'Show current password' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Show confirmed password' })).toBeInTheDocument();
  });
});
