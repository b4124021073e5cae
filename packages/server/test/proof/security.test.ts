/**
 * Security (issue 9). What the existing suites already prove is not repeated here:
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
 * - Login limit per IP and e-mail (401, 401, 401, 429 + Retry-After) and member lookups:
 *   http.admin.test.ts 'login attempts per IP and e-mail are limited ...', 'member lookups by
 *   e-mail are limited per client'.
 * - The same status and body for an unknown e-mail and a wrong password: http.admin.test.ts
 *   'the same 401 for an unknown e-mail and a wrong password'.
 * - Foreign Origin 403 on join and 'null' Origin on login; localhost only outside production:
 *   test/http.safety.test.ts 'refuses a state-changing request from a foreign Origin ...',
 *   'outside production a localhost page on another port ...'.
 * - Security headers on a 200 API answer, a 404 API error and a page (development mode):
 *   http.safety.test.ts 'sets security headers on API answers, errors and pages'.
 *
 * Added here: fixation with a value the client chose; replay after logout on EVERY admin route;
 * cross-site writes on EVERY state-changing route while signed in (nothing changes, the session
 * survives); the per-IP login limit against spraying many e-mails; identical answers down to the
 * headers; a log canary over the real process and over a 500; security headers on every kind of
 * error (400, 401, 403, 404, 405, 413, 415, 429, 500, 503) and on 201s and pages, in production.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, ApiErrorBody, DEMO_ADMIN, api, pathFor, routeList, type AnyRoute } from '@prr/contract';
import { FakeClock } from '../../src/clock.js';
import type { Logger } from '../../src/log.js';
import { JOIN, START, call, onlyMemberId, reflectionBody, persistedFingerprint, sessionCookieFrom, startTestServer, storeSnapshot, type Answer, type TestServer } from '../helpers.js';
import { killAllServers, printFigures, startBin } from './support.js';

const adminRoutes = routeList.filter((r) => r.auth === 'admin');
const writeRoutes = routeList.filter((r) => r.method !== 'GET');
const figures = { adminRoutesWalked: 0, crossSiteWritesRefused: 0, logLinesChecked: 0, canaries: 0, headerChecks: 0 };

afterAll(() => {
  killAllServers();
  printFigures('security', figures);
});

async function login(s: TestServer, email: string = DEMO_ADMIN.email, password: string = DEMO_ADMIN.password, cookie?: string) {
  return call(s.baseUrl, 'POST', api.adminLogin.path, { body: { email, password }, ...(cookie ? { cookie } : {}) });
}

/** A valid request for each route, so a refusal can only come from the check under test. */
function sampleRequest(route: AnyRoute, memberId: string): { path: string; body?: unknown } {
  const path = pathFor(route, { email: JOIN.email, memberId, day: 1 });
  switch (route) {
    case api.joinMovement:
      return { path, body: { ...JOIN, email: 'new@example.org' } };
    case api.saveReflection:
      return { path, body: reflectionBody(memberId, 1) };
    case api.recordRippleEffect:
      return { path, body: { memberId, week: 1, relationshipImprovements: 1, positiveInteractions: 1, conflictsAvoided: 1, othersInspired: 1, notes: '' } };
    case api.updateEmailSettings:
      return { path, body: { emailReminders: false, reminderTime: '07:00', timezone: 'Europe/Paris' } };
    case api.unsubscribe:
      return { path, body: { token: 'x' } };
    case api.adminLogin:
      return { path, body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } };
    case api.addParticipant:
      return { path, body: { name: 'Jo Doe', email: 'jo@example.org', state: 'TX', zipCode: '73301' } };
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
      await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
      const memberId = await onlyMemberId(s.store);
      const cookie = sessionCookieFrom(await login(s))!;
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
      expect(writeRoutes.length).toBeGreaterThanOrEqual(8);
      for (const route of writeRoutes) {
        const { path, body } = sampleRequest(route, memberId);
        for (const origin of origins) {
          const res = await call(s.baseUrl, route.method, path, { cookie, headers: { Origin: origin }, ...(body ? { body } : {}) });
          expect(res.status, `${route.method} ${route.path} from ${origin}`).toBe(403);
          expect(ApiErrorBody.parse(res.body).error.code).toBe('forbidden');
          expect(res.headers.getSetCookie()).toEqual([]);
          figures.crossSiteWritesRefused += 1;
        }
      }
      expect(await persistedFingerprint(s)).toBe(fileBefore);
      expect(JSON.stringify(await storeSnapshot(s.store))).toBe(memoryBefore);
      // The cross-site logout did not end the session.
      expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie })).status).toBe(200);
      // The same requests from the site's own origin go through.
      const own = await call(s.baseUrl, 'POST', api.recordRippleEffect.path, {
        headers: { Origin: s.baseUrl },
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
      config: { rateLimits: { login: { points: 100, duration: 900 }, loginPerIp: { points: 5, duration: 900 }, memberLookup: { points: 100, duration: 60 } } },
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
    const s = await startTestServer({ admin: { email: 'boss@example.org', password: 'a-very-long-passphrase', name: 'Boss' } });
    try {
      const comparable = (res: Answer) => {
        const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
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
  return [...new Set([secret, secret.toLowerCase(), encodeURIComponent(secret), encodeURIComponent(secret.toLowerCase()), JSON.stringify(secret).slice(1, -1)])];
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
        env: { LOG_LEVEL: 'debug', ADMIN_EMAIL: CANARY.adminEmail, ADMIN_PASSWORD: CANARY.password, NODE_ENV: 'development' },
      });
      const send = (method: string, path: string, options: { body?: unknown; raw?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
        call(server.baseUrl, method, path, options);
      const cookies: string[] = [];

      expect((await send('POST', api.adminLogin.path, { body: { email: CANARY.adminEmail, password: CANARY.wrongPassword } })).status).toBe(401);
      expect((await send('POST', api.adminLogin.path, { body: { email: CANARY.memberEmail, password: CANARY.password } })).status).toBe(401);
      const planted = `${ADMIN_SESSION_COOKIE}=${CANARY.plantedSession}`;
      expect((await send('GET', api.adminStats.path, { cookie: planted })).status).toBe(401);
      const ok = await send('POST', api.adminLogin.path, { body: { email: CANARY.adminEmail, password: CANARY.password }, cookie: planted });
      expect(ok.status).toBe(200);
      const cookie = sessionCookieFrom(ok)!;
      cookies.push(cookie.split('=')[1]!);

      expect((await send('POST', api.joinMovement.path, { body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' } })).status).toBe(200);
      expect((await send('POST', api.joinMovement.path, { body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' } })).status).toBe(200);
      const view = await send('GET', pathFor(api.dashboardMember, { email: CANARY.memberEmail }));
      expect(view.status).toBe(200);
      const memberId = (view.body as { id: string }).id;
      expect((await send('GET', pathFor(api.dashboardMember, { email: `nobody.${CANARY.memberEmail}` }))).status).toBe(404);
      expect((await send('POST', api.saveReflection.path, { body: reflectionBody(memberId, 1, { notes: CANARY.memberEmail }) })).status).toBe(200);
      expect((await send('GET', api.adminMembers.path, { cookie })).status).toBe(200);
      expect(
        (await send('POST', api.addParticipant.path, { cookie, body: { name: 'Canary P', email: CANARY.participantEmail, state: 'NY', zipCode: '10001' } })).status,
      ).toBe(201);
      // Refusals carrying the secrets: malformed JSON, too large, wrong type, cross-site, bad fields.
      const partial = `{"email":"${CANARY.adminEmail}","password":"${CANARY.password}"`;
      expect((await send('POST', api.adminLogin.path, { raw: partial })).status).toBe(400);
      expect((await send('POST', api.adminLogin.path, { raw: JSON.stringify({ email: CANARY.adminEmail, password: CANARY.password.repeat(2000) }) })).status).toBe(413);
      expect((await send('POST', api.adminLogin.path, { raw: `password=${CANARY.password}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
      expect((await send('POST', api.joinMovement.path, { body: { name: 'C', email: CANARY.memberEmail, zipCode: '' } })).status).toBe(400);
      expect((await send('POST', api.adminLogin.path, { body: { email: CANARY.adminEmail, password: CANARY.password }, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
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
        ...Object.fromEntries(cookies.map((c, i) => [`sessionCookie${i}`, c])),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a 500 is logged with its request id and stack, but not with the member e-mail it was about', async () => {
    const lines: string[] = [];
    const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ level, msg, ...fields }));
    const logger: Logger = { debug: capture('debug'), info: capture('info'), warn: capture('warn'), error: capture('error') };
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
      expect((await call(s.baseUrl, 'POST', api.joinMovement.path, { body: { name: 'Canary', email: CANARY.memberEmail, zipCode: '10001' } })).status).toBe(200);
      broken = true;
      const res = await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email: CANARY.memberEmail }));
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
  it('on 200/201 API answers, pages and every kind of error (400-415, 429, 500, 503), in production', async () => {
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
      config: { production: true, rateLimits: { login: { points: 100, duration: 900 }, loginPerIp: { points: 100, duration: 900 }, memberLookup: { points: 2, duration: 60 } } },
    });
    try {
      const cookie = sessionCookieFrom(await login(s))!;
      const answers: Array<[string, Answer, number]> = [];
      const add = async (label: string, expected: number, method: string, path: string, options: Parameters<typeof call>[3] = {}) =>
        answers.push([label, await call(s.baseUrl, method, path, options), expected]);

      await add('200 api', 200, 'GET', api.testimonials.path);
      await add('201 api', 201, 'POST', api.addParticipant.path, { cookie, body: { name: 'Jo Doe', email: 'jo@example.org', state: 'TX', zipCode: '73301' } });
      await add('page', 200, 'GET', '/dashboard');
      await add('400', 400, 'POST', api.joinMovement.path, { body: { name: '' } });
      await add('401', 401, 'GET', api.adminStats.path);
      await add('403', 403, 'POST', api.joinMovement.path, { body: JOIN, headers: { Origin: 'https://evil.example' } });
      await add('404', 404, 'GET', '/api/nope');
      await add('405', 405, 'PUT', api.joinMovement.path, { body: JOIN });
      await add('413', 413, 'POST', api.joinMovement.path, { body: { ...JOIN, name: 'x'.repeat(100_000) } });
      await add('415', 415, 'POST', api.joinMovement.path, { raw: 'a=b', headers: { 'Content-Type': 'text/plain' } });
      for (let i = 0; i < 2; i += 1) await call(s.baseUrl, 'GET', pathFor(api.dashboardMember, { email: `x${i}@example.org` }));
      await add('429', 429, 'GET', pathFor(api.dashboardMember, { email: 'x@example.org' }));
      if (s.kind === 'lowdb') {
        // PostgreSQL's 503 comes from an outage: test/proof/faults.postgres.test.ts checks its answer.
        const blocker = join(s.dir, '.db.json.tmp');
        await mkdir(blocker); // steno's temp path is a folder: the write fails
        await add('503', 503, 'POST', api.joinMovement.path, { body: JOIN });
        await rmdir(blocker);
      }
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
