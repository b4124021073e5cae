import { api, participantsExport } from '@prr/contract';
import { delayed, failing, mockDb, onRoute, scenarios } from '@prr/mocks';
import { members, undeliverableMember } from '@prr/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, spyOn, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY } from '../../../hooks/useAdminSession';
import { adminStoryParameters } from '../adminStoryRoutes';
import { RETRY_TIMEOUT, signedInAdminPage } from '../storyData';
import { ParticipantsPage } from './ParticipantsPage';
import { manyParticipants, seedParticipants } from './storyData';

const meta = {
  title: 'Admin/Participants',
  component: ParticipantsPage,
  ...signedInAdminPage(paths.adminParticipants),
} satisfies Meta<typeof ParticipantsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: /^Participants/ });
/** The body's rows: each one's header cell is the participant's name. */
const rowNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const row = async (name: string) => {
  const cell = within(await table()).getByRole('rowheader', { name });
  return within(cell.closest('tr') ?? cell);
};

/** The fixtures' thirteen participants, newest first, on one page of 25. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    await expect(canvas.getByText('Maya Chen')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Participants' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    const list = await table();
    await expect(rowNames(list)).toEqual(members.map((member) => member.name));
    await expect(within(list).getByRole('columnheader', { name: 'Joined' })).toHaveAttribute('aria-sort', 'descending');
    const [newest] = members;
    const first = await row(newest?.name ?? '');
    await expect(first.getByText(newest?.email ?? '')).toBeInTheDocument();
    await expect(first.getByText(newest?.zipCode ?? '')).toBeInTheDocument();
    await expect(first.getByText('Active')).toBeInTheDocument();
    await expect(canvas.getByText('Showing 1–13 of 13')).toBeInTheDocument();
    await expect(canvas.getByText('Page 1 of 1')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminMembers, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading participants...')).toBeInTheDocument();
  },
};

/** A search that matches nobody, from a shared link: the list says so and offers to clear it. */
export const Empty: Story = {
  parameters: adminStoryParameters(`${paths.adminParticipants}?q=zebra&status=inactive`),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No participants match these filters')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Search')).toHaveValue('zebra');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
    // One beside the filters, one in the empty list.
    await expect(canvas.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(2);
  },
};

/** Clearing them brings every participant back, and empties the search box. */
export const ClearFilters: Story = {
  parameters: { ...Empty.parameters, visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('No participants match these filters');
    const [clear] = canvas.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear as HTMLElement);
    await waitFor(async () => expect(rowNames(await table())).toHaveLength(members.length));
    await expect(canvas.getByLabelText('Search')).toHaveValue('');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  },
};

/** Nobody at all yet: the way to the dashboard's form. */
export const NoParticipants: Story = {
  beforeEach({ msw }) {
    msw.use(...scenarios.emptyLists);
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No participants yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Add one on the dashboard' })).toHaveAttribute('href', paths.admin);
  },
};

export const Error: Story = {
  beforeEach({ msw }) {
    msw.use(failing(api.adminMembers, 500));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("We couldn't load the participants.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/**
 * 1,234 participants: 50 pages of 25, then 13 of 100. Not pictured: its end is the table of Default
 * with 100 rows, and the pager of several pages is Next Page Loading's picture.
 */
export const ManyPages: Story = {
  parameters: { visual: { disable: true } },
  beforeEach() {
    seedParticipants(1234);
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Showing 1–25 of 1,234')).toBeInTheDocument();
    await expect(canvas.getByText('Page 1 of 50')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText('Showing 26–50 of 1,234')).toBeInTheDocument();
    await expect(canvas.getByText('Page 2 of 50')).toBeInTheDocument();
    await waitFor(async () => expect(rowNames(await table())[0]).toBe(manyParticipants(26)[25]?.name));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(await screen.findByRole('option', { name: '100' }));
    await expect(await canvas.findByText('Page 1 of 13')).toBeInTheDocument();
    await waitFor(async () => expect(rowNames(await table())).toHaveLength(100));
  },
};

/** Page 2 never answers: page 1 stays in view, dimmed and marked busy, and the status says what is loading. */
export const NextPageLoading: Story = {
  beforeEach({ msw }) {
    seedParticipants(60);
    msw.use(
      onRoute(api.adminMembers, async ({ request }) => {
        // The answer for page 2 never comes (MSW's infinite delay, which the visual runner knows to
        // wait past); any other page goes on to the default handler.
        if (new URL(request.url).searchParams.get('page') === '2') await delay('infinite');
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading page 2...');
    await expect(await table()).toHaveAttribute('aria-busy', 'true');
    await expect(rowNames(await table())[0]).toBe(manyParticipants(1)[0]?.name);
  },
};

/** Typing a name: one request once the admin pauses, and the list narrows to the match. */
export const Searching: Story = {
  play: async ({ canvas, userEvent }) => {
    await table();
    await userEvent.type(canvas.getByLabelText('Search'), 'okafor');
    await waitFor(async () => expect(rowNames(await table())).toEqual(['Samuel Okafor']));
    await expect(canvas.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  },
};

/** Inactive participants only, by name A–Z. */
export const Filtered: Story = {
  play: async ({ canvas, userEvent }) => {
    await table();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Name A–Z' }));
    const inactive = members
      .filter((member) => !member.isActive)
      .map((member) => member.name)
      .sort();
    await waitFor(async () => expect(rowNames(await table())).toEqual(inactive));
    await expect(within(await table()).getAllByText('Inactive')).toHaveLength(inactive.length);
    await expect(within(await table()).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

/** The schema's messages under the fields, as in Add Participant; the server's for D.C. */
export const EditParticipant: Story = {
  play: async ({ userEvent }) => {
    const emma = members.find((member) => member.name === 'Emma Novak');
    await userEvent.click((await row('Emma Novak')).getByRole('button', { name: 'Edit Emma Novak' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Emma Novak' }));
    await expect(dialog.getByText(new RegExp(emma?.email ?? 'missing'))).toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText('Full Name'));
    await userEvent.type(dialog.getByLabelText('Full Name'), 'E');
    await userEvent.clear(dialog.getByLabelText('Zip Code'));
    await userEvent.type(dialog.getByLabelText('Zip Code'), '820');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(await dialog.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await expect(dialog.getByText('Zip code must be at least 5 characters')).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText('Full Name'), 'mma Novak-Reyes');
    await userEvent.type(dialog.getByLabelText('Zip Code'), '01');
    await userEvent.clear(dialog.getByLabelText('State'));
    await userEvent.type(dialog.getByLabelText('State'), 'DC');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(
      await dialog.findByText('Washington, D.C. is not on the map: choose one of the 50 states'),
    ).toBeInTheDocument();
    await expect(await screen.findByText('Error updating participant')).toBeInTheDocument();
  },
};

/** A correction saved: the dialog closes, a toast says so and the row shows the new values. */
export const EditParticipantSaved: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click((await row('Emma Novak')).getByRole('button', { name: 'Edit Emma Novak' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Emma Novak' }));
    await userEvent.clear(dialog.getByLabelText('Full Name'));
    await userEvent.type(dialog.getByLabelText('Full Name'), 'Emma Novak-Reyes');
    await userEvent.clear(dialog.getByLabelText('State'));
    await userEvent.type(dialog.getByLabelText('State'), 'MT');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(await screen.findByText('Participant updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect((await row('Emma Novak-Reyes')).getByText('Montana')).toBeInTheDocument();
  },
};

/** The confirmation names the person and what goes with them; confirming removes the row. */
export const DeleteConfirmation: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click((await row('Emma Novak')).getByRole('button', { name: 'Delete Emma Novak' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Emma Novak?' }));
    await expect(dialog.getByText(/their reflections, achievements/)).toBeInTheDocument();
    await expect(dialog.getByText(/cannot be undone/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete participant' }));
    await expect(await screen.findByText('Participant deleted')).toBeInTheDocument();
    await waitFor(async () => expect(rowNames(await table())).not.toContain('Emma Novak'));
    await expect(screen.getByText(`Showing 1–${members.length - 1} of ${members.length - 1}`)).toBeInTheDocument();
  },
};

/**
 * A participant whose address the receiving mail server refused for good: their row says so in
 * words, since when and with the server's code; nobody else's does.
 */
export const UndeliverableEmail: Story = {
  beforeEach() {
    mockDb.members = [...mockDb.members, undeliverableMember];
  },
  play: async () => {
    const omar = await row(undeliverableMember.name);
    await expect(omar.getByText(undeliverableMember.email)).toBeInTheDocument();
    await expect(omar.getByText(/^E-mail undeliverable since/)).toHaveTextContent(
      'E-mail undeliverable since Oct 4, 2025 (SMTP 550)',
    );
    await expect(within(await table()).getAllByText(/E-mail undeliverable/)).toHaveLength(1);
    await expect(rowNames(await table())).toHaveLength(members.length + 1);
  },
};

/** Deactivating a participant: the badge changes and the button offers the way back. */
export const Deactivate: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click((await row('Emma Novak')).getByRole('button', { name: 'Deactivate Emma Novak' }));
    await expect(await screen.findByText('Participant deactivated')).toBeInTheDocument();
    const emma = await row('Emma Novak');
    await waitFor(() => expect(emma.getByText('Inactive')).toBeInTheDocument());
    await expect(emma.getByRole('button', { name: 'Reactivate Emma Novak' })).toBeInTheDocument();
  },
};

/** What the ExportCsv story catches on its way to the browser's downloads. */
const caught = { files: [] as Blob[], links: [] as HTMLAnchorElement[] };

/**
 * 'Export CSV' of the inactive participants: the file is fetched with the filter and handed to the
 * browser as participants.csv. The click on the download link is caught, so no file is written.
 */
export const ExportCsv: Story = {
  parameters: adminStoryParameters(`${paths.adminParticipants}?status=inactive`),
  beforeEach() {
    caught.files = [];
    caught.links = [];
    const createObjectURL = URL.createObjectURL.bind(URL);
    const spy = spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      if (file instanceof Blob) caught.files.push(file);
      return createObjectURL(file);
    });
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLAnchorElement) || !event.target.download) return;
      event.preventDefault();
      caught.links.push(event.target);
    };
    document.addEventListener('click', onClick, true);
    return () => {
      spy.mockRestore();
      document.removeEventListener('click', onClick, true);
    };
  },
  play: async ({ canvas, userEvent }) => {
    const inactive = members.filter((member) => !member.isActive);
    await waitFor(async () => expect(rowNames(await table())).toHaveLength(inactive.length));
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(await screen.findByText('Export ready')).toBeInTheDocument();

    await expect(caught.links).toHaveLength(1);
    await expect(caught.links[0]?.download).toBe(participantsExport.filename);
    await expect(caught.links[0]?.href).toMatch(/^blob:/);
    const csv = (await caught.files[0]?.text()) ?? '';
    await expect(csv).toContain('Name,Email,State,ZIP Code,Status,Joined');
    for (const member of inactive) await expect(csv).toContain(member.email);
    await expect(csv).not.toContain(members.find((member) => member.isActive)?.email ?? 'missing');
  },
};

/** The export fails: a toast says so, and nothing is downloaded. */
export const ExportCsvFailure: Story = {
  beforeEach({ msw }) {
    // The failure comes a moment later, as over a network (the race of MyData's DownloadFailure).
    msw.use(failing(participantsExport, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await table();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(await screen.findByText('Error exporting participants')).toBeInTheDocument();
  },
};

/** A phone: each row stacks as a card, still a table row with its header for screen readers. */
export const Narrow: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const list = await table();
    await expect(window.innerWidth).toBeLessThanOrEqual(375);
    await expect(rowNames(list)).toHaveLength(members.length);
    const emma = await row('Emma Novak');
    await expect(emma.getByRole('button', { name: 'Edit Emma Novak' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeVisible();
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
    await expect(await canvas.findByText('Session expired')).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};
