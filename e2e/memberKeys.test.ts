/**
 * A member's account is theirs alone (docs/decisions/025-e-mail-key-flow.md), in real Chromium
 * against the production build and the real server. Every browser below is a fresh Playwright
 * context, so it has its own cookies, as another device would:
 * 1. the pre-hijack: a stranger joins with Grace's address and keeps the browser; Grace signs in
 *    by code and writes a reflection; the stranger's browser then sees only the e-mail entry;
 * 2. the welcome e-mail's link shows "Open my dashboard" and uses nothing until it is pressed; the
 *    key leaves the address bar at once, and a second use of the link is told it expired;
 * 3. a browser signed in as Ada that follows Grace's link is asked first; staying uses nothing,
 *    continuing switches;
 * 4. "Sign out everywhere" ends Grace's other browser's session and the links already e-mailed.
 * The journeys build on each other, in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@prr/contract';
import { seriousViolations } from './axe';
import {
  type ApiAnswer,
  dashboardLinkIn,
  expectEmailEntry,
  joinTheExperiment,
  newestMail,
  openPage,
  privateAnswers,
  type OutboxMail,
  readOutbox,
  recordApiAnswers,
  screenshotPages,
  unexpectedErrors,
  toSignedOutEntry,
  useSiteAndBrowser,
  viewports,
  visit,
  type WatchedPage,
} from './harness';

const running = useSiteAndBrowser();

const grace = { name: 'Grace Hopper', email: 'grace.keys@example.com' };
const ada = { name: 'Ada Lovelace', email: 'ada.keys@example.com' };
const note = 'I paused before answering the stranger at my door.';

/** A watched page and the /api/ answers it received. */
interface Browsing extends WatchedPage {
  answers: ApiAnswer[];
}

async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** The dashboard of a member on day 1, signed in. */
async function expectDashboardOf(page: Page, member: { name: string; email: string }): Promise<void> {
  await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
  expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(
    `Welcome, ${member.name.split(' ')[0]}!`,
  );
  expect(await page.getByRole('region', { name: 'Your account' }).innerText()).toContain(member.email);
}

/** The newest outbox file now, so that a later read takes only what was sent after it. */
async function outboxMark(): Promise<string> {
  return (await readOutbox(running.site)).at(-1)?.file ?? '';
}

describe('e-mail keys and sessions', () => {
  const viewport = viewports.wide;
  const browsers: Record<string, Browsing> = {};

  const open = async (role: string): Promise<Browsing> => {
    const watched = await openPage(running.browser, viewport);
    const opened = { ...watched, answers: recordApiAnswers(watched.page) };
    browsers[role] = opened;
    return opened;
  };
  /** A browser an earlier journey opened; without it that journey failed, which says more. */
  const opened = (role: string): Browsing => {
    const found = browsers[role];
    if (!found) throw new Error(`the '${role}' browser of an earlier journey is missing: see that journey's failure`);
    return found;
  };

  /** Joins the experiment on the browser's page as the member; the browser is then signed in as them. */
  async function join(page: Page, member: { name: string; email: string }): Promise<void> {
    await visit(page, running.site.url + '/experiment');
    await joinTheExperiment(page, member);
  }

  /** Asks for a sign-in e-mail on a browser's e-mail entry; answers that e-mail. */
  async function askForSignIn(page: Page, email: string): Promise<OutboxMail> {
    await page.goto(running.site.url + '/dashboard');
    await expectEmailEntry(page);
    const mark = await outboxMark();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 15_000 });
    return newestMail(running.site, 'signin', email, { newerThan: mark });
  }

  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const shots = await screenshotPages(
        `memberKeys-${task.name.slice(0, 40)}`,
        Object.fromEntries(Object.entries(browsers).map(([role, b]) => [role, b.page])),
      );
      console.error(`screenshots of the failed journey:\n${shots.join('\n')}`);
    });
  });

  afterAll(async () => {
    await Promise.all(Object.values(browsers).map((b) => b.context.close()));
  });

  it("1. the pre-hijack: once Grace proves her address, the stranger's browser reads nothing of hers", async () => {
    const stranger = await open('stranger');
    await join(stranger.page, grace);
    await stranger.page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expectDashboardOf(stranger.page, grace);

    const own = await open('grace');
    const mail = await askForSignIn(own.page, grace.email);
    const code = /^Your sign-in code: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code, `subject: ${mail.subject}`).toBeDefined();
    await own.page.getByLabel('Sign-in code').fill(code!);
    await own.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectDashboardOf(own.page, grace);
    await own.page.getByRole('tab', { name: "Today's Reflection" }).click();
    await own.page.getByRole('switch', { name: /paused before reacting/i }).click();
    await own.page.getByLabel("Your response to today's prompt").fill(note);
    await own.page.getByRole('button', { name: 'Save Reflection' }).click();
    await expectToast(own.page, 'Reflection saved! ✨');
    expect(own.errors).toEqual([]);

    const before = stranger.answers.length;
    await toSignedOutEntry(stranger.page, () => stranger.page.reload());
    expect(await stranger.page.content()).not.toContain(note);
    expect(privateAnswers(stranger.answers.slice(before))).toEqual([]);
    expect(stranger.errors).toEqual([]);
  });

  it("2. the welcome e-mail's link asks before it opens the dashboard, leaves the address at once, and works once", async () => {
    const joined = await open('ada');
    await join(joined.page, ada);
    const link = dashboardLinkIn(await newestMail(running.site, 'welcome', ada.email));

    const phone = await open('adaPhone');
    await phone.page.goto(running.site.url + link);
    const heading = phone.page.getByRole('heading', { level: 1, name: 'Hello, Ada' });
    await heading.waitFor({ timeout: 15_000 });
    // The key is out of the address bar; opening the link used nothing.
    expect(phone.page.url()).toBe(running.site.url + '/dashboard');
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(phone.answers).toContainEqual({ method: 'POST', path: '/api/sign-in/link/check', status: 200 });
    expect(phone.answers.filter((a) => a.path === '/api/sign-in/link')).toEqual([]);
    expect(await seriousViolations(phone.page)).toEqual([]);

    await phone.page.getByRole('button', { name: 'Open my dashboard' }).click();
    await expectDashboardOf(phone.page, ada);
    expect(phone.answers).toContainEqual({ method: 'POST', path: '/api/sign-in/link', status: 200 });
    expect(phone.errors).toEqual([]);

    const again = await open('adaAgain');
    await again.page.goto(running.site.url + link);
    await again.page.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.linkExpired }).waitFor({ timeout: 15_000 });
    await expectEmailEntry(again.page);
    expect(again.page.url()).toBe(running.site.url + '/dashboard');
    expect(privateAnswers(again.answers)).toEqual([]);
    expect(unexpectedErrors(again.errors, [{ status: 400, path: '/api/sign-in/link/check' }])).toEqual([]);
  });

  it("3. signed in as Ada, Grace's link asks first: staying uses nothing, continuing switches", async () => {
    const asking = await open('graceAsks');
    const link = dashboardLinkIn(await askForSignIn(asking.page, grace.email));

    const { page, errors, answers } = opened('adaPhone');
    const prompt = page.getByRole('heading', { level: 1, name: 'You are signed in as Ada. Continue as Grace?' });
    await page.goto(running.site.url + link);
    await prompt.waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(running.site.url + '/dashboard');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stay as Ada' }).click();
    await expectDashboardOf(page, ada);

    // Nothing was used: the same link asks again, and this time the browser switches.
    const used = answers.filter((a) => a.path === '/api/sign-in/link').length;
    await page.goto(running.site.url + link);
    await prompt.waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue as Grace' }).click();
    await expectDashboardOf(page, grace);
    expect(await page.content()).not.toContain(ada.email);
    expect(answers.filter((a) => a.path === '/api/sign-in/link')).toHaveLength(used + 1);
    expect(errors).toEqual([]);
  });

  it('4. "Sign out everywhere" ends the other browser\'s session and every link already e-mailed', async () => {
    // A link e-mailed before, not used yet.
    const asking = opened('graceAsks');
    const link = dashboardLinkIn(await askForSignIn(asking.page, grace.email));

    const { page, errors } = opened('grace');
    await page.reload();
    await expectDashboardOf(page, grace);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await expectEmailEntry(page);
    await expectToast(page, 'Signed out everywhere');
    expect(errors).toEqual([]);

    // The browser the link switched to Grace is signed out too.
    const other = opened('adaPhone');
    await toSignedOutEntry(other.page, () => other.page.reload());
    expect(await other.page.content()).not.toContain(note);

    // And the link e-mailed before opens nothing.
    const late = await open('lateLink');
    await late.page.goto(running.site.url + link);
    await late.page.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.linkExpired }).waitFor({ timeout: 15_000 });
    expect(unexpectedErrors(late.errors, [{ status: 400, path: '/api/sign-in/link/check' }])).toEqual([]);
  });
});
