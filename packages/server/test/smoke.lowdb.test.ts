/**
 * The server on lowdb, the default store, over real HTTP: every route family once (docs/testing.md).
 * The HTTP and contract cases run in full with the server on PostgreSQL; what lowdb must keep the
 * same is the store suite's to prove. Here: the app wired to lowdb answers each family, and what only
 * the data file shows — an acknowledged join is on disk, a failed disk write is a 503 that keeps
 * nothing, a deleted member leaves no trace in the file.
 */
import { mkdir, readFile, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiErrorBody, EXPERIMENT_DAYS, api, pathFor, type Insights } from '@prr/contract';
import { createUnsubscribeToken } from '../src/auth/emailLinkTokens.js';
import { signInAdmin } from './adminSignIn.js';
import {
  JOIN,
  TEST_SECRET,
  call,
  joinAndSignIn,
  memberCookieFrom,
  persistedMembers,
  reflectionRequest,
  rippleRequest,
  signInByCode,
  startTestServer,
  type StartOptions,
  type TestServer,
} from './helpers.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function lowdbServer(options: Omit<StartOptions, 'store'> = {}): Promise<TestServer> {
  server = await startTestServer({ ...options, store: 'lowdb' });
  return server;
}

/** Answers 2xx, or fails with what the route said. */
async function ok<T = unknown>(s: TestServer, method: string, path: string, options: Parameters<typeof call>[3] = {}) {
  const res = await call<T>(s.baseUrl, method, path, options);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res;
}

describe('the server on lowdb', () => {
  it('answers every route family: public reads, join, the member, sign-in, the admin, insights, unsubscribe', async () => {
    const s = await lowdbServer();
    // Public reads: the seed is there.
    expect((await ok<unknown[]>(s, 'GET', api.featuredProducts.path)).body.length).toBeGreaterThan(0);
    expect((await ok<unknown[]>(s, 'GET', api.testimonials.path)).body.length).toBeGreaterThan(0);
    expect((await ok<unknown[]>(s, 'GET', api.mapStates.path)).body).toHaveLength(50);
    await ok(s, 'GET', api.movementStats.path);
    await ok(s, 'GET', pathFor(api.reflectionPrompt, { day: 1 }));

    // Join: the joining browser is signed in, and the member is in the data file as read from disk.
    const { cookie, member } = await joinAndSignIn(s.baseUrl);
    expect((await persistedMembers(s)).map((m) => m.email)).toContain(JOIN.email);

    // The member's own routes, in their session.
    await ok(s, 'POST', api.saveReflection.path, { cookie, body: reflectionRequest(1) });
    expect((await ok<unknown[]>(s, 'GET', api.reflections.path, { cookie })).body).toHaveLength(1);
    await ok(s, 'POST', api.recordRippleEffect.path, { cookie, body: rippleRequest(1) });
    expect((await ok<unknown[]>(s, 'GET', api.rippleEffects.path, { cookie })).body).toHaveLength(1);
    await ok(s, 'GET', api.achievements.path, { cookie });
    await ok(s, 'GET', api.invite.path, { cookie });
    const story = await ok<{ id: string }>(s, 'POST', api.shareStory.path, {
      cookie,
      body: { content: 'I paused.', location: 'Montgomery', rating: 5 },
    });
    await ok(s, 'PATCH', api.updateEmailSettings.path, {
      cookie,
      body: { emailReminders: false, reminderTime: '09:00', timezone: 'America/Chicago' },
    });
    expect((await ok<{ profile: { id: string } }>(s, 'GET', api.exportMyData.path, { cookie })).body.profile.id).toBe(
      member.id,
    );

    // Sign-in by an e-mailed code in two more browsers (the first proof of the address ends the
    // join's session); signing out ends that browser's session only.
    const here = await signInByCode(s, JOIN.email);
    const other = await signInByCode(s, JOIN.email);
    await ok(s, 'POST', api.signOut.path, { cookie: other.cookie });
    expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: other.cookie })).status).toBe(401);
    expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: here.cookie })).status).toBe(200);

    // The admin: sign in, read, review the story, add and remove a participant, the activity record.
    const admin = await signInAdmin(s);
    await ok(s, 'GET', api.adminSession.path, { cookie: admin });
    await ok(s, 'GET', api.adminStats.path, { cookie: admin });
    await ok(s, 'GET', api.adminMembers.path, { cookie: admin });
    await ok(s, 'POST', pathFor(api.reviewStory, { id: story.body.id }), {
      cookie: admin,
      body: { decision: 'approve' },
    });
    const added = await ok<{ id: string }>(s, 'POST', api.addParticipant.path, {
      cookie: admin,
      body: { name: 'Ella Baker', email: 'ella@example.org', state: 'New York', zipCode: '10001' },
    });
    await ok(s, 'DELETE', pathFor(api.deleteParticipant, { id: added.body.id }), { cookie: admin });
    expect(await readFile(s.file, 'utf8')).not.toContain(added.body.id);
    await ok(s, 'GET', api.recalculatePreview.path, { cookie: admin });
    await ok(s, 'GET', api.adminActivity.path, { cookie: admin });
    // Insights from memory, and the evidence published into the data file and withdrawn from it.
    const insights = await ok<Insights>(s, 'GET', api.adminInsights.path, { cookie: admin });
    expect(insights.body.days).toHaveLength(EXPERIMENT_DAYS);
    await ok(s, 'POST', api.publishImpact.path, { cookie: admin });
    expect(JSON.parse(await readFile(s.file, 'utf8'))).toHaveProperty('impactSnapshot.publishedAt');
    await ok(s, 'GET', api.impact.path);
    await ok(s, 'DELETE', api.withdrawImpact.path, { cookie: admin });
    expect(JSON.parse(await readFile(s.file, 'utf8'))).not.toHaveProperty('impactSnapshot');
    await ok(s, 'POST', api.adminLogout.path, { cookie: admin });
    expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: admin })).status).toBe(401);

    // Unsubscribe by the e-mail's link, without a session.
    await ok(s, 'POST', api.unsubscribe.path, { body: { token: createUnsubscribeToken(member.id, TEST_SECRET) } });

    // Delete my account: nothing of the member is left in the data file.
    await ok(s, 'DELETE', api.deleteAccount.path, { cookie: here.cookie });
    // The rate limits' counters are keyed by address and outlive a deletion (docs/product/rules.md#the-members-data).
    const { rateLimits: _counters, ...data } = JSON.parse(await readFile(s.file, 'utf8')) as Record<string, unknown>;
    const file = JSON.stringify(data).toLowerCase();
    expect({ id: file.includes(member.id), email: file.includes(JOIN.email) }).toStrictEqual({
      id: false,
      email: false,
    });
  });

  it('answers a failed disk write with 503 unavailable and the security headers, keeps nothing, and recovers', async () => {
    // In production, as proof/security.test.ts checks every other kind of answer's headers.
    const s = await lowdbServer({ config: { production: true } });
    const blocker = join(s.dir, '.db.json.tmp');
    await mkdir(blocker); // steno's temp path is a folder: every flush fails
    const refused = await call<{ error: { code: string } }>(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
    expect(refused.status).toBe(503);
    expect(ApiErrorBody.parse(refused.body).error.code).toBe('unavailable');
    const h = (name: string) => refused.headers.get(name);
    const csp = h('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"])
      expect(csp).toContain(directive);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(h('strict-transport-security')).toMatch(/max-age=\d+; includeSubDomains/);
    expect(h('x-content-type-options')).toBe('nosniff');
    expect(h('x-frame-options')).toBe('DENY');
    expect(h('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h('cross-origin-opener-policy')).toBe('same-origin');
    expect(h('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(h('x-powered-by')).toBeNull();
    expect(h('cache-control')).toBe('no-store');
    expect(h('content-type')).toMatch(/^application\/json/);
    expect(memberCookieFrom(refused)).toBeUndefined();
    expect(await s.store.memberByEmail(JOIN.email)).toBeUndefined();
    await rmdir(blocker);
    const joined = await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
    expect(joined.status).toBe(200);
    expect((await persistedMembers(s)).map((m) => m.email)).toContain(JOIN.email);
  });
});
