/**
 * The route table of docs/product/screens.md#routes. Every page is its own chunk (React.lazy), so the map's
 * geography or the dashboard's forms never weigh on the home page.
 */
import { paths } from '@prr/ui';
import { SiteLayout } from '@prr/ui/layout';
// Not lazy: the error page must show even when loading a page's chunk is what failed.
import { RouteErrorPage } from '@prr/ui/screens/error';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';

function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('@prr/ui/screens/home'), 'HomePage');
const AboutPage = page(() => import('@prr/ui/screens/about'), 'AboutPage');
const TwoPathsPage = page(() => import('@prr/ui/screens/two-paths'), 'TwoPathsPage');
const MethodPage = page(() => import('@prr/ui/screens/method'), 'MethodPage');
const SymbolsPage = page(() => import('@prr/ui/screens/symbols'), 'SymbolsPage');
const MusicPage = page(() => import('@prr/ui/screens/music'), 'MusicPage');
const LoveTalePage = page(() => import('@prr/ui/screens/plush-tales'), 'LoveTalePage');
const PeaceTalePage = page(() => import('@prr/ui/screens/plush-tales'), 'PeaceTalePage');
const LevelsPage = page(() => import('@prr/ui/screens/levels'), 'LevelsPage');
const MapPage = page(() => import('@prr/ui/screens/map'), 'MapPage');
const DashboardPage = page(() => import('@prr/ui/screens/dashboard'), 'DashboardPage');
const ExperimentPage = page(() => import('@prr/ui/screens/experiment'), 'ExperimentPage');
const AdminLoginPage = page(() => import('@prr/ui/screens/admin'), 'AdminLoginPage');
const AdminDashboardPage = page(() => import('@prr/ui/screens/admin'), 'AdminDashboardPage');
const NotFoundPage = page(() => import('@prr/ui/screens/not-found'), 'NotFoundPage');

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    // A broken layout (rare) still gets a readable page, without the site's frame.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A broken or unloadable page shows the error between the navigation and the footer.
        errorElement: <RouteErrorPage />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.twoPaths, element: <TwoPathsPage /> },
          { path: paths.method, element: <MethodPage /> },
          { path: paths.symbols, element: <SymbolsPage /> },
          { path: paths.music, element: <MusicPage /> },
          { path: paths.loveStory, element: <LoveTalePage /> },
          { path: paths.peaceStory, element: <PeaceTalePage /> },
          { path: paths.levels, element: <LevelsPage /> },
          { path: paths.map, element: <MapPage /> },
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.experiment, element: <ExperimentPage /> },
          { path: paths.adminLogin, element: <AdminLoginPage /> },
          { path: paths.admin, element: <AdminDashboardPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
