import { api, DEMO_ADMIN } from '@prr/contract';
import { delayed, failing, scenarios } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, ADMIN_NAME_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { renderWithProviders } from '../../../test';
import { countRequests } from '../../../test/countRequests';
import { AdminLoginPage } from './AdminLoginPage';

afterEach(() => localStorage.clear());

function renderLogin() {
  return renderWithProviders(<AdminLoginPage />, {
    route: paths.adminLogin,
    routes: { [paths.admin]: <p>Admin dashboard opened</p> },
  });
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
type User = ReturnType<typeof renderLogin>['user'];

/** Pastes instead of typing key by key: the same input events, a fraction of the time. */
async function fill(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const signIn = () => screen.getByRole('button', { name: 'Sign In' });

describe('AdminLoginPage', () => {
  it('shows the title and subtitle', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to manage participants')).toBeInTheDocument();
  });

  it("puts the schema's message under each field", async () => {
    const { user } = renderLogin();
    await fill(user, emailField(), 'not-an-email');
    await fill(user, passwordField(), '12345');
    await user.click(signIn());
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription('Invalid email address');
    expect(passwordField()).toHaveAccessibleDescription('Password must be at least 6 characters');
  });

  it('shows and hides the password with a toggle button', async () => {
    const { user } = renderLogin();
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the demo credentials while the server says they work, and fills them in', async () => {
    const { user } = renderLogin();
    const box = within(await screen.findByRole('region', { name: 'Demo credentials' }));
    expect(box.getByText(DEMO_ADMIN.email)).toBeInTheDocument();
    expect(box.getByText(DEMO_ADMIN.password)).toBeInTheDocument();
    await user.click(box.getByRole('button', { name: 'Use demo credentials' }));
    expect(emailField()).toHaveValue(DEMO_ADMIN.email);
    expect(passwordField()).toHaveValue(DEMO_ADMIN.password);
  });

  it('hides the demo box once the demo password was changed', async () => {
    server.use(...scenarios.demoCredentialsHidden);
    const { queryClient } = renderLogin();
    await expect.poll(() => queryClient.getQueryData([api.adminLoginInfo.path])).toEqual({ demoCredentials: null });
    expect(screen.queryByRole('region', { name: 'Demo credentials' })).not.toBeInTheDocument();
  });

  it('reads "Signing in..." and is disabled while the server answers', async () => {
    server.use(delayed(api.adminLogin, 'infinite'));
    const { user } = renderLogin();
    await fill(user, emailField(), DEMO_ADMIN.email);
    await fill(user, passwordField(), DEMO_ADMIN.password);
    await user.click(signIn());
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it("says 'Login failed' with the server's message for wrong credentials", async () => {
    const { user } = renderLogin();
    await fill(user, emailField(), DEMO_ADMIN.email);
    await fill(user, passwordField(), 'wrong-password');
    await user.click(signIn());
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("passes on the server's own message, e.g. when rate limited", async () => {
    server.use(failing(api.adminLogin, 429, 'Too many sign-in attempts, please wait a minute'));
    const { user } = renderLogin();
    await fill(user, emailField(), DEMO_ADMIN.email);
    await fill(user, passwordField(), DEMO_ADMIN.password);
    await user.click(signIn());
    expect(await screen.findByText('Too many sign-in attempts, please wait a minute')).toBeInTheDocument();
  });

  it('stores the flag and name, welcomes the admin and opens /admin', async () => {
    const { user } = renderLogin();
    await fill(user, emailField(), DEMO_ADMIN.email);
    await fill(user, passwordField(), DEMO_ADMIN.password);
    await user.click(signIn());
    expect(await screen.findByText('Admin dashboard opened')).toBeInTheDocument();
    // A toast: its region loads with the first one (docs/decisions/021-first-visit-javascript.md).
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText(`Welcome back, ${DEMO_ADMIN.name}!`)).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
    expect(localStorage.getItem(ADMIN_NAME_KEY)).toBe(DEMO_ADMIN.name);
  });

  it('sends an admin who is already signed in on to /admin, without asking for the login info', async () => {
    adminSessionStore.signIn('Maya Chen');
    const loginInfo = countRequests(api.adminLoginInfo.path);
    renderLogin();
    expect(await screen.findByText('Admin dashboard opened')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();
    expect(loginInfo.count).toBe(0);
  });
});
