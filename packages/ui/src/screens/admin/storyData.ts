/** For the admin stories: the setup of a page shown to a signed-in admin, shared by their metas. */
import { scenarios } from '@prr/mocks';
import type { MswApi } from 'msw-storybook-addon/types';
import { createElement } from 'react';
import { adminSessionStore } from '../../hooks/useAdminSession';
import { AdminRoutes, adminStoryParameters } from './adminStoryRoutes';

/** Admin reads retry once (docs/product/api.md#admin), so failures take about a second to show. */
export const RETRY_TIMEOUT = { timeout: 6_000 };

/** Signed in as far as the browser and the mocks are concerned; the cleanup signs the browser out. */
export function signInAdminForStory(msw: MswApi): () => void {
  adminSessionStore.signIn('Maya Chen');
  msw.use(...scenarios.adminSignedIn);
  return () => adminSessionStore.signOut();
}

/** The meta of an admin page's stories: the admin routes at `route`, with the admin signed in. */
export const signedInAdminPage = (route: string) => ({
  render: () => createElement(AdminRoutes),
  parameters: adminStoryParameters(route),
  beforeEach: ({ msw }: { msw: MswApi }) => signInAdminForStory(msw),
});
