/**
 * The site's pages as search engines, share previews and the server see them
 * (docs/product/screens.md#routes, docs/decisions/018-prerendered-public-pages.md): each route's
 * title and description, whether it is indexed, and what the build writes for it. Defined once for
 * the build (prerendered HTML and its <head>), the browser (the head on navigation) and the server
 * (which file answers a path, robots.txt, sitemap.xml, the 404 status).
 */

import { MEMBER_READ_PATHS } from './memberReadPaths';

/** Where the home page's join form posts when its script has not loaded (docs/decisions/031-islands.md). */
export const JOIN_FORM_PATH = '/join';

/**
 * What the build writes for a route:
 * - 'page': the whole page as every visitor sees it, hydrated in the browser;
 * - 'frame': two pages the server chooses between by the member cookie
 *   (docs/decisions/033-one-request-dashboard.md): the member's frame, the page's first state for a
 *   signed-in member (the dashboard's loading frame, never the e-mail form), and the signed-out page
 *   (`signedOutFile`: the e-mail form), a static page whose one island, the sign-in steps, asks
 *   nothing about who is signed in;
 * - 'shell': the head only; the browser renders the page (the admin dashboard).
 */
export type Prerender = 'page' | 'frame' | 'shell';

/**
 * How the browser brings a page to life (docs/decisions/031-islands.md):
 * - 'islands': the page stays the static HTML the build wrote; only the parts a visitor can touch
 *   hydrate, each on its own root, when the page is idle or when they scroll near. Links to and
 *   from it are normal page loads. The content pages, which are mostly text.
 * - 'app': the whole page hydrates as the client app, with its router: pages that are one
 *   screen of controls and data from the first paint (the dashboard, the experiment's form, the
 *   admin area, Page Not Found).
 */
export type Hydrate = 'islands' | 'app';

/** A page's share preview image (in the app's public folder; 1200 x 630). */
export interface ShareImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface SitePage {
  path: string;
  title: string;
  description: string;
  /** false: `noindex` in the page and left out of sitemap.xml. */
  indexed: boolean;
  prerender: Prerender;
  hydrate: Hydrate;
  /**
   * A 'frame' page's first API read: its member's frame asks it at once, so the frame's HTML
   * preloads it beside the page's scripts (docs/decisions/033-one-request-dashboard.md).
   */
  firstRead?: string;
  /**
   * The page exists only while the organiser has published the evidence it shows
   * (docs/product/insights.md): until then the server answers it with Page Not Found and status 404,
   * and sitemap.xml leaves it out. The build writes it with a placeholder in each of its texts,
   * which the server fills from the published snapshot as it serves the page.
   */
  existsWhilePublished?: true;
  /** Its own share preview image; `shareImage` otherwise. */
  image?: ShareImage;
}

const SITE = 'Pause. Reflect. Retry.';
const titled = (name: string) => `${name} — ${SITE}`;

export const siteName = SITE;

/**
 * The build does not know the address the site will be served at (`PUBLIC_URL` is the server's
 * setting), so the prerendered HTML spells absolute links (canonical, share preview) with this
 * origin and the server puts its PUBLIC_URL in its place as it serves the page.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = 'https://public-url.invalid';

/** The share image of every page's preview but those with an `image` of their own. */
export const shareImage: ShareImage = {
  path: '/assets/share-card.png',
  width: 1200,
  height: 630,
  alt: `${SITE} — There is a Better Way`,
};

export const sitePages = [
  {
    path: '/',
    title: `${SITE} — There is a Better Way`,
    description:
      'A movement of people choosing a better way than vilifying each other: pause, reflect and retry. Join the free 90-day experiment.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/about',
    title: titled('About the Movement'),
    description:
      'Why the Pause. Reflect. Retry. movement began, how it has grown, and the responsibility each of us holds for how we disagree.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/two-paths',
    title: titled('The Two Paths'),
    description:
      'Walk both roads a conflict can take: vilify the other side, or pause, reflect and retry. See where each one leads.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/method',
    title: titled('The Method'),
    description:
      'The three steps of the method, Pause, Reflect and Retry, with practice tips, a story and a practice guide to download.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/symbols',
    title: titled('Symbols & Apparel'),
    description:
      'The olive branch pin, tees, crew necks and totes of the movement, and the meaning behind each symbol.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/music',
    title: titled('Music of the Movement'),
    description: 'Listen to the theme song of Pause. Reflect. Retry., read its lyrics and share it with a friend.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/lovestory',
    title: titled('Hugs, the Love Story'),
    description: 'The story of Hugs, the lion and dove plush: two unlikely friends who chose understanding over fear.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/peacestory',
    title: titled('Peace the Purtle Story'),
    description: 'The story of Peace the Purtle, the panda and turtle plush who learned to pause before reacting.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/levels',
    title: titled('Peacemaker Levels'),
    description:
      'From Prospect to the highest peacemaker level: how members earn points for daily reflections and what each level brings.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/map',
    title: titled('Movement Map'),
    description:
      'See how many peacemakers have joined in every US state, and help our country become more united by joining them.',
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
  },
  {
    path: '/impact',
    title: titled('The Evidence'),
    description:
      "What the movement's 90-day experiment shows: how many members took part, how many kept reflecting, and how mood and empathy changed from week 1 to week 12.",
    indexed: true,
    hydrate: 'islands',
    prerender: 'page',
    existsWhilePublished: true,
    image: {
      path: '/assets/impact-card.png',
      width: 1200,
      height: 630,
      alt: `The Evidence — what the 90-day experiment of ${SITE} shows`,
    },
  },
  {
    path: '/experiment',
    title: titled('Join the 90-Day Experiment'),
    description:
      'Ninety days, one short reflection a day: join the free Pause. Reflect. Retry. experiment and see what changes in your relationships.',
    indexed: true,
    hydrate: 'app',
    prerender: 'page',
  },
  {
    path: '/dashboard',
    title: titled('Your Dashboard'),
    description: 'Your daily reflection, achievements and progress in the Pause. Reflect. Retry. experiment.',
    indexed: false,
    hydrate: 'app',
    prerender: 'frame',
    firstRead: MEMBER_READ_PATHS.dashboard,
  },
  {
    path: '/admin/login',
    title: titled('Admin Login'),
    description: 'Sign in to manage the Pause. Reflect. Retry. movement.',
    indexed: false,
    hydrate: 'app',
    prerender: 'page',
  },
  {
    path: '/admin',
    title: titled('Admin Dashboard'),
    description: 'Manage the Pause. Reflect. Retry. movement.',
    indexed: false,
    hydrate: 'app',
    prerender: 'shell',
  },
  {
    path: '/admin/participants',
    title: titled('Participants'),
    description: 'Find and manage the participants of the Pause. Reflect. Retry. movement.',
    indexed: false,
    hydrate: 'app',
    prerender: 'shell',
  },
  {
    path: '/admin/stories',
    title: titled('Stories'),
    description: "Review the stories members share for the Pause. Reflect. Retry. movement's home page.",
    indexed: false,
    hydrate: 'app',
    prerender: 'shell',
  },
  {
    path: '/admin/activity',
    title: titled('Activity'),
    description: "Every change the admin made in the Pause. Reflect. Retry. movement's admin area, for a year.",
    indexed: false,
    hydrate: 'app',
    prerender: 'shell',
  },
  {
    path: '/admin/insights',
    title: titled('Insights'),
    description: "What the Pause. Reflect. Retry. movement's 90-day experiment shows, for the organiser.",
    indexed: false,
    hydrate: 'app',
    prerender: 'shell',
  },
] as const satisfies readonly SitePage[];

/** Any path that is not a page: answered with status 404 and this page. */
export const notFoundPage: SitePage = {
  path: '/404',
  title: titled('Page Not Found'),
  description: 'This page could not be found. It may have moved, or the link may be mistyped.',
  indexed: false,
  prerender: 'page',
  hydrate: 'app',
};

export type SitePagePath = (typeof sitePages)[number]['path'];

/** The page a path names (a trailing slash is the same page), or undefined for an unknown path. */
export function findSitePage(pathname: string): SitePage | undefined {
  // A loop, not /\/+$/: that expression takes quadratic time on a long run of slashes.
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  const path = pathname.slice(0, end);
  return sitePages.find((page) => page.path === path);
}

/** Where the build writes a page's HTML, relative to the build folder: `about/index.html`. */
export function prerenderedFile(page: SitePage): string {
  if (page === notFoundPage) return '404.html';
  return page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
}

/** Where the build writes a 'frame' page's signed-out variant (`dashboard/signed-out.html`); undefined for other pages. */
export function signedOutFile(page: SitePage): string | undefined {
  return page.prerender === 'frame' ? `${page.path.slice(1)}/signed-out.html` : undefined;
}

/** Whether the page at `path` is static HTML with islands, so a link to it is a normal page load. */
export function isIslandPage(path: string): boolean {
  return findSitePage(path)?.hydrate === 'islands';
}
