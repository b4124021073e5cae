/**
 * Member sessions and sign-in in the mocks: the rules the dashboard's sign-in screens show, and the
 * ambient member that lets stories open a dashboard without signing in.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ApiErrorBody,
  MEMBER_SESSION_COOKIE,
  Member,
  SIGN_IN_EMAILS_PER_ADDRESS,
  SIGN_IN_MAX_WRONG_CODES,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  api,
} from '@prr/contract';
import { mockDb } from '../db.js';
import { demoMember, quietMember } from '../fixtures/index.js';
import { request, useMockServer } from '../testing.js';
import { MOCK_SIGN_IN_CODE, startMockSignIn } from './signIn.js';

useMockServer();
// As on the real server: a browser without a cookie is nobody.
beforeEach(() => {
  mockDb.ambientMemberId = null;
});

const priya = quietMember.email;

async function errorOf(res: { status: number; body: unknown }) {
  return { status: res.status, ...ApiErrorBody.parse(res.body).error };
}

/** The `prr_member=...` pair of a response's Set-Cookie, to send as another browser would. */
function sessionCookie(headers: Headers): string {
  const cookie = headers.get('set-cookie')?.split(';')[0] ?? '';
  expect(cookie).toMatch(new RegExp(`^${MEMBER_SESSION_COOKIE}=\\w+`));
  return cookie;
}

function moveClock(minutes: number) {
  const later = new Date(mockDb.now().getTime() + minutes * 60_000);
  mockDb.now = () => later;
}

describe('the member session', () => {
  it('answers 401 with the sign-in message to every member route without one', async () => {
    for (const route of [api.me, api.reflections, api.achievements, api.rippleEffects, api.signOut]) {
      expect(await errorOf(await request(route))).toEqual({
        status: 401,
        code: 'unauthenticated',
        message: SIGN_IN_MESSAGES.signInNeeded,
      });
    }
    const settings = await request(api.updateEmailSettings, {
      json: { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' },
    });
    expect(settings.status).toBe(401);
  });

  it('counts a browser without a cookie as the ambient member (Jordan unless changed)', async () => {
    mockDb.ambientMemberId = demoMember.id;
    expect(Member.parse((await request(api.me)).body).email).toBe(demoMember.email);
    mockDb.ambientMemberId = quietMember.id;
    expect(Member.parse((await request(api.me)).body).email).toBe(quietMember.email);
  });

  it('signs a new member in when they join, and nobody when the address is known', async () => {
    const joined = await request(api.joinMovement, {
      json: { name: 'Maya Chen', email: 'maya.chen@example.com', zipCode: '97214' },
    });
    expect(joined.body).toEqual({ joined: true });
    const cookie = sessionCookie(joined.headers);
    expect(joined.headers.get('set-cookie')).toContain('HttpOnly');
    expect((await request(api.me, { cookie })).body).toMatchObject({ name: 'Maya Chen', currentDay: 1 });

    const again = await request(api.joinMovement, { json: { name: 'Priya', email: priya, zipCode: '94110' } });
    expect(again.body).toEqual({ joined: true });
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it("ends on sign-out: the cookie's session, and the ambient one", async () => {
    await request(api.requestSignIn, { json: { email: priya } });
    const signedIn = await request(api.signInWithCode, { json: { email: priya, code: MOCK_SIGN_IN_CODE } });
    const cookie = sessionCookie(signedIn.headers);
    const out = await request(api.signOut, { cookie });
    expect(out.body).toEqual({ signedOut: true });
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await request(api.me, { cookie })).status).toBe(401);

    mockDb.ambientMemberId = demoMember.id;
    expect((await request(api.signOut)).status).toBe(200);
    expect(mockDb.ambientMemberId).toBeNull();
    expect((await request(api.me)).status).toBe(401);
  });

  it("scopes every read and write to the session's member", async () => {
    mockDb.ambientMemberId = quietMember.id;
    const recorded = await request(api.recordRippleEffect, {
      json: {
        week: 4,
        relationshipImprovements: 1,
        positiveInteractions: 2,
        conflictsAvoided: 3,
        othersInspired: 4,
        notes: '',
      },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ memberId: quietMember.id, week: 4 });
    const settings = { emailReminders: false, reminderTime: '08:00', timezone: 'America/Chicago' } as const;
    expect((await request(api.updateEmailSettings, { json: settings })).body).toEqual(settings);
    expect((await request(api.me)).body).toMatchObject(settings);

    mockDb.ambientMemberId = demoMember.id;
    const jordans = (await request(api.rippleEffects)).body as { memberId: string }[];
    expect(jordans.map((effect) => effect.memberId)).toEqual([demoMember.id, demoMember.id]);
    expect((await request(api.me)).body).toMatchObject({ emailReminders: true });
  });
});

describe('asking for a sign-in e-mail', () => {
  it('answers that the code and link are on their way, for SIGN_IN_MINUTES', async () => {
    const res = await request(api.requestSignIn, { json: { email: ` ${priya.toUpperCase()} ` } });
    expect(res).toMatchObject({ status: 200, body: { sent: true, expiresInMinutes: SIGN_IN_MINUTES } });
    expect(mockDb.signIns).toMatchObject([{ memberId: quietMember.id, code: MOCK_SIGN_IN_CODE, wrongCodes: 0 }]);
  });

  it('answers 404 for an address no member has', async () => {
    expect(await errorOf(await request(api.requestSignIn, { json: { email: 'nobody@example.com' } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('lets one address ask SIGN_IN_EMAILS_PER_ADDRESS times per SIGN_IN_MINUTES, members or not', async () => {
    for (let i = 0; i < SIGN_IN_EMAILS_PER_ADDRESS; i += 1) {
      expect((await request(api.requestSignIn, { json: { email: priya } })).status).toBe(200);
    }
    const refused = await request(api.requestSignIn, { json: { email: priya } });
    expect(await errorOf(refused)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: SIGN_IN_MESSAGES.tooManyForAddress,
    });
    // Retry once the window that opened with the first e-mail has passed (the mocks' clock stands still).
    expect(refused.headers.get('retry-after')).toBe(String(SIGN_IN_MINUTES * 60));
    // Another address is not held up; the first one may ask again once the window has passed.
    expect((await request(api.requestSignIn, { json: { email: demoMember.email } })).status).toBe(200);
    moveClock(SIGN_IN_MINUTES);
    expect((await request(api.requestSignIn, { json: { email: priya } })).status).toBe(200);

    for (let i = 0; i < SIGN_IN_EMAILS_PER_ADDRESS; i += 1) {
      expect((await request(api.requestSignIn, { json: { email: 'nobody@example.com' } })).status).toBe(404);
    }
    expect((await request(api.requestSignIn, { json: { email: 'nobody@example.com' } })).status).toBe(429);
  });
});

describe('signing in with the code', () => {
  const withCode = (code: string, email = priya) => request(api.signInWithCode, { json: { email, code } });

  it('signs the browser in with the right code, once', async () => {
    await request(api.requestSignIn, { json: { email: priya } });
    const res = await withCode(MOCK_SIGN_IN_CODE);
    expect(Member.parse(res.body)).toMatchObject({ id: quietMember.id, email: priya, currentDay: 21 });
    // MSW's cookie jar keeps the cookie, as a browser would.
    expect((await request(api.me)).body).toMatchObject({ id: quietMember.id });
    expect(await errorOf(await withCode(MOCK_SIGN_IN_CODE))).toMatchObject({
      status: 400,
      fields: { code: [SIGN_IN_MESSAGES.codeExpired] },
    });
  });

  it(`answers wrongCode, and codeExpired once ${SIGN_IN_MAX_WRONG_CODES} wrong codes used the sign-in up`, async () => {
    await request(api.requestSignIn, { json: { email: priya } });
    for (let i = 1; i < SIGN_IN_MAX_WRONG_CODES; i += 1) {
      expect((await errorOf(await withCode('000000'))).fields).toEqual({ code: [SIGN_IN_MESSAGES.wrongCode] });
    }
    expect((await errorOf(await withCode('000000'))).fields).toEqual({ code: [SIGN_IN_MESSAGES.codeExpired] });
    expect((await errorOf(await withCode(MOCK_SIGN_IN_CODE))).fields).toEqual({ code: [SIGN_IN_MESSAGES.codeExpired] });
  });

  it('answers codeExpired after SIGN_IN_MINUTES, without a request, and for an unknown address', async () => {
    await request(api.requestSignIn, { json: { email: priya } });
    moveClock(SIGN_IN_MINUTES);
    expect((await errorOf(await withCode(MOCK_SIGN_IN_CODE))).fields).toEqual({ code: [SIGN_IN_MESSAGES.codeExpired] });
    expect((await errorOf(await withCode(MOCK_SIGN_IN_CODE, demoMember.email))).fields).toEqual({
      code: [SIGN_IN_MESSAGES.codeExpired],
    });
    expect((await errorOf(await withCode(MOCK_SIGN_IN_CODE, 'nobody@example.com'))).status).toBe(400);
  });

  it("refuses what is not 6 digits with the contract's field message", async () => {
    expect((await errorOf(await withCode('12 34'))).fields).toEqual({
      code: ['Enter the 6-digit code from the e-mail'],
    });
  });
});

describe('signing in with a link', () => {
  const withLink = (token: string) => request(api.signInWithLink, { json: { token } });

  it("signs in with the sign-in e-mail's one-time link, once", async () => {
    const { linkToken } = startMockSignIn(priya);
    expect((await withLink(linkToken)).body).toMatchObject({ id: quietMember.id });
    expect(await errorOf(await withLink(linkToken))).toMatchObject({
      status: 400,
      fields: { token: [SIGN_IN_MESSAGES.linkExpired] },
    });
  });

  it('refuses an expired or unknown link, and a link replaced by a newer request', async () => {
    const first = startMockSignIn(priya);
    const second = startMockSignIn(priya);
    expect((await errorOf(await withLink(first.linkToken))).fields).toEqual({ token: [SIGN_IN_MESSAGES.linkExpired] });
    moveClock(SIGN_IN_MINUTES);
    expect((await errorOf(await withLink(second.linkToken))).fields).toEqual({ token: [SIGN_IN_MESSAGES.linkExpired] });
    expect((await errorOf(await withLink('made-up'))).status).toBe(400);
  });

  it("signs Jordan in with an 'email-link-' token once (the e-mails' single-use key); the second use is refused", async () => {
    const res = await withLink('email-link-welcome');
    expect(res.body).toMatchObject({ id: demoMember.id, email: demoMember.email });
    expect((await request(api.me, { cookie: sessionCookie(res.headers) })).body).toMatchObject({ id: demoMember.id });
    const again = await withLink('email-link-welcome');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { fields: { token: [SIGN_IN_MESSAGES.linkExpired] } } });
    // Another key of the same kind still opens once.
    expect((await withLink('email-link-daily')).status).toBe(200);
  });
});
