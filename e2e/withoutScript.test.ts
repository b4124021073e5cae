/**
 * The static pages with JavaScript turned off (docs/decisions/031-islands.md), as a visitor on a
 * browser without it, or on a slow phone before the islands arrive, has them: each page's content
 * and links are there, every page of the site is reachable from its navigation, and the home
 * page's join form posts and answers with its own page.
 */
import { sitePages } from '@prr/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSiteAndBrowser, viewports, withPage, type PageOptions } from './harness';

const running = useSiteAndBrowser();

const noScript: PageOptions = { javaScriptEnabled: false };
/** /impact is a page only while the evidence is published, which it is not on this site. */
const pages = sitePages.filter((page) => !('existsWhilePublished' in page));
const islandPages = pages.filter((page) => page.hydrate === 'islands').map((page) => page.path);
/** Every page the navigation names: the whole site but the admin's inner pages and the shells. */
const navigable = pages.filter((page) => page.prerender !== 'shell').map((page) => page.path);

/** The addresses already found to answer 200. */
const checked = new Set<string>();

/** The site's own addresses the page links to, without their #fragment. */
const ownLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((link) => new URL(link.href))
      .filter((url) => url.origin === window.location.origin)
      .map((url) => url.pathname + url.search),
  );

describe('every static page with no script', () => {
  it.each(islandPages)('%s shows its content, and every link and every page of the site is there', async (path) => {
    await withPage(
      running.browser,
      viewports.narrow,
      async ({ page, errors }) => {
        const response = await page.goto(running.site.url + path);
        expect(response?.status()).toBe(200);
        expect(await page.locator('h1').first().innerText()).toMatch(/\S/);
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(200);

        const links = new Set(await ownLinks(page));
        // The phone's menu and the bar's groups list their pages in the HTML (a native popover).
        for (const target of navigable) expect([...links], target).toContain(target);
        // Each address once for the whole file: most pages link to the same ones.
        for (const link of [...links].filter((link) => !checked.has(link))) {
          const answer = await fetch(running.site.url + link, { redirect: 'manual' });
          await answer.body?.cancel();
          expect(answer.status, link).toBe(200);
          checked.add(link);
        }
        expect(errors).toEqual([]);
      },
      noScript,
    );
  });

  it("the phone's menu opens its list of pages with no script, and a link there loads the page", async () => {
    await withPage(
      running.browser,
      viewports.narrow,
      async ({ page }) => {
        await page.goto(running.site.url + '/about');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Menu' });
        await menu.getByRole('link', { name: 'Movement Map' }).click();
        await page.waitForURL(/\/map$/);
        expect(await page.locator('h1').first().innerText()).toBe('Join the National Movement');
      },
      noScript,
    );
  });

  it('the home join form posts and answers with its own page: the welcome, or the field to fix', async () => {
    await withPage(
      running.browser,
      viewports.narrow,
      async ({ page }) => {
        await page.goto(running.site.url + '/');
        const form = page.locator('#join form');
        await form.getByLabel('Name').fill('Nora Script');
        await form.getByLabel('Email').fill('nora-no-script');
        await form.getByLabel('Zip code').fill('98101');
        await form.getByRole('button', { name: 'Join the Movement' }).click();
        await page.waitForURL(/\/join$/);
        expect(await page.locator('body').innerText()).toMatch(/Email: Invalid email address/);
        // The form comes back with what was typed; the address corrected, it joins.
        expect(await page.getByLabel('Name').inputValue()).toBe('Nora Script');
        await page.getByLabel('Email').fill('nora-no-script@example.org');
        await page.getByRole('button', { name: /join/i }).click();
        await page.getByRole('heading', { level: 1, name: 'Welcome to the movement!' }).waitFor();
        expect(await page.locator('body').innerText()).toMatch(
          /Thank you for joining us in fighting polarization and division\./,
        );
      },
      noScript,
    );
  });
});
