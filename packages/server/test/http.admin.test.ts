/**
 * The admin area over real HTTP: the 401 walk of the route table, login, sessions, rate limits,
 * admin actions and the participants' CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminLoginInfo,
  AdminMember,
  AdminMemberPage,
  AdminStats,
  DEMO_ADMIN,
  RecalculateResponse,
  api,
  participantsExport,
  pathFor,
  routeList,
  searchFor,
  type AdminMemberFilterInput,
  type AnyRoute,
} from '@prr/contract';
import { CSV_BOM } from '@prr/domain';
import { call, sessionCookieFrom, startTestServer, testRateLimits, type TestServer } from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const SAMPLE_PARAMS = {
  email: 'a@example.org',
  memberId: '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00',
  id: '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00',
  day: 1,
};
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
    // Every /api/admin route except the login routes (the password, then the second factor, which
    // need the pending cookie: http.adminSecondFactor.test.ts) is admin-only.
    const adminPaths = routeList.filter(
      (r) =>
        r.path.startsWith('/api/admin/') && r.path !== api.adminLogin.path && !r.path.startsWith('/api/admin/login/'),
    );
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
    // Outside production the demo admin without a second factor signs in with the password
    // (docs/decisions/027-admin-second-factor.md).
    expect(first.body).toEqual({
      admin: { name: DEMO_ADMIN.name, email: DEMO_ADMIN.email },
      secondFactor: 'none',
      methods: { passkey: false, totp: false, recoveryCodes: 0 },
    });
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

    const page = AdminMemberPage.parse((await call(s.baseUrl, 'GET', api.adminMembers.path, { cookie })).body);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(page.items.map((m) => m.name)).toEqual(['Al', 'Jo Doe']);

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

describe('participants: the CSV export and deleting one', () => {
  let s: TestServer;
  let cookie: string;
  const HEADER = 'Name,Email,State,ZIP Code,Status,Joined';

  /**
   * GET of the export with a filter, read whole. Its own fetch: Response.text() would drop the
   * byte-order mark, which spreadsheets need.
   */
  const exportCsv = async (filter: AdminMemberFilterInput = {}, asAdmin = true) => {
    const res = await fetch(s.baseUrl + participantsExport.path + searchFor(filter), {
      headers: asAdmin ? { Cookie: cookie } : {},
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    const body = res.headers.get('content-type')?.startsWith('application/json')
      ? (JSON.parse(text) as ErrorAnswer)
      : undefined;
    return { status: res.status, headers: res.headers, text, body };
  };

  const add = async (name: string, email: string, state = 'TX', zipCode = '73301') => {
    const added = await call(s.baseUrl, 'POST', api.addParticipant.path, {
      cookie,
      body: { name, email, state, zipCode },
    });
    expect(added.status).toBe(201);
    s.clock.advance(1000);
    return AdminMember.parse(added.body);
  };

  beforeAll(async () => {
    s = await startTestServer();
    cookie = sessionCookieFrom(await login(s))!;
    await add('Doe, "Jo"', 'jo@example.org');
    await add('=SUM(A1:A9)', 'formula@example.org', 'NY', '10001');
    await add('+1 555 0100', 'plus@example.org', 'NY', '10002');
    await add('-Minus One', 'minus@example.org', 'CA', '94103');
    await add('@handle', 'at@example.org', 'CA', '94110');
  });
  afterAll(async () => {
    await s.close();
  });

  it('streams every participant as RFC 4180 CSV: a header row, CRLF, quotes doubled, formulas neutralised', async () => {
    const res = await exportCsv({ sort: 'oldest' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="participants.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Streamed: no length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.text.startsWith(CSV_BOM)).toBe(true);
    expect(res.text.endsWith('\r\n')).toBe(true);
    expect(res.text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(res.text.slice(CSV_BOM.length).split('\r\n')).toEqual([
      HEADER,
      '"Doe, ""Jo""",jo@example.org,Texas,73301,Active,2026-03-02T14:00:00.000Z',
      "'=SUM(A1:A9),formula@example.org,New York,10001,Active,2026-03-02T14:00:01.000Z",
      "'+1 555 0100,plus@example.org,New York,10002,Active,2026-03-02T14:00:02.000Z",
      "'-Minus One,minus@example.org,California,94103,Active,2026-03-02T14:00:03.000Z",
      "'@handle,at@example.org,California,94110,Active,2026-03-02T14:00:04.000Z",
      '',
    ]);
  });

  it('applies the filter and sort of the list; none matching is the header alone', async () => {
    const minus = (await s.store.memberByEmail('minus@example.org'))!;
    await s.store.write((tx) => tx.updateMember(minus.id, { isActive: false }));
    const rows = async (filter: AdminMemberFilterInput) => {
      const res = await exportCsv(filter);
      expect(res.status).toBe(200);
      return res.text
        .slice(CSV_BOM.length)
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[1]);
    };
    expect(await rows({ state: 'ca' })).toEqual(['at@example.org', 'minus@example.org']);
    expect(await rows({ state: 'California', status: 'inactive' })).toEqual(['minus@example.org']);
    expect(await rows({ q: 'PLUS', sort: 'name' })).toEqual(['plus@example.org']);
    expect(await rows({ q: '100' })).toEqual(['plus@example.org', 'formula@example.org']);
    expect(await rows({ q: 'nobody' })).toEqual([]);
    expect((await exportCsv({ q: 'nobody' })).text).toBe(`${CSV_BOM}${HEADER}\r\n`);
    await s.store.write((tx) => tx.updateMember(minus.id, { isActive: true }));
  });

  it('answers 401 without an admin session, and 400 for a state that is not one', async () => {
    const anonymous = await exportCsv({}, false);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body?.error.code).toBe('unauthenticated');
    const made = await call<ErrorAnswer>(s.baseUrl, 'GET', participantsExport.path, {
      cookie: 'prr_admin=made-up-session-id',
    });
    expect(made.status).toBe(401);

    const bad = await exportCsv({ state: 'Atlantis' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.body?.error).toMatchObject({ code: 'validation_failed', fields: { state: ['Choose a US state'] } });
    const long = await exportCsv({ q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
  });

  it('the export path answers OPTIONS with GET in Allow, and other methods with 405', async () => {
    const options = await call(s.baseUrl, 'OPTIONS', participantsExport.path);
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toContain('GET');
    const post = await call<ErrorAnswer>(s.baseUrl, 'POST', participantsExport.path, { cookie, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
  });

  it('2,000 participants arrive whole, in more than one read', async () => {
    const many = await startTestServer();
    try {
      const admin = sessionCookieFrom(await login(many))!;
      await many.store.write(async (tx) => {
        for (let i = 0; i < 2000; i += 1) {
          const joinedAt = new Date(Date.parse('2026-03-01T00:00:00.000Z') + i * 1000).toISOString();
          await tx.insertMember({
            id: crypto.randomUUID(),
            name: `Peacemaker ${i}`,
            email: `peacemaker.${i}@example.org`,
            zipCode: '73301',
            state: 'Texas',
            joinedAt,
            isActive: true,
            emailReminders: true,
            emailConfirmed: true,
            reminderTime: '09:00',
            timezone: 'America/Chicago',
            points: 25,
            level: 'Prospect',
          });
        }
      });
      const res = await fetch(many.baseUrl + participantsExport.path + searchFor({ sort: 'oldest' }), {
        headers: { Cookie: admin },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let reads = 0;
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        reads += 1;
        text += next.value;
      }
      expect(reads).toBeGreaterThan(1);
      const lines = text.split('\r\n');
      expect(lines).toHaveLength(2002);
      expect(lines[1]).toBe('Peacemaker 0,peacemaker.0@example.org,Texas,73301,Active,2026-03-01T00:00:00.000Z');
      expect(lines[2000]).toMatch(/^Peacemaker 1999,/);
    } finally {
      await many.close();
    }
  });

  it('DELETE removes a participant, passing the same-origin check only from the own origin', async () => {
    const leaving = await add('Leaving Soon', 'leaving@example.org');
    const path = pathFor(api.deleteParticipant, { id: leaving.id });
    const foreign = await call<ErrorAnswer>(s.baseUrl, 'DELETE', path, {
      cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await s.store.memberById(leaving.id)).toBeDefined();

    const options = await call(s.baseUrl, 'OPTIONS', path);
    expect(options.headers.get('allow')).toContain('DELETE');

    const deleted = await call(s.baseUrl, 'DELETE', path, { cookie, headers: { Origin: s.baseUrl } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });
    expect(await s.store.memberById(leaving.id)).toBeUndefined();
    const again = await call<ErrorAnswer>(s.baseUrl, 'DELETE', path, { cookie });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
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
    // Production: no session before the second factor, here its enrolment (http.adminSecondFactor.test.ts).
    expect(ok.body).toMatchObject({ admin: { name: 'Boss', email: admin.email }, secondFactor: 'enrol' });
    expect(ok.headers.getSetCookie().join('\n')).toMatch(/^__Host-prr_admin_pending=.*; Secure/m);
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
