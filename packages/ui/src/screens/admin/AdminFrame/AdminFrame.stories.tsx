import { scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { paths } from '../../../config';
import { adminSessionStore } from '../../../hooks/useAdminSession';
import { Button, Card } from '../../../primitives';
import { AdminFrame } from './AdminFrame';

const meta = {
  title: 'Admin/Frame',
  component: AdminFrame,
  args: {
    title: 'Participants',
    children: (
      <Card>
        <p>The page goes here.</p>
      </Card>
    ),
  },
  parameters: { route: paths.adminParticipants },
  beforeEach({ msw }) {
    adminSessionStore.signIn('Maya Chen');
    msw.use(...scenarios.adminSignedIn);
    return () => adminSessionStore.signOut();
  },
} satisfies Meta<typeof AdminFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header every admin page shares, and the nav with the current page marked. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    await expect(canvas.getByText('Maya Chen')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Participants' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', paths.admin);
    const links = canvas.getAllByRole('link').map((link) => link.textContent);
    await expect(links).toEqual(['Dashboard', 'Participants', 'Stories', 'Insights', 'Activity']);
    await expect(canvas.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', paths.adminInsights);
  },
};

/** A page's own buttons sit before Logout (e.g. 'Change password'). */
export const WithActions: Story = {
  args: { actions: <Button variant="ghost">Print list</Button> },
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole('button').map((button) => button.textContent);
    // A page's own actions come first; every admin page has Change Password, Recovery Codes and Logout.
    await expect(buttons).toEqual(['Print list', 'Change Password', 'Recovery Codes', 'Logout']);
  },
};
