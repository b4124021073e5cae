import { ADMIN_RECENT_MEMBERS, api } from '@prr/contract';
import { delayed, failing, scenarios } from '@prr/mocks';
import { members } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, ADMIN_NAME_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { findModalDialog, renderWithProviders } from '../../../test';
import { countRequests } from '../../../test/countRequests';
import { formatJoinDate } from '../RecentParticipants';
import { AdminDashboardPage } from './AdminDashboardPage';

function renderDashboard() {
  return renderWithProviders(<AdminDashboardPage />, {
    route: paths.admin,
    routes: { [paths.adminLogin]: <p>Admin login page</p> },
  });
}

const card = (name: string) => within(screen.getByRole('region', { name }));

type User = ReturnType<typeof renderDashboard>['user'];

/** Pastes instead of typing key by key: the same input events, a fraction of the time. */
async function fill(user: User, label: string, value: string) {
  const field = card('Add New Participant').getByLabelText(label);
  await user.click(field);
  await user.paste(value);
}

afterEach(() => localStorage.clear());

describe('AdminDashboardPage guard', () => {
  it('redirects to /admin/login without the stored flag, calling nothing', async () => {
    renderDashboard();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
  });

  it('clears the flag and redirects when an admin read answers 401, without retrying it', async () => {
    adminSessionStore.signIn('Maya');
    server.use(...scenarios.adminUnauthenticated);
    const stats = countRequests(api.adminStats.path);
    renderDashboard();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_NAME_KEY)).toBeNull();
    // A toast: its region loads with the first one (docs/decisions/021-first-visit-javascript.md).
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    // The one retry of the admin reads (docs/product/api.md#admin) is for failures that may pass; a 401 will not.
    expect(stats.count).toBe(1);
  });

  it('retries a failed admin read once (docs/product/api.md#admin)', async () => {
    adminSessionStore.signIn('Maya');
    server.use(failing(api.adminStats), ...scenarios.adminSignedIn);
    const stats = countRequests(api.adminStats.path);
    renderDashboard();
    await waitFor(() => expect(stats.count).toBe(2), { timeout: 5000 });
    expect(screen.queryByText('Admin login page')).not.toBeInTheDocument();
  });

  it('also redirects with the real handlers when there is no server session', async () => {
    adminSessionStore.signIn('Maya');
    renderDashboard();
    expect(await screen.findByText('Admin login page', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('AdminDashboardPage', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Maya Chen');
    server.use(...scenarios.adminSignedIn);
  });

  it("greets the admin by name and shows the four cards from the server's figures", async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Maya Chen')).toBeInTheDocument();
    expect(screen.getByText('Loading admin dashboard...')).toBeInTheDocument();
    expect(screen.getByText('Loading participants...')).toBeInTheDocument();

    expect(await screen.findByRole('region', { name: 'Real Members' })).toHaveTextContent(
      `Real Members${members.length}Active participants`,
    );
    expect(card('Sample Data').getByText('9,528')).toBeInTheDocument();
    expect(card('Sample Data').getByText('Current map display')).toBeInTheDocument();
    expect(card('States').getByText('49')).toBeInTheDocument();
    expect(card('States').getByText('Tracked locations')).toBeInTheDocument();
    expect(card('Actions').getByRole('button', { name: 'Update Map' })).toBeEnabled();
  });

  it('lists the first 10 participants, newest first, with state, zip, badge and join date', async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Recent Participants' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(ADMIN_RECENT_MEMBERS);
    const [newest] = members;
    expect(items[0]).toHaveTextContent(newest?.name ?? '');
    expect(items[0]).toHaveTextContent(`${newest?.state} · ${newest?.zipCode}`);
    expect(items[0]).toHaveTextContent('Active');
    expect(items[0]).toHaveTextContent(`Joined ${formatJoinDate(newest?.joinedAt ?? '')}`);
    const inactive = members.findIndex((m) => !m.isActive);
    expect(items[inactive]).toHaveTextContent('Inactive');
    expect(list).toHaveAttribute('tabindex', '0');
  });

  it('says when there are no participants yet', async () => {
    server.use(...scenarios.emptyLists);
    renderDashboard();
    expect(await screen.findByText('No participants yet. Add the first one above!')).toBeInTheDocument();
  });

  it('shows an error with a retry when the reads fail', async () => {
    server.use(failing(api.adminStats, 500), failing(api.adminMembers, 500));
    renderDashboard();
    expect(
      await screen.findByText("We couldn't load the dashboard figures.", undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("We couldn't load the participants.", undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('logs out: calls the server, clears the flag and name, and opens /admin/login', async () => {
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_NAME_KEY)).toBeNull();
  });

  it('logs out locally even when the server call fails', async () => {
    server.use(failing(api.adminLogout, 500));
    const { user } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it("marks Dashboard as the current admin page and links to 'View all participants'", async () => {
    renderDashboard();
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Participants' })).toHaveAttribute('href', paths.adminParticipants);
    expect(nav.getByRole('link', { name: 'Participants' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'View all participants' })).toHaveAttribute(
      'href',
      paths.adminParticipants,
    );
  });
});

describe('Add New Participant', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Admin');
    server.use(...scenarios.adminSignedIn);
  });

  const form = () => card('Add New Participant');

  it("puts the schema's message under each field", async () => {
    const { user } = renderDashboard();
    await fill(user, 'Full Name', 'A');
    await fill(user, 'Email', 'nope');
    await fill(user, 'Zip Code', '123');
    await user.click(form().getByRole('button', { name: 'Add Participant' }));
    expect(await form().findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(form().getByText('Invalid email address')).toBeInTheDocument();
    expect(form().getByText('State is required')).toBeInTheDocument();
    expect(form().getByText('Zip code must be at least 5 characters')).toBeInTheDocument();
    expect(form().getByLabelText('State')).toHaveAccessibleDescription(/State is required/);
  });

  it('adds the participant, clears the form, thanks the admin and refreshes the list and figures', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('list', { name: 'Recent Participants' });
    await fill(user, 'Full Name', 'Rosa Delgado');
    await fill(user, 'Email', 'rosa.delgado@example.org');
    await fill(user, 'State', 'New Mexico');
    await fill(user, 'Zip Code', '87501');
    await user.click(form().getByRole('button', { name: 'Add Participant' }));

    expect(await screen.findByText('Participant added')).toBeInTheDocument();
    expect(screen.getByText('New participant has been successfully added to the movement.')).toBeInTheDocument();
    expect(form().getByLabelText('Full Name')).toHaveValue('');
    expect(form().getByLabelText('State')).toHaveValue('');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent Participants' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Rosa Delgado'),
    );
    await waitFor(() => expect(card('Real Members').getByText(String(members.length + 1))).toBeInTheDocument());
  });

  it("shows the server's reason when adding fails, and an unknown state under its field", async () => {
    const { user } = renderDashboard();
    await fill(user, 'Full Name', 'Rosa Delgado');
    await fill(user, 'Email', 'rosa.delgado@example.org');
    await fill(user, 'State', 'Atlantis');
    await fill(user, 'Zip Code', '87501');
    await user.click(form().getByRole('button', { name: 'Add Participant' }));

    expect(await screen.findByText('Error adding participant')).toBeInTheDocument();
    expect(form().getByText('Enter a US state name or its two-letter code')).toBeInTheDocument();
    expect(form().getByLabelText('Full Name')).toHaveValue('Rosa Delgado');
  });

  it("falls back to 'Failed to add participant' without a server message", async () => {
    server.use(failing(api.addParticipant, 500, ''));
    const { user } = renderDashboard();
    await fill(user, 'Full Name', 'Rosa Delgado');
    await fill(user, 'Email', 'rosa.delgado@example.org');
    await fill(user, 'State', 'NM');
    await fill(user, 'Zip Code', '87501');
    await user.click(form().getByRole('button', { name: 'Add Participant' }));
    expect(await screen.findByText('Failed to add participant')).toBeInTheDocument();
  });

  it("reads 'Adding...' and is disabled while pending", async () => {
    server.use(delayed(api.addParticipant, 'infinite'));
    const { user } = renderDashboard();
    await fill(user, 'Full Name', 'Rosa Delgado');
    await fill(user, 'Email', 'rosa.delgado@example.org');
    await fill(user, 'State', 'NM');
    await fill(user, 'Zip Code', '87501');
    await user.click(form().getByRole('button', { name: 'Add Participant' }));
    expect(await form().findByRole('button', { name: 'Adding...' })).toBeDisabled();
  });
});

describe('Update Map', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Admin');
    server.use(...scenarios.adminSignedIn);
  });

  /** 'Update Map' asks first: the card's button opens the dialog, whose own button confirms. */
  async function confirmUpdateMap(user: User) {
    await user.click(card('Actions').getByRole('button', { name: 'Update Map' }));
    const dialog = within(await findModalDialog('Update the map?'));
    const confirm = dialog.getByRole('button', { name: 'Update Map' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
  }

  it('recalculates the states and says so', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('region', { name: 'Sample Data' });
    await confirmUpdateMap(user);
    expect(await screen.findByText('State data updated')).toBeInTheDocument();
    expect(
      screen.getByText('State participation counts have been recalculated from real member data.'),
    ).toBeInTheDocument();
    // The sample counts are replaced by the active members per state.
    const active = members.filter((m) => m.isActive).length;
    await waitFor(() => expect(card('Sample Data').getByText(String(active))).toBeInTheDocument());
  });

  it("reads 'Updating...' while pending", async () => {
    server.use(delayed(api.recalculateStates, 'infinite'));
    const { user } = renderDashboard();
    await confirmUpdateMap(user);
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  });

  it("shows 'Error updating states' with the server's message", async () => {
    server.use(failing(api.recalculateStates, 503, 'The map is busy, try again shortly'));
    const { user } = renderDashboard();
    await confirmUpdateMap(user);
    expect(await screen.findByText('Error updating states')).toBeInTheDocument();
    expect(screen.getByText('The map is busy, try again shortly')).toBeInTheDocument();
  });

  it("falls back to 'Failed to recalculate state data'", async () => {
    server.use(failing(api.recalculateStates, 500, ''));
    const { user } = renderDashboard();
    await confirmUpdateMap(user);
    expect(await screen.findByText('Failed to recalculate state data')).toBeInTheDocument();
  });
});
