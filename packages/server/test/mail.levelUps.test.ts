/**
 * The level-up e-mail and the daily reflection after day 90, end to end on the real app and store
 * (lowdb here, PostgreSQL in the server-postgres project) with the scheduler on a fake clock and
 * the embedded outbox transport: what a member finds in the outbox folder
 * (docs/decisions/023-level-up-and-continuing-email.md).
 *
 * Points are awarded through a real source where that is quick (seven paused reflections earn
 * Week Warrior) and straight in the store elsewhere: the e-mail follows the level, whatever raised it.
 * The routes that raise points call the app's points hook, so their level-up goes out at once; points
 * written straight in the store wait for the minute's check.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN, api, pathFor } from '@prr/contract';
import { promptForDay, withPoints, type StoredMember } from '@prr/domain';
import { FakeClock } from '../src/clock.js';
import { escapeMarkup } from '../src/markup.js';
import { OutboxMailer } from '../src/mail/transports.js';
import { EmailScheduler } from '../src/scheduler/emailScheduler.js';
import type { AppStore, EmailLog } from '../src/store/types.js';
import { TEST_SECRET, call, meWith, reflectionRequest, sessionCookieFrom } from './helpers.js';
import {
  FROM,
  listUnsubscribeUrl,
  parseMail,
  mailHarnessesPerTest,
  type MailHarness,
  type ParsedMail,
} from './mail.helpers.js';

let dir: string;
let outboxDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prr-level-ups-'));
  outboxDir = join(dir, 'outbox');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const harnesses = mailHarnessesPerTest(() => new OutboxMailer(outboxDir, FROM));
const harness = harnesses.start;
const close = harnesses.close;

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

    // The seventh save's points hook sent it; the minute's check finds nothing more.
    await h.scheduler.idle();
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
    expect(mail?.html).toContain(`href="${escapeMarkup(unsubscribe)}"`);
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

describe('the level-up e-mail goes out right after the request that raised the level', () => {
  // The harness starts no timer: only the points hook can send before a test calls tick(), and the
  // spy on tick() shows the minute's check never ran.
  const STORY = { content: 'Counted to three before answering.', location: 'Austin, TX', rating: 5 };

  async function adminCookie(h: MailHarness): Promise<string> {
    const res = await call(h.server.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const cookie = sessionCookieFrom(res);
    if (res.status !== 200 || !cookie) throw new Error(`admin login answered ${res.status}: ${res.text}`);
    return cookie;
  }

  const saveReflection = (h: MailHarness, memberId: string, day: number) =>
    call(h.server.baseUrl, 'POST', api.saveReflection.path, {
      body: reflectionRequest(day),
      cookie: h.cookieOf(memberId),
    });

  it("a reflection's points: 'You are now an Agent' is in the outbox once the save's work is done, no minute's check", async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'ada@example.org');
    await award(h, member.id, 23); // 48: day 1's +2 makes 50, Agent
    const ticks = vi.spyOn(h.scheduler, 'tick');
    const res = await saveReflection(h, member.id, 1);
    expect(res.status, res.text).toBeLessThan(300);
    await h.scheduler.idle();
    expect(subjectsOf(await mailsTo('ada@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    expect(await h.delivery(member.id, 'level-up')).toMatchObject({
      key: `${member.id}:level-up:Agent`,
      status: 'sent',
      attempts: 1,
    });
    expect(ticks).not.toHaveBeenCalled();
  });

  it("an approved story's +15: the author's e-mail goes out on the admin's approval", async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'sam@example.org');
    await award(h, member.id, 10); // 35: the story's +15 makes 50, Agent
    const shared = await call<{ id: string }>(h.server.baseUrl, 'POST', api.shareStory.path, {
      body: STORY,
      cookie: h.cookieOf(member.id),
    });
    expect(shared.status, shared.text).toBe(201);
    const admin = await adminCookie(h);
    const ticks = vi.spyOn(h.scheduler, 'tick');
    const approved = await call(h.server.baseUrl, 'POST', pathFor(api.reviewStory, { id: shared.body.id }), {
      body: { decision: 'approve' },
      cookie: admin,
    });
    expect(approved.status, approved.text).toBe(200);
    await h.scheduler.idle();
    expect(subjectsOf(await mailsTo('sam@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    expect(ticks).not.toHaveBeenCalled();
  });

  it("a friend joining through an invite and proving the address: the INVITER's e-mail goes out with the proof (the friend gets a welcome)", async () => {
    const h = await harness();
    const inviter = await confirmedMember(h, 'ines@example.org');
    const invite = await call<{ code: string }>(h.server.baseUrl, 'GET', api.invite.path, {
      cookie: h.cookieOf(inviter.id),
    });
    expect(invite.status).toBe(200);
    await award(h, inviter.id, 15); // 40: the friend's +10 makes 50, Agent
    const ticks = vi.spyOn(h.scheduler, 'tick');
    const joined = await call(h.server.baseUrl, 'POST', api.joinMovement.path, {
      body: { name: 'Ben Ortiz', email: 'ben@example.org', zipCode: '94110', invite: invite.body.code },
    });
    expect(joined.status, joined.text).toBe(200);
    await h.scheduler.idle();
    // The join alone pays nothing (docs/product/rules.md#invites).
    expect(await mailsTo('ines@example.org', 'level-up')).toEqual([]);
    await h.signInByCode('ben@example.org');
    await h.scheduler.idle();
    expect(subjectsOf(await mailsTo('ines@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    expect(await mailsTo('ben@example.org', 'level-up')).toEqual([]);
    expect(await mailsTo('ben@example.org', 'welcome')).toHaveLength(1);
    expect(ticks).not.toHaveBeenCalled();
  });

  it("the hook and the minute's check racing still send each level once", async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'once@example.org');
    await award(h, member.id, 23);
    // The save's hook, more hooks and the minute's checks, all under way at once.
    expect((await saveReflection(h, member.id, 1)).status).toBeLessThan(300);
    h.scheduler.pointsRaised(member.id);
    await Promise.all([h.scheduler.tick(), h.scheduler.tick()]);
    h.scheduler.pointsRaised(member.id);
    await h.scheduler.idle();
    await h.tickUntil('2026-03-02T14:05:00Z');
    expect(subjectsOf(await mailsTo('once@example.org', 'level-up'))).toEqual(['You are now an Agent']);
    expect(await h.delivery(member.id, 'level-up')).toMatchObject({ status: 'sent', attempts: 1 });

    // Points from elsewhere (no hook), then a hook and the minute's check at the same moment.
    await award(h, member.id, 100);
    h.scheduler.pointsRaised(member.id);
    await Promise.all([h.scheduler.tick(), h.scheduler.idle()]);
    await h.tickUntil('2026-03-02T14:10:00Z');
    expect(subjectsOf(await mailsTo('once@example.org', 'level-up'))).toEqual([
      'You are now an Agent',
      'You are now an Advocate',
    ]);
  });

  it('repeats for a member while their check runs are one more check; stop() waits for a check under way', async () => {
    const h = await harness();
    const member = await confirmedMember(h, 'gate@example.org');
    // A scheduler whose reads of the e-mail log can be held, to call the hook while a check runs.
    const log = h.server.store.emailLog;
    let reads = 0;
    let held: { reading: () => void; until: Promise<void> } | undefined;
    const hold = () => {
      let release = (): void => {};
      let reading = (): void => {};
      const until = new Promise<void>((resolve) => (release = resolve));
      const started = new Promise<void>((resolve) => (reading = resolve));
      held = { reading, until };
      return { started, release };
    };
    const gatedLog = withOverrides<EmailLog>(log, {
      deliveriesOf: async (memberId) => {
        reads += 1;
        const gate = held;
        held = undefined;
        if (gate) {
          gate.reading();
          await gate.until;
        }
        return log.deliveriesOf(memberId);
      },
    });
    const scheduler = new EmailScheduler({
      store: withOverrides<AppStore>(h.server.store, { emailLog: gatedLog }),
      clock: h.clock,
      mailer: new OutboxMailer(outboxDir, FROM),
      publicUrl: h.server.baseUrl,
      unsubscribeSecret: TEST_SECRET,
    });

    await award(h, member.id, 30);
    const first = hold();
    scheduler.pointsRaised(member.id);
    scheduler.pointsRaised(member.id); // queued with the first: the same check
    await first.started;
    for (let i = 0; i < 3; i++) scheduler.pointsRaised(member.id); // while it runs: one more check
    first.release();
    await scheduler.idle();
    expect(reads).toBe(2);
    expect(subjectsOf(await mailsTo('gate@example.org', 'level-up'))).toEqual(['You are now an Agent']);

    // stop() returns only after the check under way is over; a stopped scheduler claims nothing,
    // so the level stays owed and the next run's minute check sends it.
    await award(h, member.id, 100);
    const second = hold();
    scheduler.pointsRaised(member.id);
    await second.started;
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    // Every promise stop() could settle on has run by the next turn of the event loop (no wait on time).
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    second.release();
    await stopping;
    scheduler.pointsRaised(member.id);
    await scheduler.idle();
    expect(reads).toBe(3);
    expect(await h.delivery(member.id, 'level-up')).toMatchObject({ key: `${member.id}:level-up:Agent` });
    await h.scheduler.tick();
    expect(subjectsOf(await mailsTo('gate@example.org', 'level-up'))).toEqual([
      'You are now an Agent',
      'You are now an Advocate',
    ]);
  });
});

/** `target` with some members replaced; the rest answer as the target's own (bound to it). */
function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

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
