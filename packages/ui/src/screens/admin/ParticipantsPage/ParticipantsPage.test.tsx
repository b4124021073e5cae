import { api, participantsExport } from '@prr/contract';
import { failing, mockDb, scenarios } from '@prr/mocks';
import { members, undeliverableMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY, adminSessionStore } from '../../../hooks/useAdminSession';
import { findModalDialog, renderWithProviders } from '../../../test';
import { ParticipantsPage } from './ParticipantsPage';
import { manyParticipants, seedParticipants } from './storyData';

function renderParticipants(route: string = paths.adminParticipants) {
  return renderWithProviders(<ParticipantsPage />, {
    route,
    path: paths.adminParticipants,
    routes: { [paths.adminLogin]: <p>Admin login page</p> },
  });
}

/** The search strings of the participant-list reads MSW sees from now until the test ends. */
function listRequests(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === api.adminMembers.path) seen.push(url.searchParams);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

const table = () => screen.findByRole('table', { name: /^Participants/ });
// Inside the table found by role, its row headers are visible with it: `hidden: true` skips
// checking each cell's styles, which in jsdom costs most of a query over 25 to 100 rows and,
// run on every poll of a waitFor, slowed the screen it waits for.
const rowNames = async () =>
  within(await table())
    .queryAllByRole('rowheader', { hidden: true })
    .map((cell) => cell.textContent);
// The page buttons, looked for in the pager rather than among every row's buttons.
const pager = () => within(screen.getByRole('navigation', { name: 'Pagination' }));
async function row(name: string) {
  const cell = within(await table()).getByRole('rowheader', { name, hidden: true });
  return within(cell.closest('tr') ?? cell);
}

afterEach(() => localStorage.clear());

describe('ParticipantsPage guard', () => {
  it('redirects to /admin/login without the stored flag, calling nothing', async () => {
    const requests = listRequests();
    renderParticipants();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('ends the session and redirects when the list answers 401', async () => {
    adminSessionStore.signIn('Maya');
    server.use(...scenarios.adminUnauthenticated);
    renderParticipants();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
  });
});

describe('ParticipantsPage', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Maya Chen');
    server.use(...scenarios.adminSignedIn);
  });

  it('lists every participant newest first with e-mail, state, ZIP code, badge and join date', async () => {
    renderParticipants();
    expect(screen.getByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    expect(screen.getByText('Loading participants...')).toBeInTheDocument();
    expect(await rowNames()).toEqual(members.map((member) => member.name));
    const inactive = members.find((member) => !member.isActive);
    const cells = await row(inactive?.name ?? '');
    expect(cells.getByText(inactive?.email ?? '')).toBeInTheDocument();
    expect(cells.getByText(inactive?.state ?? '')).toBeInTheDocument();
    expect(cells.getByText(inactive?.zipCode ?? '')).toBeInTheDocument();
    expect(cells.getByText('Inactive')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: `Reactivate ${inactive?.name}` })).toBeInTheDocument();
  });

  it("says in words, under the address, that a participant's e-mail is undeliverable, since when and with the SMTP code", async () => {
    mockDb.members = [...mockDb.members, undeliverableMember];
    renderParticipants();
    const omar = await row(undeliverableMember.name);
    expect(omar.getByText(/^E-mail undeliverable since/)).toHaveTextContent(
      'E-mail undeliverable since Oct 4, 2025 (SMTP 550)',
    );
    expect(omar.getByText('Oct 4, 2025')).toHaveAttribute('datetime', '2025-10-04T13:00:00.000Z');
    // Everyone else's mail is delivered: no such words in their rows.
    const others = await row(members[0]?.name ?? '');
    expect(others.queryByText(/undeliverable/)).not.toBeInTheDocument();
    expect(within(await table()).getAllByText(/E-mail undeliverable/)).toHaveLength(1);
  });

  it('sends the search once the admin pauses typing, from page 1, and shows the matches', async () => {
    seedParticipants(60);
    renderParticipants(`${paths.adminParticipants}?page=2`);
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const requests = listRequests();
    // The keys with no timer between them (delay: null), as a fast typist's: the pause that sends
    // the search comes after the last key however busy the machine, and without the debounce each
    // key would still send its own request.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search'), 'Dunn');
    const dunns = manyParticipants(60)
      .filter((member) => member.name.includes('Dunn'))
      .map((member) => member.name);
    await waitFor(async () => expect(await rowNames()).toEqual(dunns));
    // Debounced: one request for the whole word, none per key.
    expect(requests.map((params) => params.get('q'))).toEqual(['Dunn']);
    expect(requests[0]?.get('page')).toBe('1');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('pages through the list and changes the page size, with the range and total', async () => {
    seedParticipants(60);
    const { user } = renderParticipants();
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(pager().getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–50 of 60')).toBeInTheDocument();
    await waitFor(async () => expect((await rowNames())[0]).toBe(manyParticipants(26)[25]?.name));
    await user.click(pager().getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–60 of 60')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    // Still focused where the keyboard left it, though there is no next page.
    expect(pager().getByRole('button', { name: 'Next page' })).toHaveFocus();

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    expect(await screen.findByText('Showing 1–60 of 60')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('reads the filter, order and page from the address', async () => {
    const requests = listRequests();
    renderParticipants(`${paths.adminParticipants}?status=inactive&sort=name&pageSize=50`);
    const inactive = members
      .filter((member) => !member.isActive)
      .map((member) => member.name)
      .sort();
    await waitFor(async () => expect(await rowNames()).toEqual(inactive));
    expect(Object.fromEntries(requests[0] ?? [])).toMatchObject({ status: 'inactive', sort: 'name', pageSize: '50' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
  });

  it('moves a link past the last page to the last page', async () => {
    renderParticipants(`${paths.adminParticipants}?page=9`);
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).toHaveLength(members.length));
  });

  it('says when nobody matches and clears the filters', async () => {
    const { user } = renderParticipants(`${paths.adminParticipants}?q=zebra`);
    expect(await screen.findByText('No participants match these filters')).toBeInTheDocument();
    const [clear] = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear as HTMLElement);
    await waitFor(async () => expect(await rowNames()).toHaveLength(members.length));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it("edits with Add Participant's messages, the schema's and the server's", async () => {
    const { user } = renderParticipants();
    await user.click((await row('Emma Novak')).getByRole('button', { name: 'Edit Emma Novak' }));
    const dialog = within(await findModalDialog('Edit Emma Novak'));
    await user.clear(dialog.getByLabelText('Full Name'));
    await user.type(dialog.getByLabelText('Full Name'), 'E');
    await user.clear(dialog.getByLabelText('State'));
    await user.clear(dialog.getByLabelText('Zip Code'));
    await user.type(dialog.getByLabelText('Zip Code'), '820');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(dialog.getByText('State is required')).toBeInTheDocument();
    expect(dialog.getByText('Zip code must be at least 5 characters')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Full Name'), 'mma Novak');
    await user.type(dialog.getByLabelText('State'), 'Atlantis');
    await user.type(dialog.getByLabelText('Zip Code'), '01');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Enter a US state name or its two-letter code')).toBeInTheDocument();
    expect(await screen.findByText('Error updating participant')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('State'));
    await user.type(dialog.getByLabelText('State'), 'mt');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Participant updated')).toBeInTheDocument();
    await waitFor(async () => expect((await row('Emma Novak')).getByText('Montana')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before deleting, naming the person, and removes them only once confirmed', async () => {
    const { user } = renderParticipants();
    await user.click((await row('Emma Novak')).getByRole('button', { name: 'Delete Emma Novak' }));
    const dialog = await findModalDialog('Delete Emma Novak?');
    expect(dialog).toHaveTextContent(/Emma Novak \(.+\) and everything of theirs go: their reflections/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowNames()).toContain('Emma Novak');

    await user.click((await row('Emma Novak')).getByRole('button', { name: 'Delete Emma Novak' }));
    await user.click(
      within(await findModalDialog('Delete Emma Novak?')).getByRole('button', {
        name: 'Delete participant',
      }),
    );
    expect(await screen.findByText('Participant deleted')).toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).not.toContain('Emma Novak'));
  });

  it('deactivates and reactivates a participant, with a toast each time', async () => {
    const { user } = renderParticipants();
    await user.click((await row('Emma Novak')).getByRole('button', { name: 'Deactivate Emma Novak' }));
    expect(await screen.findByText('Participant deactivated')).toBeInTheDocument();
    const reactivate = await (await row('Emma Novak')).findByRole('button', { name: 'Reactivate Emma Novak' });
    expect((await row('Emma Novak')).getByText('Inactive')).toBeInTheDocument();
    await user.click(reactivate);
    expect(await screen.findByText('Participant reactivated')).toBeInTheDocument();
    expect(await (await row('Emma Novak')).findByRole('button', { name: 'Deactivate Emma Novak' })).toBeInTheDocument();
  });

  it('sends the admin to sign in when the export answers 401, saving nothing', async () => {
    server.use(failing(participantsExport, 401));
    const { user } = renderParticipants();
    await row('Emma Novak');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
  });

  it('ends the session when a change answers 401', async () => {
    const { user } = renderParticipants();
    await row('Emma Novak');
    server.use(...scenarios.adminUnauthenticated);
    await user.click((await row('Emma Novak')).getByRole('button', { name: 'Deactivate Emma Novak' }));
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });
});
