/**
 * The signed-out /dashboard (docs/decisions/033-one-request-dashboard.md): the server answers it to
 * a browser without a member session, as a static page whose island is the sign-in steps. Its #root
 * says which page it is (`data-variant`), and the island's query cache is told before anything
 * renders, in the build and in the browser alike, so both draw the e-mail form and the browser asks
 * nothing (a 401 would be logged as an error). The keys are the reads' paths, as queryKeyFor makes
 * them, from a module without the route table.
 */
import { MEMBER_READ_PATHS } from '@prr/contract';
import type { QueryClient } from '@tanstack/react-query';

/** The value of #root's `data-variant` on the signed-out page. */
export const SIGNED_OUT_VARIANT = 'signed-out';

/** Nobody is signed in: who is, and the dashboard's answer, are both known to be no one. */
export function presetSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData([MEMBER_READ_PATHS.me], null);
  queryClient.setQueryData([MEMBER_READ_PATHS.dashboard], null);
}
