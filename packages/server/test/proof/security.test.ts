/**
 * Security (docs/testing.md#proofs). What the existing suites already prove is not repeated here:
 *
 * - Every auth:'admin' route answers 401 without a session and with a made-up one, walked from
 *   the route table: test/http.admin.test.ts 'every route with auth:"admin" in the contract
 *   table answers 401 without a session (and with a made-up one)'.
 * - A new session id at every login, the old one retired; logout clears the cookie and the
 *   session (one route checked): http.admin.test.ts 'login sets an HttpOnly SameSite=Lax cookie
 *   with a new id each time; logout destroys it'.
 * - Idle expiry with the fake clock (29 min kept alive by use, 31 min idle refused):
 *   http.admin.test.ts 'sessions expire after the idle time (30 min by default) and are kept
 *   alive by use'.
 * - Login limit per IP and e-mail (401, 401, 401, 429 + Retry-After) and sign-in e-mails per IP:
 *   http.admin.test.ts 'login attempts per IP and e-mail are limited ...', 'member sign-in e-mails
 *   are limited per client ...'.
 * - The same status and body for an unknown e-mail and a wrong password: http.admin.test.ts
 *   'the same 401 for an unknown e-mail and a wrong password'.
 * - Foreign Origin 403 on join and 'null' Origin on login; localhost only outside production:
 *   test/http.safety.test.ts 'refuses a state-changing request from a foreign Origin ...',
 *   'outside production a localhost page on another port ...'.
 * - Security headers on a 200 API answer, a 404 API error and a page (development mode):
 *   http.safety.test.ts 'sets security headers on API answers, errors and pages'.
 *
 * - The member sign-in rules (code, link, e-mail link, expiry, single use, sign-out, the sign-in
 *   and join limits, no member data without the session): test/http.signIn.test.ts.
 *
 * Added here: fixation with a value the client chose; replay after logout on EVERY admin route;
 * cross-site writes on EVERY state-changing route while signed in as admin and as member (nothing
 * changes, both sessions survive); the per-IP login limit against spraying many e-mails; identical
 * answers down to the headers; a log canary over the real process and over a 500; security headers
 * on every kind of error (400, 401, 403, 404, 405, 413, 415, 429, 500, 503) and on 201s and pages,
 * in production. And EVERY auth:'member' route walked from the contract table: 401 without a
 * session and with forged cookies (random, well-formed, a leaked stored hash, an admin session,
 * the member's id, a sealed e-mail key); with another member's session it answers about that
 * member only and never reads or writes B's reflections, ripple effects or settings; fixation of a
 * member session.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import {
  ADMIN_SESSION_COOKIE,
  ApiErrorBody,
  DEMO_ADMIN,
  MEMBER_SESSION_COOKIE,
  SIGN_IN_MESSAGES,
  api,
  pathFor,
  routeList,
  type AnyRoute,
} from '@prr/contract';
import { FakeClock } from '../../src/clock.js';
import type { Logger } from '../../src/log.js';
import { createDashboardLinkToken } from '../../src/auth/emailLinkTokens.js';
import {
  JOIN,
  START,
  call,
  joinAndSignIn,
  memberCookieFrom,
  onlyMemberId,
  persistedFingerprint,
  reflectionRequest,
  rippleRequest,
  sessionCookieFrom,
  signInByCode,
  startTestServer,
  storeSnapshot,
  storedSignInState,
  testRateLimits,
  type Answer,
  type TestServer,
} from '../helpers.js';
import { parseMail } from '../mail.helpers.js';
import { killAllServers, printFigures, startBin } from './support.js';
import { signInAdmin } from '../adminSignIn.js';

const adminRoutes = routeList.filter((r) => r.auth === 'admin');
const memberRoutes = routeList.filter((r) => r.auth === 'member');
const writeRoutes = routeList.filter((r) => r.method !== 'GET');
const figures = {
  adminRoutesWalked: 0,
  memberRoutesWalked: 0,
  forgedMemberCookiesRefused: 0,
  crossMemberCalls: 0,
  crossSiteWritesRefused: 0,
  logLinesChecked: 0,
  canaries: 0,
  headerChecks: 0,
};

afterAll(() => {
  killAllServers();
  printFigures('security', figures);
});

async function login(
  s: TestServer,
  email: string = DEMO_ADMIN.email,
  password: string = DEMO_ADMIN.password,
  cookie?: string,
) {
  return call(s.baseUrl, 'POST', api.adminLogin.path, { body: { email, password }, ...(cookie ? { cookie } : {}) });
}

/** A valid request for each route, so a refusal can only come from the check under test. */
function sampleRequest(route: AnyRoute, memberId: string): { path: string; body?: unknown } {
  const path = pathFor(route, { email: JOIN.email, memberId, id: memberId, day: 1 });
  switch (route) {
    case api.joinMovement:
      return { path, body: { ...JOIN, email: 'new@example.org' } };
    case api.saveReflection:
      // A memberId in the body is no part of the contract: the server must ignore it.
      return { path, body: { ...reflectionRequest(1), memberId } };
    case api.recordRippleEffect:
      return { path, body: { ...rippleRequest(1), memberId } };
    case api.requestSignIn:
      return { path, body: { email: JOIN.email } };
    case api.signInWithCode:
      return { path, body: { email: JOIN.email, code: '123456' } };
    case api.signInWithLink:
    case api.checkSignInLink:
      return { path, body: { token: 'x' } };
    case api.updateEmailSettings:
      return { path, body: { emailReminders: false, reminderTime: '07:00', timezone: 'Europe/Paris' } };
    case api.unsubscribe:
      return { path, body: { token: 'x' } };
    case api.adminLogin:
      return { path, body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } };
    case api.addParticipant:
      return { path, body: { name: 'Jo Doe', email: 'jo@example.org', state: 'TX', zipCode: '73301' } };
    case api.updateParticipant:
      return { path, body: { name: 'Jo Doe', state: 'TX', zipCode: '73301' } };
    case api.setParticipantStatus:
      return { path, body: { isActive: false } };
    case api.changeAdminPassword:
      return { path, body: { currentPassword: DEMO_ADMIN.password, newPassword: 'a-new-long-password' } };
    case api.levelUpSeen:
      return { path, body: { level: 'Explorer' } };
    case api.shareStory:
      return { path, body: { content: 'A pause at the dinner table.', location: 'Austin, TX', rating: 4 } };
    case api.chooseAfterExperiment:
      return { path, body: { choice: 'stop' } };
    default:
      return { path };
  }
}

async function expectUnauthenticatedEverywhere(s: TestServer, cookie: string, memberId: string): Promise<void> {
  const fileBefore = await persistedFingerprint(s);
  for (const route of adminRoutes) {
    const { path, body } = sampleRequest(route, memberId);
    const res = await call(s.baseUrl, route.method, path, { cookie, ...(body ? { body } : {}) });
    expect(res.status, `${route.method} ${route.path}`).toBe(401);
    expect(ApiErrorBody.parse(res.body).error.code).toBe('unauthenticated');
    figures.adminRoutesWalked += 1;
  }
  expect(await persistedFingerprint(s)).toBe(fileBefore);
}

describe('sessions', () => {
  it('fixation: a session value chosen by the client before login is never accepted, before or after it', async () => {
    const s = await startTestServer();
    try {
      await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      const memberId = await onlyMemberId(s.store);
      // Shaped exactly like a real id (32 random bytes, base64url), planted in the victim's browser.
      const planted = `${ADMIN_SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;
      await expectUnauthenticatedEverywhere(s, planted, memberId);

      const res = await login(s, DEMO_ADMIN.email, DEMO_ADMIN.password, planted);
      expect(res.status).toBe(200);
      const issued = sessionCookieFrom(res)!;
      expect(issued).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
      expect(issued).not.toBe(planted);
      await expectUnauthenticatedEverywhere(s, planted, memberId);
      expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: issued })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('replay: after logout the old cookie is refused on every admin route; idle-expired likewise', async () => {
    const s = await startTestServer();
    try {
      await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      const memberId = await onlyMemberId(s.store);
      const cookie = sessionCookieFrom(await login(s))!;
      expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie })).status).toBe(200);
      expect((await call(s.baseUrl, 'POST', api.adminLogout.path, { cookie })).status).toBe(200);
      await expectUnauthenticatedEverywhere(s, cookie, memberId);

      // An idle-expired session stays dead on every route, even after another login is made.
      const idle = sessionCookieFrom(await login(s))!;
      s.clock.advance(30 * 60_000 + 1);
      const fresh = sessionCookieFrom(await login(s))!;
      await expectUnauthenticatedEverywhere(s, idle, memberId);
      expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: fresh })).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('cross-site writes', () => {
  it('every state-changing route refuses a foreign Origin with 403 even with a valid session; nothing changes', async () => {
    const s = await startTestServer({ config: { production: true } });
    try {
      const member = await joinAndSignIn(s.baseUrl);
      const memberId = member.member.id;
      const adminCookie = await signInAdmin(s);
      // Signed in as both: every route finds the session it needs.
      const cookie = `${adminCookie}; ${member.cookie}`;
      const port = new URL(s.baseUrl).port;
      const origins = [
        'https://evil.example',
        'null',
        'http://localhost.evil.example',
        `http://127.0.0.1.evil.example:${port}`,
        'http://127.0.0.1:1',
        `http://localhost:${port}`, // production: the dev allowance for localhost is off
        'garbage',
      ];
      const fileBefore = await persistedFingerprint(s);
      const memoryBefore = JSON.stringify(await storeSnapshot(s.store));
      const signInBefore = await storedSignInState(s);
      expect(writeRoutes.length).toBeGreaterThanOrEqual(12);
      for (const route of writeRoutes) {
        const { path, body } = sampleRequest(route, memberId);
        for (const origin of origins) {
          const res = await call(s.baseUrl, route.method, path, {
            cookie,
            headers: { Origin: origin },
            ...(body ? { body } : {}),
          });
          expect(res.status, `${route.method} ${route.path} from ${origin}`).toBe(403);
          expect(ApiErrorBody.parse(res.body).error.code).toBe('forbidden');
          expect(res.headers.getSetCookie()).toEqual([]);
          figures.crossSiteWritesRefused += 1;
        }
      }
      expect(await persistedFingerprint(s)).toBe(fileBefore);
      expect(JSON.stringify(await storeSnapshot(s.store))).toBe(memoryBefore);
      expect(await storedSignInState(s)).toEqual(signInBefore);
      // The cross-site logout and sign-out ended neither session.
      expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: adminCookie })).status).toBe(200);
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: member.cookie })).status).toBe(200);
      // The same requests from the site's own origin go through.
      const own = await call(s.baseUrl, 'POST', api.recordRippleEffect.path, {
        headers: { Origin: s.baseUrl },
        cookie: member.cookie,
        body: sampleRequest(api.recordRippleEffect, memberId).body,
      });
      expect(own.status).toBe(201);
    } finally {
      await s.close();
    }
  });
});

describe('sign-in', () => {
  it('spraying many e-mails from one client hits the per-IP login limit (429), even for the right password', async () => {
    const s = await startTestServer({
      config: {
        rateLimits: testRateLimits({ login: { points: 100, duration: 900 }, loginPerIp: { points: 5, duration: 900 } }),
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await login(s, `victim${i}@example.org`, 'guess-123')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const limited = await login(s);
      expect(limited.status).toBe(429);
      expect(ApiErrorBody.parse(limited.body).error.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(sessionCookieFrom(limited)).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('an unknown e-mail and a wrong password get identical answers: status, body and every header but date and request id', async () => {
    const s = await startTestServer({
      admin: { email: 'boss@example.org', password: 'a-very-long-passphrase', name: 'Boss' },
    });
    try {
      const comparable = (res: Answer) => {
        const headers = Object.fromEntries(
          [...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)),
        );
        return { status: res.status, text: res.text, headers };
      };
      const unknown = await login(s, 'nobody@example.org', 'a-very-long-passphrase');
      const wrong = await login(s, 'boss@example.org', 'not-the-passphrase');
      expect(unknown.status).toBe(401);
      expect(comparable(wrong)).toEqual(comparable(unknown));
    } finally {
      await s.close();
    }
  });
});

// ---- the member's routes ------------------------------------------------------------------------

/** The contract's error shape and the sign-in message: what a member route answers without a live session. */
function expectSignInNeeded(res: Answer, label: string): void {
  expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(401);
  expect(ApiErrorBody.parse(res.body), label).toEqual({
    error: { code: 'unauthenticated', message: SIGN_IN_MESSAGES.signInNeeded },
  });
  expect(res.headers.getSetCookie(), label).toEqual([]);
}

/** Every member route with these cookies: all 401, and nothing stored changes (sessions included). */
async function expectMemberRoutesRefused(
  s: TestServer,
  cookies: Record<string, string | undefined>,
  memberId: string,
): Promise<void> {
  const before = {
    persisted: await persistedFingerprint(s),
    snapshot: JSON.stringify(await storeSnapshot(s.store)),
    signIn: await storedSignInState(s),
  };
  for (const [what, cookie] of Object.entries(cookies)) {
    for (const route of memberRoutes) {
      const { path, body } = sampleRequest(route, memberId);
      const res = await call(s.baseUrl, route.method, path, {
        ...(cookie ? { cookie } : {}),
        ...(body ? { body } : {}),
      });
      expectSignInNeeded(res, `${route.method} ${route.path} with ${what}`);
      if (cookie) figures.forgedMemberCookiesRefused += 1;
      else figures.memberRoutesWalked += 1;
    }
  }
  expect(await persistedFingerprint(s)).toBe(before.persisted);
  expect(JSON.stringify(await storeSnapshot(s.store))).toBe(before.snapshot);
  expect(await storedSignInState(s)).toEqual(before.signIn);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

describe("the member's routes", () => {
  it('every auth:"member" route answers 401 in the error shape without a session and with forged cookies', async () => {
    const s = await startTestServer();
    try {
      const member = await joinAndSignIn(s.baseUrl);
      const sessionId = member.cookie.split('=')[1]!;
      const adminSession = sessionCookieFrom(await login(s))!.split('=')[1]!;
      // Every /api/me route is the member's; none of them is public.
      expect(memberRoutes.length).toBeGreaterThanOrEqual(8);
      expect(routeList.filter((r) => r.path.startsWith('/api/me')).every((r) => r.auth === 'member')).toBe(true);
      const stored = (await storedSignInState(s)).sessionHashes;
      expect(stored).toEqual([sha256(sessionId)]);

      const forged = {
        'no cookie': undefined,
        'an empty member cookie': `${MEMBER_SESSION_COOKIE}=`,
        'a random value': `${MEMBER_SESSION_COOKIE}=${randomBytes(9).toString('hex')}`,
        'a well-formed id never issued': `${MEMBER_SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`,
        'the real id with one character changed': `${MEMBER_SESSION_COOKIE}=${sessionId.slice(0, -1)}${sessionId.endsWith('A') ? 'B' : 'A'}`,
        'the stored hash of the real id (a leaked table)': `${MEMBER_SESSION_COOKIE}=${stored[0]}`,
        'an admin session id in the member cookie': `${MEMBER_SESSION_COOKIE}=${adminSession}`,
        'an admin session in its own cookie': `${ADMIN_SESSION_COOKIE}=${adminSession}`,
        'the member session id under the admin cookie name': `${ADMIN_SESSION_COOKIE}=${sessionId}`,
        "the member's id": `${MEMBER_SESSION_COOKIE}=${member.member.id}`,
        "a sealed dashboard key of the member's e-mails": `${MEMBER_SESSION_COOKIE}=${createDashboardLinkToken(member.member.id, s.config.sessionSecret, s.clock.now())}`,
        'the cookie name in another case': `PRR_MEMBER=${sessionId}`,
      };
      await expectMemberRoutesRefused(s, forged, member.member.id);
      // The member session is no admin session either.
      for (const route of adminRoutes) {
        const { path, body } = sampleRequest(route, member.member.id);
        const res = await call(s.baseUrl, route.method, path, {
          cookie: `${member.cookie}; ${ADMIN_SESSION_COOKIE}=${sessionId}`,
          ...(body ? { body } : {}),
        });
        expect(res.status, `${route.method} ${route.path} with a member session`).toBe(401);
        figures.adminRoutesWalked += 1;
      }
      // The real session still works: none of the above disturbed it.
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: member.cookie })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("with another member's session every member route answers about that member only: A never reads or writes B's reflections, ripple effects or settings", async () => {
    const s = await startTestServer();
    try {
      const a = await joinAndSignIn(s.baseUrl, { name: 'Alice Anders', email: 'alice@example.org', zipCode: '10001' });
      const b = await joinAndSignIn(s.baseUrl, {
        name: 'Bob Brightwater',
        email: 'bob.brightwater@example.org',
        zipCode: '94110',
      });
      const bNote = 'Bob-private-note-4f1d';
      const bRipple = 'Bob-private-ripple-8e2a';
      const bSettings = { emailReminders: true, reminderTime: '07:00', timezone: 'Asia/Tokyo' };
      expect(
        (
          await call(s.baseUrl, 'POST', api.saveReflection.path, {
            cookie: b.cookie,
            body: reflectionRequest(1, { notes: bNote, promptResponse: bNote }),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(s.baseUrl, 'POST', api.recordRippleEffect.path, {
            cookie: b.cookie,
            body: rippleRequest(1, { notes: bRipple }),
          })
        ).status,
      ).toBe(201);
      expect(
        (await call(s.baseUrl, 'PATCH', api.updateEmailSettings.path, { cookie: b.cookie, body: bSettings })).status,
      ).toBe(200);
      const bData = async () => ({
        member: await s.store.memberById(b.member.id),
        reflections: await s.store.reflectionsOf(b.member.id),
        ripples: await s.store.rippleEffectsOf(b.member.id),
        achievements: await s.store.achievementsOf(b.member.id),
      });
      const bBefore = await bData();
      const bSecrets = [b.member.id, bNote, bRipple, 'Brightwater', 'bob.brightwater', 'Asia/Tokyo', '94110'];

      // Every member route with A's cookie, B named every way a request could name him.
      const naming = ['', `?memberId=${b.member.id}`, `?email=${encodeURIComponent('bob.brightwater@example.org')}`];
      // Sign-out last: it ends A's session. Deleting the account is walked after, with a new session of A.
      // Signing out everywhere is walked after, like deleting, with a new session of A.
      const ordered = [
        ...memberRoutes.filter((r) => r !== api.signOut && r !== api.deleteAccount && r !== api.signOutEverywhere),
        api.signOut,
      ];
      /** A's answer: one story at a time (the repeats are 409), and no choice before day 91. */
      const statusOf = (route: AnyRoute, i: number) =>
        (route === api.shareStory && i > 0) || route === api.chooseAfterExperiment ? 409 : route.status;
      for (const route of ordered) {
        for (const [i, query] of naming.entries()) {
          if (route === api.signOut && query !== naming.at(-1)) continue;
          const { body } = sampleRequest(route, b.member.id);
          const res = await call(s.baseUrl, route.method, route.path + query, {
            cookie: a.cookie,
            ...(body ? { body } : {}),
          });
          const label = `${route.method} ${route.path}${query} with A's session`;
          expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(statusOf(route, i));
          for (const secret of bSecrets)
            expect(res.text.includes(secret), `${label} answers B's ${secret}`).toBe(false);
          // Whatever names a member in the answer names A.
          for (const id of res.text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []) {
            const isReflectionOrRipple =
              (await s.store.reflectionsOf(a.member.id)).some((r) => r.id === id) ||
              (await s.store.rippleEffectsOf(a.member.id)).some((r) => r.id === id) ||
              (await s.store.storiesOf(a.member.id)).some((r) => r.id === id);
            expect(
              id === a.member.id || isReflectionOrRipple,
              `${label}: an id that is neither A nor A's record: ${id}`,
            ).toBe(true);
          }
          figures.crossMemberCalls += 1;
        }
      }
      expect(await bData()).toEqual(bBefore);
      // A's writes landed on A: the reflection, the ripple effect and the settings are A's.
      expect((await s.store.reflectionsOf(a.member.id)).map((r) => r.memberId)).toEqual([a.member.id]);
      // One record per week: the three saves of week 1 are one record.
      expect((await s.store.rippleEffectsOf(a.member.id)).map((r) => r.memberId)).toEqual([a.member.id]);
      expect((await s.store.storiesOf(a.member.id)).map((r) => r.memberId)).toEqual([a.member.id]);
      expect(await s.store.memberById(a.member.id)).toMatchObject({
        reminderTime: '07:00',
        timezone: 'Europe/Paris',
        emailReminders: false,
      });
      // A signed out; B's session lives on, and still sees B's own data.
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: a.cookie })).status).toBe(401);
      const bReflections = await call(s.baseUrl, 'GET', api.reflections.path, { cookie: b.cookie });
      expect(bReflections.status).toBe(200);
      expect(bReflections.text).toContain(bNote);

      // A signs out everywhere naming B: A's sessions end, B's session and keys live on.
      const elsewhere = await signInByCode(s, 'alice@example.org');
      const everywhere = await call(s.baseUrl, 'POST', `${api.signOutEverywhere.path}?memberId=${b.member.id}`, {
        cookie: elsewhere.cookie,
        body: { memberId: b.member.id },
      });
      expect(everywhere.status, everywhere.text).toBe(200);
      figures.crossMemberCalls += 1;
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: elsewhere.cookie })).status).toBe(401);
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: b.cookie })).status).toBe(200);

      // A deletes their account naming B: A is gone, B and all of B's data stay.
      const again = await signInByCode(s, 'alice@example.org');
      const deleted = await call(s.baseUrl, 'DELETE', `${api.deleteAccount.path}?memberId=${b.member.id}`, {
        cookie: again.cookie,
      });
      expect(deleted.status, deleted.text).toBe(200);
      figures.crossMemberCalls += 1;
      expect(await s.store.memberById(a.member.id)).toBeUndefined();
      expect(await bData()).toEqual(bBefore);
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: b.cookie })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('fixation: a member cookie chosen by the client before sign-in is never accepted; the sign-in issues a new id', async () => {
    const s = await startTestServer();
    try {
      const { member } = await joinAndSignIn(s.baseUrl);
      const planted = `${MEMBER_SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`;
      await expectMemberRoutesRefused(s, { 'a planted cookie': planted }, member.id);
      const requested = await call(s.baseUrl, 'POST', api.requestSignIn.path, {
        body: { email: JOIN.email },
        cookie: planted,
      });
      expect(requested.status).toBe(200);
      const { code } = s.mail.lastSignIn(JOIN.email);
      const res = await call(s.baseUrl, 'POST', api.signInWithCode.path, {
        body: { email: JOIN.email, code },
        cookie: planted,
      });
      expect(res.status).toBe(200);
      const issued = memberCookieFrom(res)!;
      expect(issued).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
      expect(issued).not.toBe(planted);
      await expectMemberRoutesRefused(s, { 'the planted cookie after sign-in': planted }, member.id);
      expect((await call(s.baseUrl, 'GET', api.me.path, { cookie: issued })).status).toBe(200);
      // And a second sign-in in the same browser is again a new id.
      const again = await signInByCode(s, JOIN.email);
      expect(again.cookie).not.toBe(issued);
    } finally {
      await s.close();
    }
  });
});

// ---- the log canary -----------------------------------------------------------------------------

const CANARY = {
  password: 'Canary-Passw0rd-7f3a9c',
  wrongPassword: 'Wrong-Canary-Pw-91b2e',
  adminEmail: 'canary.admin@example.org',
  memberEmail: 'Canary.Member.5b2e@Example.org',
  participantEmail: 'canary.participant.c41d@example.org',
  plantedSession: 'Canary-Planted-Session-77aa',
};

/** Every form a secret could take in a log line: as is, lower-cased, URL-encoded, JSON-escaped. */
function forms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      secret.toLowerCase(),
      encodeURIComponent(secret),
      encodeURIComponent(secret.toLowerCase()),
      JSON.stringify(secret).slice(1, -1),
    ]),
  ];
}

function expectNoSecrets(log: string, secrets: Record<string, string>): void {
  for (const [name, secret] of Object.entries(secrets)) {
    for (const form of forms(secret)) expect(log.includes(form), `${name} (${form}) appears in the log`).toBe(false);
    figures.canaries += 1;
  }
}

describe('the log canary', () => {
  it('the real process logs no password, session cookie or member e-mail, whatever it is sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prr-proof-canary-'));
    try {
      const server = await startBin({
        dataFile: join(dir, 'db.json'),
        env: {
          LOG_LEVEL: 'debug',
          ADMIN_EMAIL: CANARY.adminEmail,
          ADMIN_PASSWORD: CANARY.password,
          NODE_ENV: 'development',
          OUTBOX_DIR: join(dir, 'outbox'),
        },
      });
      const send = (
        method: string,
        path: string,
        options: { body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string> } = {},
      ) => call(server.baseUrl, method, path, options);
      const cookies: string[] = [];

      expect(
        (
          await send('POST', api.adminLogin.path, {
            body: { email: CANARY.adminEmail, password: CANARY.wrongPassword },
          })
        ).status,
      ).toBe(401);
      expect(
        (await send('POST', api.adminLogin.path, { body: { email: CANARY.memberEmail, password: CANARY.password } }))
          .status,
      ).toBe(401);
      const planted = `${ADMIN_SESSION_COOKIE}=${CANARY.plantedSession}`;
      expect((await send('GET', api.adminStats.path, { cookie: planted })).status).toBe(401);
      const ok = await send('POST', api.adminLogin.path, {
        body: { email: CANARY.adminEmail, password: CANARY.password },
        cookie: planted,
      });
      expect(ok.status).toBe(200);
      const cookie = sessionCookieFrom(ok)!;
      cookies.push(cookie.split('=')[1]!);

      const joined = await send('POST', api.joinMovement.path, {
        body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' },
      });
      expect(joined.status).toBe(200);
      const memberCookie = memberCookieFrom(joined)!;
      cookies.push(memberCookie.split('=')[1]!);
      expect(
        (
          await send('POST', api.joinMovement.path, {
            body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' },
          })
        ).status,
      ).toBe(200);
      expect((await send('GET', api.me.path, { cookie: memberCookie })).status).toBe(200);
      expect(
        (await send('GET', api.me.path, { cookie: `${MEMBER_SESSION_COOKIE}=${CANARY.plantedSession}` })).status,
      ).toBe(401);
      expect(
        (await send('POST', api.requestSignIn.path, { body: { email: `nobody.${CANARY.memberEmail}` } })).status,
      ).toBe(404);
      expect(
        (
          await send('POST', api.saveReflection.path, {
            cookie: memberCookie,
            body: reflectionRequest(1, { notes: CANARY.memberEmail }),
          })
        ).status,
      ).toBe(200);
      // A sign-in e-mail (to the outbox): its code and link, a wrong code, then the right one.
      expect((await send('POST', api.requestSignIn.path, { body: { email: CANARY.memberEmail } })).status).toBe(200);
      const outbox = join(dir, 'outbox');
      const signInFile = (await readdir(outbox)).find((f) => f.includes('-signin-'));
      expect(signInFile, 'the sign-in e-mail in the outbox').toBeDefined();
      const signInMail = parseMail(await readFile(join(outbox, signInFile!), 'utf8'));
      const code = /^ {2}> (\d{6})$/m.exec(signInMail.text)?.[1] ?? '';
      const linkToken = /\/dashboard#key=([A-Za-z0-9_-]+)/.exec(signInMail.text)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
      expect(
        (await send('POST', api.signInWithCode.path, { body: { email: CANARY.memberEmail, code: wrong } })).status,
      ).toBe(400);
      const byCode = await send('POST', api.signInWithCode.path, { body: { email: CANARY.memberEmail, code } });
      expect(byCode.status).toBe(200);
      cookies.push(memberCookieFrom(byCode)!.split('=')[1]!);
      expect((await send('POST', api.signInWithLink.path, { body: { token: linkToken } })).status).toBe(400); // used up with the code
      // The code was the first proof: the join's session ended; the code's signs out.
      expect((await send('GET', api.me.path, { cookie: memberCookie })).status).toBe(401);
      expect(
        (await send('POST', api.signOut.path, { cookie: `${MEMBER_SESSION_COOKIE}=${cookies.at(-1)!}` })).status,
      ).toBe(200);
      expect((await send('GET', api.adminMembers.path, { cookie })).status).toBe(200);
      expect(
        (
          await send('POST', api.addParticipant.path, {
            cookie,
            body: { name: 'Canary P', email: CANARY.participantEmail, state: 'NY', zipCode: '10001' },
          })
        ).status,
      ).toBe(201);
      // Refusals carrying the secrets: malformed JSON, too large, wrong type, cross-site, bad fields.
      const partial = `{"email":"${CANARY.adminEmail}","password":"${CANARY.password}"`;
      expect((await send('POST', api.adminLogin.path, { raw: partial })).status).toBe(400);
      expect(
        (
          await send('POST', api.adminLogin.path, {
            raw: JSON.stringify({ email: CANARY.adminEmail, password: CANARY.password.repeat(2000) }),
          })
        ).status,
      ).toBe(413);
      expect(
        (
          await send('POST', api.adminLogin.path, {
            raw: `password=${CANARY.password}`,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          })
        ).status,
      ).toBe(415);
      expect(
        (await send('POST', api.joinMovement.path, { body: { name: 'C', email: CANARY.memberEmail, zipCode: '' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await send('POST', api.adminLogin.path, {
            body: { email: CANARY.adminEmail, password: CANARY.password },
            headers: { Origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
      expect((await send('POST', api.adminLogout.path, { cookie })).status).toBe(200);
      expect((await send('GET', api.adminStats.path, { cookie })).status).toBe(401);

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const log = server.output();
      const lines = log.split('\n').filter(Boolean);
      expect(lines.some((l) => l.includes('"msg":"listening"'))).toBe(true);
      figures.logLinesChecked += lines.length;
      expectNoSecrets(log, {
        password: CANARY.password,
        wrongPassword: CANARY.wrongPassword,
        memberEmail: CANARY.memberEmail,
        participantEmail: CANARY.participantEmail,
        plantedSession: CANARY.plantedSession,
        signInLink: linkToken,
        ...Object.fromEntries(cookies.map((c, i) => [`sessionCookie${i}`, c])),
      });
      // Six digits could be anything in a log (a duration, a count): only the code as a value is checked.
      for (const form of [`"${code}"`, `"${wrong}"`, `=${code}`])
        expect(log.includes(form), `the sign-in code (${form}) appears in the log`).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a 500 is logged with its request id and stack, but not with the member e-mail it was about', async () => {
    const lines: string[] = [];
    const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ level, msg, ...fields }));
    const logger: Logger = {
      debug: capture('debug'),
      info: capture('info'),
      warn: capture('warn'),
      error: capture('error'),
    };
    const clock = new FakeClock(START);
    let broken = false;
    const faulty = Object.assign(Object.create(clock) as FakeClock, {
      now: () => {
        if (broken) throw new TypeError('clock exploded');
        return clock.now();
      },
    });
    const s = await startTestServer({ clock: faulty, logger });
    try {
      expect(
        (
          await call(s.baseUrl, 'POST', api.joinMovement.path, {
            body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' },
          })
        ).status,
      ).toBe(200);
      broken = true;
      const res = await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: CANARY.memberEmail } });
      expect(res.status).toBe(500);
      const failed = lines.filter((l) => l.includes('"msg":"request failed"'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain(res.headers.get('x-request-id')!);
      expect(failed[0]).toContain('clock exploded');
      figures.logLinesChecked += lines.length;
      expectNoSecrets(lines.join('\n'), { memberEmail: CANARY.memberEmail });
    } finally {
      await s.close();
    }
  });
});

// ---- security headers on everything ---------------------------------------------------------

describe('security headers', () => {
  it('on 200/201 API answers, pages and every kind of error (400-415, 429, 500), in production', async () => {
    const clock = new FakeClock(START);
    let broken = false;
    const faulty = Object.assign(Object.create(clock) as FakeClock, {
      now: () => {
        if (broken) throw new TypeError('clock exploded');
        return clock.now();
      },
    });
    const s = await startTestServer({
      clock: faulty,
      config: { production: true, rateLimits: testRateLimits({ signInPerIp: { points: 2, duration: 900 } }) },
    });
    try {
      // Production: the password, then the second factor's enrolment (docs/decisions/027-admin-second-factor.md).
      const cookie = await signInAdmin(s);
      const answers: Array<[string, Answer, number]> = [];
      const add = async (
        label: string,
        expected: number,
        method: string,
        path: string,
        options: Parameters<typeof call>[3] = {},
      ) => answers.push([label, await call(s.baseUrl, method, path, options), expected]);

      await add('200 api', 200, 'GET', api.testimonials.path);
      await add('201 api', 201, 'POST', api.addParticipant.path, {
        cookie,
        body: { name: 'Jo Doe', email: 'jo@example.org', state: 'TX', zipCode: '73301' },
      });
      await add('page', 200, 'GET', '/dashboard');
      await add('400', 400, 'POST', api.joinMovement.path, { body: { name: '' } });
      await add('401', 401, 'GET', api.adminStats.path);
      await add('401 member', 401, 'GET', api.me.path);
      await add('403', 403, 'POST', api.joinMovement.path, { body: JOIN, headers: { Origin: 'https://evil.example' } });
      await add('404', 404, 'GET', '/api/nope');
      await add('405', 405, 'PUT', api.joinMovement.path, { body: JOIN });
      await add('413', 413, 'POST', api.joinMovement.path, { body: { ...JOIN, name: 'x'.repeat(100_000) } });
      await add('415', 415, 'POST', api.joinMovement.path, { raw: 'a=b', headers: { 'Content-Type': 'text/plain' } });
      for (let i = 0; i < 2; i += 1)
        await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: `x${i}@example.org` } });
      await add('429', 429, 'POST', api.requestSignIn.path, { body: { email: 'x@example.org' } });
      // A 503 and its headers: lowdb's failed disk write in test/smoke.lowdb.test.ts, PostgreSQL's
      // outage in test/proof/faults.postgres.test.ts (this file runs on PostgreSQL).
      broken = true;
      await add('500', 500, 'POST', api.joinMovement.path, { body: { ...JOIN, email: 'other@example.org' } });
      broken = false;

      for (const [label, res, expected] of answers) {
        expect(res.status, label).toBe(expected);
        const h = (name: string) => res.headers.get(name);
        const csp = h('content-security-policy') ?? '';
        expect(csp, label).toContain("default-src 'self'");
        expect(csp, label).toContain("script-src 'self'");
        expect(csp, label).toContain("frame-ancestors 'none'");
        expect(csp, label).toContain("object-src 'none'");
        expect(csp, label).toContain('upgrade-insecure-requests');
        expect(h('strict-transport-security'), label).toMatch(/max-age=\d+; includeSubDomains/);
        expect(h('x-content-type-options'), label).toBe('nosniff');
        expect(h('x-frame-options'), label).toBe('DENY');
        expect(h('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
        expect(h('cross-origin-opener-policy'), label).toBe('same-origin');
        expect(h('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
        expect(h('x-powered-by'), label).toBeNull();
        if (label !== 'page') {
          expect(h('cache-control'), label).toBe('no-store');
          expect(h('content-type'), label).toMatch(/^application\/json/);
        }
        if (expected >= 400) {
          const body = ApiErrorBody.parse(res.body);
          expect(res.text, label).not.toMatch(/exploded|\.ts:|at .*\(/);
          expect(body.error.message.length, label).toBeGreaterThan(0);
        }
        figures.headerChecks += 1;
      }
    } finally {
      await s.close();
    }
  });
});
