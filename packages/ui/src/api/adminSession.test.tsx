import { ADMIN_RECENT_MEMBERS, api, queryKeyFor } from '@prr/contract';
import { failing, scenarios } from '@prr/mocks';
import { server } from '@prr/mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../config';
import { adminSessionStore } from '../hooks/useAdminSession';
import { AdminDashboardPage } from '../screens/admin/AdminDashboardPage';
import { findModalDialog, renderWithProviders } from '../test';
import { isAdminRead } from './adminSession';

const recentPageKey = queryKeyFor(api.adminMembers, undefined, { pageSize: ADMIN_RECENT_MEMBERS });
const publicTotals = { goal: 100_000, total: 9528 };

const cachedAdminReads = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isAdminRead(query.queryKey) })
    .map((query) => query.queryKey);

/** The dashboard with its first participant page read and cached, and one public read beside it. */
async function dashboardWithCachedReads() {
  const rendered = renderWithProviders(<AdminDashboardPage />, {
    route: paths.admin,
    routes: { [paths.adminLogin]: <p>Admin login page</p> },
  });
  rendered.queryClient.setQueryData(queryKeyFor(api.movementStats), publicTotals);
  await screen.findByRole('list', { name: 'Recent Participants' });
  expect(rendered.queryClient.getQueryData(recentPageKey)).toBeDefined();
  return rendered;
}

beforeEach(() => {
  adminSessionStore.signIn('Maya Chen');
  server.use(...scenarios.adminSignedIn);
});
afterEach(() => localStorage.clear());

describe("the admin's cached reads", () => {
  it('are every GET of an admin route, whatever its page or filter, and nothing public', () => {
    expect(isAdminRead(recentPageKey)).toBe(true);
    expect(isAdminRead(queryKeyFor(api.adminStats))).toBe(true);
    expect(isAdminRead(queryKeyFor(api.recalculatePreview))).toBe(true);
    expect(isAdminRead(queryKeyFor(api.movementStats))).toBe(false);
    expect(isAdminRead(queryKeyFor(api.adminLoginInfo))).toBe(false);
  });

  it('are dropped at logout: the participant page the dashboard showed is gone from the cache', async () => {
    const { user, queryClient } = await dashboardWithCachedReads();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(queryClient.getQueryData(recentPageKey)).toBeUndefined();
    expect(cachedAdminReads(queryClient)).toEqual([]);
    // Public reads are nobody's session: they stay.
    expect(queryClient.getQueryData(queryKeyFor(api.movementStats))).toEqual(publicTotals);
  });

  it('are dropped when the session expires (a 401 on an admin call)', async () => {
    const { user, queryClient } = await dashboardWithCachedReads();
    server.use(failing(api.recalculateStates, 401));
    await user.click(
      within(screen.getByRole('region', { name: 'Actions' })).getByRole('button', { name: 'Update Map' }),
    );
    const dialog = within(await findModalDialog('Update the map?'));
    const confirm = dialog.getByRole('button', { name: 'Update Map' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(queryClient.getQueryData(recentPageKey)).toBeUndefined();
    expect(cachedAdminReads(queryClient)).toEqual([]);
  });
});
