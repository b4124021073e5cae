/**
 * The prerendered pages (docs/decisions/018-prerendered-public-pages.md) as the production server
 * sends them: read without running a script, each page holds its heading, its own title,
 * description, canonical link and share preview, and no inline script (the CSP would refuse it);
 * then, in Chromium, the browser hydrates that HTML instead of drawing the page again. The site has
 * published the evidence, so /impact is one of its pages (docs/product/insights.md).
 */
import { readFileSync } from 'node:fs';
import { notFoundPage, signedOutFile, sitePages, type Hydrate, type SitePage } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT, IMPACT_PLACEHOLDERS, impactTexts } from '@prr/domain';
import { JSDOM } from 'jsdom';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reachIsland, repoRoot, useSiteAndBrowser, viewports, withPage } from './harness';
import { PUBLISHED_IMPACT, withPublishedImpact } from './publishedImpact';

/** The heading each page's HTML holds before any script runs. */
const headings: Record<string, string> = {
  '/': 'There is a Better Way',
  '/about': 'Our Why',
  '/two-paths': 'The Two Paths',
  '/method': 'Pause. Reflect. Retry.',
  '/symbols': 'Symbols & Apparel',
  '/music': 'Music of the Movement',
  '/lovestory': 'Hugs the Love Story',
  '/peacestory': 'Peace the Purtle Story',
  '/levels': 'Peacemaker Levels',
  '/map': 'Join the National Movement',
  '/impact': 'The Evidence',
  '/experiment': 'Join the 90-Day Experiment',
  '/admin/login': 'Admin Login',
  // A browser without a member session gets the e-mail form (docs/decisions/033-one-request-dashboard.md).
  '/dashboard': 'Access Your Dashboard',
};

const running = useSiteAndBrowser(withPublishedImpact);

/** The address a page is asked for at: the 404 page at any unknown path. */
const UNKNOWN_PATH = '/no-such-page';
const askedAt = (page: SitePage) => (page === notFoundPage ? UNKNOWN_PATH : page.path);
const prerendered = [...sitePages.filter((page) => page.prerender !== 'shell'), notFoundPage];

async function htmlOf(path: string, cookie?: string): Promise<{ status: number; document: Document }> {
  const response = await fetch(running.site.url + path, { headers: cookie ? { cookie } : {} });
  // JSDOM runs no script unless told to: this is the page as a crawler or a slow phone first has it.
  return { status: response.status, document: new JSDOM(await response.text()).window.document };
}

const attribute = (document: Document, selector: string, name: string) =>
  document.querySelector(selector)?.getAttribute(name);

describe('the HTML of each page, read without running scripts', () => {
  it("/dashboard with a member's session holds the member's frame, never the e-mail form, with the dashboard's code and read preloaded", async () => {
    const joined = await fetch(running.site.url + '/api/movement/join', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Frame Member', email: `frame.${Date.now()}@example.org`, zipCode: '94110' }),
    });
    const cookie = /^([^;]+)/.exec(joined.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/prr_member=/);
    const { status, document } = await htmlOf('/dashboard', cookie);
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Your Dashboard');
    expect(document.body.textContent).toContain('Loading your dashboard...');
    expect(document.querySelector('#root')?.getAttribute('data-variant')).toBeNull();
    const preloaded = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloaded.some((href) => /^\/static\/dashboard-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
    // And the first screen's one read, with the cookie the app's fetch sends (its own fetch takes the answer).
    const read = document.querySelector('link[rel="preload"][as="fetch"]');
    expect(read?.getAttribute('href')).toBe('/api/me/dashboard');
    expect(read?.getAttribute('crossorigin')).toBe('use-credentials');
  });

  it.each(prerendered.map((page) => [askedAt(page), page] as const))(
    '%s holds its heading, head and frame',
    async (path, page) => {
      const { status, document } = await htmlOf(path);
      expect(status).toBe(page === notFoundPage ? 404 : 200);
      expect(document.title).toBe(page.title);
      expect(document.querySelector('h1')?.textContent).toBe(headings[page.path] ?? 'Page Not Found');
      // The frame: navigation and footer are there too.
      expect(document.querySelector('header nav')).not.toBeNull();
      expect(document.querySelector('footer')).not.toBeNull();
      // The critical CSS arrives with the HTML.
      expect(document.querySelector('style[data-styled]')?.textContent).toMatch(/\S/);
      expect(attribute(document, 'meta[name="description"]', 'content')).toBe(page.description);
      expect(attribute(document, 'meta[property="og:title"]', 'content')).toBe(page.title);
      expect(attribute(document, 'meta[name="twitter:card"]', 'content')).toBe('summary_large_image');
      expect(attribute(document, 'meta[property="og:image"]', 'content')).toMatch(/^https?:\/\/[^/]+\/assets\//);
      expect(attribute(document, 'meta[name="robots"]', 'content')).toBe(page.indexed ? undefined : 'noindex');
      if (page !== notFoundPage) {
        expect(attribute(document, 'link[rel="canonical"]', 'href')).toMatch(
          new RegExp(`^https?://[^/]+${page.path === '/' ? '/' : page.path}$`),
        );
      }
      // Only the site's own module scripts: an inline one would be refused by script-src 'self'.
      const scripts = [...document.querySelectorAll('script')];
      expect(scripts.filter((script) => !script.src && script.type !== 'application/json')).toEqual([]);
    },
  );

  it("/impact holds the published snapshot's texts where the build wrote placeholders, its own share card, and no island of its own", async () => {
    const built = readFileSync(`${repoRoot}packages/app/dist/impact/index.html`, 'utf8');
    for (const placeholder of Object.values(IMPACT_PLACEHOLDERS)) expect(built).toContain(placeholder);

    const { status, document } = await htmlOf('/impact');
    expect(status).toBe(200);
    const main = document.querySelector('main')?.textContent ?? '';
    for (const text of Object.values(impactTexts(PUBLISHED_IMPACT))) expect(main).toContain(text);
    expect(main).toContain(HIDDEN_FIGURE_TEXT);
    expect(document.documentElement.outerHTML).not.toContain('[[impact:');
    expect(attribute(document, 'meta[property="og:image"]', 'content')).toMatch(/\/assets\/impact-card\.png$/);
    expect(attribute(document, 'meta[name="twitter:image"]', 'content')).toMatch(/\/assets\/impact-card\.png$/);
    expect(document.querySelectorAll('main [data-island]')).toHaveLength(0);
  });

  it('the admin dashboard is a shell: its head, no page in it', async () => {
    const { status, document } = await htmlOf('/admin');
    expect(status).toBe(200);
    expect(document.title).toBe(sitePages.find((page) => page.path === '/admin')?.title);
    expect(attribute(document, 'meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.getElementById('root')?.children).toHaveLength(0);
  });
});

/**
 * The client app's frame and the page's own top element (inside the page's Suspense boundary): a
 * failed hydration would replace them. Deeper elements may change after hydration on purpose
 * (reduced motion, data arriving).
 */
const FRAME = '#root > header, #root > main, #root > main > :first-child, #root > footer';

/** Whether React holds the element: its own key on a node it has taken over. */
const REACT_KEY = '__reactFiber';

type Marked = HTMLElement & { prerendered?: boolean };

/**
 * Holds the page's script (the client app's or the islands') until `mark` has marked the
 * prerendered elements, so the test can see afterwards whether they are still the ones on screen.
 */
async function openHolding(page: Page, path: string, script: RegExp, mark: () => Promise<void>): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(running.site.url + path, { waitUntil: 'commit' });
  await page.locator('#root main').waitFor({ state: 'attached' });
  await mark();
  release();
}

/**
 * How a browser without a member session has each page: /dashboard's is its signed-out page, a
 * static page with the sign-in island (docs/decisions/033-one-request-dashboard.md).
 */
const servedAs = (page: SitePage): Hydrate => (signedOutFile(page) ? 'islands' : page.hydrate);
const appPages = prerendered.filter((page) => servedAs(page) === 'app');
const islandPages = prerendered.filter((page) => servedAs(page) === 'islands');

describe('in Chromium', () => {
  it.each(appPages.map(askedAt))('%s is hydrated as the client app, not drawn again', async (path) => {
    await withPage(running.browser, viewports.narrow, async ({ page }) => {
      await openHolding(page, path, /\/static\/index-[^/]+\.js$/, () =>
        page.evaluate((FRAME) => {
          for (const element of document.querySelectorAll<Marked>(FRAME)) element.prerendered = true;
        }, FRAME),
      );
      // Until React has taken over each element of the frame, the page itself included, which
      // hydrates when its route's chunk has run: on a busy machine that can come after the network
      // is idle.
      await page.waitForFunction(
        ({ FRAME, REACT_KEY }) =>
          [...document.querySelectorAll(FRAME)].every((element) =>
            Object.keys(element).some((key) => key.startsWith(REACT_KEY)),
          ),
        { FRAME, REACT_KEY },
      );
      const elements = await page.evaluate(
        ({ FRAME, REACT_KEY }) =>
          [...document.querySelectorAll<Marked>(FRAME)].map((element) => ({
            kept: element.prerendered === true,
            hydrated: Object.keys(element).some((key) => key.startsWith(REACT_KEY)),
          })),
        { FRAME, REACT_KEY },
      );
      expect(elements).toEqual(Array(4).fill({ kept: true, hydrated: true }));
    });
  });

  it.each(islandPages.map(askedAt))(
    '%s hydrates each island where it stands and leaves the rest of the page alone',
    async (path) => {
      await withPage(
        running.browser,
        viewports.narrow,
        async ({ page, errors }) => {
          // The API's answers wait until the islands are checked, so what moves is what the islands'
          // arrival moved, not the data they then show (whose loading states keep their size).
          const answers: Array<() => Promise<void>> = [];
          await page.route('**/api/**', (route) => {
            answers.push(() => route.continue());
          });
          // Each island's own elements, and the page's static top element and footer.
          const mark = () =>
            page.evaluate(() => {
              const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
              for (const element of islands.flatMap((island) => [...island.children]))
                (element as Marked).prerendered = true;
              for (const element of document.querySelectorAll<Marked>('#root > main > :first-child, #root > footer'))
                element.prerendered = true;
            });
          await openHolding(page, path, /\/static\/islands-[^/]+\.js$/, mark);
          // Each island hydrates when a visitor would need it: reach for each in turn.
          const islands = page.locator('[data-island]');
          for (let index = 0; index < (await islands.count()); index += 1) {
            await reachIsland(islands.nth(index));
            await page
              .locator('[data-island]')
              .nth(index)
              .and(page.locator('[data-hydrated]'))
              .waitFor({ state: 'attached' });
          }
          const seen = await page.evaluate((REACT_KEY) => {
            const held = (element: Element) => Object.keys(element).some((key) => key.startsWith(REACT_KEY));
            const kept = (element: Element) => (element as Marked).prerendered === true;
            // Not the resource hints React writes ahead of an island's markup (<link rel="preload">).
            const islandElements = [...document.querySelectorAll('[data-island]')].flatMap((island) =>
              [...island.children].filter((element) => kept(element) && element.tagName !== 'LINK'),
            );
            return {
              islands: islandElements.length > 0 && islandElements.every((element) => held(element)),
              staticKept: [...document.querySelectorAll('#root > main > :first-child, #root > footer')].map(kept),
              staticHeld: [...document.querySelectorAll('#root > main > :first-child, #root > footer')].some(held),
            };
          }, REACT_KEY);
          expect(seen).toEqual({ islands: true, staticKept: [true, true], staticHeld: false });
          // A hydration that found other markup than the build's is reported (React's #418 and kin).
          expect(errors).toEqual([]);
          // Nothing moves as the islands arrive (Chromium's layout shifts, as Lighthouse adds them up).
          const shifts = await page.evaluate(() => {
            const observer = new PerformanceObserver(() => {});
            observer.observe({ type: 'layout-shift', buffered: true });
            return observer
              .takeRecords()
              .map((entry) => entry as PerformanceEntry & { value: number; hadRecentInput: boolean })
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => entry.value);
          });
          // Lighthouse's budget for the whole page (CLS < 0.02, docs/decisions/031-islands.md); in every
          // run so far the islands moved nothing at all, but for one shift of 0.006 once, under load.
          expect(
            shifts.reduce((sum, shift) => sum + shift, 0),
            JSON.stringify(shifts),
          ).toBeLessThan(0.02);
          await Promise.all(answers.map((answer) => answer()));
        },
        // Motion allowed: a carousel's Pause control is drawn as the build drew it (under reduced
        // motion it goes when the island hydrates, docs/decisions/031-islands.md).
        { reducedMotion: 'no-preference' },
      );
    },
  );
});
