/**
 * The client app's route table (docs/product/screens.md#routes): the pages it hydrates as a whole
 * (the dashboard, the experiment, the admin area, Page Not Found). Every page is its own chunk,
 * loaded through react-router's `lazy`, so the admin's tables never weigh on the dashboard.
 * react-router's `lazy` rather than React.lazy: the router loads a page before it shows it, so the
 * browser can load the prerendered page's code before hydrating (resolveInitialPage), and the build
 * renders it whole (docs/decisions/018-prerendered-public-pages.md). A React.lazy page would still be
 * loading while hydration ran, and an update reaching it then makes React draw it again.
 */
import { isIslandPage } from '@prr/contract';
import { paths } from '@prr/ui';
import { SiteLayout } from '@prr/ui/layout';
// Not lazy: the error page must show even when loading a page's chunk is what failed.
import { RouteErrorPage } from '@prr/ui/screens/error';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { islandPages } from './islandPages';

/** A route's page, loaded from its chunk when the route is first visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

const DashboardPage = page(() => import('@prr/ui/screens/dashboard'), 'DashboardPage');
const ExperimentPage = page(() => import('@prr/ui/screens/experiment'), 'ExperimentPage');
const AdminLoginPage = page(() => import('@prr/ui/screens/admin'), 'AdminLoginPage');
const AdminDashboardPage = page(() => import('@prr/ui/screens/admin'), 'AdminDashboardPage');
const ParticipantsPage = page(() => import('@prr/ui/screens/admin'), 'ParticipantsPage');
const StoriesPage = page(() => import('@prr/ui/screens/admin'), 'StoriesPage');
const ActivityPage = page(() => import('@prr/ui/screens/admin'), 'ActivityPage');
const InsightsPage = page(() => import('@prr/ui/screens/admin'), 'InsightsPage');
const NotFoundPage = page(() => import('@prr/ui/screens/not-found'), 'NotFoundPage');

/**
 * The static pages, on the dev server only (islandPages.ts): in production each is the build's HTML
 * with its islands, and the app's links to them are page loads (`fullPageLoad` below).
 */
const islandRoutes: RouteObject[] = import.meta.env.DEV
  ? Object.entries(islandPages()).map(([path, load]) => ({ path, lazy: async () => ({ Component: await load() }) }))
  : [];

export const routes: RouteObject[] = [
  {
    // The public pages are static HTML with islands: links to them are normal page loads.
    element: <SiteLayout fullPageLoad={isIslandPage} />,
    // A broken layout (rare) still gets a readable page, without the site's frame.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A broken or unloadable page shows the error between the navigation and the footer.
        errorElement: <RouteErrorPage />,
        children: [
          ...islandRoutes,
          { path: paths.dashboard, ...DashboardPage },
          { path: paths.experiment, ...ExperimentPage },
          { path: paths.adminLogin, ...AdminLoginPage },
          { path: paths.admin, ...AdminDashboardPage },
          { path: paths.adminParticipants, ...ParticipantsPage },
          { path: paths.adminStories, ...StoriesPage },
          { path: paths.adminActivity, ...ActivityPage },
          // Spelled here, not imported from the admin screens: a static import would pull them out of their chunk.
          { path: paths.adminInsights, ...InsightsPage },
          { path: '*', ...NotFoundPage },
        ],
      },
    ],
  },
];

/**
 * Loads the page the address names and puts it in place of its `lazy`, as react-router documents
 * for hydrating lazy routes: the first render then has the page, as the prerendered HTML does.
 */
export async function resolveInitialPage(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
