/** The admin area over real HTTP: the 401 walk of the route table, login, sessions, rate limits and admin actions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLoginInfo,
  AdminMember,
  AdminMemberList,
  AdminStats,
  DEMO_ADMIN,
  RecalculateResponse,
  api,
  pathFor,
  routeList,
  type AnyRoute,
} from '@prr/contract';
import { call, sessionCookieFrom, startTestServer, testRateLimits, type TestServer } from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const SAMPLE_PARAMS = { email: 'a@example.org', memberId: '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00', day: 1 };
const SAMPLE_BODIES: Partial<Record<string, unknown>> = {
  [api.addParticipant.path]: { name: 'Jo Doe', email: 'jo@example.org', state: 'TX', zipCode: '73301' },
};

async function login(s: TestServer, email: string = DEMO_ADMIN.email, password: string = DEMO_ADMIN.password) {
  return call<ErrorAnswer & { admin: { name: string } }>(s.baseUrl, 'POST', api.adminLogin.path, {
    body: { email, password },
  });
}

describe('with the demo admin', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('every route with auth:"admin" in the contract table answers 401 without a session (and with a made-up one)', async () => {
    const adminRoutes: AnyRoute[] = routeList.filter((r) => r.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(6);
    // Every /api/admin route except the two login routes is admin-only.
    const adminPaths = routeList.filter((r) => r.path.startsWith('/api/admin/') && r.path !== api.adminLogin.path);
    expect(adminRoutes).toEqual(expect.arrayContaining(adminPaths));
    for (const route of adminRoutes) {
      for (const cookie of [undefined, 'prr_admin=made-up-session-id']) {
        const res = await call<ErrorAnswer>(s.baseUrl, route.method, pathFor(route, SAMPLE_PARAMS), {
          ...(route.body ? { body: SAMPLE_BODIES[route.path] ?? {} } : {}),
          ...(cookie ? { cookie } : {}),
        });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
        expect(res.body.error.code).toBe('unauthenticated');
      }
    }
    // Nothing was added by the refused calls.
    expect(await s.store.memberCount()).toBe(0);
  });

  it('GET /api/admin/login shows the demo credentials while the demo password is unchanged', async () => {
    const res = await call(s.baseUrl, 'GET', api.adminLoginInfo.path);
    expect(AdminLoginInfo.parse(res.body)).toEqual({
      demoCredentials: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
  });

  it('the same 401 for an unknown e-mail and a wrong password', async () => {
    const unknown = await login(s, 'nobody@example.org', DEMO_ADMIN.password);
    const wrong = await login(s, DEMO_ADMIN.email, 'wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ error: { code: 'unauthenticated', message: 'Invalid credentials' } });
    expect(wrong.body).toEqual(unknown.body);
    expect(sessionCookieFrom(unknown)).toBeUndefined();
  });

  it('login validates its body with the contract messages', async () => {
    const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: 'x', password: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: ['Invalid email address'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('login sets an HttpOnly SameSite=Lax cookie with a new id each time; logout destroys it', async () => {
    const first = await login(s);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ admin: { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email } });
    const setCookie = first.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // not production
    const cookie = sessionCookieFrom(first)!;

    // Logging in again while holding a session issues a different id and retires the old one.
    const second = await login(s, DEMO_ADMIN.email.toUpperCase());
    const cookie2 = sessionCookieFrom(second)!;
    expect(cookie2).not.toBe(cookie);
    expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie })).status).toBe(200); // a separate login, still valid
    const third = await call(s.baseUrl, 'POST', api.adminLogin.path, {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      cookie,
    });
    expect(sessionCookieFrom(third)).not.toBe(cookie);
    expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie })).status).toBe(401);

    const session = await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: cookie2 });
    expect(session.body).toEqual({ admin: { name: 'Admin', email: DEMO_ADMIN.email } });
    const out = await call(s.baseUrl, 'POST', api.adminLogout.path, { cookie: cookie2 });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ loggedOut: true });
    expect(out.headers.getSetCookie().join('\n')).toMatch(/prr_admin=;.*Max-Age=0/);
    expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie: cookie2 })).status).toBe(401);
  });

  it('sessions expire after the idle time (30 min by default) and are kept alive by use', async () => {
    const cookie = sessionCookieFrom(await login(s))!;
    s.clock.advance(29 * 60_000);
    expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie })).status).toBe(200);
    s.clock.advance(29 * 60_000);
    expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie })).status).toBe(200);
    s.clock.advance(31 * 60_000);
    expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie })).status).toBe(401);
  });

  it('with a session: stats, add participant (201), list newest first, recalculate', async () => {
    const cookie = sessionCookieFrom(await login(s))!;
    const before = AdminStats.parse((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie })).body);
    expect(before.totalMembers).toBe(0);
    const states = await s.store.states();
    expect(before.stateCount).toBe(states.filter((st) => st.peacemakers > 0).length);
    expect(before.totalParticipation).toBe(states.reduce((n, st) => n + st.peacemakers, 0));

    const added = await call(s.baseUrl, 'POST', api.addParticipant.path, {
      cookie,
      body: { name: 'Jo Doe', email: 'jo@example.org', state: 'tx', zipCode: '73301' },
    });
    expect(added.status).toBe(201);
    expect(AdminMember.parse(added.body)).toMatchObject({ name: 'Jo Doe', state: 'Texas', isActive: true });
    s.clock.advance(1000);
    await call(s.baseUrl, 'POST', api.joinMovement.path, {
      body: { name: 'Al', email: 'al@example.org', zipCode: '10001' },
    });

    const dup = await call<ErrorAnswer>(s.baseUrl, 'POST', api.addParticipant.path, {
      cookie,
      body: { name: 'Jo Again', email: 'JO@example.org', state: 'Texas', zipCode: '73301' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('conflict');
    const badState = await call<ErrorAnswer>(s.baseUrl, 'POST', api.addParticipant.path, {
      cookie,
      body: { name: 'Jo Doe', email: 'new@example.org', state: 'Atlantis', zipCode: '73301' },
    });
    expect(badState.status).toBe(400);
    expect(badState.body.error.fields?.state).toBeDefined();
    const badFields = await call<ErrorAnswer>(s.baseUrl, 'POST', api.addParticipant.path, {
      cookie,
      body: { name: 'J', email: 'x', state: '', zipCode: '1' },
    });
    expect(badFields.body.error.fields).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Invalid email address'],
      state: ['State is required'],
      zipCode: ['Zip code must be at least 5 characters'],
    });

    const members = AdminMemberList.parse((await call(s.baseUrl, 'GET', api.adminMembers.path, { cookie })).body);
    expect(members.map((m) => m.name)).toEqual(['Al', 'Jo Doe']);

    const recalc = await call(s.baseUrl, 'POST', api.recalculateStates.path, { cookie });
    expect(recalc.status).toBe(200);
    const result = RecalculateResponse.parse(recalc.body);
    expect(result.states).toHaveLength(50);
    expect(result.stats).toEqual({ totalMembers: 2, totalParticipation: 2, stateCount: 2 });
    const stats = await call(s.baseUrl, 'GET', api.movementStats.path);
    expect(stats.body).toEqual({ goal: 50_000, total: 2 });
  });

  it('the demo hint disappears once the stored admin is no longer the demo password', async () => {
    const other = await startTestServer({
      admin: { email: DEMO_ADMIN.email, password: 'a-new-strong-password', name: 'Admin' },
    });
    try {
      expect((await call(other.baseUrl, 'GET', api.adminLoginInfo.path)).body).toEqual({ demoCredentials: null });
      expect((await login(other)).status).toBe(401);
      expect((await login(other, DEMO_ADMIN.email, 'a-new-strong-password')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('ADMIN_EMAIL/ADMIN_PASSWORD and rate limits', () => {
  let s: TestServer;
  const admin = { email: 'boss@example.org', password: 'a-very-long-passphrase', name: 'Boss' };
  beforeAll(async () => {
    s = await startTestServer({
      admin,
      config: {
        production: true,
        rateLimits: testRateLimits({
          login: { points: 3, duration: 900 },
          loginPerIp: { points: 100, duration: 900 },
          signInPerIp: { points: 3, duration: 900 },
        }),
      },
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('the configured admin signs in; no demo hint; the cookie is Secure in production', async () => {
    expect((await call(s.baseUrl, 'GET', api.adminLoginInfo.path)).body).toEqual({ demoCredentials: null });
    expect((await login(s)).status).toBe(401); // the demo admin does not exist here
    const ok = await login(s, admin.email, admin.password);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ admin: { name: 'Boss', email: admin.email } });
    expect(ok.headers.getSetCookie().join('\n')).toMatch(/; Secure/);
  });

  it('login attempts per IP and e-mail are limited: 429 rate_limited with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await login(s, 'victim@example.org', 'guess-' + i)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await login(s, 'victim@example.org', 'guess-x');
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same client is still allowed.
    expect((await login(s, admin.email, admin.password)).status).toBe(200);
  });

  it('member sign-in e-mails are limited per client, whatever the address (the lookup by e-mail is gone)', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: `x${i}@example.org` } })).status,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(routeList.some((r) => r.path.startsWith('/api/dashboard'))).toBe(false);
  });
});
