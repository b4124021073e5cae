import { api, insightsExport } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { failing, handle, mockDb, scenarios } from '@prr/mocks';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config';
import { adminSessionStore } from '../../../hooks/useAdminSession';
import { renderWithProviders } from '../../../test';
import { countRequests } from '../../../test/countRequests';
import { InsightsPage } from './InsightsPage';
import { formatJoinMonth, formatPublishedOn, recentJoinMonths } from './insightsFormat';
import { SMALL_STATE, insightsAnswer, noMemberInsights, publishedSnapshot } from './storyData';

function renderInsights(route: string = paths.adminInsights) {
  return renderWithProviders(<InsightsPage />, {
    route,
    path: paths.adminInsights,
    routes: { [paths.adminLogin]: <p>Admin login page</p> },
  });
}

/**
 * Picks an option of a select the way a pointer does. The option is found by its text within the
 * open list: by role, every one of the 52 states' names would be computed first, for seconds in jsdom.
 */
async function choose(user: UserEvent, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(within(await screen.findByRole('listbox')).getByText(option));
}

const evidence = async () => within(await screen.findByRole('region', { name: 'The evidence' }));

/**
 * The search part of every Insights read, in order. Answered with no members: the filters are
 * what is tested, and the sections would only take time to draw.
 */
function insightsSearches(): string[] {
  const searches: string[] = [];
  server.use(
    handle(
      api.adminInsights,
      ({ query, request }) => {
        searches.push(new URL(request.url).search);
        return noMemberInsights(query);
      },
      { auth: 'skip' },
    ),
  );
  return searches;
}

/** A figure changed by a mutation shows once the page has read it again and drawn it. */
const REDRAWN = { timeout: 5000 };

afterEach(() => localStorage.clear());

describe('InsightsPage guard', () => {
  it('redirects to /admin/login without the stored flag, reading nothing', async () => {
    const reads = countRequests(api.adminInsights.path);
    renderInsights();
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(reads.count).toBe(0);
  });
});

describe('InsightsPage', () => {
  beforeEach(() => {
    adminSessionStore.signIn('Maya Chen');
    server.use(...scenarios.adminSignedIn);
    // In front of the mocks' own figures (their few fixture members).
    server.use(insightsAnswer());
  });

  it('asks for the chosen state and join month, and the CSV link follows', async () => {
    const searches = insightsSearches();
    const { user } = renderInsights();
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
    expect(searches).toEqual(['']);

    await choose(user, 'State', 'California');
    await waitFor(() => expect(searches.at(-1)).toBe('?state=California'));
    expect(await screen.findByText('No members match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('California');

    const [month = ''] = recentJoinMonths(new Date()).slice(1);
    await choose(user, 'Join month', formatJoinMonth(month));
    await waitFor(() => expect(searches.at(-1)).toBe(`?joinMonth=${month}&state=California`));
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${insightsExport.path}?joinMonth=${month}&state=California`,
    );

    await choose(user, 'State', 'All states');
    await waitFor(() => expect(searches.at(-1)).toBe(`?joinMonth=${month}`));
  });

  it('reads the filters from the address; a state code or a made-up month counts as written or as all', async () => {
    const searches = insightsSearches();
    renderInsights(`${paths.adminInsights}?state=or&joinMonth=2025-13`);
    expect(await screen.findByText('No members match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Oregon');
    expect(screen.getByRole('combobox', { name: 'Join month' })).toHaveTextContent('Every month');
    expect(searches).toEqual(['?state=Oregon']);
  });

  it("shows 'fewer than 10' for every figure of a group under the minimum, and no number", async () => {
    renderInsights(`${paths.adminInsights}?state=${SMALL_STATE}`);
    const members = within(await screen.findByRole('region', { name: 'Members' }));
    expect(members.getByText(HIDDEN_FIGURE_TEXT)).toBeInTheDocument();
    const cells = [...document.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.length).toBeGreaterThan(90);
    expect(new Set(cells)).toEqual(new Set([HIDDEN_FIGURE_TEXT]));
    expect(document.querySelectorAll('svg[role="img"] rect, .series-line, .series-dot')).toHaveLength(0);
    const shown = [...(await evidence()).getAllByRole('definition')].map((value) => value.textContent);
    expect(shown).toEqual(Array<string>(5).fill(HIDDEN_FIGURE_TEXT));
  });

  it("shows the groups under the minimum as 'fewer than 10' beside the others' numbers", async () => {
    renderInsights();
    const byState = within(await screen.findByRole('table', { name: 'Joins by state' }));
    const row = (state: string) => byState.getByRole('rowheader', { name: state }).closest('tr');
    expect(row('California')).toHaveTextContent(/^California62$/);
    expect(row('Maine')).toHaveTextContent(`Maine${HIDDEN_FIGURE_TEXT}`);
    expect(row('No state')).toHaveTextContent(`No state${HIDDEN_FIGURE_TEXT}`);
  });

  it('publishes after the confirmation, then says since when and links to /impact', async () => {
    const { user } = renderInsights();
    const section = await evidence();
    expect(await section.findByText('Not published: /impact shows nothing yet.')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Publish to /impact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish to /impact?' }));
    // Nothing happens until it is confirmed.
    expect(mockDb.impactSnapshot).toBeUndefined();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.impactSnapshot).toBeUndefined();

    await user.click(section.getByRole('button', { name: 'Publish to /impact' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish to /impact?' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    expect(await screen.findByText('Published to /impact')).toBeInTheDocument();
    expect(await section.findByText(/^Published on/, undefined, REDRAWN)).toHaveTextContent(
      `Published on ${formatPublishedOn(FIXTURE_NOW.toISOString())}.`,
    );
    expect(section.getByRole('link', { name: 'See /impact' })).toHaveAttribute('href', '/impact');
    expect(section.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(mockDb.impactSnapshot?.publishedAt).toBe(FIXTURE_NOW.toISOString());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('withdraws after the confirmation: /impact shows nothing again', async () => {
    mockDb.impactSnapshot = publishedSnapshot();
    const { user } = renderInsights();
    const section = await evidence();
    await user.click(await section.findByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw from /impact?' }));
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn from /impact')).toBeInTheDocument();
    expect(
      await section.findByText('Not published: /impact shows nothing yet.', undefined, REDRAWN),
    ).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(mockDb.impactSnapshot).toBeUndefined();
  });

  it('says so when the evidence was withdrawn meanwhile, and shows nothing published', async () => {
    mockDb.impactSnapshot = publishedSnapshot();
    const { user } = renderInsights();
    const section = await evidence();
    await user.click(await section.findByRole('button', { name: 'Withdraw' }));
    // Another tab withdrew it first.
    mockDb.impactSnapshot = undefined;
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw from /impact?' }));
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Error withdrawing')).toBeInTheDocument();
    expect(
      await section.findByText('Not published: /impact shows nothing yet.', undefined, REDRAWN),
    ).toBeInTheDocument();
  });

  it('refreshes: the server drops its cached figures, then the page reads them again', async () => {
    const reads = countRequests(api.adminInsights.path);
    const { user } = renderInsights();
    await screen.findByRole('region', { name: 'Members' });
    expect(reads.count).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Refresh figures' }));
    await waitFor(() => expect(reads.count).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh figures' })).toBeEnabled());
  });

  it('says when the figures cannot be read, after its one retry, with a way to try again', async () => {
    server.use(failing(api.adminInsights, 500));
    const reads = countRequests(api.adminInsights.path);
    renderInsights();
    // The admin reads retry a 5xx once (docs/product/api.md#admin), after React Query's fixed 1 s:
    // the alert comes with the second failed read, never before it.
    expect(await screen.findByText("We couldn't load the insights.", undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(reads.count).toBe(2);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('says when nothing can be told about what /impact shows', async () => {
    server.use(failing(api.adminImpact, 500));
    renderInsights();
    const section = await evidence();
    expect(await section.findByText("We couldn't load what /impact shows.")).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Publish to /impact' })).not.toBeInTheDocument();
  });
});
