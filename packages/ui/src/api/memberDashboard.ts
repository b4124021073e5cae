/**
 * The dashboard's first screen in one request (GET /api/me/dashboard,
 * docs/decisions/033-one-request-dashboard.md). The screen's parts each read their own part of the
 * one answer (`useDashboardPart`: one query, a `select` each), and the answer also fills in the
 * cached reads that other parts of the page read through their own calls: who is signed in, and
 * the achievements, so the Achievements tab opened later does not ask for them again.
 */
import { HttpError, api, queryKeyFor, type Member, type MemberDashboard } from '@prr/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMe } from './hooks';
import { meQueryKey } from './memberSession';
import { callTolerating401, tolerant401Query } from './routeQuery';

/** The reads the answer covers that the page reads through their own calls (nobody signed in: the member read is null). */
function fillCoveredReads(queryClient: QueryClient, dashboard: MemberDashboard | null): void {
  queryClient.setQueryData(meQueryKey, dashboard?.member ?? null);
  if (dashboard) queryClient.setQueryData(queryKeyFor(api.achievements), dashboard.achievements);
}

/** GET /api/me/dashboard, null when nobody is signed in (the route's 401, as GET /api/me's). */
export function dashboardQuery(queryClient: QueryClient) {
  return queryOptions({
    ...tolerant401Query(api.memberDashboard),
    queryFn: async ({ signal }) => {
      const dashboard = await callTolerating401(api.memberDashboard, signal);
      fillCoveredReads(queryClient, dashboard);
      return dashboard;
    },
  });
}

/**
 * Who is signed in, for the dashboard page, asked with the first screen's one request. The member
 * read is the truth once it is filled in (by the answer, or by a sign-in, a sign-out or the member's
 * own changes, which replace it); until then the answer's own state: loading, or failed with its retry.
 */
export function useSignedInMember(): UseQueryResult<Member | null> {
  const answer = useQuery({ ...dashboardQuery(useQueryClient()), select: (dashboard) => dashboard?.member ?? null });
  const me = useMe({ enabled: false });
  return me.data === undefined ? answer : me;
}

/** One part of the answer, for a part of the screen: the same query, no request of its own. */
export function useDashboardPart<T>(part: (dashboard: MemberDashboard) => T) {
  return useQuery({
    ...dashboardQuery(useQueryClient()),
    select: (dashboard) => {
      // Only mounted under a signed-in member's dashboard: an answer of nobody is the session's end,
      // read as the 401 it came from, and the page leaves for the e-mail form.
      if (!dashboard) throw new HttpError(401, 'Unauthorized', '');
      return part(dashboard);
    },
  });
}
