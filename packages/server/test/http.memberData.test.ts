/**
 * The member's own data beyond what the contract suite can see (docs/product/rules.md#the-members-data),
 * over real HTTP on whichever store the project runs: 'Delete my account' leaves nothing of the
 * member in the store (lowdb's data file as read from disk; every PostgreSQL table), whatever they
 * had (reflections, achievements, a ripple effect, a story, invite links both ways, two sessions, a
 * pending sign-in, the e-mail log), while the members around them keep their own; and 'Download my
 * data' is a file to save with the member's data alone.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MEMBER_SESSION_COOKIE, MemberExport, SIGN_IN_MESSAGES, api, type JoinRequest } from '@prr/contract';
import {
  call,
  meWith,
  memberCookieFrom,
  memberSetCookie,
  reflectionRequest,
  rippleRequest,
  signInByCode,
  type TestServer,
} from './helpers.js';
import { mailHarnessPerTest } from './mail.helpers.js';
import { withAdmin } from './postgres/databases.js';

/** The app, its store and the e-mail scheduler on a fake clock (2026-03-02 09:00 in New York). */
const harness = mailHarnessPerTest();

interface Joined {
  id: string;
  email: string;
  cookie: string;
}

async function joinAs(s: TestServer, body: JoinRequest): Promise<Joined> {
  const res = await call(s.baseUrl, 'POST', api.joinMovement.path, { body });
  const cookie = memberCookieFrom(res);
  if (res.status !== 200 || !cookie) throw new Error(`join answered ${res.status}: ${res.text}`);
  return { id: (await meWith(s.baseUrl, cookie)).id, email: body.email, cookie };
}

async function ok<T = unknown>(s: TestServer, method: string, path: string, cookie: string, body?: unknown) {
  const res = await call<T>(s.baseUrl, method, path, { cookie, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res;
}

const inviteCode = async (s: TestServer, member: Joined): Promise<string> =>
  (await ok<{ code: string }>(s, 'GET', api.invite.path, member.cookie)).body.code;

/**
 * Everything the store holds, as text: lowdb's data file as it is on disk, or every PostgreSQL
 * table as JSON. Left out: the rate limits (lowdb's rateLimits, PostgreSQL's rate_limits), whose counters are keyed by address and must outlive a
 * deletion (or deleting and joining again would reset them); they expire with their window.
 */
async function storeText(s: TestServer): Promise<string> {
  if (s.kind === 'lowdb') {
    const { rateLimits: _counters, ...data } = JSON.parse(await readFile(s.file, 'utf8')) as Record<string, unknown>;
    return JSON.stringify(data);
  }
  return withAdmin(s.databaseUrl!, async (client) => {
    const tables = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits'
        ORDER BY table_name`,
    );
    expect(tables.rows.map((t) => t.table_name)).toEqual(expect.arrayContaining(['members', 'reflections']));
    const parts: string[] = [];
    for (const { table_name: table } of tables.rows) {
      const rows = await client.query<{ json: string | null }>(
        `SELECT json_agg(t)::text AS json FROM "${table.replaceAll('"', '""')}" t`,
      );
      parts.push(`${table}: ${rows.rows[0]?.json ?? '[]'}`);
    }
    return parts.join('\n');
  });
}

describe('Delete my account', () => {
  it('leaves nothing of the member in the store, ends every session of theirs, and leaves the others whole', async () => {
    const { h, mail } = await harness();
    const s = h.server;
    const inviter = await joinAs(s, { name: 'Ines Inviter', email: 'ines@example.org', zipCode: '10001' });
    const gone = await joinAs(s, {
      name: 'Gus Gone',
      email: 'Gus.Gone@Example.org',
      zipCode: '94110',
      timezone: 'Europe/London',
      invite: await inviteCode(s, inviter),
    });
    const friend = await joinAs(s, {
      name: 'Fred Friend',
      email: 'fred@example.org',
      zipCode: '10001',
      invite: await inviteCode(s, gone),
    });
    await h.scheduler.idle();

    // A week of paused, empathetic days (both achievements), a ripple effect and a story.
    for (let day = 1; day <= 7; day += 1) {
      if (day > 1) h.clock.advanceDays(1);
      await ok(s, 'POST', api.saveReflection.path, gone.cookie, reflectionRequest(day, { empathyScore: 9 }));
    }
    await ok(s, 'POST', api.recordRippleEffect.path, gone.cookie, rippleRequest(1));
    await ok(s, 'POST', api.shareStory.path, gone.cookie, { content: 'I paused.', location: 'Leeds', rating: 5 });
    // Signed in in two browsers (the first proof ended the join's session), and a sign-in e-mail still pending.
    const firstBrowser = (await signInByCode(s, gone.email)).cookie;
    const secondBrowser = (await signInByCode(s, gone.email)).cookie;
    await ok(s, 'POST', api.requestSignIn.path, '', { email: gone.email });

    const traces = (text: string) => ({
      id: text.includes(gone.id),
      email: text.toLowerCase().includes('gus.gone@example.org'),
    });
    expect(traces(await storeText(s))).toStrictEqual({ id: true, email: true });
    expect(mail.to(gone.email, 'welcome')).toHaveLength(1);
    const others = async () => ({
      inviter: await s.store.memberById(inviter.id),
      friend: await s.store.memberById(friend.id),
    });
    const before = await others();
    expect(before.friend?.invitedBy).toBe(gone.id);
    expect(before.inviter?.points).toBe(35);

    const res = await call(s.baseUrl, 'DELETE', api.deleteAccount.path, { cookie: firstBrowser });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toStrictEqual({ deleted: true });
    expect(memberSetCookie(res)).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=;.*Max-Age=0`, 'i'));

    expect(traces(await storeText(s))).toStrictEqual({ id: false, email: false });
    for (const cookie of [gone.cookie, firstBrowser, secondBrowser]) {
      const me = await call(s.baseUrl, 'GET', api.me.path, { cookie });
      expect(me.body).toStrictEqual({ error: { code: 'unauthenticated', message: SIGN_IN_MESSAGES.signInNeeded } });
    }
    const signIn = await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: gone.email } });
    expect(signIn.status).toBe(404);

    // The inviter keeps their +10 but no longer counts the friend; the friend stays, unlinked.
    const after = await others();
    expect(after.inviter).toStrictEqual(before.inviter);
    // toEqual: a cleared invitedBy may be an absent key or undefined, depending on the store.
    expect(after.friend).toEqual({ ...before.friend, invitedBy: undefined });
    expect(after.friend?.invitedBy).toBeUndefined();
    expect((await ok<{ friendsJoined: number }>(s, 'GET', api.invite.path, inviter.cookie)).body.friendsJoined).toBe(0);
    expect((await meWith(s.baseUrl, friend.cookie)).id).toBe(friend.id);

    // Nothing more goes out to the address: a later day's reminder time passes without a message.
    const sent = mail.to(gone.email).length;
    h.clock.advanceDays(1);
    await h.scheduler.tick();
    await h.scheduler.idle();
    expect(mail.to(gone.email)).toHaveLength(sent);
  });
});

describe('Download my data', () => {
  it("is a JSON file to save, not cached, holding the member's data and nobody else's", async () => {
    const { h } = await harness();
    const s = h.server;
    const ann = await joinAs(s, { name: 'Ann Lee', email: 'ann@example.org', zipCode: '10001' });
    const ben = await joinAs(s, { name: 'Ben Ortiz', email: 'ben@example.org', zipCode: '10001' });
    await ok(s, 'POST', api.saveReflection.path, ann.cookie, reflectionRequest(1, { notes: 'Ann-private-note' }));
    await ok(s, 'POST', api.saveReflection.path, ben.cookie, reflectionRequest(1, { notes: 'Ben-private-note' }));

    const res = await ok(s, 'GET', api.exportMyData.path, ann.cookie);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pause-reflect-retry-my-data.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = MemberExport.parse(res.body);
    expect(data.profile).toMatchObject({ id: ann.id, email: 'ann@example.org', zipCode: '10001', points: 27 });
    expect(data.reflections.map((r) => r.notes)).toStrictEqual(['Ann-private-note']);
    expect(res.text).not.toContain(ben.id);
    expect(res.text).not.toContain('Ben-private-note');
  });
});
