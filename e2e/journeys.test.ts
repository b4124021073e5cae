/**
 * Whole journeys of SPEC.md in real Chromium against the production build and the real server,
 * at wide and narrow widths: a visitor joins twice over, becomes a member who reflects and
 * changes settings, and an admin adds a participant and updates the map.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@prr/contract';
import { useSiteAndBrowser, viewports, withPage } from './harness';

const running = useSiteAndBrowser();

async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

describe.each(Object.entries(viewports))('at %s width', (name, viewport) => {
  const email = `e2e-${name}@example.com`;

  it('a visitor joins from the home page form', async () => {
    await withPage(running.browser, viewport, async ({ page, errors }) => {
      await page.goto(running.site.url + '/', { waitUntil: 'networkidle' });
      const form = page.locator('#join');
      await form.getByLabel('Name').fill('Home Visitor');
      await form.getByLabel('Email').fill(`home-${email}`);
      await form.getByLabel('Zip code').fill('43215');
      await form.getByRole('button', { name: /join/i }).click();
      await expectToast(page, 'Welcome to the movement!');
      await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
      expect(errors).toEqual([]);
    });
  });

  it('a visitor joins the experiment, reflects on the dashboard and changes reminders', async () => {
    await withPage(running.browser, viewport, async ({ page, errors }) => {
      await page.goto(running.site.url + '/experiment', { waitUntil: 'networkidle' });
      await page.getByLabel('Your name').fill('Casey Morgan');
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Zip code').fill('05401');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Join the Experiment' }).last().click();
      await expectToast(page, 'Welcome to the Experiment! 🎉');
      await page.getByText(/within the hour/i).first().waitFor();

      // The e-mail is remembered for the browser session, so the dashboard opens directly.
      await page.getByRole('link', { name: /dashboard/i }).last().click();
      await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toMatch(/Casey/);

      await page.getByRole('switch', { name: /paused before reacting/i }).click();
      await page.getByRole('button', { name: 'Save Reflection' }).click();
      await expectToast(page, 'Reflection saved! ✨');

      // Join (+25) and the day's first reflection (+2): 27 points, level Explorer.
      await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
      await page.getByText(/27 points/i).first().waitFor();

      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('switch', { name: /daily email reminders/i }).click();
      await page.getByText('Email Reminders Disabled').waitFor();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expectToast(page, 'Settings updated! ⚙️');

      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByText('Email Reminders Disabled').waitFor();
      expect(errors).toEqual([]);
    });
  });
});

it('an admin adds a participant, updates the map, and logs out', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    await page.goto(running.site.url + '/admin/login', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin$/);
    await expectToast(page, 'Login successful');

    await page.getByLabel('Full Name').fill('Vera Vermont');
    await page.getByLabel('Email').fill('vera@example.com');
    await page.getByLabel('State', { exact: true }).fill('Vermont');
    await page.getByLabel('Zip Code').fill('05401');
    await page.getByRole('button', { name: 'Add Participant' }).click();
    await expectToast(page, 'Participant added');
    await page.getByText('Vera Vermont').first().waitFor();

    await page.getByRole('button', { name: 'Update Map' }).click();
    await expectToast(page, 'State data updated');

    // Recalculated from real members only: the experiment member (05401) and Vera are in Vermont.
    await page.goto(running.site.url + '/map', { waitUntil: 'networkidle' });
    await page.getByRole('img', { name: /^Vermont: 3 peacemakers$/ }).or(page.getByLabel(/^Vermont: 3 peacemakers$/)).first().waitFor({ timeout: 15_000 });

    await page.goto(running.site.url + '/admin', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    const refused = await page.evaluate(async () => (await fetch('/api/admin/stats', { credentials: 'include' })).status);
    expect(refused).toBe(401);
    await page.goto(running.site.url + '/admin', { waitUntil: 'networkidle' });
    await page.waitForURL(/\/admin\/login$/);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

it('the narrow menu opens, lists every page and closes on choice', async () => {
  await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
    await page.goto(running.site.url + '/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /menu/i }).first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('link', { name: 'Movement Map' }).click();
    await page.waitForURL(/\/map$/);
    await expect(panel.isVisible()).resolves.toBe(false);
    await panel.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('heading', { name: 'Join the National Movement' }).waitFor();
    expect(errors).toEqual([]);
  });
});
