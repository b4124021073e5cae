import { adminActivityExport, api } from '@prr/contract';
import { ADMIN_ACTION_WORDS } from '@prr/domain';
import { delayed, failing, scenarios } from '@prr/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, spyOn, waitFor, within } from 'storybook/test';
import { paths } from '../../../config';
import { ADMIN_FLAG_KEY } from '../../../hooks/useAdminSession';
import { adminStoryParameters } from '../adminStoryRoutes';
import { RETRY_TIMEOUT, signedInAdminPage } from '../storyData';
import { ActivityPage } from './ActivityPage';
import { formatActivityTime } from './ActivityTable';
import { manyActions, seedActivity } from './storyData';

const meta = {
  title: 'Admin/Activity',
  component: ActivityPage,
  ...signedInAdminPage(paths.adminActivity),
} satisfies Meta<typeof ActivityPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: 'Admin activity, newest first' });
/** The body's rows' times (each row's header cell). */
const rowTimes = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);

/** No action recorded yet: the empty state, and the nav marks Activity as the current page. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByText('No admin activity yet')).toBeInTheDocument();
    await expect(canvas.getByText('0 actions')).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(delayed(api.adminActivity, 'infinite'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading activity...')).toBeInTheDocument();
  },
};

/** The read fails: the alert with its retry, and no table. */
export const Error: Story = {
  beforeEach({ msw }) {
    seedActivity(3);
    msw.use(failing(api.adminActivity, 500));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("We couldn't load the activity.", undefined, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

/**
 * 60 actions in pages of 25, newest first: When, What, Participant, From on each row; Next goes
 * to page 2 and the address keeps it.
 */
export const Pages: Story = {
  beforeEach() {
    seedActivity(60);
  },
  play: async ({ canvas, userEvent }) => {
    const newest = [...manyActions(60)].reverse();
    const list = await table();
    await expect(canvas.getByRole('status')).toHaveTextContent('60 actions');
    await expect(rowTimes(list)).toEqual(newest.slice(0, 25).map((a) => formatActivityTime(a.at)));
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    await expect(headers).toEqual(['When', 'What', 'Participant', 'From']);

    const first = within(within(list).getAllByRole('row')[1] ?? list);
    await expect(first.getByText(ADMIN_ACTION_WORDS['participant.edit'])).toBeInTheDocument();
    await expect(first.getByText('Ava Abbott')).toBeInTheDocument();
    await expect(first.getByText('203.0.113.24')).toBeInTheDocument();
    // A map update concerns nobody.
    const third = within(within(list).getAllByRole('row')[3] ?? list);
    await expect(third.getByText(ADMIN_ACTION_WORDS['map.update'])).toBeInTheDocument();
    await expect(third.getByText('None')).toBeInTheDocument();
    await expect(third.getByText('2001:db8:85a3:8d3::/64')).toBeInTheDocument();

    await expect(canvas.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await waitFor(async () =>
      expect(rowTimes(await table())).toEqual(newest.slice(25, 50).map((a) => formatActivityTime(a.at))),
    );
    await expect(canvas.getByText('Page 2 of 3')).toBeInTheDocument();
  },
};

/** A link to page 3 opens page 3: the page is the address's. */
export const ThirdPage: Story = {
  parameters: adminStoryParameters(`${paths.adminActivity}?page=3`),
  beforeEach() {
    seedActivity(60);
  },
  play: async ({ canvas }) => {
    await waitFor(async () => expect(rowTimes(await table())).toHaveLength(10));
    await expect(canvas.getByText('Showing 51–60 of 60')).toBeInTheDocument();
  },
};

/** What the Export story catches on its way to the browser's downloads. */
const caught = { files: [] as Blob[], links: [] as HTMLAnchorElement[] };

/**
 * 'Export CSV': the whole log as admin-activity.csv, newest first; the export itself is then
 * the newest action. The click on the download link is caught, so no file is written.
 */
export const Export: Story = {
  beforeEach() {
    seedActivity(3);
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
    await table();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(await screen.findByText('Export ready')).toBeInTheDocument();
    await expect(caught.links).toHaveLength(1);
    await expect(caught.links[0]?.download).toBe(adminActivityExport.filename);
    const csv = (await caught.files[0]?.text()) ?? '';
    await expect(csv).toContain('When,What,Action,Participant,From');
    await expect(csv).toContain('Ava Abbott');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('4 actions'));
    const list = await table();
    await expect(within(list).getAllByText(ADMIN_ACTION_WORDS['activity.export'])).toHaveLength(1);
  },
};

/** The export fails: a toast says so, and nothing is downloaded. */
export const ExportFailure: Story = {
  beforeEach({ msw }) {
    seedActivity(3);
    msw.use(failing(adminActivityExport, 500));
  },
  play: async ({ canvas, userEvent }) => {
    await table();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(await screen.findByText('Error exporting activity')).toBeInTheDocument();
  },
};

/** A phone: each row stacks as a card, still a table row with its header for screen readers. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile' } },
  beforeEach() {
    seedActivity(5);
  },
  play: async ({ canvas }) => {
    const list = await table();
    await expect(window.innerWidth).toBeLessThanOrEqual(375);
    await expect(rowTimes(list)).toHaveLength(5);
    await expect(within(list).getAllByText('Ava Abbott')[0]).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  },
};

/**
 * The flag is there but the server's session expired: the flag goes and the login screen opens
 * (the login screen's picture is Admin/Login's).
 */
export const Unauthenticated: Story = {
  parameters: { visual: { disable: true } },
  beforeEach({ msw }) {
    msw.use(...scenarios.adminUnauthenticated);
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Admin Login' }, RETRY_TIMEOUT),
    ).toBeInTheDocument();
    await expect(localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  },
};
