/**
 * The admin's reads as the query cache sees them. Every GET of an 'admin' route (the participant
 * pages, the figures, the map update's preview, the session) answers only while the admin's
 * session cookie lasts, so when the session ends in this browser (logout, or a 401 after it
 * expired) they are dropped: nothing the admin saw is kept in memory for whoever uses the
 * browser next, and a new sign-in asks the server again.
 */
import { routeList } from '@prr/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isReadOf } from './routeQuery';

const adminReads = routeList.filter((route) => route.auth === 'admin' && route.method === 'GET');

/** A cached read of an admin route, whatever its page or filter. */
export function isAdminRead(queryKey: readonly unknown[]): boolean {
  return adminReads.some((route) => isReadOf(route, queryKey));
}

/** The admin session ended: every cached admin read goes. */
export function forgetAdminReads(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isAdminRead(query.queryKey) });
}
