/**
 * The member's session as the query cache sees it. GET /api/me says who is signed in (null:
 * nobody), and every other member read is that member's. None of their keys names the member (the
 * server takes them from the session cookie), so whenever the member may have changed (a sign-in,
 * a sign-out, a new member joining in this browser, a session the server ended) those cached
 * reads are dropped: one member never sees another's data.
 */
import { HttpError, api, queryKeyFor, routeList, type Member } from '@prr/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isReadOf } from './routeQuery';

export const meQueryKey = queryKeyFor(api.me);

const memberReads = routeList.filter((route) => route.auth === 'member' && route.method === 'GET');

/** A cached read of the signed-in member's own data (GET /api/me included). */
export function isMemberRead(queryKey: readonly unknown[]): boolean {
  return memberReads.some((route) => isReadOf(route, queryKey));
}

/** Who is signed in from now on (null: nobody). The previous member's other reads are dropped. */
export function setSignedInMember(queryClient: QueryClient, member: Member | null): void {
  queryClient.setQueryData<Member | null>(meQueryKey, member);
  queryClient.removeQueries({
    predicate: (query) => isMemberRead(query.queryKey) && !isReadOf(api.me, query.queryKey),
  });
  // Nobody: the dashboard's answer is known too (its 401 is null, memberDashboard.ts), not asked again.
  if (member === null) queryClient.setQueryData(queryKeyFor(api.memberDashboard), null);
}

/** Nothing is known about who is signed in any more: every member read is asked again when next used. */
export function forgetMemberReads(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isMemberRead(query.queryKey) });
}

/** The server's answer when there is no (longer a) session. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/**
 * A 401 from any member route means the session is gone (it expired, or the member signed out in
 * another tab): from then on nobody is signed in, and the dashboard asks for the e-mail again.
 * Mounted by the dashboard page (not the app's providers, so the entry chunk stays free of the
 * route table).
 */
export function useSignedOutOn401(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthenticated(event.action.error) && isMemberRead(event.query.queryKey))
        setSignedInMember(queryClient, null);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isUnauthenticated(event.action.error) && event.mutation.meta?.auth === 'member')
        setSignedInMember(queryClient, null);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
