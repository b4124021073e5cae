/**
 * The level-up e-mail and the daily reflection after day 90, end to end on the real app and store
 * (lowdb here, PostgreSQL in the server-postgres project) with the scheduler on a fake clock and
 * the embedded outbox transport: what a member finds in the outbox folder
 * (docs/decisions/023-level-up-and-continuing-email.md).
 *
 * Points are awarded through a real source where that is quick (seven paused reflections earn
 * Week Warrior) and straight in the store elsewhere: the e-mail follows the level, whatever raised it.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { promptForDay, withPoints, type StoredMember } from '@prr/domain';
import { FakeClock } from '../src/clock.js';
import { escapeHtml } from '../src/mail/messages.js';
import { OutboxMailer } from '../src/mail/transports.js';
import { EmailScheduler } from '../src/scheduler/emailScheduler.js';
import { TEST_SECRET, call, meWith, reflectionRequest } from './helpers.js';
import {
  FROM,
  listUnsubscribeUrl,
  parseMail,
  startMailHarness,
  type MailHarness,
  type ParsedMail,
} from './mail.helpers.js';

let dir: string;
let outboxDir: string;
let harnesses: MailHarness[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-level-ups-'));
  outboxDir = join(dir, 'outbox');
});
afterEach(async () => {
  for (const h of harnesses.splice(0).reverse()) await h.close();
  await rm(dir, { recursive: true, force: true });
});

async function harness(options: Partial<Parameters<typeof startMailHarness>[0]> = {}): Promise<MailHarness> {
  const h = await startMailHarness({ mailer: new OutboxMailer(outboxDir, FROM), ...options });
  harnesses.push(h);
  return h;
}

async function close(h: MailHarness): Promise<void> {
  harnesses = harnesses.filter((x) => x !== h);
  await h.close();
}

const KIND = /^\d{8}T\d{9}Z-\d{6}-(welcome|reflection|signin|level-up)-/;

interface OutboxMail {
  kind: string;
  mail: ParsedMail;
}

/** The outbox's .eml files, parsed, in file-name order (sending order within one process). */
async function outbox(): Promise<OutboxMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => ({
      kind: KIND.exec(file)?.[1] ?? 'mail',
      mail: parseMail(await readFile(join(outboxDir, file), 'utf8')),
    })),
  );
}

async function mailsTo(email: string, kind: string): Promise<ParsedMail[]> {
  return (await outbox()).filter((m) => m.kind === kind && m.mail.header('to') === email).map((m) => m.mail);
}

const subjectsOf = (mails: readonly ParsedMail[]): (string | undefined)[] => mails.map((m) => m.header('subject'));

/** Joins, sends the join's e-mails and confirms the address with a sign-in code, as a member does. */
async function confirmedMember(h: MailHarness, email: string): Promise<StoredMember> {
  await h.join(email, 'Ada Lovelace');
  await h.scheduler.idle();
  await h.signInByCode(email);
  return h.member(email);
}

/** Points from any source other than the ones under test (an approved story, an invite): straight in the store. */
async function award(h: MailHarness, memberId: string, points: number): Promise<void> {
  await h.server.store.write(async (tx) => {
    const member = await tx.memberById(memberId);
    if (!member) throw new Error('no such member');
    await tx.updateMember(memberId, withPoints(member, points));
  });
}

async function choose(h: MailHarness, memberId: string, afterExperiment: 'continue' | 'stop'): Promise<void> {
  await h.server.store.write((tx) => tx.updateMember(memberId, { afterExperiment }));
}

describe('the level-up e-mail', () => {
  it("a member whose reflections earn Week Warrior gets one 'You are now an Agent', complete and with its unsubscribe link, and never again", async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'ada@example.org');
    // Day 7 (8 March 2026, 11:00 in New York): seven paused days, no Empathy Champion.
    h.clock.set('2026-03-08T15:00:00Z');
    for (let day = 1; day <= 7; day++) {
      const res = await call(h.server.baseUrl, 'POST', api.saveReflection.path, {
        body: reflectionRequest(day, { empathyScore: 5 }),
        cookie: h.cookieOf(member.id),
      });
      expect(res.status, res.text).toBeLessThan(300);
    }
    const me = await meWith(h.server.baseUrl, h.cookieOf(member.id));
    expect(me).toMatchObject({ peacemakerLevel: 'Agent', levelProgressPoints: 25 + 7 * 2 + 50, levelUp: 'Agent' });

    await h.scheduler.tick();
    const [mail, ...more] = await mailsTo('ada@example.org', 'level-up');
    expect(more).toEqual([]);
    expect(mail?.header('subject')).toBe('You are now an Agent');
    expect(mail?.contentType).toMatch(/^multipart\/alternative;/);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.header('auto-submitted')).toBe('auto-generated');
    const unsubscribe = listUnsubscribeUrl(mail!);
    expect(unsubscribe.startsWith(`${h.server.baseUrl}/unsubscribe?token=`)).toBe(true);
    expect(mail?.text).toContain(unsubscribe);
    expect(mail?.html).toContain(`href="${escapeHtml(unsubscribe)}"`);
    expect(mail?.text).toContain('You are now an Agent, Ada.');
    expect(mail?.html).toContain('You are now an Agent, Ada.');
    expect(mail?.html).not.toMatch(/<img|<script|<link|<iframe|src=|url\(/i);
    expect(await h.delivery(member.id, 'level-up')).toMatchObject({
      key: `${member.id}:level-up:Agent`,
      status: 'sent',
      attempts: 1,
    });

    // The dashboard celebrating it, more points within the level, more days: nothing more.
    await call(h.server.baseUrl, 'POST', api.levelUpSeen.path, {
      body: { level: 'Agent' },
      cookie: h.cookieOf(member.id),
    });
    await award(h, member.id, 10);
    await h.tickUntil('2026-03-08T15:10:00Z');
    h.clock.set('2026-03-10T15:00:00Z');
    await h.scheduler.tick();
    expect(await mailsTo('ada@example.org', 'level-up')).toHaveLength(1);
  });

  it('a restart sends nothing again, and of two schedulers on one store only one sends', async () => {
    const first = await harness({ dir });
    const member = await confirmedMember(first, 'grace@example.org');
    await award(first, member.id, 30);
    await first.scheduler.tick();
    expect(subjectsOf(await mailsTo('grace@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    await close(first);

    // Same data, a new process a minute later: its start-up check finds the level announced.
    const second = await harness({ dir, clock: new FakeClock('2026-03-02T14:10:00Z'), start: true });
    await second.scheduler.idle();
    await second.tickUntil('2026-03-02T14:20:00Z');
    expect(await mailsTo('grace@example.org', 'level-up')).toHaveLength(1);

    // A second server process on the same store: the claim lets one of them send Advocate.
    const other = new EmailScheduler({
      store: second.server.store,
      clock: second.clock,
      mailer: new OutboxMailer(outboxDir, FROM),
      publicUrl: second.server.baseUrl,
      unsubscribeSecret: TEST_SECRET,
    });
    await award(second, member.id, 100);
    const results = await Promise.all([second.scheduler.tick(), other.tick()]);
    await other.stop();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(subjectsOf(await mailsTo('grace@example.org', 'level-up'))).toEqual([
      'You are now an Agent',
      'You are now an Advocate',
    ]);
  });

  it('crossing two levels at once (Explorer to Advocate) sends only Advocate; the top level says so', async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'leap@example.org');
    await award(h, member.id, 130);
    await h.tickUntil('2026-03-02T14:05:00Z');
    expect(subjectsOf(await mailsTo('leap@example.org', 'level-up'))).toEqual(['You are now an Advocate']);
    expect(await h.delivery(member.id, 'level-up')).toMatchObject({ key: `${member.id}:level-up:Advocate` });

    await award(h, member.id, 150);
    await h.tickUntil('2026-03-02T14:10:00Z');
    const mails = await mailsTo('leap@example.org', 'level-up');
    expect(subjectsOf(mails)).toEqual(['You are now an Advocate', 'You are now a Guardian']);
    expect(mails[1]?.text).toContain('top of the ladder');
  });

  it('an unsubscribed member gets none; an unconfirmed address gets none until it is confirmed', async () => {
    const h = await harness();
    const quiet = await confirmedMember(h, 'quiet@example.org');
    await h.settings(quiet.id, { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' });
    await award(h, quiet.id, 30);

    const stranger = await h.join('stranger@example.org');
    await h.scheduler.idle();
    await award(h, stranger.id, 30);

    h.clock.set('2026-03-04T15:00:00Z');
    await h.tickUntil('2026-03-04T15:05:00Z');
    expect(await mailsTo('quiet@example.org', 'level-up')).toEqual([]);
    expect(await mailsTo('stranger@example.org', 'level-up')).toEqual([]);
    expect(await h.delivery(quiet.id, 'level-up')).toBeUndefined();

    // Proved the address is theirs: the level still owed is announced, once.
    await h.signInByCode('stranger@example.org');
    await h.tickUntil('2026-03-04T15:10:00Z');
    expect(subjectsOf(await mailsTo('stranger@example.org', 'level-up'))).toEqual(['You are now an Agent']);
  });
});

describe('the daily reflection after day 90', () => {
  // Day 90 of a 2 March join is 30 May; 09:00 in New York summer time is 13:00 UTC.
  const title = (day: number): string => promptForDay(day)?.title ?? '';

  it("goes on for a member who chose to continue, day 91 carrying day 1's prompt, whenever they joined; none for 'stop' or no choice", async () => {
    const h = await harness();
    const going = await confirmedMember(h, 'going@example.org');
    const stopping = await confirmedMember(h, 'stopping@example.org');
    await confirmedMember(h, 'undecided@example.org');
    h.clock.set('2026-05-30T13:00:00Z');
    await h.scheduler.tick();
    await choose(h, going.id, 'continue');
    await choose(h, stopping.id, 'stop');

    for (const at of ['2026-05-31T13:00:00Z', '2026-06-01T13:00:00Z', '2026-08-29T13:00:00Z']) {
      h.clock.set(at);
      await h.scheduler.tick();
      await h.scheduler.tick();
    }
    const going91 = (await mailsTo('going@example.org', 'reflection')).slice(1);
    expect(subjectsOf(going91)).toEqual([
      `Day 90 of 90: ${title(90)}`,
      `Day 91: ${title(1)}`,
      `Day 92: ${title(2)}`,
      // Day 181, far past the 90 days: the prompts have gone round once more.
      `Day 181: ${title(1)}`,
    ]);
    expect(going91[1]?.text).toContain(promptForDay(1)?.prompt);
    expect(going91[1]?.text).toContain(listUnsubscribeUrl(going91[1]!));
    for (const email of ['stopping@example.org', 'undecided@example.org']) {
      expect(subjectsOf((await mailsTo(email, 'reflection')).slice(1))).toEqual([`Day 90 of 90: ${title(90)}`]);
    }

    // A level reached after day 90 is announced to the member who continues only.
    await award(h, going.id, 30);
    await award(h, stopping.id, 30);
    await h.tickUntil('2026-08-29T13:05:00Z');
    expect(subjectsOf(await mailsTo('going@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    expect(await mailsTo('stopping@example.org', 'level-up')).toEqual([]);
  });
});
