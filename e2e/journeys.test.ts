/**
 * Whole journeys of docs/product/screens.md in real Chromium against the production build and the real server:
 * a visitor joins from the home page at wide and narrow widths, another joins the experiment on a
 * phone and becomes a member who reflects and changes settings, and an admin adds a participant
 * and updates the map.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAdminOnScreen } from './adminSignIn';
import { seriousViolations } from './axe';
import {
  islandReady,
  joinTheExperiment,
  readOutbox,
  revisit,
  useSiteAndBrowser,
  viewports,
  visit,
  withPage,
} from './harness';

const running = useSiteAndBrowser();

/** The kinds of the outbox's .eml files addressed to `email` (the real process's mail, docs/product/rules.md#e-mail). */
async function mailKindsTo(email: string): Promise<string[]> {
  const mails = await readOutbox(running.site);
  return mails
    .filter((mail) => mail.to.includes(email))
    .map((mail) => mail.kind)
    .sort();
}

async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

describe.each(Object.entries(viewports))('at %s width', (name, viewport) => {
  const email = `e2e-${name}@example.com`;

  it('a visitor joins from the home page form', async () => {
    await withPage(running.browser, viewport, async ({ page, errors }) => {
      await visit(page, running.site.url + '/');
      await islandReady(page, 'joinForm');
      const form = page.locator('#join');
      await form.getByLabel('Name').fill('Home Visitor');
      await form.getByLabel('Email').fill(`home-${email}`);
      await form.getByLabel('Zip code').fill('43215');
      await form.getByRole('button', { name: /join/i }).click();
      await expectToast(page, 'Welcome to the movement!');
      await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
      expect(errors).toEqual([]);
    });
    // The promise of docs/product/rules.md#e-mail: a welcome, and the first daily reflection within the hour.
    await expect.poll(() => mailKindsTo(`home-${email}`), { timeout: 15_000 }).toEqual(['reflection', 'welcome']);
  });
});

// On a phone, as most members come: the dashboard's layout at both widths is the stories' to picture.
it('a visitor joins the experiment, reflects on the dashboard and changes reminders', async () => {
  const email = 'e2e-member@example.com';
  await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
    await visit(page, running.site.url + '/experiment');
    await joinTheExperiment(page, { name: 'Casey Morgan', email });
    await page
      .getByText(/within the hour/i)
      .first()
      .waitFor();

    // The browser that joins is signed in (docs/decisions/005), so the dashboard opens directly.
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toMatch(/Casey/);

    // Joining gave 25 points: Explorer (10), with the 25 points to Agent (50) still to go.
    const level = page.getByLabel('Your peacemaker level');
    await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => level.innerText()).toMatch(/Explorer[\s\S]*25 points[\s\S]*25 points to go/);

    await page.getByRole('tab', { name: "Today's Reflection" }).click();
    await page.getByRole('switch', { name: /paused before reacting/i }).click();
    const words = page.getByLabel("Your response to today's prompt");
    await words.fill('I let my neighbour finish before answering.');
    // Nothing typed is lost to a reload (or a crashed tab the browser restores).
    await revisit(page);
    await expect
      .poll(() => words.inputValue(), { timeout: 15_000 })
      .toBe('I let my neighbour finish before answering.');
    expect(await page.getByRole('switch', { name: /paused before reacting/i }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Save Reflection' }).click();
    await expectToast(page, 'Reflection saved! ✨');
    // The form keeps today's saved entry and says when it was saved (docs/decisions/024-member-promises.md).
    await page
      .getByText(/^Saved today at \d{1,2}:\d{2}\s?[AP]M$/)
      .first()
      .waitFor();
    expect(await words.inputValue()).toBe('I let my neighbour finish before answering.');

    // The day's first reflection adds 2: 27 points, 23 to go.
    await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => level.innerText()).toMatch(/Explorer[\s\S]*27 points[\s\S]*23 points to go/);

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: /daily email reminders/i }).click();
    await page.getByText('Email Reminders Disabled').waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated! ⚙️');

    await revisit(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByText('Email Reminders Disabled').waitFor();
    expect(errors).toEqual([]);

    // A new tab of the same browser shares its session: the dashboard opens without asking who it is
    // (other browsers sign in with an e-mailed code: e2e/signIn.test.ts).
    const tab = await page.context().newPage();
    await visit(tab, running.site.url + '/dashboard');
    await tab.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
    expect(await tab.getByRole('region', { name: 'Your account' }).innerText()).toMatch(/Signed in as\s+Casey Morgan/);
    await tab.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => tab.getByLabel('Your peacemaker level').innerText()).toMatch(/27 points/);
    expect(await seriousViolations(tab)).toEqual([]);
  });
});

it('an admin adds a participant in another state, updates the map, and logs out', async () => {
  await withPage(running.browser, viewports.wide, async ({ page, errors }) => {
    await signInAdminOnScreen(page, running.site.url, running.site.admin);
    await expectToast(page, 'Login successful');

    // The members who joined above live in Ohio (43215) and Vermont (05401).
    await page.getByLabel('Full Name').fill('Olive Oregon');
    await page.getByLabel('Email').fill('olive@example.com');
    await page.getByLabel('State', { exact: true }).fill('Oregon');
    await page.getByLabel('Zip Code').fill('97201');
    await page.getByRole('button', { name: 'Add Participant' }).click();
    await expectToast(page, 'Participant added');
    await page.getByText('Olive Oregon').first().waitFor();

    await page.getByRole('button', { name: 'Update Map' }).click();
    await page.getByRole('dialog', { name: 'Update the map?' }).getByRole('button', { name: 'Update Map' }).click();
    await expectToast(page, 'State data updated');
    expect(await seriousViolations(page)).toEqual([]);

    // Recalculated from the active members alone: what the map and its cards must now show.
    const members = await page.evaluate(
      async () =>
        (await (await fetch('/api/admin/members?pageSize=100')).json()) as {
          items: { state: string; isActive: boolean }[];
          total: number;
        },
    );
    expect(members.items).toHaveLength(members.total);
    const active = members.items.filter((m) => m.isActive);
    const states = new Set(active.map((m) => m.state));
    const stat = (title: string) => page.getByRole('region', { name: title }).innerText();
    await expect.poll(() => stat('Sample Data')).toMatch(new RegExp(`^${active.length}$`, 'm'));

    await visit(page, running.site.url + '/map');
    await page
      .getByLabel(/^Oregon: 1 peacemaker$/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('region', { name: 'Progress' }).innerText()).toMatch(
      new RegExp(`^${active.length}\\s*Total Participants`, 'm'),
    );
    expect(await page.getByRole('region', { name: 'Coverage' }).innerText()).toMatch(
      new RegExp(`^${states.size}\\s*of 50 states`, 'm'),
    );
    expect(await page.getByRole('region', { name: 'Top States' }).innerText()).toMatch(/Oregon\s*1/);

    await visit(page, running.site.url + '/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/admin\/login$/);
    const refused = await page.evaluate(
      async () => (await fetch('/api/admin/stats', { credentials: 'include' })).status,
    );
    expect(refused).toBe(401);
    await visit(page, running.site.url + '/admin');
    await page.waitForURL(/\/admin\/login$/);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

it('the narrow menu opens, lists every page and closes on choice', async () => {
  await withPage(running.browser, viewports.narrow, async ({ page, errors }) => {
    await visit(page, running.site.url + '/');
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
