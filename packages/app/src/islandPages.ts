/**
 * The static pages' components by path (docs/decisions/031-islands.md). The build renders each into
 * its HTML (prerender.tsx). The client app never shows one in production, where every link to them is
 * a page load: its route table holds them on the dev server only, which prerenders nothing
 * (routes.tsx), so their code is not among the pages the app's build splits and shares.
 */
import { paths } from '@prr/ui';
import type { ComponentType } from 'react';

type PageLoader = () => Promise<ComponentType>;

/** A function, not a table: a module that only declares it is left out of the app's production build whole. */
export const islandPages = (): Record<string, PageLoader> => ({
  [paths.home]: () => import('@prr/ui/screens/home').then((m) => m.HomePage),
  [paths.about]: () => import('@prr/ui/screens/about').then((m) => m.AboutPage),
  [paths.twoPaths]: () => import('@prr/ui/screens/two-paths').then((m) => m.TwoPathsPage),
  [paths.method]: () => import('@prr/ui/screens/method').then((m) => m.MethodPage),
  [paths.symbols]: () => import('@prr/ui/screens/symbols').then((m) => m.SymbolsPage),
  [paths.music]: () => import('@prr/ui/screens/music').then((m) => m.MusicPage),
  [paths.loveStory]: () => import('@prr/ui/screens/plush-tales').then((m) => m.LoveTalePage),
  [paths.peaceStory]: () => import('@prr/ui/screens/plush-tales').then((m) => m.PeaceTalePage),
  [paths.levels]: () => import('@prr/ui/screens/levels').then((m) => m.LevelsPage),
  [paths.map]: () => import('@prr/ui/screens/map').then((m) => m.MapPage),
  // Built with a placeholder in each figure, which the server fills from the published snapshot; the
  // dev server, which prerenders nothing, reads GET /api/impact (docs/product/insights.md).
  [paths.impact]: () =>
    import('@prr/ui/screens/impact').then((m) =>
      import.meta.env.DEV ? m.ImpactPageFromApi : m.ImpactPageWithPlaceholders,
    ),
});

/**
 * The signed-out page of each 'frame' route (sitePages' `prerender`), by path: a static page with
 * islands too, which the server answers to a browser nobody is signed in on
 * (docs/decisions/033-one-request-dashboard.md). Never a route of the app's.
 */
export const signedOutPages = (): Record<string, PageLoader> => ({
  [paths.dashboard]: () => import('@prr/ui/screens/dashboard').then((m) => m.SignedOutDashboardPage),
});
