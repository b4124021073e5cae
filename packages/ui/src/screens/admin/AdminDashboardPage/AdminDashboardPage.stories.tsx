import { api } from '@prr/contract';
import { delayed, failing, scenarios } from '@prr/mocks';
import { members } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { RETRY_TIMEOUT, signedInAdminPage } from '../storyData';
import { AdminDashboardPage } from './AdminDashboardPage';

const meta = {
  title: 'Admin/Dashboard',
  component: AdminDashboardPage,
  ...signedInAdminPage(paths.admin),
} satisfies Meta<typeof AdminDashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    await expect(canvas.getByText('Maya Chen')).toBeInTheDocument();
    await expect(await canvas.findByRole('region', { name: 'Real Members' })).toHaveTextContent(String(members.length));
    await expect(canvas.getByRole('region', { name: 'Sample Data' })).toHaveTextContent('9,528');
    await expect(canvas.getByRole('region', { name: 'States' })).toHaveTextContent('49');
    const list = await canvas.findByRole('list', { name: 'Recent Participants' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(list).getAllByText('Inactive').length).toBeGreaterThan(0);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminStats, 'infinite'), delayed(api.adminMembers, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading admin dashboard...')).toBeInTheDocument();
    await expect(canvas.getByText('Loading participants...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.emptyLists);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No participants yet. Add the first one above!')).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Real Members' })).toHaveTextContent('0');
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.adminStats, 500), failing(api.adminMembers, 500));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("We couldn't load the dashboard figures.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(
      await canvas.findByText("We couldn't load the participants.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
  },
};

/** No flag in the browser: straight to the login screen. */
export const SignedOut: Story = {
  parameters: { visual: { disable: true } },
  beforeEach() {
    adminSessionStore.signOut();
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  },
};

/** The flag is there but the server's session expired: the flag goes and the login screen opens. */
export const Unauthenticated: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(...scenarios.adminUnauthenticated);
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Admin Login' }, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    // A toast: its region loads with the first one (docs/decisions/021-first-visit-javascript.md).
    await expect(await canvas.findByText('Session expired')).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};

export const AddParticipantSuccess: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = within(canvas.getByRole('region', { name: 'Add New Participant' }));
    await canvas.findByRole('list', { name: 'Recent Participants' });
    await userEvent.type(form.getByLabelText('Full Name'), 'Rosa Delgado');
    await userEvent.type(form.getByLabelText('Email'), 'rosa.delgado@example.org');
    await userEvent.type(form.getByLabelText('State'), 'New Mexico');
    await userEvent.type(form.getByLabelText('Zip Code'), '87501');
    await userEvent.click(form.getByRole('button', { name: 'Add Participant' }));
    await expect(await canvas.findByText('Participant added')).toBeInTheDocument();
    await expect(form.getByLabelText('Full Name')).toHaveValue('');
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: 'Recent Participants' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Rosa Delgado'),
    );
  },
};

export const AddParticipantValidation: Story = {
  // Pictured on a desktop only: on a phone the focused Email field scrolls the runner, and Chromium
  // then left the page's lower half unpainted in some captures (docs/decisions/029-one-visual-pipeline.md).
  parameters: { visual: { viewports: ['desktop'] } },
  play: async ({ canvas, userEvent }) => {
    const form = within(canvas.getByRole('region', { name: 'Add New Participant' }));
    await userEvent.click(form.getByRole('button', { name: 'Add Participant' }));
    await expect(await form.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await expect(form.getByText('Invalid email address')).toBeInTheDocument();
    await expect(form.getByText('State is required')).toBeInTheDocument();
    await expect(form.getByText('Zip code must be at least 5 characters')).toBeInTheDocument();
  },
};

/** The e-mail already belongs to a member: the server's reason in the notice and under the Email field. */
export const AddParticipantFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    const form = within(canvas.getByRole('region', { name: 'Add New Participant' }));
    // Typed once the page has loaded: a field focused while the lists above still grow is scrolled
    // into view at a point that depends on timing, and the picture with it.
    await canvas.findByRole('region', { name: 'Real Members' });
    await canvas.findByRole('list', { name: 'Recent Participants' });
    await userEvent.type(form.getByLabelText('Full Name'), 'Emma Novak');
    await userEvent.type(form.getByLabelText('Email'), members[0]?.email ?? '');
    await userEvent.type(form.getByLabelText('State'), 'WY');
    await userEvent.type(form.getByLabelText('Zip Code'), '82001');
    await userEvent.click(form.getByRole('button', { name: 'Add Participant' }));
    const reason = 'A participant with this email already exists';
    const notice = await canvas.findByText('Error adding participant');
    await expect(notice.parentElement).toHaveTextContent(reason);
    await expect(form.getByText(reason)).toBeInTheDocument();
  },
};

/** 'Update Map' asks first: the card's button opens the dialog (portalled to the body), whose own button confirms. */
async function confirmUpdateMap({ canvas, canvasElement, userEvent }: Parameters<NonNullable<Story['play']>>[0]) {
  await userEvent.click(canvas.getByRole('button', { name: 'Update Map' }));
  const dialog = within(
    await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Update the map?' }),
  );
  const confirm = dialog.getByRole('button', { name: 'Update Map' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await userEvent.click(confirm);
}

export const UpdateMapSuccess: Story = {
  play: async (context) => {
    const { canvas } = context;
    await canvas.findByRole('region', { name: 'Sample Data' });
    await confirmUpdateMap(context);
    await expect(await canvas.findByText('State data updated')).toBeInTheDocument();
    const active = members.filter((m) => m.isActive).length;
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Sample Data' })).toHaveTextContent(String(active)));
  },
};

export const UpdateMapFailure: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.recalculateStates, 500));
  },
  play: async (context) => {
    await confirmUpdateMap(context);
    await expect(await context.canvas.findByText('Error updating states')).toBeInTheDocument();
  },
};

export const Logout: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};

/** Under Recent Participants, the way to the whole list; the admin nav marks where the admin is. */
export const ViewAllParticipants: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await canvas.findByRole('list', { name: 'Recent Participants' });
    await userEvent.click(canvas.getByRole('link', { name: 'View all participants' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Participants' })).toHaveAttribute('aria-current', 'page');
  },
};
