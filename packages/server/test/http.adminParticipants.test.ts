/**
 * What the admin's participant actions do beyond HTTP answers, which the mocks cannot show
 * (docs/product/rules.md#admin-participants): a deactivated member gets no daily reminder from
 * the e-mail scheduler while an active one does, and reactivated gets them again; a deleted
 * member leaves nothing in the store (reflections, achievements, ripple effects, sessions,
 * pending sign-ins, the e-mail log), while another member keeps everything. The contract suite
 * (contract-tests/adminParticipants.cases.ts) covers the answers themselves on both targets.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, MEMBER_SESSION_COOKIE, MEMBER_SESSION_DAYS, api, pathFor } from '@prr/contract';
import { promptForDay, type StoredMember } from '@prr/domain';
import {
  call,
  reflectionRequest,
  rippleRequest,
  sessionCookieFrom,
  type TestMailer,
  type TestServer,
} from './helpers.js';
import { dashboardLinkOf, mailHarnessPerTest, type MailHarness } from './mail.helpers.js';
import { withAdmin } from './postgres/databases.js';

/** The real app and store with the e-mail scheduler on a fake clock (2026-03-02 09:00 in New York). */
const harness = mailHarnessPerTest();

/** A fresh admin session (the admin's idle expiry is shorter than the days these tests move on). */
async function adminCookie(s: TestServer): Promise<string> {
  const res = await call(s.baseUrl, 'POST', api.adminLogin.path, {
    body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  const cookie = sessionCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`admin login answered ${res.status}: ${res.text}`);
  return cookie;
}

async function setActive(s: TestServer, member: StoredMember, isActive: boolean): Promise<void> {
  const res = await call(s.baseUrl, 'PATCH', pathFor(api.setParticipantStatus, { id: member.id }), {
    body: { isActive },
    cookie: await adminCookie(s),
  });
  expect(res.status, res.text).toBe(200);
  expect((await s.store.memberById(member.id))?.isActive).toBe(isActive);
}

/** Confirms the address the way the welcome asks, with its 'Confirm and open my dashboard' link. */
async function confirmByWelcome(h: MailHarness, mail: TestMailer, email: string): Promise<void> {
  const [welcome] = mail.to(email, 'welcome');
  if (!welcome) throw new Error(`no welcome e-mail to ${email}`);
  await h.openDashboardLink(dashboardLinkOf(welcome));
  expect((await h.member(email)).emailConfirmed).toBe(true);
}

/** Moves the clock to `at` and runs the scheduler's minute check there. */
async function tickAt(h: MailHarness, at: string): Promise<void> {
  h.clock.set(at);
  await h.scheduler.tick();
}

const title = (day: number): string => promptForDay(day)?.title ?? '';
const reflectionSubjects = (mail: TestMailer, email: string): string[] =>
  mail.to(email, 'reflection').map((m) => m.subject);

describe('deactivating a participant', () => {
  it('stops their daily reminder while an active member still gets theirs; reactivating brings it back', async () => {
    const { h, mail } = await harness();
    // Both joined at 09:00 New York time (reminders at 09:00 there, America/New_York by default).
    const active = await h.join('active@example.org', 'Ada Active');
    const quiet = await h.join('quiet@example.org', 'Quinn Quiet');
    await h.scheduler.idle();
    await confirmByWelcome(h, mail, active.email);
    await confirmByWelcome(h, mail, quiet.email);
    expect(reflectionSubjects(mail, quiet.email)).toEqual([`Your first reflection: ${title(1)}`]);

    await setActive(h.server, quiet, false);
    // Day 2, 3 March: 09:00 in New York is 14:00 UTC; checks before, around and long after it.
    await tickAt(h, '2026-03-03T13:50:00Z');
    await h.tickUntil('2026-03-03T14:10:00Z');
    await tickAt(h, '2026-03-03T23:00:00Z');
    expect(reflectionSubjects(mail, active.email)).toEqual([
      `Your first reflection: ${title(1)}`,
      `Day 2 of 90: ${title(2)}`,
    ]);
    expect(reflectionSubjects(mail, quiet.email)).toEqual([`Your first reflection: ${title(1)}`]);
    expect((await h.delivery(quiet.id, 'reflection'))?.key).toBe(`${quiet.id}:reflection:2026-03-02`);

    // Reactivated before 09:00 on day 3: that day's reminder comes to both.
    await tickAt(h, '2026-03-04T13:00:00Z');
    await setActive(h.server, quiet, true);
    await h.tickUntil('2026-03-04T14:10:00Z');
    expect(reflectionSubjects(mail, active.email)).toEqual([
      `Your first reflection: ${title(1)}`,
      `Day 2 of 90: ${title(2)}`,
      `Day 3 of 90: ${title(3)}`,
    ]);
    expect(reflectionSubjects(mail, quiet.email)).toEqual([
      `Your first reflection: ${title(1)}`,
      `Day 3 of 90: ${title(3)}`,
    ]);
  });
});

/** Where the store could still hold something of a member, and how many such records it holds. */
async function storedTraces(s: TestServer, memberId: string): Promise<Record<string, number>> {
  if (s.kind === 'lowdb') {
    const text = await readFile(s.file, 'utf8');
    return { 'the data file': text.split(memberId).length - 1 };
  }
  return withAdmin(s.databaseUrl!, async (client) => {
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'member_id' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    const members = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE id = $1', [
      memberId,
    ]);
    counts.members = members.rows[0]!.n;
    for (const { table_name: table } of tables.rows) {
      const rows = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table.replaceAll('"', '""')}" WHERE member_id = $1`,
        [memberId],
      );
      counts[table] = rows.rows[0]!.n;
    }
    return counts;
  });
}

/** Everything the store interface answers about a member. */
async function whatIsKept(s: TestServer, memberId: string, sessionIds: readonly string[]) {
  const idleMs = MEMBER_SESSION_DAYS * 86_400_000;
  const now = s.clock.now().getTime();
  return {
    member: await s.store.memberById(memberId),
    reflections: (await s.store.reflectionsOf(memberId)).length,
    achievements: (await s.store.achievementsOf(memberId)).length,
    rippleEffects: (await s.store.rippleEffectsOf(memberId)).length,
    deliveries: await s.store.emailLog.deliveriesOf(memberId),
    sessions: await Promise.all(sessionIds.map((id) => s.store.memberSessions.touch(id, now, idleMs))),
    signIn: await s.store.signIns.ofMember(memberId),
  };
}

const sessionIdOf = (cookie: string): string => cookie.slice(`${MEMBER_SESSION_COOKIE}=`.length);

describe('deleting a participant', () => {
  it('removes the member and everything of theirs from the store, and leaves another member whole', async () => {
    const { h, mail } = await harness();
    const s = h.server;
    const gone = await h.join('gone@example.org', 'Gus Gone');
    const stays = await h.join('stays@example.org', 'Stella Stays');
    await h.scheduler.idle();
    await confirmByWelcome(h, mail, stays.email);
    // A used e-mail key (the welcome's) and a revocation of keys, as sign out everywhere leaves one.
    await confirmByWelcome(h, mail, gone.email);
    await s.store.memberKeys.revokeAll(gone.id, h.clock.now());

    // A week of paused, empathetic days: seven reflections and both achievements.
    for (let day = 1; day <= 7; day += 1) {
      if (day > 1) h.clock.advanceDays(1);
      for (const member of [gone, stays]) {
        const res = await call(s.baseUrl, 'POST', api.saveReflection.path, {
          body: reflectionRequest(day, { paused: true, empathyScore: 9 }),
          cookie: h.cookieOf(member.id),
        });
        expect(res.status, res.text).toBe(200);
      }
    }
    for (const member of [gone, stays]) {
      const res = await call(s.baseUrl, 'POST', api.recordRippleEffect.path, {
        body: rippleRequest(1),
        cookie: h.cookieOf(member.id),
      });
      expect(res.status, res.text).toBe(201);
    }
    const shared = await call(s.baseUrl, 'POST', api.shareStory.path, {
      body: { content: 'A pause changed a dinner.', location: 'Albany, NY', rating: 5 },
      cookie: h.cookieOf(gone.id),
    });
    expect(shared.status, shared.text).toBe(201);
    // Signed in in two browsers (the first proof ended the join's session), and a sign-in e-mail still pending.
    const firstBrowser = await h.signInByCode(gone.email);
    const secondBrowser = await h.signInByCode(gone.email);
    const requested = await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: gone.email } });
    expect(requested.status, requested.text).toBe(200);

    const sessions = [firstBrowser, secondBrowser].map(sessionIdOf);
    const before = await whatIsKept(s, gone.id, sessions);
    expect(before).toMatchObject({ member: { id: gone.id }, reflections: 7, achievements: 2, rippleEffects: 1 });
    expect(before.deliveries.welcome?.status).toBe('sent');
    expect(before.deliveries.reflection?.status).toBe('sent');
    expect(before.sessions.map((session) => session?.subjectId)).toEqual([gone.id, gone.id]);
    expect(before.signIn?.memberId).toBe(gone.id);
    const tracesBefore = await storedTraces(s, gone.id);
    for (const [where, count] of Object.entries(tracesBefore)) expect(count, where).toBeGreaterThan(0);
    if (s.kind === 'postgres') {
      expect(Object.keys(tracesBefore)).toEqual(
        expect.arrayContaining([
          'members',
          'reflections',
          'achievements',
          'ripple_effects',
          'stories',
          'email_deliveries',
          'member_sessions',
          'sign_ins',
        ]),
      );
    }
    const bystander = await whatIsKept(s, stays.id, [sessionIdOf(h.cookieOf(stays.id))]);

    const res = await call(s.baseUrl, 'DELETE', pathFor(api.deleteParticipant, { id: gone.id }), {
      cookie: await adminCookie(s),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    expect(await whatIsKept(s, gone.id, sessions)).toStrictEqual({
      member: undefined,
      reflections: 0,
      achievements: 0,
      rippleEffects: 0,
      deliveries: { welcome: undefined, reflection: undefined, levelUp: undefined },
      sessions: [undefined, undefined],
      signIn: undefined,
    });
    expect(await s.store.memberByEmail(gone.email)).toBeUndefined();
    const tracesAfter = await storedTraces(s, gone.id);
    expect(tracesAfter).toStrictEqual(Object.fromEntries(Object.keys(tracesBefore).map((where) => [where, 0])));

    // The other member keeps everything (their session was touched once more, so only its time moved).
    const kept = await whatIsKept(s, stays.id, [sessionIdOf(h.cookieOf(stays.id))]);
    expect({ ...kept, sessions: kept.sessions.map((x) => x?.subjectId) }).toStrictEqual({
      ...bystander,
      sessions: [stays.id],
    });
    // Nothing more goes out to the deleted address, at the minute the other member's day 7 does
    // (after 09:00 in New York, both addresses confirmed and their last reminder on day 1).
    const sentToGone = mail.to(gone.email).length;
    await h.scheduler.tick();
    await h.scheduler.idle();
    expect(reflectionSubjects(mail, stays.email).at(-1)).toBe(`Day 7 of 90: ${title(7)}`);
    expect(mail.to(gone.email)).toHaveLength(sentToGone);
  });
});
