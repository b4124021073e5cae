/**
 * The islands of the static pages (docs/decisions/031-islands.md) in real Chromium against the
 * production build: each hydrates where it stands and does what docs/product/screens.md says, and a
 * link between static pages is a normal page load. Timings run on Playwright's clock, so the 3 s,
 * 6 s and 8 s carousels and the hero's 3.5 / 4 / 5 s reveals are checked to the millisecond without
 * waiting.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import {
  islandReady,
  unexpectedErrors,
  useSiteAndBrowser,
  viewports,
  visit,
  withPage,
  type PageOptions,
} from './harness';

const running = useSiteAndBrowser();

/** A visitor who has not asked for reduced motion: carousels turn and the hero's lines wait their turn. */
const moving: PageOptions = { reducedMotion: 'no-preference' };

const slideShown = (page: Page, carousel: string) =>
  page.getByRole('group', { name: carousel, exact: true }).locator('[aria-roledescription="slide"]:visible').first();

describe('the navigation bar', () => {
  it('opens a group by pointer and by keyboard, and its links load the next page marked as current', async () => {
    await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
      await visit(page, running.site.url + '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Learn' }).click();
      await page.getByRole('menuitem', { name: 'About' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      // By keyboard alone: focus the group, open it with Enter, walk down, follow the link.
      await nav.getByRole('button', { name: 'Community' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Peacemaker Levels' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Movement Map');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/map$/);
      // A normal page load: the static page of /map, opened at its top, its group marked current.
      expect(await page.evaluate(() => [window.scrollY, document.querySelector('[data-island]') !== null])).toEqual([
        0,
        true,
      ]);
      await page.getByRole('heading', { level: 1, name: 'Join the National Movement' }).waitFor();
      await expect.poll(() => nav.getByRole('button', { name: 'Community' }).getAttribute('aria-current')).toBe('true');
      expect(errors).toEqual([]);
    });
  });

  it('sends a sign-in asked for with Enter before its island hydrated, and never puts the address in the URL', async () => {
    await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
      // The sign-in steps' code is held back until Enter has been pressed.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/static\/SignedOutDashboard-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(running.site.url + '/dashboard', { waitUntil: 'domcontentloaded' });
      // Nobody has joined with this address: the answer is the sign-in's own 404, which proves it was sent.
      await page.getByLabel('Email address').fill('early-enter@example.com');
      await page.getByLabel('Email address').press('Enter');
      release();
      await page.getByRole('heading', { name: 'Member Not Found' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(unexpectedErrors(errors, [{ status: 404, path: api.requestSignIn.path }])).toEqual([]);
    });
  });

  it("keeps a tap on the phone's menu button made before its island hydrated, and turns translucent past 50 px", async () => {
    await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
      // The navigation bar's code is held back until the menu button has been pressed.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/static\/Navbar-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(running.site.url + '/about', { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      release();
      const panel = page.getByRole('dialog', { name: 'Menu' });
      await panel.waitFor();
      expect(await panel.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Open menu');

      const header = page.locator('header').first();
      expect(await header.getAttribute('data-scrolled')).toBe('false');
      await page.mouse.wheel(0, 400);
      await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
      // Past 300 px the floating Join button comes (an island too).
      await page.getByRole('link', { name: 'Join Experiment' }).last().waitFor();
      expect(errors).toEqual([]);
    });
  });
});

describe('timed islands of the home page, on a mocked clock', () => {
  it("reveals the hero's lines at 3.5 s and 4 s after the first paint and its buttons at 5 s, with no script of its own", async () => {
    await withPage(
      running.browser,
      viewports.narrow,
      async ({ page, errors }) => {
        await visit(page, running.site.url + '/');
        // The reveal is a CSS animation (motion/Reveal.tsx): hidden before its delay, shown after it.
        const at = (text: string, ms: number) =>
          page
            .locator('section[aria-labelledby="hero-title"]')
            .getByText(text, { exact: true })
            .evaluate((element, ms) => {
              const reveal = element.closest<HTMLElement>('[style*="animation-delay"]');
              const animation = reveal?.getAnimations()[0];
              if (!reveal || !animation) return 'no reveal animation';
              animation.pause();
              animation.currentTime = ms;
              const { visibility, opacity } = getComputedStyle(reveal);
              return `${visibility} ${opacity}`;
            }, ms);
        for (const [text, delay] of [
          ['You care about people.', 3_500],
          ['And you want to preserve your relationships, even when you disagree.', 4_000],
          ['Join the Experiment', 5_000],
          ['Watch Our Story', 5_000],
        ] as const) {
          expect(await at(text, delay - 1), `${text} before ${delay} ms`).toBe('hidden 0');
          expect(await at(text, delay + 600), `${text} once revealed`).toBe('visible 1');
        }
        expect(errors).toEqual([]);
      },
      moving,
    );
  });

  it.each([
    ['eventCarousel', 'FUNFest 2025 images', 3_000],
    ['quotes', 'Quotes on peace', 6_000],
    ['reviews', 'Reviews', 8_000],
  ] as const)('%s (%s) turns after %d ms, and its Pause control stops it', async (island, carousel, intervalMs) => {
    await withPage(
      running.browser,
      viewports.narrow,
      async ({ page, errors }) => {
        await page.clock.install({ time: new Date('2026-11-28T09:00:00Z') });
        await page.goto(running.site.url + '/', { waitUntil: 'domcontentloaded' });
        await islandReady(page, island);
        await slideShown(page, carousel).waitFor();
        // Stop the clock, then start the carousel afresh with Pause and Play: its next turn is then
        // due exactly one interval from now. Pointer and focus leave it, which would hold it still.
        await page.clock.pauseAt(new Date('2026-11-28T10:00:00Z'));
        await page.getByRole('button', { name: `Pause ${carousel}` }).click();
        await page.getByRole('button', { name: `Play ${carousel}` }).click();
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

        const first = await slideShown(page, carousel).getAttribute('aria-label');
        await page.clock.runFor(intervalMs - 100);
        expect(await slideShown(page, carousel).getAttribute('aria-label')).toBe(first);
        await page.clock.runFor(100);
        await expect.poll(() => slideShown(page, carousel).getAttribute('aria-label')).not.toBe(first);

        await page.getByRole('button', { name: `Pause ${carousel}` }).click();
        const paused = await slideShown(page, carousel).getAttribute('aria-label');
        await page.clock.runFor(intervalMs * 2);
        expect(await slideShown(page, carousel).getAttribute('aria-label')).toBe(paused);
        expect(errors).toEqual([]);
      },
      moving,
    );
  });
});

describe('islands of the other static pages', () => {
  it("/two-paths' explorer loads nothing until the visitor reaches for it, and keeps the press that brought it", async () => {
    await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
      const explorerCode: string[] = [];
      page.on('request', (request) => {
        if (/\/static\/TwoPathsPage-[^/]+\.js$/.test(request.url())) explorerCode.push(request.url());
      });
      await visit(page, running.site.url + '/two-paths');
      expect(explorerCode).toEqual([]);
      // The pointer comes over the button and presses it at once: the press lands before React holds it.
      await page.getByRole('button', { name: 'Walk the Alternative Path' }).click();
      await page.getByText(/^Stage 1 of \d+$/).waitFor();
      expect(explorerCode).toHaveLength(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('The Alternative Path');
      expect(errors).toEqual([]);
    });
  });

  it("/symbols' Share copies the message and says so for 2 s where there is no share sheet", async () => {
    await withPage(
      running.browser,
      viewports.wide,
      async ({ page, errors }) => {
        await page.clock.install();
        await visit(page, running.site.url + '/symbols');
        await islandReady(page, 'shareButton');
        await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
        await page.getByRole('button', { name: /share/i }).first().click();
        await page.getByText('Link copied to clipboard!').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/symbols$/);
        await page.clock.runFor(2_000);
        await page.getByText('Link copied to clipboard!').waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
      },
      { permissions: ['clipboard-read', 'clipboard-write'] },
    );
  });

  it("/music's player plays, pauses, mutes and opens the lyrics", async () => {
    await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
      await visit(page, running.site.url + '/music');
      await islandReady(page, 'themeSongPlayer');
      const player = page.getByRole('group', { name: /^Audio player: / });
      await player.getByRole('button', { name: 'Play' }).click();
      await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
      await player.getByRole('button', { name: 'Pause' }).click();
      await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(true);
      await player.getByRole('button', { name: 'Mute' }).click();
      expect(await player.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
      await player.getByRole('button', { name: 'Lyrics' }).click();
      await page.getByRole('dialog').getByText('Verse 1').waitFor();
      expect(errors).toEqual([]);
    });
  });

  it("/map's hover card follows the pointer over a state and leaves with it", async () => {
    await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
      await visit(page, running.site.url + '/map');
      await islandReady(page, 'movementMap');
      const texas = page.locator('svg path[data-code="TX"]').first();
      await texas.waitFor();
      const box = await texas.boundingBox();
      if (!box) throw new Error('Texas is not drawn');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const card = page.getByText('Peacemakers', { exact: true }).locator('..');
      await card.waitFor();
      expect(await card.innerText()).toMatch(/Texas/);
      await page.mouse.move(0, 0);
      await card.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });
});
