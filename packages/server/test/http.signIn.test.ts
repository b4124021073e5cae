/**
 * Member sign-in over real HTTP, on both stores (docs/decisions/005-member-sign-in.md): the joining
 * browser's session, the sign-in e-mail with its 6-digit code and one-time link, the welcome and
 * daily e-mails' dashboard link (?key=), sign-out, the rate limits, and that nothing about a member
 * is answered without their session. E-mails are read from what the app's mailer was handed
 * (helpers.ts testMailer), the way their recipient reads them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAIL_LINK_DAYS,
  MEMBER_SESSION_COOKIE,
  MEMBER_SESSION_DAYS,
  Member,
  SIGN_IN_MAX_WRONG_CODES,
  SIGN_IN_MESSAGES,
  SIGN_IN_MINUTES,
  api,
  pathFor,
  routeList,
  type AnyRoute,
} from '@prr/contract';
import { DEFAULT_RATE_LIMITS, type AppConfig } from '../src/config.js';
import { createDashboardLinkToken, createUnsubscribeToken } from '../src/auth/emailLinkTokens.js';
import {
  JOIN,
  call,
  joinAndSignIn,
  keyOfLink,
  memberCookieFrom,
  memberSetCookie,
  meWith,
  persistedFingerprint,
  reflectionRequest,
  rippleRequest,
  startTestServer,
  storeSnapshot,
  storedSignInState,
  testMailer,
  testRateLimits,
  type Answer,
  type TestMailer,
  type TestServer,
} from './helpers.js';
import { dashboardLinkOf, startMailHarness, type MailHarness } from './mail.helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const memberRoutes = routeList.filter((r) => r.auth === 'member');

const servers: TestServer[] = [];
const harnesses: MailHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
  for (const s of servers.splice(0)) await s.close();
});

async function server(config: Partial<AppConfig> = {}): Promise<TestServer> {
  const s = await startTestServer({ config });
  servers.push(s);
  return s;
}

const requestSignIn = (s: TestServer, email: string) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email } });
const enterCode = (s: TestServer, email: string, code: string, cookie?: string) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.signInWithCode.path, {
    body: { email, code },
    ...(cookie ? { cookie } : {}),
  });
const followLink = (s: TestServer, token: string) =>
  call<ErrorAnswer>(s.baseUrl, 'POST', api.signInWithLink.path, { body: { token } });

/** A 400 on one field with exactly this message, and no cookie set. */
function expectRefused(answer: Answer<ErrorAnswer>, field: 'code' | 'token', message: string): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toEqual({
    error: { code: 'validation_failed', message: 'Validation failed', fields: { [field]: [message] } },
  });
  expect(answer.headers.getSetCookie()).toEqual([]);
}

function expectRateLimited(answer: Answer<ErrorAnswer>, message: string): void {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body).toEqual({ error: { code: 'rate_limited', message } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After: ${answer.headers.get('retry-after')}`).toBe(
    true,
  );
  expect(answer.headers.getSetCookie()).toEqual([]);
}

/** A different code of the same shape: the right one with its last digit changed. */
const wrongCode = (code: string, n = 1): string => code.slice(0, 5) + String((Number(code[5]) + n) % 10);

/** Asks for a sign-in e-mail and reads its code and link. */
async function signInMail(s: TestServer, email: string) {
  const before = s.mail.messages.length;
  const asked = await requestSignIn(s, email);
  expect(asked.status, asked.text).toBe(200);
  expect(s.mail.messages).toHaveLength(before + 1);
  return s.mail.lastSignIn(email);
}

async function statusOfMe(s: TestServer, cookie: string): Promise<number> {
  return (await call(s.baseUrl, 'GET', api.me.path, { cookie })).status;
}

describe('the joining browser', () => {
  it('a new join signs that browser in: one HttpOnly, SameSite=Lax cookie for 90 days, not Secure outside production', async () => {
    const s = await server();
    const joined = await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ joined: true });
    expect(joined.headers.getSetCookie()).toHaveLength(1);
    const line = memberSetCookie(joined)!;
    expect(line).toMatch(
      new RegExp(
        `^${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MEMBER_SESSION_DAYS * 86_400}$`,
      ),
    );
    expect(line).not.toMatch(/Secure/);
    const cookie = memberCookieFrom(joined)!;
    const member = await meWith(s.baseUrl, cookie);
    expect(member).toMatchObject({ name: JOIN.name, email: JOIN.email, currentDay: 1 });
    // The cookie is a random session id: not the member id, and not stored as such.
    expect(cookie).not.toContain(member.id);
    const stored = await storedSignInState(s);
    expect(stored.sessionHashes).toHaveLength(1);
    expect(stored.sessionHashes[0]).not.toBe(cookie.split('=')[1]);
    // The join's session is not a proof of the address.
    expect((await s.store.memberById(member.id))?.emailConfirmed).toBe(false);
  });

  it('in production the cookie is Secure too, and named __Host- (no subdomain or plain-http page can plant it)', async () => {
    const s = await server({ production: true });
    const joined = await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN });
    expect(memberSetCookie(joined)).toMatch(
      new RegExp(
        `^__Host-${MEMBER_SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=7776000$`,
      ),
    );
    // The unprefixed name opens nothing in production.
    const value = memberCookieFrom(joined)!.split('=')[1]!;
    expect(await statusOfMe(s, `${MEMBER_SESSION_COOKIE}=${value}`)).toBe(401);
    expect(await statusOfMe(s, memberCookieFrom(joined)!)).toBe(200);
    const asked = await signInMail(s, JOIN.email);
    const byCode = await enterCode(s, JOIN.email, asked.code);
    expect(memberSetCookie(byCode)).toMatch(/^__Host-prr_member=.*; Secure; /);
    const out = await call(s.baseUrl, 'POST', api.signOut.path, { cookie: memberCookieFrom(byCode)! });
    expect(out.headers.getSetCookie()).toEqual([
      `__Host-${MEMBER_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
    ]);
  });

  it('a join with an existing address answers the same 200, sets no cookie and changes nothing stored', async () => {
    const s = await server();
    const first = await joinAndSignIn(s.baseUrl);
    const before = {
      snapshot: await storeSnapshot(s.store),
      persisted: await persistedFingerprint(s),
      auth: await storedSignInState(s),
    };
    for (const body of [JOIN, { name: 'Somebody Else', email: ` ${JOIN.email.toUpperCase()} `, zipCode: '10001' }]) {
      const again = await call(s.baseUrl, 'POST', api.joinMovement.path, { body });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ joined: true });
      expect(again.headers.getSetCookie()).toEqual([]);
    }
    expect(await storeSnapshot(s.store)).toEqual(before.snapshot);
    expect(await persistedFingerprint(s)).toBe(before.persisted);
    expect(await storedSignInState(s)).toEqual(before.auth);
    expect(await meWith(s.baseUrl, first.cookie)).toEqual(first.member);
    expect(s.mail.messages).toEqual([]);
  });
});

describe('asking for a sign-in e-mail', () => {
  it("an unknown address: 404 and no e-mail; a member's: 200 {sent, expiresInMinutes} and exactly one e-mail to them with a code and a link, and nothing else", async () => {
    const s = await server();
    const { member } = await joinAndSignIn(s.baseUrl);

    const unknown = await requestSignIn(s, 'nobody@example.org');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect(s.mail.messages).toEqual([]);

    const asked = await requestSignIn(s, ` ${JOIN.email.toUpperCase()} `);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, expiresInMinutes: SIGN_IN_MINUTES });
    expect(asked.headers.getSetCookie()).toEqual([]);
    expect(asked.text).not.toContain(member.id);

    expect(s.mail.messages).toHaveLength(1);
    const mail = s.mail.lastSignIn(JOIN.email);
    expect(mail.message).toMatchObject({ to: JOIN.email, kind: 'signin', subject: `Your sign-in code: ${mail.code}` });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toBe(`${s.baseUrl}/dashboard#key=${mail.token}`);
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.message.html).toContain(`href="${mail.link}"`);
    expect(mail.message.text).toContain(`${SIGN_IN_MINUTES} minutes`);
    expect(`${mail.message.text}${mail.message.html}${mail.message.subject}`).not.toContain(member.id);
    // Only hashes are stored: neither the code nor the link's token.
    const stored = JSON.stringify(await storedSignInState(s));
    expect(stored).not.toContain(mail.token);
    expect((await storedSignInState(s)).signIns).toEqual([
      {
        memberId: member.id,
        wrongCodes: 0,
        expiresAt: new Date(s.clock.now().getTime() + SIGN_IN_MINUTES * MINUTE).toISOString(),
      },
    ]);
  });
});

describe('the code', () => {
  it("the right code: 200, the Member (with its address) and a new session cookie; the first proof ends the join's session", async () => {
    const s = await server();
    const joined = await joinAndSignIn(s.baseUrl);
    const { code } = await signInMail(s, JOIN.email);
    const answer = await enterCode(s, JOIN.email.toUpperCase(), code);
    expect(answer.status, answer.text).toBe(200);
    expect(Member.parse(answer.body)).toEqual(joined.member);
    const cookie = memberCookieFrom(answer)!;
    expect(memberSetCookie(answer)).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=7776000$/);
    expect(cookie).not.toBe(joined.cookie);
    expect(await meWith(s.baseUrl, cookie)).toEqual(joined.member);
    expect(await statusOfMe(s, joined.cookie)).toBe(401);
    expect((await storedSignInState(s)).signIns).toEqual([]);
  });

  it('a wrong code: 400 wrongCode; up to the 5th wrong one the right code still works', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { code } = await signInMail(s, JOIN.email);
    for (let i = 1; i < SIGN_IN_MAX_WRONG_CODES; i += 1)
      expectRefused(await enterCode(s, JOIN.email, wrongCode(code, i)), 'code', SIGN_IN_MESSAGES.wrongCode);
    expect((await storedSignInState(s)).signIns[0]?.wrongCodes).toBe(SIGN_IN_MAX_WRONG_CODES - 1);
    expect((await enterCode(s, JOIN.email, code)).status).toBe(200);
  });

  it('the 5th wrong code voids the sign-in (codeExpired), and then even the right code fails, and so does the link', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { code, token } = await signInMail(s, JOIN.email);
    for (let i = 1; i < SIGN_IN_MAX_WRONG_CODES; i += 1)
      expectRefused(await enterCode(s, JOIN.email, wrongCode(code, i)), 'code', SIGN_IN_MESSAGES.wrongCode);
    expectRefused(
      await enterCode(s, JOIN.email, wrongCode(code, SIGN_IN_MAX_WRONG_CODES)),
      'code',
      SIGN_IN_MESSAGES.codeExpired,
    );
    expect((await storedSignInState(s)).signIns).toEqual([]);
    expectRefused(await enterCode(s, JOIN.email, code), 'code', SIGN_IN_MESSAGES.codeExpired);
    expectRefused(await followLink(s, token), 'token', SIGN_IN_MESSAGES.linkExpired);
    // A new e-mail starts again.
    const fresh = await signInMail(s, JOIN.email);
    expect((await enterCode(s, JOIN.email, fresh.code)).status).toBe(200);
  });

  it('expires after 10 minutes (fake clock): a second before works, on the minute it does not', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const early = await signInMail(s, JOIN.email);
    s.clock.advance(SIGN_IN_MINUTES * MINUTE - 1000);
    expect((await enterCode(s, JOIN.email, early.code)).status).toBe(200);

    const late = await signInMail(s, JOIN.email);
    s.clock.advance(SIGN_IN_MINUTES * MINUTE);
    expectRefused(await enterCode(s, JOIN.email, late.code), 'code', SIGN_IN_MESSAGES.codeExpired);
    // The expired sign-in is gone; entering it again changes nothing.
    expect((await storedSignInState(s)).signIns).toEqual([]);
    expectRefused(await enterCode(s, JOIN.email, late.code), 'code', SIGN_IN_MESSAGES.codeExpired);
  });

  it('works once: the second use is codeExpired; an unknown address gets the same answer', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { code, token } = await signInMail(s, JOIN.email);
    expect((await enterCode(s, JOIN.email, code)).status).toBe(200);
    expectRefused(await enterCode(s, JOIN.email, code), 'code', SIGN_IN_MESSAGES.codeExpired);
    // The code and the link were one sign-in: the link is used up with it.
    expectRefused(await followLink(s, token), 'token', SIGN_IN_MESSAGES.linkExpired);
    expectRefused(await enterCode(s, 'nobody@example.org', code), 'code', SIGN_IN_MESSAGES.codeExpired);
  });

  it('works once even when raced: the same right code sent five times at once signs in one browser', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { code } = await signInMail(s, JOIN.email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => enterCode(s, JOIN.email, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expectRefused(refused, 'code', SIGN_IN_MESSAGES.codeExpired);
    // The one sign-in's session, no more (the first proof ended the join's).
    expect((await storedSignInState(s)).sessionHashes).toHaveLength(1);
  });

  it('a new request replaces the old code and link', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const old = await signInMail(s, JOIN.email);
    let next = await signInMail(s, JOIN.email);
    // One in a million: the new code is the old one by chance; ask again.
    while (next.code === old.code) next = await signInMail(s, JOIN.email);
    const refused = await enterCode(s, JOIN.email, old.code);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.code).toBeDefined();
    expect(refused.headers.getSetCookie()).toEqual([]);
    expectRefused(await followLink(s, old.token), 'token', SIGN_IN_MESSAGES.linkExpired);
    expect((await enterCode(s, JOIN.email, next.code)).status).toBe(200);
  });
});

describe('the one-time link', () => {
  it('signs in a fresh browser (no cookie at all), once', async () => {
    const s = await server();
    const joined = await joinAndSignIn(s.baseUrl);
    const { token } = await signInMail(s, JOIN.email);
    const answer = await followLink(s, token);
    expect(answer.status, answer.text).toBe(200);
    expect(Member.parse(answer.body)).toEqual(joined.member);
    const cookie = memberCookieFrom(answer)!;
    expect(memberSetCookie(answer)).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=7776000$/);
    expect(await meWith(s.baseUrl, cookie)).toEqual(joined.member);
    expectRefused(await followLink(s, token), 'token', SIGN_IN_MESSAGES.linkExpired);
  });

  it('works once even when raced: five browsers following it at once, one is signed in', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { token } = await signInMail(s, JOIN.email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => followLink(s, token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400))
      expectRefused(refused, 'token', SIGN_IN_MESSAGES.linkExpired);
    expect((await storedSignInState(s)).sessionHashes).toHaveLength(1);
  });

  it('expires after 10 minutes; a changed character is no link', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    const { token } = await signInMail(s, JOIN.email);
    const middle = Math.floor(token.length / 2);
    const changed = token.slice(0, middle) + (token[middle] === 'A' ? 'B' : 'A') + token.slice(middle + 1);
    expectRefused(await followLink(s, changed), 'token', SIGN_IN_MESSAGES.linkExpired);
    s.clock.advance(SIGN_IN_MINUTES * MINUTE);
    expectRefused(await followLink(s, token), 'token', SIGN_IN_MESSAGES.linkExpired);
  });
});

describe("the welcome e-mail's dashboard link (#key=)", () => {
  async function welcomed(): Promise<{
    h: MailHarness;
    mailer: TestMailer;
    key: string;
    link: string;
    memberId: string;
  }> {
    const mailer = testMailer();
    const h = await startMailHarness({ mailer });
    harnesses.push(h);
    const member = await h.join(JOIN.email, JOIN.name);
    await h.scheduler.idle();
    const welcome = mailer.to(JOIN.email, 'welcome')[0];
    expect(welcome?.text).toContain('Confirm and open my dashboard');
    const link = dashboardLinkOf(welcome!);
    // In the fragment: the browser never sends it, so no log, proxy or Referer sees it.
    expect(link.startsWith(`${h.server.baseUrl}/dashboard#key=`)).toBe(true);
    expect(new URL(link).search).toBe('');
    return { h, mailer, key: keyOfLink(link)!, link, memberId: member.id };
  }

  it('signs in a fresh browser once, within 7 days; the second use is refused', async () => {
    const { h, key, memberId } = await welcomed();
    const s = h.server;
    h.clock.advance(EMAIL_LINK_DAYS * DAY - MINUTE);
    const answer = await followLink(s, key);
    expect(answer.status, answer.text).toBe(200);
    expect(Member.parse(answer.body).id).toBe(memberId);
    expect(await statusOfMe(s, memberCookieFrom(answer)!)).toBe(200);
    expectRefused(await followLink(s, key), 'token', SIGN_IN_MESSAGES.linkExpired);
  });

  it('is refused after 7 days, unused', async () => {
    const { h, key } = await welcomed();
    h.clock.advance(EMAIL_LINK_DAYS * DAY);
    expectRefused(await followLink(h.server, key), 'token', SIGN_IN_MESSAGES.linkExpired);
  });

  it('carries no member id, in the key or anywhere in the link', async () => {
    const { key, link, memberId } = await welcomed();
    expect(link).not.toContain(memberId);
    expect(key).not.toContain(memberId);
    const raw = Buffer.from(key, 'base64url');
    for (const encoding of ['utf8', 'latin1', 'hex', 'base64'] as const)
      expect(raw.toString(encoding)).not.toContain(memberId);
    expect(raw.toString('hex')).not.toContain(memberId.replaceAll('-', ''));
  });

  it('is no key for anything else: an unsubscribe token is not a sign-in link, a key does not unsubscribe, a key sealed under another secret is refused', async () => {
    const { h, mailer, key, memberId } = await welcomed();
    const s = h.server;
    const welcome = mailer.to(JOIN.email, 'welcome')[0]!;
    const unsubscribeUrl = /<([^>]+)>/.exec(welcome.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const unsubscribeToken = new URL(unsubscribeUrl).searchParams.get('token')!;
    expect(unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expectRefused(await followLink(s, unsubscribeToken), 'token', SIGN_IN_MESSAGES.linkExpired);
    expectRefused(
      await followLink(s, createUnsubscribeToken(memberId, s.config.sessionSecret)),
      'token',
      SIGN_IN_MESSAGES.linkExpired,
    );
    const asUnsubscribe = await call<ErrorAnswer>(s.baseUrl, 'POST', api.unsubscribe.path, { body: { token: key } });
    expect(asUnsubscribe.status).toBe(400);
    expect((await h.member(JOIN.email)).emailReminders).toBe(true);

    // The same key made under another secret opens nothing; under this server's secret it does.
    const now = h.clock.now();
    expectRefused(
      await followLink(s, createDashboardLinkToken(memberId, 'another-secret-another-secret-0123456789abcdef', now)),
      'token',
      SIGN_IN_MESSAGES.linkExpired,
    );
    expect((await h.member(JOIN.email)).emailConfirmed).toBe(false);
    expect((await followLink(s, createDashboardLinkToken(memberId, s.config.sessionSecret, now))).status).toBe(200);
    expect((await h.member(JOIN.email)).emailConfirmed).toBe(true);
  });
});

describe('sessions', () => {
  it('sign-out ends only that session: its cookie is refused on every member route afterwards (replay), the others live on', async () => {
    const s = await server();
    await joinAndSignIn(s.baseUrl);
    // The first proof ends the join's session; the sessions after it are the member's own.
    const joined = {
      cookie: memberCookieFrom(await enterCode(s, JOIN.email, (await signInMail(s, JOIN.email)).code))!,
    };
    const byCode = memberCookieFrom(await enterCode(s, JOIN.email, (await signInMail(s, JOIN.email)).code))!;
    const byLink = memberCookieFrom(await followLink(s, (await signInMail(s, JOIN.email)).token))!;
    expect(new Set([joined.cookie, byCode, byLink]).size).toBe(3);

    const out = await call(s.baseUrl, 'POST', api.signOut.path, { cookie: byCode });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signedOut: true });
    expect(out.headers.getSetCookie()).toEqual([
      `${MEMBER_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
    ]);
    expect((await storedSignInState(s)).sessionHashes).toHaveLength(2);

    for (const route of memberRoutes) {
      const res = await call<ErrorAnswer>(s.baseUrl, route.method, route.path, {
        cookie: byCode,
        ...(route.body ? { body: sampleBody(route) } : {}),
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body).toEqual({ error: { code: 'unauthenticated', message: SIGN_IN_MESSAGES.signInNeeded } });
    }
    expect(await statusOfMe(s, joined.cookie)).toBe(200);
    expect(await statusOfMe(s, byLink)).toBe(200);
  });

  it('a session lasts 90 days from sign-in however often it is used: use does not renew it', async () => {
    const s = await server();
    const { cookie } = await joinAndSignIn(s.baseUrl);
    // Used every 10 days: still alive a minute before day 90 of its life…
    let elapsedDays = 0;
    while (elapsedDays + 10 < MEMBER_SESSION_DAYS) {
      s.clock.advanceDays(10);
      elapsedDays += 10;
      expect(await statusOfMe(s, cookie)).toBe(200);
    }
    s.clock.advance((MEMBER_SESSION_DAYS - elapsedDays) * DAY - MINUTE);
    expect(await statusOfMe(s, cookie)).toBe(200);
    // …and gone at 90 days from sign-in, although it was used a minute ago.
    s.clock.advance(MINUTE);
    expect(await statusOfMe(s, cookie)).toBe(401);
  });

  it('emailConfirmed: false after the join, true after a sign-in with the code or the link (and not shown in GET /api/me)', async () => {
    const s = await server();
    const a = await joinAndSignIn(s.baseUrl);
    const b = await joinAndSignIn(s.baseUrl, { name: 'Ben Link', email: 'ben@example.org', zipCode: '10001' });
    const confirmed = async (id: string) => (await s.store.memberById(id))?.emailConfirmed;
    expect([await confirmed(a.member.id), await confirmed(b.member.id)]).toEqual([false, false]);
    // Asking is not proving; neither is a wrong code.
    const mailA = await signInMail(s, JOIN.email);
    expectRefused(await enterCode(s, JOIN.email, wrongCode(mailA.code)), 'code', SIGN_IN_MESSAGES.wrongCode);
    expect(await confirmed(a.member.id)).toBe(false);
    expect((await enterCode(s, JOIN.email, mailA.code)).status).toBe(200);
    expect(await confirmed(a.member.id)).toBe(true);
    expect(await confirmed(b.member.id)).toBe(false);
    expect((await followLink(s, (await signInMail(s, 'ben@example.org')).token)).status).toBe(200);
    expect(await confirmed(b.member.id)).toBe(true);
    const me = await call(s.baseUrl, 'GET', api.me.path, { cookie: a.cookie });
    expect(me.text).not.toContain('emailConfirmed');
  });
});

describe('rate limits', () => {
  it('the 4th sign-in e-mail for one address within 15 minutes: 429 tooManyForAddress with Retry-After; only 3 e-mails went out', async () => {
    const s = await server({ rateLimits: testRateLimits({ signInPerAddress: DEFAULT_RATE_LIMITS.signInPerAddress }) });
    expect(DEFAULT_RATE_LIMITS.signInPerAddress).toEqual({ points: 3, duration: 15 * 60 });
    await joinAndSignIn(s.baseUrl);
    await joinAndSignIn(s.baseUrl, { name: 'Other Person', email: 'other@example.org', zipCode: '10001' });
    for (let i = 0; i < 3; i += 1) expect((await requestSignIn(s, JOIN.email)).status).toBe(200);
    const limited = await requestSignIn(s, ` ${JOIN.email.toUpperCase()}`);
    expectRateLimited(limited, SIGN_IN_MESSAGES.tooManyForAddress);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(s.mail.to(JOIN.email, 'signin')).toHaveLength(3);
    // Another address from the same client is not affected.
    expect((await requestSignIn(s, 'other@example.org')).status).toBe(200);
  });

  it('sign-in e-mails per client IP, whatever the address: tooManyFromNetwork', async () => {
    const s = await server({ rateLimits: testRateLimits({ signInPerIp: { points: 2, duration: 900 } }) });
    await joinAndSignIn(s.baseUrl);
    expect((await requestSignIn(s, 'first@example.org')).status).toBe(404);
    expect((await requestSignIn(s, 'second@example.org')).status).toBe(404);
    expectRateLimited(await requestSignIn(s, JOIN.email), SIGN_IN_MESSAGES.tooManyFromNetwork);
    expect(s.mail.messages).toEqual([]);
  });

  it('code and link attempts per client IP: past the limit even the right code is refused', async () => {
    const s = await server({ rateLimits: testRateLimits({ signInAttempts: { points: 3, duration: 900 } }) });
    await joinAndSignIn(s.baseUrl);
    const { code } = await signInMail(s, JOIN.email);
    expectRefused(await followLink(s, 'no-such-link'), 'token', SIGN_IN_MESSAGES.linkExpired);
    expectRefused(await enterCode(s, JOIN.email, wrongCode(code)), 'code', SIGN_IN_MESSAGES.wrongCode);
    expectRefused(await enterCode(s, JOIN.email, wrongCode(code, 2)), 'code', SIGN_IN_MESSAGES.wrongCode);
    expectRateLimited(await enterCode(s, JOIN.email, code), SIGN_IN_MESSAGES.tooManyFromNetwork);
    expectRateLimited(await followLink(s, 'no-such-link'), SIGN_IN_MESSAGES.tooManyFromNetwork);
  });

  it('joins per address and per client IP', async () => {
    const s = await server({
      rateLimits: testRateLimits({
        joinPerAddress: { points: 2, duration: 3600 },
        joinPerIp: { points: 4, duration: 3600 },
      }),
    });
    expect((await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN })).status).toBe(200);
    expect((await call(s.baseUrl, 'POST', api.joinMovement.path, { body: JOIN })).status).toBe(200);
    const sameAddress = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, {
      body: { ...JOIN, email: JOIN.email.toUpperCase() },
    });
    expectRateLimited(sameAddress, SIGN_IN_MESSAGES.tooManyForAddress);
    expect(
      (await call(s.baseUrl, 'POST', api.joinMovement.path, { body: { ...JOIN, email: 'new@example.org' } })).status,
    ).toBe(200);
    const network = await call<ErrorAnswer>(s.baseUrl, 'POST', api.joinMovement.path, {
      body: { ...JOIN, email: 'newer@example.org' },
    });
    expectRateLimited(network, SIGN_IN_MESSAGES.tooManyFromNetwork);
    expect((await s.store.membersNewestFirst()).map((m) => m.email).sort()).toEqual(['new@example.org', JOIN.email]);
  });
});

// ---- nothing about a member without their session -----------------------------------------------

/** A valid body for each route, so an answer is about the data, not about a malformed request. */
function sampleBody(route: AnyRoute, memberId = '6f1c1c9e-6d0b-4b8e-9d4c-2b1a4c1e9f00'): unknown {
  switch (route) {
    case api.joinMovement:
      return JOIN;
    case api.requestSignIn:
      return { email: JOIN.email };
    case api.signInWithCode:
      return { email: JOIN.email, code: '000000' };
    case api.signInWithLink:
    case api.checkSignInLink:
    case api.unsubscribe:
      return { token: memberId };
    case api.saveReflection:
      return { ...reflectionRequest(1), memberId };
    case api.recordRippleEffect:
      return { ...rippleRequest(1), memberId };
    case api.updateEmailSettings:
      return { emailReminders: false, reminderTime: '07:00', timezone: 'Europe/Paris' };
    case api.adminLogin:
      return { email: JOIN.email, password: 'not-the-password' };
    case api.addParticipant:
      return { name: 'Jo Doe', email: JOIN.email, state: 'TX', zipCode: '73301' };
    case api.updateParticipant:
      return { name: 'Jo Doe', state: 'TX', zipCode: '73301' };
    case api.setParticipantStatus:
      return { isActive: false };
    case api.changeAdminPassword:
      return { currentPassword: 'not-the-password', newPassword: 'a-new-long-password' };
    default:
      return {};
  }
}

describe('without the session', () => {
  it("no answer of any route in the contract table names the member's id, address or notes", async () => {
    const s = await server();
    const { cookie, member } = await joinAndSignIn(s.baseUrl);
    const note = 'Private-note-7c1e-about-my-brother';
    const rippleNote = 'Private-ripple-93ab-at-work';
    expect(
      (
        await call(s.baseUrl, 'POST', api.saveReflection.path, {
          cookie,
          body: reflectionRequest(1, { notes: note, promptResponse: note }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(s.baseUrl, 'POST', api.recordRippleEffect.path, {
          cookie,
          body: rippleRequest(1, { notes: rippleNote }),
        })
      ).status,
    ).toBe(201);
    const secrets = [member.id, note, rippleNote, JOIN.email, JOIN.zipCode];

    let walked = 0;
    for (const route of routeList) {
      const res = await call(
        s.baseUrl,
        route.method,
        pathFor(route, { day: 1, id: member.id }),
        route.body ? { body: sampleBody(route, member.id) } : {},
      );
      const label = `${route.method} ${route.path} -> ${res.status}`;
      expect(res.status, label).toBeLessThan(500);
      if (route.auth !== 'public') expect(res.status, label).toBe(401);
      for (const secret of secrets)
        expect(
          res.text.toLowerCase().includes(secret.toLowerCase()),
          `${label} answers ${secret}: ${res.text.slice(0, 300)}`,
        ).toBe(false);
      // Only a sign-in (code or link) may start a session, and these were wrong.
      expect(memberCookieFrom(res), label).toBeUndefined();
      walked += 1;
    }
    expect(walked).toBe(routeList.length);
    expect(memberRoutes.length).toBeGreaterThanOrEqual(8);
    // The data is still there for the member's own session.
    expect(JSON.stringify((await call(s.baseUrl, 'GET', api.reflections.path, { cookie })).body)).toContain(note);
  });
});
