/**
 * The member's promises journey in real Chromium against the production build and the real server, on
 * PostgreSQL (`e2e-postgres`; docs/testing.md#browser-journeys): every promise /levels and the dashboard make, kept.
 * A member joins from a Los Angeles browser, a friend joins through her invite link and confirms
 * his address with his welcome e-mail's button (+10 to her then, not at the join), she
 * reflects and finds the entry after a reload (+2), shares a story the admin approves (+15, on /),
 * which takes her from Explorer to Agent: the dashboard celebrates it once and the outbox holds
 * one level-up e-mail. Then she downloads her data and deletes her account.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { INVITE_PARAM, type MemberExport } from '@prr/contract';
import { signInAdminOnScreen } from './adminSignIn';
import { seriousViolations } from './axe';
import {
  dashboardLinkIn,
  islandReady,
  joinTheExperiment,
  newestMail,
  readOutbox,
  revisit,
  useSiteAndBrowser,
  viewports,
  visit,
  withPage,
} from './harness';

const running = useSiteAndBrowser();

const ada = { name: 'Ada Lovell', email: 'ada-promises@example.com', zip: '90012' };
const ben = { name: 'Ben Okafor', email: 'ben-promises@example.com', zip: '10001' };
const reflection = 'I asked my sister what she meant before answering.';
// Plain text everywhere: what looks like markup is shown as typed, never run.
const story = 'I paused before answering my brother <b>twice</b>, and we talked instead of shouting.';

async function expectToast(page: Page, title: string | RegExp): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

async function pointsOf(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
  return page.getByLabel('Your peacemaker level').innerText();
}

it('a member invites a friend, reflects, shares a story the admin approves, levels up, downloads her data and deletes her account', async () => {
  await withPage(
    running.browser,
    viewports.wide,
    async ({ page, errors }) => {
      await visit(page, running.site.url + '/experiment');
      await joinTheExperiment(page, ada);
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });

      // The browser's time zone came with the join: Settings shows it, reminders on or off.
      await page.getByRole('tab', { name: 'Settings' }).click();
      await expect.poll(() => page.getByRole('tabpanel').innerText()).toMatch(/Pacific Time \(Los Angeles\)/);

      // Her invite link, as the card shows it.
      const inviteField = page.getByLabel('Your invite link');
      await expect
        .poll(() => inviteField.inputValue(), { timeout: 15_000 })
        .toMatch(new RegExp(`[?&]${INVITE_PARAM}=`));
      const inviteLink = new URL(await inviteField.inputValue());
      expect(await page.getByText('0 friends joined').count()).toBe(1);

      // A friend opens it in another browser and joins: nothing for Ada until he proves his address.
      await withPage(running.browser, viewports.narrow, async (friend) => {
        await visit(friend.page, running.site.url + inviteLink.pathname + inviteLink.search);
        await joinTheExperiment(friend.page, ben);
        await revisit(page);
        await page.getByText('1 friend joined').waitFor({ timeout: 15_000 });
        await expect.poll(() => pointsOf(page)).toMatch(/Explorer[\s\S]*25 points/);

        // His welcome e-mail's button, in the browser he joined with, confirms the address: +10 to Ada, once.
        const confirm = dashboardLinkIn(await newestMail(running.site, 'welcome', ben.email));
        await visit(friend.page, running.site.url + confirm);
        await friend.page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
        expect(friend.errors).toEqual([]);
      });
      await revisit(page);
      await expect.poll(() => pointsOf(page)).toMatch(/Explorer[\s\S]*35 points/);

      // Today's reflection: saved, and there again after a reload, with the time it was saved (+2).
      await page.getByRole('tab', { name: "Today's Reflection" }).click();
      const words = page.getByLabel("Your response to today's prompt");
      await words.fill(reflection);
      await page.getByRole('button', { name: 'Save Reflection' }).click();
      await expectToast(page, 'Reflection saved! ✨');
      await revisit(page);
      await expect.poll(() => words.inputValue(), { timeout: 15_000 }).toBe(reflection);
      await page
        .getByText(/^Saved today at \d{1,2}:\d{2}\s?[AP]M$/)
        .first()
        .waitFor();
      await expect.poll(() => pointsOf(page)).toMatch(/Explorer[\s\S]*37 points/);

      // Her story, sent for review.
      await page.getByRole('button', { name: 'Share your story' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Your story').fill(story);
      await dialog.getByLabel('Your location').fill('Los Angeles, CA');
      await dialog.getByLabel('5 stars').check();
      await dialog.getByRole('button', { name: 'Send my story' }).click();
      await dialog
        .getByText(/waiting for review/i)
        .first()
        .waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(errors).toEqual([]);
    },
    { timezoneId: 'America/Los_Angeles' },
  );

  // A new browser: Ada signs in; once her story is approved she has 52 points, Agent. The dashboard
  // celebrates it once, and one e-mail says so, right after the approval.
  await withPage(
    running.browser,
    viewports.narrow,
    async ({ page, errors }) => {
      await page.goto(running.site.url + '/dashboard', { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Email address').fill(ada.email);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      const codeMail = await newestMail(running.site, 'signin', ada.email);
      const code = /^Your sign-in code: (\d{6})$/.exec(codeMail.subject)?.[1];
      expect(code, codeMail.subject).toBeDefined();
      await page.getByLabel('Sign-in code').fill(code!);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });

      // Signed in with the code, her address is confirmed. The admin approves her story: +15, and it
      // is on the home page, as text.
      await withPage(running.browser, viewports.wide, async (admin) => {
        await signInAdminOnScreen(admin.page, running.site.url, running.site.admin);
        await admin.page.getByRole('link', { name: /^Stories/ }).click();
        await admin.page.waitForURL(/\/admin\/stories/);
        await admin.page.getByText(story).waitFor({ timeout: 15_000 });
        expect(await seriousViolations(admin.page)).toEqual([]);
        await admin.page.getByRole('button', { name: `Approve ${ada.name}'s story` }).click();
        await expect.poll(() => admin.page.getByText(story).count(), { timeout: 15_000 }).toBe(0);

        await visit(admin.page, running.site.url + '/');
        await islandReady(admin.page, 'reviews');
        await admin.page.getByText(story).first().waitFor({ timeout: 15_000 });
        expect(await admin.page.getByText('Ada L.').count()).toBeGreaterThan(0);
        expect(await admin.page.locator('b', { hasText: 'twice' }).count()).toBe(0);
        expect(admin.errors).toEqual([]);
      });

      await revisit(page);

      await expectToast(page, 'You are now an Agent');
      await page.getByRole('region', { name: 'Congratulations, Ada!' }).waitFor();
      await expect.poll(() => pointsOf(page)).toMatch(/Agent[\s\S]*52 points/);
      await expect
        .poll(
          async () =>
            (await readOutbox(running.site)).filter(
              (m) => m.to.includes(ada.email) && m.subject.includes('You are now an Agent'),
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      // Once: a reload does not celebrate again.
      await revisit(page);
      await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('region', { name: 'Congratulations, Ada!' }).count()).toBe(0);

      // Download my data: one JSON file of everything stored about her.
      await page.getByRole('tab', { name: 'Settings' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('pause-reflect-retry-my-data.json');
      const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as MemberExport;
      expect(data.profile).toMatchObject({ email: ada.email, points: 52, peacemakerLevel: 'Agent', friendsJoined: 1 });
      expect(data.emailSettings.timezone).toBe('America/Los_Angeles');
      expect(data.reflections.map((r) => r.promptResponse)).toEqual([reflection]);
      expect(data.stories).toEqual([expect.objectContaining({ content: story, status: 'approved' })]);

      // Delete my account: confirmed, gone, signed out; the address is nobody's now.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('button', { name: 'Yes, delete my account' }).click();
      await expectToast(page, 'Account deleted');
      await page.getByRole('heading', { name: 'Access Your Dashboard' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Email address').fill(ada.email);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await page.getByRole('heading', { name: 'Member Not Found' }).waitFor({ timeout: 15_000 });
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    },
    { timezoneId: 'America/Los_Angeles' },
  );

  // Her story left the home page with her.
  await withPage(running.browser, viewports.wide, async ({ page }) => {
    await visit(page, running.site.url + '/');
    await islandReady(page, 'reviews');
    // The reviews have loaded (their carousel is drawn), and hers is not among them.
    await page.getByRole('group', { name: 'Reviews', exact: true }).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.getByText('Ada L.').count()).toBe(0);
    expect(await page.getByText(story).count()).toBe(0);
  });
}, 120_000);
