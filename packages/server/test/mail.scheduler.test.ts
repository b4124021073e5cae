/**
 * The promised e-mails end to end: the real app and store, the scheduler on a fake clock, and a
 * real SMTP server (smtp-server on 127.0.0.1). Welcome and first reflection on joining; the
 * daily reflection at 09:00 on each member's own clock (New York, Tokyo, Sydney, across both
 * daylight-saving changes); no duplicates after a restart; retry with back-off; unsubscribe by
 * the link in the message; nothing when reminders are off or the 90 days are over.
 *
 * Daily reminders wait until the member has confirmed the address by signing in through it (a
 * sign-in code, or an e-mail's link): the tests of the daily reflection confirm first, the way a
 * member does, with the welcome e-mail's 'Confirm and open my dashboard' link.
 */
import { createMetrics } from '../src/operations/metrics.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptForDay } from '@prr/domain';
import { FakeClock } from '../src/clock.js';
import { MAX_ATTEMPTS } from '../src/scheduler/emailDelivery.js';
import type { Mailer } from '../src/mail/mailer.js';
import { escapeMarkup } from '../src/markup.js';
import { keyOfLink } from './helpers.js';
import {
  dashboardLinkOf,
  listUnsubscribeUrl,
  localOf,
  smtpMailer,
  mailHarnessesPerTest,
  startMailHarness,
  startSmtp,
  type MailHarness,
  type ReceivedMail,
  type TestSmtp,
} from './mail.helpers.js';

let smtp: TestSmtp;
const dirs: string[] = [];

beforeEach(async () => {
  smtp = await startSmtp();
});
afterEach(async () => {
  await smtp.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const harnesses = mailHarnessesPerTest(() => smtpMailer(smtp));
const harness = harnesses.start;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'prr-mail-'));
  dirs.push(dir);
  return dir;
}

/** A mailer whose sends wait until `open()` (a mail server that hangs). */
function gatedMailer(): Mailer & { subjects: string[]; open(): void; firstSend: Promise<void> } {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // The signal a test waits on instead of polling `subjects`: the mailer was called.
  let sent: () => void = () => {};
  const firstSend = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const subjects: string[] = [];
  return {
    subjects,
    firstSend,
    open: () => open(),
    send: async (message) => {
      subjects.push(message.subject);
      sent();
      await gate;
    },
  };
}

const title = (day: number): string => promptForDay(day)?.title ?? '';
const subjects = (mails: readonly ReceivedMail[] = smtp.received): (string | undefined)[] =>
  mails.map((r) => r.mail.header('subject'));
const to = (email: string): ReceivedMail[] => smtp.received.filter((r) => r.rcptTo[0] === email);
const isSignIn = (r: ReceivedMail): boolean => r.mail.header('subject')?.startsWith('Your sign-in code') ?? false;
const reflectionsTo = (email: string): ReceivedMail[] =>
  to(email).filter((r) => !r.mail.header('subject')?.startsWith('Welcome') && !isSignIn(r));

/**
 * Confirms the address the way the welcome asks: its 'Confirm and open my dashboard' link, opened
 * in a fresh browser (POST /api/sign-in/link with the link's key).
 */
async function confirmByWelcome(h: MailHarness, email: string): Promise<void> {
  const welcome = to(email).find((r) => r.mail.header('subject')?.startsWith('Welcome'));
  if (!welcome) throw new Error(`no welcome e-mail to ${email}`);
  await h.openDashboardLink(dashboardLinkOf(welcome.mail));
  expect((await h.member(email)).emailConfirmed, `${email} confirmed`).toBe(true);
}

describe('joining', () => {
  it('sends the welcome and then the first reflection at once, each a complete, trackerless message with a working unsubscribe link', async () => {
    const h = await harness();
    const member = await h.join('ada@example.org', 'Ada Lovelace');
    await h.scheduler.idle();

    expect(subjects()).toEqual([
      'Welcome to the movement: your 90 days begin today',
      `Your first reflection: ${title(1)}`,
    ]);
    for (const { mail, rcptTo } of smtp.received) {
      expect(rcptTo).toEqual(['ada@example.org']);
      expect(mail.header('to')).toBe('ada@example.org');
      expect(mail.header('from')).toBe('"Pause. Reflect. Retry." <hello@peace.test>');
      expect(mail.header('mime-version')).toBe('1.0');
      expect(mail.header('message-id')).toMatch(/^<[0-9a-f]{32}@127\.0\.0\.1>$/);
      expect(new Date(mail.header('date') ?? '').toISOString()).toBe('2026-03-02T14:00:00.000Z');
      expect(mail.contentType).toMatch(/^multipart\/alternative;/);
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const link = listUnsubscribeUrl(mail);
      expect(link.startsWith(`${h.server.baseUrl}/unsubscribe?token=`)).toBe(true);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${escapeMarkup(link)}"`);
      expect(mail.text).toContain(`${h.server.baseUrl}/dashboard`);
      // No tracking pixels, no remote anything: the only URLs are links to the site itself.
      expect(mail.html).not.toMatch(/<img|<script|<link|<iframe|src=|url\(/i);
      const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href.startsWith(h.server.baseUrl)).toBe(true);
    }
    // Both carry the dashboard link with a sealed key (no member id in it); the welcome's button asks to confirm.
    for (const { mail } of smtp.received) {
      const key = keyOfLink(dashboardLinkOf(mail)) ?? '';
      expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(key).not.toContain(member.id);
      expect(Buffer.from(key, 'base64url').toString('latin1')).not.toContain(member.id);
    }
    expect(smtp.received[0]?.mail.text).toContain(
      `Confirm and open my dashboard: ${dashboardLinkOf(smtp.received[0]!.mail)}`,
    );
    const first = smtp.received[1]?.mail;
    const prompt = promptForDay(1)?.prompt ?? '';
    expect(first?.text).toContain(prompt);
    expect(first?.html).toContain(escapeMarkup(prompt));
    expect(smtp.received[0]?.mail.text).toContain('within the hour');

    expect(await h.delivery(member.id, 'welcome')).toMatchObject({
      key: `${member.id}:welcome:2026-03-02`,
      status: 'sent',
      attempts: 1,
    });
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({
      key: `${member.id}:reflection:2026-03-02`,
      status: 'sent',
      day: 1,
    });

    // Joined at 09:00 New York time: today's reflection is the first one, nothing more today,
    // and joining again with the same address sends nothing.
    await h.join('ADA@example.org');
    await h.tickUntil('2026-03-03T04:59:00Z');
    expect(smtp.received).toHaveLength(2);
  });

  it('answers the join at once even while the mail server hangs, and a refused welcome never fails the join', async () => {
    const hanging = gatedMailer();
    const h = await harness({ mailer: hanging });
    try {
      const started = Date.now();
      await h.join('slow@example.org');
      expect(Date.now() - started).toBeLessThan(2_000);
      await hanging.firstSend;
      expect(hanging.subjects).toHaveLength(1);
    } finally {
      hanging.open();
    }
    await h.scheduler.idle();
    expect(hanging.subjects).toHaveLength(2);

    smtp.refuseNext(2);
    const h2 = await harness();
    await h2.join('refused@example.org');
    await h2.scheduler.idle();
    expect((await h2.member('refused@example.org')).isActive).toBe(true);
    expect(await h2.delivery((await h2.member('refused@example.org')).id, 'welcome')).toMatchObject({
      status: 'retry',
      attempts: 1,
    });
  });
});

describe('the daily reflection', () => {
  it("arrives at 09:00 on each member's own clock: New York, Tokyo, Sydney", async () => {
    // Without the join hook: the minute check alone finds the new members (as after a crash).
    const metrics = createMetrics();
    const h = await harness({ hook: false, metrics });
    const zones = {
      'ny@example.org': 'America/New_York',
      'tokyo@example.org': 'Asia/Tokyo',
      'sydney@example.org': 'Australia/Sydney',
    } as const;
    for (const [email, timezone] of Object.entries(zones)) {
      const member = await h.join(email);
      await h.settings(member.id, { emailReminders: true, reminderTime: '09:00', timezone });
    }
    await h.scheduler.tick();
    // What a host graphs: the check found each member's welcome and first reflection due.
    expect((await metrics.emailsDue.get()).values[0]?.value).toBe(6);
    for (const email of Object.keys(zones)) await confirmByWelcome(h, email);
    await h.tickUntil('2026-03-04T14:00:00Z');

    const seen = (email: keyof typeof zones) =>
      to(email).map((r) => `${localOf(r.mail.header('date'), zones[email])} ${r.mail.header('subject')}`);
    const welcome = 'Welcome to the movement: your 90 days begin today';
    expect(seen('ny@example.org')).toEqual([
      `2026-03-02 09:00 ${welcome}`,
      `2026-03-02 09:00 Your first reflection: ${title(1)}`,
      `2026-03-03 09:00 Day 2 of 90: ${title(2)}`,
      `2026-03-04 09:00 Day 3 of 90: ${title(3)}`,
    ]);
    expect(seen('tokyo@example.org')).toEqual([
      `2026-03-02 23:00 ${welcome}`,
      `2026-03-02 23:00 Your first reflection: ${title(1)}`,
      `2026-03-03 09:00 Day 2 of 90: ${title(2)}`,
      `2026-03-04 09:00 Day 3 of 90: ${title(3)}`,
    ]);
    // Sydney was already on 3 March when they joined at 01:00: day 2 is the 4th.
    expect(seen('sydney@example.org')).toEqual([
      `2026-03-03 01:00 ${welcome}`,
      `2026-03-03 01:00 Your first reflection: ${title(1)}`,
      `2026-03-04 09:00 Day 2 of 90: ${title(2)}`,
    ]);
  });

  it('goes out exactly once per local day across the spring-forward change (New York, 9 March 2025)', async () => {
    const h = await harness({ clock: new FakeClock('2025-03-07T15:00:00Z') });
    await h.join('spring@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'spring@example.org');
    await h.tickUntil('2025-03-11T12:00:00Z');
    const sent = reflectionsTo('spring@example.org').map((r) => new Date(r.mail.header('date') ?? '').toISOString());
    expect(sent).toEqual([
      '2025-03-07T15:00:00.000Z',
      '2025-03-08T14:00:00.000Z',
      '2025-03-09T13:00:00.000Z',
      '2025-03-10T13:00:00.000Z',
    ]);
    expect(reflectionsTo('spring@example.org').map((r) => localOf(r.mail.header('date'), 'America/New_York'))).toEqual([
      '2025-03-07 10:00',
      '2025-03-08 09:00',
      '2025-03-09 09:00',
      '2025-03-10 09:00',
    ]);
  });

  it('goes out exactly once per local day across the fall-back change (New York, 2 November 2025)', async () => {
    const h = await harness({ clock: new FakeClock('2025-10-31T14:00:00Z') });
    const member = await h.join('fall@example.org');
    await h.settings(member.id, { emailReminders: true, reminderTime: '06:00', timezone: 'America/New_York' });
    await h.scheduler.idle();
    await confirmByWelcome(h, 'fall@example.org');
    await h.tickUntil('2025-11-04T10:00:00Z');
    expect(reflectionsTo('fall@example.org').map((r) => localOf(r.mail.header('date'), 'America/New_York'))).toEqual([
      '2025-10-31 10:00',
      '2025-11-01 06:00',
      '2025-11-02 06:00',
      '2025-11-03 06:00',
    ]);
    expect(subjects(reflectionsTo('fall@example.org')).map((s) => s?.split(':')[0])).toEqual([
      'Your first reflection',
      'Day 2 of 90',
      'Day 3 of 90',
      'Day 4 of 90',
    ]);
  });

  it('is sent once on day 90 and never after the 90 days are over', async () => {
    const h = await harness();
    await h.join('finisher@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'finisher@example.org');
    const before = smtp.received.length;
    // Day 90 of a 2 March join is 30 May (New York summer time: 09:00 is 13:00 UTC).
    h.clock.set('2026-05-30T12:58:00Z');
    await h.scheduler.tick();
    expect(smtp.received).toHaveLength(before);
    await h.tickUntil('2026-05-30T13:00:00Z');
    expect(subjects(smtp.received.slice(before))).toEqual([`Day 90 of 90: ${title(90)}`]);
    expect(smtp.received.at(-1)?.mail.text).toContain('last day of your 90-day experiment');
    for (const at of ['2026-05-31T13:00:00Z', '2026-06-01T13:30:00Z', '2026-09-01T13:00:00Z']) {
      h.clock.set(at);
      await h.scheduler.tick();
    }
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('is not sent while reminders are off, and resumes the next day once they are back on', async () => {
    const h = await harness();
    const member = await h.join('quiet@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'quiet@example.org');
    await h.settings(member.id, { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' });
    await h.tickUntil('2026-03-05T20:00:00Z');
    expect(reflectionsTo('quiet@example.org')).toHaveLength(1);
    await h.settings(member.id, { emailReminders: true, reminderTime: '09:00', timezone: 'America/New_York' });
    await h.scheduler.tick();
    // 15:00 local is past 09:00 and today's has not been sent: it goes out now, once.
    await h.tickUntil('2026-03-05T23:00:00Z');
    expect(subjects(reflectionsTo('quiet@example.org'))).toEqual([
      `Your first reflection: ${title(1)}`,
      `Day 4 of 90: ${title(4)}`,
    ]);
  });
});

describe('confirming the address', () => {
  it('a member who never signs in through the address gets the welcome and the first reflection, and no daily reminder; the joining browser alone confirms nothing', async () => {
    const h = await harness();
    const member = await h.join('never@example.org');
    await h.scheduler.idle();
    // The joining browser is signed in and may use the dashboard...
    await h.settings(member.id, { emailReminders: true, reminderTime: '09:00', timezone: 'America/New_York' });
    expect((await h.member('never@example.org')).emailConfirmed).toBe(false);
    // ...but that proves nothing about the address: day 2, 3 and 4 stay quiet.
    await h.tickUntil('2026-03-05T15:00:00Z');
    expect(subjects(to('never@example.org'))).toEqual([
      'Welcome to the movement: your 90 days begin today',
      `Your first reflection: ${title(1)}`,
    ]);
    expect((await h.delivery(member.id, 'reflection'))?.day).toBe(1);
    expect((await h.member('never@example.org')).emailConfirmed).toBe(false);
  });

  it("after a sign-in with an e-mailed code, or through the welcome's link, the next day's reminder goes out; the other member still gets none", async () => {
    const h = await harness();
    for (const email of ['code@example.org', 'link@example.org', 'never@example.org']) await h.join(email);
    await h.scheduler.idle();
    // Day 2 (3 March) passes unconfirmed: nothing for anyone.
    await h.tickUntil('2026-03-04T12:00:00Z'); // day 3, 07:00 in New York
    expect(smtp.received).toHaveLength(6);

    await h.signInByCode('code@example.org');
    const signInMail = to('code@example.org').filter(isSignIn);
    expect(signInMail).toHaveLength(1);
    expect(signInMail[0]?.mail.text).toMatch(/^ {2}> \d{6}$/m);
    expect(signInMail[0]?.mail.header('list-unsubscribe')).toBeUndefined();
    await confirmByWelcome(h, 'link@example.org');
    expect((await h.member('never@example.org')).emailConfirmed).toBe(false);

    await h.tickUntil('2026-03-05T14:00:00Z'); // day 4, 09:00 in New York
    for (const email of ['code@example.org', 'link@example.org']) {
      expect(
        reflectionsTo(email).map(
          (r) => `${localOf(r.mail.header('date'), 'America/New_York')} ${r.mail.header('subject')}`,
        ),
        email,
      ).toEqual([
        `2026-03-02 09:00 Your first reflection: ${title(1)}`,
        `2026-03-04 09:00 Day 3 of 90: ${title(3)}`,
        `2026-03-05 09:00 Day 4 of 90: ${title(4)}`,
      ]);
    }
    expect(subjects(reflectionsTo('never@example.org'))).toEqual([`Your first reflection: ${title(1)}`]);
  });
});

describe('restart', () => {
  it('a new scheduler over the same data file sends nothing twice', async () => {
    const dir = await tempDir();
    const h1 = await harness({ dir });
    const member = await h1.join('steady@example.org');
    await h1.scheduler.idle();
    await confirmByWelcome(h1, 'steady@example.org');
    await h1.tickUntil('2026-03-03T14:00:00Z');
    expect(smtp.received).toHaveLength(3);
    await harnesses.close(h1);

    // Same instant, new process: the start-up check finds everything already sent.
    const h2 = await harness({ dir, clock: new FakeClock('2026-03-03T14:00:30Z'), start: true });
    await h2.scheduler.idle();
    await h2.tickUntil('2026-03-04T13:59:00Z');
    expect(smtp.received).toHaveLength(3);
    await h2.tickUntil('2026-03-04T14:00:00Z');
    expect(subjects(smtp.received.slice(3))).toEqual([`Day 3 of 90: ${title(3)}`]);
    await harnesses.close(h2);

    const h3 = await harness({ dir, clock: new FakeClock('2026-03-04T14:05:00Z'), start: true });
    await h3.scheduler.idle();
    await h3.tickUntil('2026-03-04T23:00:00Z');
    expect(smtp.received).toHaveLength(4);
    expect(await h3.delivery(member.id, 'reflection')).toMatchObject({
      localDate: '2026-03-04',
      day: 3,
      status: 'sent',
    });
  });

  it('a stop between recording and sending never sends that message again (at most once), and the next day goes out', async () => {
    const dir = await tempDir();
    const hanging = gatedMailer();
    const h1 = await startMailHarness({ mailer: hanging, dir, hook: false });
    const member = await h1.join('cut@example.org');
    const tick = h1.scheduler.tick();
    try {
      // The claims are on disk before the mailer is called; then the process "dies".
      await hanging.firstSend;
      expect(hanging.subjects).toHaveLength(1);
      await h1.server.close();

      const h2 = await harness({ dir, clock: new FakeClock('2026-03-02T14:01:00Z'), start: true });
      await h2.scheduler.idle();
      expect((await h2.delivery(member.id, 'welcome'))?.status).toBe('unknown');
      expect((await h2.delivery(member.id, 'reflection'))?.status).toBe('unknown');
      // The welcome (and its link) never arrived: the member confirms with a sign-in code instead.
      await h2.signInByCode('cut@example.org');
      expect(smtp.received.map(isSignIn)).toEqual([true]);
      await h2.tickUntil('2026-03-03T13:59:00Z');
      expect(smtp.received).toHaveLength(1);
      await h2.tickUntil('2026-03-03T14:00:00Z');
      expect(subjects(reflectionsTo('cut@example.org'))).toEqual([`Day 2 of 90: ${title(2)}`]);
      expect(smtp.received).toHaveLength(2);
    } finally {
      hanging.open();
      await tick;
      await h1.scheduler.stop();
    }
  });
});

describe('retry', () => {
  it('a refused reflection is retried after a minute, with the same Message-ID, and arrives once', async () => {
    const h = await harness();
    const member = await h.join('retry@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'retry@example.org');
    smtp.refuseNext(1);
    await h.tickUntil('2026-03-03T14:00:00Z');
    expect(smtp.attempts).toBe(3);
    expect(smtp.received).toHaveLength(2);
    const failed = await h.delivery(member.id, 'reflection');
    expect(failed).toMatchObject({
      status: 'retry',
      attempts: 1,
      localDate: '2026-03-03',
      nextAttemptAt: '2026-03-03T14:01:00.000Z',
    });
    expect(failed?.lastError).toMatch(/451/);

    h.clock.advance(30_000);
    await h.scheduler.tick();
    expect(smtp.attempts).toBe(3);
    await h.tickUntil('2026-03-03T14:01:00Z');
    expect(subjects(smtp.received.slice(2))).toEqual([`Day 2 of 90: ${title(2)}`]);
    expect(smtp.received[2]?.mail.header('message-id')).toBe(failed?.messageId);
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await h.delivery(member.id, 'reflection'))?.lastError).toBeUndefined();

    await h.tickUntil('2026-03-04T04:59:00Z');
    expect(smtp.received).toHaveLength(3);
  });

  it('backs off 1, 5, 15, 60 and 180 minutes, gives up within the day, and never sends two on one day', async () => {
    const h = await harness();
    const member = await h.join('down@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'down@example.org');
    h.clock.set('2026-03-03T13:59:00Z');
    smtp.refuseNext(1000);
    const attemptsAt: string[] = [];
    while (h.clock.now() < new Date('2026-03-04T04:59:00Z')) {
      h.clock.advance(60_000);
      const before = smtp.attempts;
      await h.scheduler.tick();
      if (smtp.attempts > before) attemptsAt.push(localOf(h.clock.now().toUTCString(), 'America/New_York').slice(11));
    }
    expect(attemptsAt).toEqual(['09:00', '09:01', '09:06', '09:21', '10:21', '13:21']);
    expect(attemptsAt).toHaveLength(MAX_ATTEMPTS);
    expect(await h.delivery(member.id, 'reflection')).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      localDate: '2026-03-03',
    });

    smtp.refuseNext(0);
    await h.tickUntil('2026-03-04T14:00:00Z');
    expect(subjects(smtp.received.slice(2))).toEqual([`Day 3 of 90: ${title(3)}`]);
  });
});

describe('log lines', () => {
  it('name neither the member id nor the address, even when the mail server quotes it', async () => {
    const lines: string[] = [];
    const capture = (level: string) => (msg: string, fields?: object) =>
      lines.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
    const logger = { debug: capture('debug'), info: capture('info'), warn: capture('warn'), error: capture('error') };
    const refusing: Mailer = {
      send: async (message) => {
        throw Object.assign(
          new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${message.to}>: no such user`),
          { responseCode: 550 },
        );
      },
    };
    const h = await harness({ mailer: refusing, logger });
    const member = await h.join('Private.Person@example.org');
    await h.scheduler.idle();
    const log = lines.join('\n');
    expect(log).toContain('e-mail not sent; will retry');
    expect(log).toContain('"smtpCode":550');
    for (const secret of [member.id, 'private.person@example.org', 'Private.Person@example.org'])
      expect(log).not.toContain(secret);
    expect((await h.delivery(member.id, 'welcome'))?.lastError).toContain('<<address>>');
  });
});

describe('unsubscribe', () => {
  it('the link in the e-mail opens a confirm page (a GET changes nothing); its button turns the reminders off', async () => {
    const h = await harness();
    await h.join('leaving@example.org');
    await h.scheduler.idle();
    // Confirmed, so the daily reflections would come: only the unsubscribe stops them.
    await confirmByWelcome(h, 'leaving@example.org');
    const link = listUnsubscribeUrl(smtp.received[1]?.mail ?? smtp.received[0]!.mail);
    const fromText = /(http:\/\/\S+\/unsubscribe\?token=\S+)/.exec(smtp.received[1]?.mail.text ?? '')?.[1];
    expect(fromText).toBe(link);

    // Mail scanners prefetch links: GET twice, nothing changes.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toContain('l***@example.org');
      expect(html).toMatch(/<form method="post" action="[^"]+">/);
    }
    expect((await h.member('leaving@example.org')).emailReminders).toBe(true);

    const page = await (await fetch(link)).text();
    const action = (/<form method="post" action="([^"]+)">/.exec(page)?.[1] ?? '').replace(/&#38;/g, '&');
    const confirmed = await fetch(new URL(action, link), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: h.server.baseUrl },
      body: '',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You will not get any more daily reflections');
    expect((await h.member('leaving@example.org')).emailReminders).toBe(false);
    expect(await (await fetch(link)).text()).toContain('already off');

    await h.tickUntil('2026-03-05T15:00:00Z');
    expect(smtp.received).toHaveLength(2);
  });

  it('RFC 8058 one-click: a POST of List-Unsubscribe=One-Click to the List-Unsubscribe URL (form or multipart, no cookies) turns reminders off', async () => {
    const h = await harness();
    await h.join('one@example.org');
    await h.join('two@example.org');
    await h.scheduler.idle();
    await confirmByWelcome(h, 'one@example.org');
    await confirmByWelcome(h, 'two@example.org');
    const urlFor = (email: string) => listUnsubscribeUrl(to(email)[0]!.mail);

    const form = await fetch(urlFor('one@example.org'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(form.status).toBe(200);
    const body = new FormData();
    body.set('List-Unsubscribe', 'One-Click');
    const multipart = await fetch(urlFor('two@example.org'), { method: 'POST', body });
    expect(multipart.status).toBe(200);
    expect((await h.member('one@example.org')).emailReminders).toBe(false);
    expect((await h.member('two@example.org')).emailReminders).toBe(false);

    // A forged or damaged token changes nothing.
    await h.settings((await h.member('two@example.org')).id, {
      emailReminders: true,
      reminderTime: '09:00',
      timezone: 'America/New_York',
    });
    const forged = new URL(urlFor('two@example.org'));
    const sealed = forged.searchParams.get('token') ?? '';
    const middle = Math.floor(sealed.length / 2);
    forged.searchParams.set(
      'token',
      sealed.slice(0, middle) + (sealed[middle] === 'A' ? 'B' : 'A') + sealed.slice(middle + 1),
    );
    expect((await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    expect((await fetch(forged)).status).toBe(400);
    expect((await h.member('two@example.org')).emailReminders).toBe(true);

    await h.tickUntil('2026-03-03T14:00:00Z');
    expect(reflectionsTo('one@example.org')).toHaveLength(1);
    expect(reflectionsTo('two@example.org')).toHaveLength(2);
  });
});
