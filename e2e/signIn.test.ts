/**
 * Member sign-in (docs/decisions/005-member-sign-in.md, README "Signing in (no password)") in real
 * Chromium against the production build and the real server, on a phone-sized page. Every
 * browser below is a fresh Playwright context, so it has its own cookies, as another device would:
 * 1. the browser that joins is signed in: the welcome screen's link opens the dashboard, where the
 *    member saves a reflection;
 * 2. another browser sees only the e-mail entry and nothing of the member's; the address gets a
 *    6-digit code, a wrong one is refused under the field, the right one opens the dashboard;
 * 3. an e-mail's `?key=` link signs a third browser in and leaves the address bar;
 * 4. 'Sign out' ends that browser's session on the server, and only that one;
 * 5. a sign-in e-mail's `?signin=` link works once; 'Not you? Use a different e-mail' then signs
 *    out the browser it signed in.
 * The journeys build on each other, in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_SESSION_COOKIE, SIGN_IN_MESSAGES } from '@prr/contract';
import { seriousViolations } from './axe';
import {
  type ApiAnswer,
  dashboardLinkIn,
  expectEmailEntry,
  joinTheExperiment,
  newestMail,
  openPage,
  privateAnswers,
  readOutbox,
  recordApiAnswers,
  revisit,
  screenshotPages,
  unexpectedErrors,
  toSignedOutEntry,
  useSiteAndBrowser,
  viewports,
  visit,
  type WatchedPage,
} from './harness';

const running = useSiteAndBrowser();

// The site runs in production, where the member cookie carries the `__Host-` prefix.
const MEMBER_COOKIE = `__Host-${MEMBER_SESSION_COOKIE}`;

/** A watched page and the /api/ answers it received. */
interface Browsing extends WatchedPage {
  answers: ApiAnswer[];
}

async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByText(title).first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** The dashboard of `name`, signed in: the greeting, and the account bar with its two ways out. */
async function expectDashboardOf(page: Page, name: string, email: string): Promise<void> {
  await page.getByText('Day 1 of your 90-day journey').waitFor({ timeout: 15_000 });
  expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(`Welcome, ${name.split(' ')[0]}!`);
  const account = page.getByRole('region', { name: 'Your account' });
  expect(await account.innerText()).toMatch(
    new RegExp(`Signed in as\\s+${name}\\s+\\(${email.replace(/[.]/g, '\\.')}\\)`),
  );
  await account.getByRole('button', { name: 'Not you? Use a different e-mail' }).waitFor();
  await account.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
}

/** What GET /api/me answers a request carrying only this session cookie, from outside any browser. */
async function meStatusWithCookie(value: string): Promise<number> {
  const response = await fetch(`${running.site.url}/api/me`, { headers: { cookie: `${MEMBER_COOKIE}=${value}` } });
  await response.body?.cancel();
  return response.status;
}

/** The newest outbox file now, so that a later read takes only what was sent after it. */
async function outboxMark(): Promise<string> {
  return (await readOutbox(running.site)).at(-1)?.file ?? '';
}

// One width, a phone's: sign-in is not about the layout, which e2e/routes.test.ts checks at both.
describe('on a phone', () => {
  const width = 'narrow';
  const viewport = viewports.narrow;
  const name = 'Rowan Ellis';
  const email = `signin-${width}@example.com`;
  const note = `I stopped before answering my brother (${width}).`;
  /** The browsers of this width's journeys, by role; each is its own context. */
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

  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const label = `signIn-${width}-${task.name.slice(0, 40)}`;
      const shots = await screenshotPages(
        label,
        Object.fromEntries(Object.entries(browsers).map(([role, b]) => [role, b.page])),
      );
      console.error(`screenshots of the failed journey:\n${shots.join('\n')}`);
    });
  });

  afterAll(async () => {
    await Promise.all(Object.values(browsers).map((b) => b.context.close()));
  });

  it('1. the browser that joins is signed in: the welcome link opens the dashboard, and a reflection is saved', async () => {
    const { page, errors, answers } = await open('joined');
    await visit(page, running.site.url + '/experiment');
    await joinTheExperiment(page, { name, email });

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expectDashboardOf(page, name, email);
    // Straight in: the session cookie from the join answered GET /api/me/dashboard, and no sign-in was asked for.
    expect(answers).toContainEqual({ method: 'GET', path: '/api/me/dashboard', status: 200 });
    expect(answers.filter((a) => a.path.startsWith('/api/sign-in'))).toEqual([]);
    const cookie = (await page.context().cookies()).find((c) => c.name === MEMBER_COOKIE);
    expect(cookie?.httpOnly).toBe(true);

    await page.getByRole('tab', { name: "Today's Reflection" }).click();
    await page.getByRole('switch', { name: /paused before reacting/i }).click();
    await page.getByLabel("Your response to today's prompt").fill(note);
    await page.getByRole('button', { name: 'Save Reflection' }).click();
    await expectToast(page, 'Reflection saved! ✨');
    // Joining gave 25 points and the day's first reflection 2.
    await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => page.getByLabel('Your peacemaker level').innerText()).toMatch(/27 points/);
    expect(errors).toEqual([]);
  });

  it('2. another browser sees only the e-mail entry, and signs in with the code e-mailed to the address', async () => {
    const { page, errors, answers } = await open('other');
    await toSignedOutEntry(page, () => page.goto(running.site.url + '/dashboard'));
    // Nothing of the member's reached this browser: not on the page, not in any answer.
    const html = await page.content();
    expect(html).not.toContain(name);
    expect(html).not.toContain(note);
    expect(html).not.toContain(email);
    expect(privateAnswers(answers)).toEqual([]);
    // The server answered the signed-out page: the browser asked no member read at all.
    expect(answers.filter((answer) => answer.method === 'GET')).toEqual([]);

    const mark = await outboxMark();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('main').innerText()).toContain(email);

    const mail = await newestMail(running.site, 'signin', email, { newerThan: mark });
    const code = /^Your sign-in code: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code, `subject: ${mail.subject}`).toBeDefined();
    expect(mail.body).toContain(code);

    // A wrong code (one off the real one, so never right by chance): the server's words, under the field.
    const field = page.getByLabel('Sign-in code');
    await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText(SIGN_IN_MESSAGES.wrongCode).waitFor({ timeout: 15_000 });
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const description = await field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain(SIGN_IN_MESSAGES.wrongCode);
    expect(await seriousViolations(page)).toEqual([]);
    expect(privateAnswers(answers)).toEqual([]);

    await field.fill(code!);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectDashboardOf(page, name, email);
    expect(page.url()).toBe(running.site.url + '/dashboard');

    // The reflection saved in the first browser, where this dashboard shows it.
    const overview = page.getByRole('region', { name: `Welcome, ${name.split(' ')[0]}!` });
    await expect.poll(() => overview.innerText()).toMatch(/1\s*Times Paused/);
    await page.getByRole('tab', { name: 'Progress Tracking' }).click();
    const days = page.getByRole('list', { name: /Your last \d+ days/ });
    await expect.poll(() => days.innerText(), { timeout: 15_000 }).toMatch(/Day 1[\s\S]*Paused\s*: yes/);
    await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => page.getByLabel('Your peacemaker level').innerText()).toMatch(/27 points/);
    expect(unexpectedErrors(errors, [{ status: 400, path: '/api/sign-in/code' }])).toEqual([]);

    // The code was the address's first proof: the browser that joined is signed out, so whoever
    // typed this address on the join form keeps nothing (docs/decisions/025-e-mail-key-flow.md).
    const joined = opened('joined');
    await toSignedOutEntry(joined.page, () => joined.page.reload());
    expect(await joined.page.content()).not.toContain(note);
  });

  it("3. an e-mail's #key= link signs a third browser in at the press of 'Open my dashboard', and the key leaves the address", async () => {
    // The daily reflection's "Record today's reflection" (the welcome's button: e2e/memberKeys.test.ts).
    const link = dashboardLinkIn(await newestMail(running.site, 'reflection', email));
    const { page, errors, answers } = await open('fromEmail');
    await visit(page, running.site.url + link);
    await page.getByRole('button', { name: 'Open my dashboard' }).click();
    await expectDashboardOf(page, name, email);
    expect(page.url()).toBe(running.site.url + '/dashboard');
    expect(answers).toContainEqual({ method: 'POST', path: '/api/sign-in/link', status: 200 });
    await page.getByRole('tab', { name: 'Peacemaker Levels' }).click();
    await expect.poll(() => page.getByLabel('Your peacemaker level').innerText()).toMatch(/27 points/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("4. 'Sign out' ends that browser's session on the server, and only that one", async () => {
    const { page, errors, context, answers } = opened('other');
    // Journey 2 typed a wrong code on purpose.
    const provoked = [{ status: 400, path: '/api/sign-in/code' }];
    const session = (await context.cookies()).find((c) => c.name === MEMBER_COOKIE)?.value;
    expect(session).toBeDefined();
    expect(await meStatusWithCookie(session!)).toBe(200);

    await page
      .getByRole('region', { name: 'Your account' })
      .getByRole('button', { name: 'Sign out', exact: true })
      .click();
    await expectEmailEntry(page);
    await page.getByText('You have signed out. See you next time.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Gone from the browser, and dead on the server: the old cookie opens nothing any more.
    expect((await context.cookies()).filter((c) => c.name === MEMBER_COOKIE)).toEqual([]);
    expect(await meStatusWithCookie(session!)).toBe(401);

    const before = answers.length;
    await toSignedOutEntry(page, () => page.reload());
    expect(await page.content()).not.toContain(note);
    expect(privateAnswers(answers.slice(before))).toEqual([]);
    expect(unexpectedErrors(errors, provoked)).toEqual([]);

    // The browser the e-mail link signed in is still signed in.
    const still = opened('fromEmail');
    await revisit(still.page);
    await expectDashboardOf(still.page, name, email);
    expect(still.errors).toEqual([]);
  });

  it("5. a sign-in link works once: a second browser is told it has expired or was used; 'Not you?' signs the first out", async () => {
    // Asked for on the e-mail entry of yet another browser, as a member who would rather tap the link.
    const asking = await open('asking');
    await toSignedOutEntry(asking.page, () => asking.page.goto(running.site.url + '/dashboard'));
    const mark = await outboxMark();
    await asking.page.getByLabel('Email address').fill(email);
    await asking.page.getByLabel('Email address').press('Enter');
    await asking.page.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 15_000 });
    const link = dashboardLinkIn(await newestMail(running.site, 'signin', email, { newerThan: mark }));
    expect(asking.errors).toEqual([]);

    const first = await open('linkOnce');
    await visit(first.page, running.site.url + link);
    await first.page.getByRole('button', { name: 'Open my dashboard' }).click();
    await expectDashboardOf(first.page, name, email);
    expect(first.page.url()).toBe(running.site.url + '/dashboard');
    expect(first.errors).toEqual([]);

    const again = await open('linkAgain');
    // The key is refused when the page asks whose it is; the page drops it, and nobody is signed in.
    await toSignedOutEntry(again.page, () => again.page.goto(running.site.url + link));
    await again.page.getByRole('alert').filter({ hasText: SIGN_IN_MESSAGES.linkExpired }).waitFor({ timeout: 15_000 });
    expect(again.page.url()).toBe(running.site.url + '/dashboard');
    expect(again.answers).toContainEqual({ method: 'POST', path: '/api/sign-in/link/check', status: 400 });
    expect(privateAnswers(again.answers)).toEqual([]);
    expect(await again.page.content()).not.toContain(name);
    expect(await seriousViolations(again.page)).toEqual([]);
    expect(unexpectedErrors(again.errors, [{ status: 400, path: '/api/sign-in/link/check' }])).toEqual([]);

    // On the browser the link signed in, someone else steps up: 'Not you?' ends the session too,
    // and leaves the field empty and ready for their address.
    await first.page.getByRole('button', { name: 'Not you? Use a different e-mail' }).click();
    await expectEmailEntry(first.page);
    const field = first.page.getByLabel('Email address');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    expect((await first.context.cookies()).filter((c) => c.name === MEMBER_COOKIE)).toEqual([]);
    await toSignedOutEntry(first.page, () => first.page.reload());
    expect(first.errors).toEqual([]);
  });
});
