/**
 * The prerendered pages (docs/decisions/018-prerendered-public-pages.md) as the production server
 * sends them: read without running a script, each page holds its heading, its own title,
 * description, canonical link and share preview, and no inline script (the CSP would refuse it);
 * then, in Chromium, the browser hydrates that HTML instead of drawing the page again.
 */
import { notFoundPage, sitePages, type SitePage } from '@prr/contract';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { useSiteAndBrowser, viewports, withPage } from './harness';

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
  '/experiment': 'Join the 90-Day Experiment',
  '/admin/login': 'Admin Login',
  // What every visitor sees first, signed in or not: never the e-mail form.
  '/dashboard': 'Your Dashboard',
};

const running = useSiteAndBrowser();

/** The address a page is asked for at: the 404 page at any unknown path. */
const UNKNOWN_PATH = '/no-such-page';
const askedAt = (page: SitePage) => (page === notFoundPage ? UNKNOWN_PATH : page.path);
const prerendered = [...sitePages.filter((page) => page.prerender !== 'shell'), notFoundPage];

async function htmlOf(path: string): Promise<{ status: number; document: Document }> {
  const response = await fetch(running.site.url + path);
  // JSDOM runs no script unless told to: this is the page as a crawler or a slow phone first has it.
  return { status: response.status, document: new JSDOM(await response.text()).window.document };
}

const attribute = (document: Document, selector: string, name: string) =>
  document.querySelector(selector)?.getAttribute(name);

describe('the HTML of each page, read without running scripts', () => {
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

  it('the admin dashboard is a shell: its head, no page in it', async () => {
    const { status, document } = await htmlOf('/admin');
    expect(status).toBe(200);
    expect(document.title).toBe(sitePages.find((page) => page.path === '/admin')?.title);
    expect(attribute(document, 'meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.getElementById('root')?.children).toHaveLength(0);
  });
});

/**
 * The site's frame and the page's own top element (inside the page's Suspense boundary): a failed
 * hydration would replace them. Deeper elements may change after hydration on purpose (reduced
 * motion, data arriving).
 */
const FRAME = '#root > header, #root > main, #root > main > :first-child, #root > footer';

describe('in Chromium', () => {
  it.each(prerendered.map(askedAt))('%s is hydrated, not drawn again', async (path) => {
    await withPage(running.browser, viewports.narrow, async ({ page }) => {
      // Hold the site's script until the prerendered page is marked, then see that the marked
      // elements are still the ones on screen once the script has run.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/static\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(running.site.url + path, { waitUntil: 'commit' });
      await page.locator('#root main').waitFor({ state: 'attached' });
      await page.evaluate((FRAME) => {
        for (const element of document.querySelectorAll(FRAME)) {
          (element as HTMLElement & { prerendered?: boolean }).prerendered = true;
        }
      }, FRAME);
      release();
      // Until React has taken over each element of the frame (its own key on a node), the page
      // itself included, which hydrates when its route's chunk has run: on a busy machine that
      // can come after the network is idle.
      await page.waitForFunction(
        (FRAME) =>
          [...document.querySelectorAll(FRAME)].every((element) =>
            Object.keys(element).some((key) => key.startsWith('__reactFiber')),
          ),
        FRAME,
      );
      const elements = await page.evaluate(
        (FRAME) =>
          [...document.querySelectorAll(FRAME)].map((element) => ({
            kept: (element as HTMLElement & { prerendered?: boolean }).prerendered === true,
            // React's own key on a node it has taken over: the page was hydrated, not only left alone.
            hydrated: Object.keys(element).some((key) => key.startsWith('__reactFiber')),
          })),
        FRAME,
      );
      expect(elements).toEqual(Array(4).fill({ kept: true, hydrated: true }));
    });
  });
});
