/**
 * Every route of docs/product/screens.md#routes in real Chromium, narrow and wide: it renders its heading,
 * logs no console error, and axe finds no serious or critical violation. Unknown paths show the 404.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { islandReady, repoRoot, unexpectedErrors, useSiteAndBrowser, viewports, visit, withPage } from './harness';
import { withPublishedImpact } from './publishedImpact';

const routes: { path: string; heading: RegExp; status?: number }[] = [
  { path: '/', heading: /There is a Better Way/ },
  { path: '/about', heading: /.+/ },
  { path: '/two-paths', heading: /.+/ },
  { path: '/method', heading: /.+/ },
  { path: '/symbols', heading: /.+/ },
  { path: '/music', heading: /Music of the Movement/ },
  { path: '/lovestory', heading: /.+/ },
  { path: '/peacestory', heading: /.+/ },
  { path: '/levels', heading: /.+/ },
  { path: '/map', heading: /Join the National Movement/ },
  // A page while the evidence is published, as it is on this site (publishedImpact.ts).
  { path: '/impact', heading: /The Evidence/ },
  { path: '/dashboard', heading: /Access Your Dashboard/ },
  { path: '/experiment', heading: /.+/ },
  { path: '/admin/login', heading: /.+/ },
  { path: '/no-such-page', heading: /Page Not Found/, status: 404 },
];

const running = useSiteAndBrowser(withPublishedImpact);

it.each(routes)(
  '$path renders without console errors or serious a11y violations, narrow and wide',
  async ({ path, heading, status }) => {
    // A phone first, as most visitors come. The page is loaded once: the same document is then laid
    // out at desktop width and checked again, as the layout is what differs between the two.
    await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
      const response = await page.goto(running.site.url + path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(status ?? 200);
      // The route's own heading, once it is drawn: /dashboard shows its loading screen ('Your
      // Dashboard') until the session check answers, which a busy machine can delay past networkidle.
      const h1 = page.locator('h1');
      await h1.filter({ hasText: heading }).first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await h1.first().innerText()).toMatch(heading);
      expect(await seriousViolations(page), 'narrow').toEqual([]);
      await page.setViewportSize(viewports.wide);
      expect(await seriousViolations(page), 'wide').toEqual([]);
      // Chromium reports the 404 of an unknown path's page itself as a console error: that one is asked for.
      expect(unexpectedErrors(errors, status ? [{ status, path }] : [])).toEqual([]);
    });
  },
);

it('/admin without a session goes to the login screen', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    await page.goto(`${running.site.url}/admin`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/admin\/login$/);
    expect(errors).toEqual([]);
  });
});

it('serves the two-paths diagram as a download', async () => {
  const res = await fetch(`${running.site.url}/download/two-paths-diagram`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/attachment/);
});

it('a client app page whose code can no longer be loaded asks for a reload inside the site frame', async () => {
  await withPage(running.browser, viewports.wide, async ({ page }) => {
    await visit(page, running.site.url + '/admin/login');
    // As after a deploy while the tab was open: every chunk not yet loaded is gone.
    await page.route('**/*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    // /experiment is a page of the client app: its link changes the page in place, loading its chunk.
    await page.locator('footer').getByRole('link', { name: 'Join Us' }).click();
    await expect
      .poll(() => page.locator('h1').first().innerText(), { timeout: 15_000 })
      .toBe('This page needs a reload');
    expect(await page.getByRole('button', { name: 'Reload the page' }).isVisible()).toBe(true);
    expect(await page.locator('footer').count()).toBe(1);
  });
});

it('the map geography and its drawing code load on /map only', async () => {
  // The us-atlas shapes (a file of its own), the map's chunk and the worker that reads the shapes
  // with d3-geo, as the build names them. The build's hash is base64url, so it may itself contain
  // "-": everything after the name is the hash.
  const mapAsset = /^\/static\/(states-10m|UsMap|stateShapes\.worker)-[^/]+\.(json|js)$/;
  // The requests made until the page is idle and `drawn` is on it.
  const requested = async (path: string, drawn = 'h1') => {
    const urls: string[] = [];
    await withPage(running.browser, viewports.wide, async ({ page }) => {
      page.on('request', (request) => urls.push(new URL(request.url()).pathname));
      await visit(page, running.site.url + path);
      // The map is an island hydrated when it scrolls near (docs/decisions/031-islands.md).
      if (path === '/map') await islandReady(page, 'movementMap');
      await page.locator(drawn).first().waitFor();
    });
    return urls.filter((url) => mapAsset.test(url));
  };
  expect(await requested('/')).toEqual([]);
  expect(await requested('/about')).toEqual([]);
  // A drawn state needs the geography: on a busy machine the network can be idle for a moment
  // between the map's chunk and its JSON.
  const onMap = await requested('/map', 'svg path[data-code]');
  expect(onMap.map((url) => url.replace(mapAsset, '/static/$1.$2')).sort()).toEqual([
    '/static/UsMap.js',
    '/static/stateShapes.worker.js',
    '/static/states-10m.json',
  ]);
});

it('the site is a production build: no development JSX, and no path of the machine that built it', () => {
  // vitest runs this setup with NODE_ENV=test; a build that inherited it compiled JSX for development.
  const staticDir = join(repoRoot, 'packages/app/dist/static');
  const scripts = readdirSync(staticDir).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  const root = repoRoot.replace(/\/$/, '');
  const offending = scripts.filter((file) => {
    const code = readFileSync(join(staticDir, file), 'utf8');
    return code.includes('jsxDEV') || code.includes(root);
  });
  expect(offending).toEqual([]);
});

it('the theme song is fetched in byte ranges and can be sought (Safari plays audio only so)', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    const song = page.waitForResponse((response) => response.url().endsWith('.wav'));
    await page.goto(running.site.url + '/music');
    const response = await song;
    expect(response.status()).toBe(206);
    expect(response.headers()['content-range']).toMatch(/^bytes 0-\d+\/\d+$/);
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const position = await page.evaluate(async () => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = 12;
      await new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
      return audio.currentTime;
    });
    expect(position).toBe(12);
    expect(errors).toEqual([]);
  });
});
