/**
 * The member's daily minute on a phone (docs/decisions/033-one-request-dashboard.md), in real
 * Chromium against the production build and the real server: the daily reflection e-mail's link,
 * "Open my dashboard", today's prompt on the first screen after one data request and at most ten
 * scripts, a reflection written and saved, and the first screen saying so. And the signed-out /dashboard: the e-mail
 * form as the server sent it, with no request and nothing logged.
 */
import { promptForDay } from '@prr/domain';
import { describe, expect, it } from 'vitest';
import { dashboardLinkIn, newestMail, recordApiAnswers, useSiteAndBrowser, withPage } from './harness';

const running = useSiteAndBrowser();

/** The phone the issue measured: 390×844. */
const PHONE = { width: 390, height: 844 };
/** On that phone, today's prompt starts within the first 900 px of the page. */
const PROMPT_WITHIN_PX = 900;
/** The signed-in first load's script requests (docs/decisions/033-one-request-dashboard.md). */
const SCRIPTS_AT_MOST = 10;

describe("the member's daily minute", () => {
  it('from the e-mail link to a saved reflection: one data request, the prompt on the first screen', async () => {
    const email = `daily.${Date.now()}@example.org`;
    const joined = await fetch(running.site.url + '/api/movement/join', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dana Reyes', email, zipCode: '05401' }),
    });
    expect(joined.status).toBe(200);
    const link = dashboardLinkIn(await newestMail(running.site, 'reflection', email));

    await withPage(running.browser, PHONE, async ({ page, errors }) => {
      const answers = recordApiAnswers(page);
      await page.goto(running.site.url + link);
      await page.getByRole('button', { name: 'Open my dashboard' }).click();
      await page.getByRole('button', { name: 'Save Reflection' }).waitFor({ timeout: 15_000 });

      // The link signed this browser in; then one request brought the whole first screen.
      const reads = answers.filter((answer) => answer.method === 'GET');
      expect(reads).toEqual([{ method: 'GET', path: '/api/me/dashboard', status: 200 }]);
      const prompt = page.getByRole('region', { name: promptForDay(1)?.title });
      const box = await prompt.boundingBox();
      expect(box?.y).toBeLessThanOrEqual(PROMPT_WITHIN_PX);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The member's page (loaded again once the link signed the browser in) came in a few scripts.
      const scripts = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
            .length,
      );
      expect(scripts).toBeLessThanOrEqual(SCRIPTS_AT_MOST);

      await page.getByLabel("Your response to today's prompt").fill('I asked a question before I answered.');
      await page.getByRole('button', { name: 'Save Reflection' }).click();
      await page.getByText(/^Saved today at \d{1,2}:\d{2} (AM|PM)$/).waitFor();
      await page.getByRole('button', { name: 'Your progress' }).waitFor();
      // The save, and the first screen's one answer asked again: nothing else.
      expect(answers.filter((answer) => answer.method === 'GET')).toEqual([
        { method: 'GET', path: '/api/me/dashboard', status: 200 },
        { method: 'GET', path: '/api/me/dashboard', status: 200 },
      ]);
      expect(errors).toEqual([]);
    });
  });

  it('keeps an address typed into the signed-out page before its script arrived', async () => {
    await withPage(running.browser, PHONE, async ({ page, errors }) => {
      // The page's scripts (its islands') are held until the address is typed into its HTML form.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/static\/[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Not 'domcontentloaded': that waits for the module script, which is held.
      await page.goto(running.site.url + '/dashboard', { waitUntil: 'commit' });
      await page.getByLabel('Email address').fill('early@example.org');
      release();
      const button = page.getByRole('button', { name: 'Access Dashboard' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      expect(await page.getByLabel('Email address').inputValue()).toBe('early@example.org');
      expect(errors).toEqual([]);
    });
  });

  it('a browser without a member session gets the e-mail form as HTML: no request, nothing logged', async () => {
    await withPage(running.browser, PHONE, async ({ page, errors }) => {
      const logged: string[] = [];
      page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
      const answers = recordApiAnswers(page);
      await page.goto(running.site.url + '/dashboard', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Access Your Dashboard' }).waitFor();
      // React holds the form: it answers a blank entry with its toast, not a page load.
      await page.getByLabel('Email address').fill(' ');
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await page.getByText('Email required').first().waitFor();
      expect(answers).toEqual([]);
      expect(logged).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
