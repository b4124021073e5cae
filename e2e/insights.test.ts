/**
 * What the 90 days show (docs/product/insights.md), in real Chromium against the production build
 * and the real server on lowdb (docs/testing.md#browser-journeys). The site starts with 40 members
 * of 30 days each (insightsSeed.ts): Maya signs in by her e-mailed code and finds her 90 days on the
 * Progress tab; the admin opens Insights, narrows it to Wyoming's 6 members and sees only "fewer
 * than 10", publishes the evidence, which /impact then shows, and withdraws it, after which /impact
 * answers 404 again.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api, sitePages } from '@prr/contract';
import { HIDDEN_FIGURE_TEXT } from '@prr/domain';
import { signInAdminOnScreen } from './adminSignIn';
import { MAYA, SEEDED_DAYS, SEEDED_MEMBERS, SMALL_STATE, seedInsights } from './insightsSeed';
import { newestMail, unexpectedErrors, useSiteAndBrowser, viewports, visit, withPage } from './harness';

const running = useSiteAndBrowser((dataFile) => seedInsights(dataFile));

const impactTitle = sitePages.find((page) => page.path === '/impact')?.title ?? '';

/** Signs Maya in as the dashboard's e-mail entry does: her address, then the code from her e-mail. */
async function signInMaya(page: Page): Promise<void> {
  await visit(page, running.site.url + '/dashboard');
  await page.getByLabel('Email address').fill(MAYA.email);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  const mail = await newestMail(running.site, 'signin', MAYA.email);
  const code = /^Your sign-in code: (\d{6})$/.exec(mail.subject)?.[1] ?? '';
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText(`Day ${SEEDED_DAYS} of your 90-day journey`).waitFor({ timeout: 15_000 });
}

it('a member sees her 30 days at a glance', async () => {
  await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
    await signInMaya(page);
    await page.getByRole('tab', { name: 'Progress Tracking' }).click();

    const chart = page.getByRole('img', { name: /^Mood, empathy and self-awareness from 1 to 10, days 1 to 30/ });
    await chart.waitFor({ timeout: 15_000 });
    // The seed's mood climbs from 4 on day 1 to 9 on day 30 (week 1: 30/7, week 5: days 29 and 30): the sentence under the charts says so.
    await page.getByText('Your average mood rose from 4.3 to 8.5').waitFor();

    // The grid: a saved day opens read-only, as the History does.
    const grid = page.getByRole('list', { name: 'Your 90 days, day by day' });
    await grid.getByRole('button', { name: /^Day 12:/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: /^Day 12:/ })
      .waitFor();
    await page.keyboard.press('Escape');

    // The chart as a table, for a screen reader or a keyboard.
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await page.getByRole('table').first().waitFor();
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });
});

it('the admin narrows Insights to a state of 6 and sees only "fewer than 10"; publishes, and /impact shows it; withdraws, and /impact is gone', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    await signInAdminOnScreen(page, running.site.url, running.site.admin);
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor({ timeout: 15_000 });
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByText(String(SEEDED_MEMBERS), { exact: true }).waitFor({ timeout: 15_000 });

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: SMALL_STATE.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe(SMALL_STATE.name);
    await members.getByText(HIDDEN_FIGURE_TEXT).waitFor({ timeout: 15_000 });
    expect(await members.getByText(String(SMALL_STATE.members), { exact: true }).count()).toBe(0);

    // The evidence is the whole movement's, whatever the filter.
    await page.getByRole('button', { name: 'Publish to /impact' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/^Published on /).waitFor({ timeout: 15_000 });

    const impact = await page.context().newPage();
    const published = await impact.goto(running.site.url + '/impact');
    expect(published?.status()).toBe(200);
    expect(await impact.title()).toBe(impactTitle);
    await impact.getByText(String(SEEDED_MEMBERS), { exact: true }).first().waitFor();
    const sitemap = await (await page.request.get(running.site.url + '/sitemap.xml')).text();
    expect(sitemap).toContain('/impact</loc>');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(/^Not published/).waitFor({ timeout: 15_000 });
    const gone = await impact.goto(running.site.url + '/impact');
    expect(gone?.status()).toBe(404);
    expect((await page.request.get(running.site.url + api.impact.path)).status()).toBe(404);
    expect(unexpectedErrors(errors, [])).toEqual([]);
  });
});
