import { describe, expect, it } from 'vitest';
import { ApiErrorBody, Member, SIGN_IN_MESSAGES, api, routeList } from '@prr/contract';
import { mockDb } from './db.js';
import { demoMember } from './fixtures/index.js';
import { matchesApiPath } from './contractHandler.js';
import { delayed, errorOn, failing, scenarios } from './scenarios.js';
import { request, useMockServer } from './testing.js';

const server = useMockServer();

describe('default handlers', () => {
  it("open Jordan's dashboard on day 10 at level Advocate: a browser without a cookie is Jordan's", async () => {
    const res = await request(api.me);
    expect(Member.parse(res.body)).toMatchObject({
      name: 'Jordan Rivera',
      email: demoMember.email,
      currentDay: 10,
      peacemakerLevel: 'Advocate',
      levelProgressPoints: 195,
    });
  });

  it('keep the admin signed in through MSW’s cookie jar after a login, as a browser would', async () => {
    const login = await request(api.adminLogin, {
      json: { email: 'admin@pausereflectretry.org', password: 'peacemaker' },
    });
    expect(login.status).toBe(200);
    expect((await request(api.adminStats)).status).toBe(200);
    await request(api.adminLogout);
    expect((await request(api.adminStats)).status).toBe(401);
  });

  it('answer only paths at the root of the origin, never module files under an api/ folder', () => {
    const predicate = matchesApiPath('/api/reflection-prompts/:day');
    const at = (url: string) => predicate({ request: new Request(url), cookies: {} });
    expect(at('http://localhost:6006/api/reflection-prompts/12')).toEqual({ matches: true, params: { day: '12' } });
    expect(at('http://localhost:6006/packages/ui/src/api/reflection-prompts/index.ts')).toMatchObject({
      matches: false,
    });
  });
});

describe('scenarios', () => {
  it('emptyLists empties the public lists and the admin list', async () => {
    server.use(...scenarios.emptyLists);
    for (const route of [api.featuredProducts, api.testimonials, api.mapStates]) {
      expect((await request(route)).body).toEqual([]);
    }
    expect((await request(api.adminMembers)).body).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
    expect((await request(api.movementStats)).body).toEqual({ goal: 50_000, total: 0 });
  });

  it('newMember shows a member on day 1 with nothing recorded', async () => {
    server.use(...scenarios.newMember);
    expect((await request(api.me)).body).toMatchObject({ currentDay: 1, peacemakerLevel: 'Explorer' });
    expect((await request(api.reflections)).body).toEqual([]);
  });

  it('loading never answers a read', async () => {
    server.use(...scenarios.loading);
    const pending = request(api.testimonials, { signal: AbortSignal.timeout(50) });
    await expect(pending).rejects.toThrow();
  });

  it('signedOut answers 401 to the member routes until the browser signs in', async () => {
    server.use(...scenarios.signedOut);
    for (const route of [api.me, api.reflections, api.achievements, api.rippleEffects]) {
      const res = await request(route);
      expect(res.status, route.path).toBe(401);
      expect(ApiErrorBody.parse(res.body).error).toEqual({
        code: 'unauthenticated',
        message: SIGN_IN_MESSAGES.signInNeeded,
      });
    }
    expect(mockDb.ambientMemberId).toBeNull();
    await request(api.requestSignIn, { json: { email: demoMember.email } });
    expect((await request(api.signInWithCode, { json: { email: demoMember.email, code: '123456' } })).status).toBe(200);
    expect((await request(api.me)).body).toMatchObject({ email: demoMember.email });
  });

  it('memberNotFound signs the browser out and answers 404 to the sign-in request', async () => {
    server.use(...scenarios.memberNotFound);
    const res = await request(api.requestSignIn, { json: { email: demoMember.email } });
    expect(res.status).toBe(404);
    expect(ApiErrorBody.parse(res.body).error).toEqual({ code: 'not_found', message: 'Member not found' });
    expect((await request(api.me)).status).toBe(401);
  });

  it.each([
    [
      'signInCodeWrong',
      api.signInWithCode,
      { email: demoMember.email, code: '123456' },
      { code: [SIGN_IN_MESSAGES.wrongCode] },
    ],
    [
      'signInExpired',
      api.signInWithCode,
      { email: demoMember.email, code: '123456' },
      { code: [SIGN_IN_MESSAGES.codeExpired] },
    ],
    ['signInExpired', api.signInWithLink, { token: 'email-link-jordan' }, { token: [SIGN_IN_MESSAGES.linkExpired] }],
  ] as const)('%s answers %s with its field message', async (name, route, json, fields) => {
    await request(api.requestSignIn, { json: { email: demoMember.email } });
    server.use(...scenarios[name]);
    const res = await request(route, { json });
    expect(res.status).toBe(400);
    expect(ApiErrorBody.parse(res.body).error).toMatchObject({ code: 'validation_failed', fields });
  });

  it.each([
    ['signInResendLimit', SIGN_IN_MESSAGES.tooManyForAddress],
    ['signInNetworkLimit', SIGN_IN_MESSAGES.tooManyFromNetwork],
  ] as const)('%s answers 429 to the sign-in request with its message', async (name, message) => {
    server.use(...scenarios[name]);
    const res = await request(api.requestSignIn, { json: { email: demoMember.email } });
    expect(res.status).toBe(429);
    expect(ApiErrorBody.parse(res.body).error).toEqual({ code: 'rate_limited', message });
  });

  it('serverError answers 500 on every route', async () => {
    server.use(...scenarios.serverError);
    const params = { day: 1, id: '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00' };
    // All at once: each failure answers after the mocks' network delay.
    const answers = await Promise.all(
      routeList.map((route) => request(route, { params, json: route.method === 'GET' ? undefined : {} })),
    );
    answers.forEach((res, i) => {
      const route = routeList[i]!;
      expect(res.status, `${route.method} ${route.path}`).toBe(500);
      expect(ApiErrorBody.parse(res.body).error.code).toBe('internal');
    });
  });

  it('adminUnauthenticated refuses every admin route even after a login', async () => {
    const login = await request(api.adminLogin, {
      json: { email: 'admin@pausereflectretry.org', password: 'peacemaker' },
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    server.use(...scenarios.adminUnauthenticated);
    expect((await request(api.adminStats, { cookie })).status).toBe(401);
  });

  it('adminSignedIn answers the admin routes without a login', async () => {
    server.use(...scenarios.adminSignedIn);
    expect((await request(api.adminSession)).body).toEqual({
      admin: { name: 'Admin', email: 'admin@pausereflectretry.org' },
    });
    expect((await request(api.adminMembers)).status).toBe(200);
  });

  it('demoCredentialsHidden hides the demo box', async () => {
    server.use(...scenarios.demoCredentialsHidden);
    expect((await request(api.adminLoginInfo)).body).toEqual({ demoCredentials: null });
  });

  it('an override put in front wins over a later one', async () => {
    server.use(...scenarios.adminSignedIn);
    server.use(...scenarios.emptyLists);
    expect((await request(api.adminMembers)).body).toMatchObject({ items: [], total: 0 });
  });
});

describe('per-route helpers', () => {
  it('failing answers the status with a matching error code', async () => {
    server.use(failing(api.joinMovement, 503), errorOn(api.recalculateStates, 500, 'Database is down'));
    const join = await request(api.joinMovement, { json: { name: 'Ada', email: 'ada@example.org', zipCode: '10001' } });
    expect(join.status).toBe(503);
    expect(ApiErrorBody.parse(join.body).error.code).toBe('unavailable');
    const recalc = await request(api.recalculateStates);
    expect(recalc.body).toEqual({ error: { code: 'internal', message: 'Database is down' } });
  });

  it('delayed holds the answer, then lets the default handler answer', async () => {
    server.use(delayed(api.testimonials, 30));
    const started = performance.now();
    const res = await request(api.testimonials);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(6);
  });
});
