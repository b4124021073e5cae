import { api, DEMO_ADMIN } from '@prr/contract';
import { delayed, scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, ADMIN_NAME_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { AdminRoutes, adminStoryParameters } from '../adminStoryRoutes';
import { AdminLoginPage } from './AdminLoginPage';

const meta = {
  title: 'Admin/Login',
  component: AdminLoginPage,
  render: () => <AdminRoutes />,
  parameters: adminStoryParameters(paths.adminLogin),
  beforeEach() {
    // localStorage outlives a story: start signed out and leave nothing behind.
    adminSessionStore.signOut();
    return () => adminSessionStore.signOut();
  },
} satisfies Meta<typeof AdminLoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo admin's password is unchanged, so the server offers the demo credentials. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await expect(canvas.getByText('Sign in to manage participants')).toBeInTheDocument();
    const demo = within(await canvas.findByRole('region', { name: 'Demo credentials' }));
    await expect(demo.getByText(DEMO_ADMIN.email)).toBeInTheDocument();
    await expect(demo.getByText(DEMO_ADMIN.password)).toBeInTheDocument();
  },
};

/** The password was changed: no demo box. */
export const DemoCredentialsHidden: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.demoCredentialsHidden);
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // Give the login-info read time to answer before asserting the box stays away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('region', { name: 'Demo credentials' })).not.toBeInTheDocument();
  },
};

export const ValidationMessages: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'admin@');
    await userEvent.type(canvas.getByLabelText('Password'), 'peace');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Invalid email address')).toBeInTheDocument();
    await expect(canvas.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  },
};

export const ShowPassword: Story = {
  play: async ({ canvas, userEvent }) => {
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, 'peacemaker');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Pending: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminLogin, 'infinite'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_ADMIN.email);
    await userEvent.type(canvas.getByLabelText('Password'), DEMO_ADMIN.password);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  },
};

export const LoginFailed: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), DEMO_ADMIN.email);
    await userEvent.type(canvas.getByLabelText('Password'), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Login failed')).toBeInTheDocument();
    await expect(canvas.getByText('Invalid credentials')).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};

/** Signing in stores the flag and name and opens the dashboard. */
export const Success: Story = {
  parameters: { visual: { viewports: ['desktop'] } },
  beforeEach({ msw }) {
    msw.use(...scenarios.adminSignedIn);
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Use demo credentials' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Login successful')).toBeInTheDocument();
    await expect(canvas.getByText(`Welcome back, ${DEMO_ADMIN.name}!`)).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true'));
    await expect(localStorage.getItem(ADMIN_NAME_KEY)).toBe(DEMO_ADMIN.name);
  },
};

/** The browser already holds the admin flag: the login screen sends the admin on to the dashboard. */
export const AlreadySignedIn: Story = {
  parameters: { visual: { viewports: ['desktop'] } },
  beforeEach({ msw }) {
    adminSessionStore.signIn('Maya Chen');
    msw.use(...scenarios.adminSignedIn);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  },
};
