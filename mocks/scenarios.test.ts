import { describe, expect, it } from 'vitest';
import { ApiErrorBody, Member, api, routeList } from '@prr/contract';
import { demoMember } from './fixtures/index.js';
import { matchesApiPath } from './contractHandler.js';
import { delayed, errorOn, failing, scenarios } from './scenarios.js';
import { request, useMockServer } from './testing.js';

const server = useMockServer();

describe('default handlers', () => {
  it("open Jordan's dashboard on day 10 at level Advocate", async () => {
    const res = await request(api.dashboardMember, { params: { email: demoMember.email } });
    expect(Member.parse(res.body)).toMatchObject({ name: 'Jordan Rivera', currentDay: 10, peacemakerLevel: 'Advocate', levelProgressPoints: 195 });
  });

  it('keep the admin signed in through MSW’s cookie jar after a login, as a browser would', async () => {
    const login = await request(api.adminLogin, { json: { email: 'admin@pausereflectretry.org', password: 'peacemaker' } });
    expect(login.status).toBe(200);
    expect((await request(api.adminStats)).status).toBe(200);
    await request(api.adminLogout);
    expect((await request(api.adminStats)).status).toBe(401);
  });

  it('answer only paths at the root of the origin, never module files under an api/ folder', () => {
    const predicate = matchesApiPath('/api/reflections/:memberId');
    const at = (url: string) => predicate({ request: new Request(url), cookies: {} });
    expect(at('http://localhost:6006/api/reflections/abc')).toEqual({ matches: true, params: { memberId: 'abc' } });
    expect(at('http://localhost:6006/packages/ui/src/api/reflections/index.ts')).toMatchObject({ matches: false });
  });
});

describe('scenarios', () => {
  it('emptyLists empties the public lists and the admin list', async () => {
    server.use(...scenarios.emptyLists);
    for (const route of [api.featuredProducts, api.testimonials, api.mapStates, api.adminMembers]) {
      expect((await request(route)).body).toEqual([]);
    }
    expect((await request(api.movementStats)).body).toEqual({ goal: 50_000, total: 0 });
  });

  it('newMember shows a member on day 1 with nothing recorded', async () => {
    server.use(...scenarios.newMember);
    expect((await request(api.dashboardMember, { params: { email: demoMember.email } })).body).toMatchObject({ currentDay: 1, peacemakerLevel: 'Explorer' });
    expect((await request(api.reflections, { params: { memberId: demoMember.id } })).body).toEqual([]);
  });

  it('loading never answers a read', async () => {
    server.use(...scenarios.loading);
    const pending = request(api.testimonials, { signal: AbortSignal.timeout(50) });
    await expect(pending).rejects.toThrow();
  });

  it('memberNotFound answers 404 to the dashboard lookup', async () => {
    server.use(...scenarios.memberNotFound);
    const res = await request(api.dashboardMember, { params: { email: demoMember.email } });
    expect(res.status).toBe(404);
    expect(ApiErrorBody.parse(res.body).error).toEqual({ code: 'not_found', message: 'Member not found' });
  });

  it('serverError answers 500 on every route', async () => {
    server.use(...scenarios.serverError);
    for (const route of routeList) {
      const params = { email: demoMember.email, memberId: demoMember.id, day: 1 };
      const res = await request(route, { params, json: route.method === 'GET' ? undefined : {} });
      expect(res.status, `${route.method} ${route.path}`).toBe(500);
      expect(ApiErrorBody.parse(res.body).error.code).toBe('internal');
    }
  });

  it('adminUnauthenticated refuses every admin route even after a login', async () => {
    const login = await request(api.adminLogin, { json: { email: 'admin@pausereflectretry.org', password: 'peacemaker' } });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    server.use(...scenarios.adminUnauthenticated);
    expect((await request(api.adminStats, { cookie })).status).toBe(401);
  });

  it('adminSignedIn answers the admin routes without a login', async () => {
    server.use(...scenarios.adminSignedIn);
    expect((await request(api.adminSession)).body).toEqual({ admin: { name: 'Admin', email: 'admin@pausereflectretry.org' } });
    expect((await request(api.adminMembers)).status).toBe(200);
  });

  it('demoCredentialsHidden hides the demo box', async () => {
    server.use(...scenarios.demoCredentialsHidden);
    expect((await request(api.adminLoginInfo)).body).toEqual({ demoCredentials: null });
  });

  it('an override put in front wins over a later one', async () => {
    server.use(...scenarios.adminSignedIn);
    server.use(...scenarios.emptyLists);
    expect((await request(api.adminMembers)).body).toEqual([]);
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
