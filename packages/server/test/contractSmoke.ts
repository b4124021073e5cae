/**
 * Every route family once, over plain HTTP against a running site: public reads, a join, the
 * member's routes in the join's session, sign-in by an e-mailed code, the admin, unsubscribe and
 * deletion. Each answer is checked against its route in @prr/contract's `api`: the route's status,
 * and the body parsed by its response schema, plus the fields that show the families connect.
 *
 * Written once for any way a site is reached: the app in this process, `npm start`'s server, or
 * nginx in front of several of them (deploy.nginx.postgres.test.ts). It takes the site's URL and
 * what no request can show: the code in an e-mail, the token in an unsubscribe link, the admin.
 * It joins with its own address, so it needs a site where that address has not joined yet.
 */
import { expect } from 'vitest';
import { MEMBER_SESSION_COOKIE, api, pathFor, type AnyRoute, type Member, type ResponseOf } from '@prr/contract';
import { totpCode } from '../src/auth/totp.js';
import { withCookies, type AdminCredentials } from './adminOnRealClock.js';
import { reflectionRequest } from './fixtures.js';
import { memberCookieFrom, rippleRequest } from './helpers.js';

/** What the smoke sends requests with; global fetch fits, and so does one with its own TLS trust. */
export type SmokeFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export interface SmokeHooks {
  /** The code of the one sign-in e-mail sent to `email` since the last call (an outbox, a test mailer). */
  signInCode(email: string): Promise<string>;
  /** The token the unsubscribe link in the member's e-mails carries. */
  unsubscribeToken(memberId: string): string | Promise<string>;
  /** The admin the site was started with. In production the smoke enrols their second factor (TOTP). */
  admin: AdminCredentials;
  /** The site's clock, for the authenticator code; the real time unless given. */
  now?: () => Date;
  /** Global fetch unless given. */
  fetch?: SmokeFetch;
  /** The member who joins; a fresh address on the site. */
  join?: { name: string; email: string; zipCode: string };
}

export interface SmokeResult {
  /** The member who joined, as they saw themselves right after joining. */
  member: Member;
}

interface Req {
  params?: Record<string, string | number>;
  body?: unknown;
  cookie?: string;
}

interface Res {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

const SMOKE_JOIN = { name: 'Diane Nash', email: 'diane.nash@example.org', zipCode: '37203' };

export async function contractSmoke(baseUrl: string, hooks: SmokeHooks): Promise<SmokeResult> {
  const fetchWith = hooks.fetch ?? fetch;
  // A browser on the site sends its origin with every write; production refuses a foreign one.
  const origin = new URL(baseUrl).origin;
  const now = hooks.now ?? (() => new Date());
  const joinBody = hooks.join ?? SMOKE_JOIN;

  const call = async (route: Pick<AnyRoute, 'method' | 'path'>, req: Req = {}): Promise<Res> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (route.method !== 'GET') headers.Origin = origin;
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (req.cookie) headers.Cookie = req.cookie;
    const res = await fetchWith(baseUrl + pathFor(route, req.params), {
      method: route.method,
      headers,
      ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };
  /** The route's success status, and its body as the route's schema reads it. */
  const ok = async <R extends AnyRoute>(route: R, req: Req = {}): Promise<ResponseOf<R> & {}> => {
    const res = await call(route, req);
    expect(res.status, `${route.method} ${route.path}: ${res.text}`).toBe(route.status);
    return route.response.parse(res.body) as ResponseOf<R> & {};
  };
  /** Refused for want of a session: what an ended one gets. */
  const unauthenticated = async (route: AnyRoute, cookie: string): Promise<void> => {
    const res = await call(route, { cookie });
    expect(res.status, `${route.method} ${route.path} with an ended session: ${res.text}`).toBe(401);
  };

  // Public reads: the seed is there.
  expect((await ok(api.featuredProducts)).length).toBeGreaterThan(0);
  expect((await ok(api.testimonials)).length).toBeGreaterThan(0);
  expect(await ok(api.mapStates)).toHaveLength(50);
  expect((await ok(api.movementStats)).goal).toBeGreaterThan(0);
  expect((await ok(api.reflectionPrompt, { params: { day: 1 } })).day).toBe(1);

  // Join: the joining browser is signed in as the new member.
  const joined = await call(api.joinMovement, { body: joinBody });
  expect(joined.status, joined.text).toBe(api.joinMovement.status);
  expect(api.joinMovement.response.parse(joined.body)).toEqual({ joined: true });
  const joinCookie = memberCookieFrom(joined);
  expect(joinCookie, 'the join sets the member cookie').toMatch(
    new RegExp(`^(__Host-)?${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{32,}$`),
  );
  const cookie = joinCookie!;
  const member = await ok(api.me, { cookie });
  expect(member.email).toBe(joinBody.email);

  // The member's own routes, in the join's session.
  await ok(api.saveReflection, { cookie, body: reflectionRequest(1) });
  expect(await ok(api.reflections, { cookie })).toHaveLength(1);
  await ok(api.recordRippleEffect, { cookie, body: rippleRequest(1) });
  expect(await ok(api.rippleEffects, { cookie })).toHaveLength(1);
  await ok(api.achievements, { cookie });
  await ok(api.invite, { cookie });
  const story = await ok(api.shareStory, {
    cookie,
    body: { content: 'I paused before answering.', location: 'Nashville', rating: 5 },
  });
  const settings = { emailReminders: false, reminderTime: '09:00', timezone: 'America/Chicago' };
  expect(await ok(api.updateEmailSettings, { cookie, body: settings })).toEqual(settings);
  expect((await ok(api.exportMyData, { cookie })).profile.id).toBe(member.id);

  // Sign-in by an e-mailed code in two more browsers. The first proof of the address ends the
  // join's session; signing out ends that browser's session only.
  const signIn = async (): Promise<string> => {
    expect((await ok(api.requestSignIn, { body: { email: joinBody.email } })).sent).toBe(true);
    const code = await hooks.signInCode(joinBody.email);
    const res = await call(api.signInWithCode, { body: { email: joinBody.email, code } });
    expect(res.status, res.text).toBe(api.signInWithCode.status);
    expect(api.signInWithCode.response.parse(res.body).id).toBe(member.id);
    const signedIn = memberCookieFrom(res);
    expect(signedIn, 'the sign-in sets the member cookie').toBeDefined();
    return signedIn!;
  };
  const here = await signIn();
  const other = await signIn();
  await unauthenticated(api.me, cookie);
  await ok(api.signOut, { cookie: other });
  await unauthenticated(api.me, other);
  expect((await ok(api.me, { cookie: here })).id).toBe(member.id);

  // The admin: the password, then the second factor where it is asked, then their routes.
  const login = await call(api.adminLogin, { body: hooks.admin });
  expect(login.status, login.text).toBe(api.adminLogin.status);
  const { secondFactor } = api.adminLogin.response.parse(login.body);
  expect(['none', 'enrol'], 'an admin with no second factor yet').toContain(secondFactor);
  let admin = withCookies(undefined, login);
  if (secondFactor === 'enrol') {
    const setup = await call(api.adminTotpEnrolStart, { cookie: admin });
    expect(setup.status, setup.text).toBe(api.adminTotpEnrolStart.status);
    const { secret } = api.adminTotpEnrolStart.response.parse(setup.body);
    admin = withCookies(admin, setup);
    const enrolled = await call(api.adminTotpEnrol, { cookie: admin, body: { code: totpCode(secret, now()) } });
    expect(enrolled.status, enrolled.text).toBe(api.adminTotpEnrol.status);
    admin = withCookies(admin, enrolled);
  }
  expect((await ok(api.adminSession, { cookie: admin })).admin.email).toBe(hooks.admin.email);
  expect((await ok(api.adminStats, { cookie: admin })).totalMembers).toBeGreaterThan(0);
  await ok(api.adminMembers, { cookie: admin });
  await ok(api.reviewStory, { cookie: admin, params: { id: story.id }, body: { decision: 'approve' } });
  await ok(api.adminLogout, { cookie: admin });
  await unauthenticated(api.adminSession, admin);

  // Unsubscribe by the e-mail's link, with no session.
  expect(await ok(api.unsubscribe, { body: { token: await hooks.unsubscribeToken(member.id) } })).toEqual({
    emailReminders: false,
  });

  // Delete the account: the session ends with it.
  await ok(api.deleteAccount, { cookie: here });
  await unauthenticated(api.me, here);
  return { member };
}
