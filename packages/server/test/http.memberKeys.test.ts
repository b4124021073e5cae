/**
 * A member's account is theirs alone (docs/decisions/025-e-mail-key-flow.md), over real HTTP on
 * whichever store the project runs. Each case reproduces an attack and shows it now fails:
 * - the pre-hijack: a stranger who joined with someone's address keeps nothing once the owner proves it;
 * - an e-mail key opens once; asking whose it is uses nothing up and switches no one;
 * - sign out everywhere ends every session and kills every key and pending link; so does deletion;
 * - every decision leaves a security event, with no token, code, cookie or address in it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES, api } from '@prr/contract';
import { createDashboardLinkToken } from '../src/auth/emailLinkTokens.js';
import {
  call,
  joinAndSignIn,
  memberCookieFrom,
  reflectionRequest,
  signInByCode,
  startTestServer,
  capturingLogger,
  type Answer,
  type LogLine,
  type TestServer,
} from './helpers.js';

const GRACE = { name: 'Grace Hopper', email: 'grace@example.org', zipCode: '10001' };
const ADA = { name: 'Ada Lovelace', email: 'ada@example.org', zipCode: '94103' };

let s: TestServer;
let lines: LogLine[];
beforeEach(async () => {
  lines = [];
  s = await startTestServer({ logger: capturingLogger(lines) });
});
afterEach(async () => {
  await s.close();
});

const status = async (method: string, path: string, cookie: string, body?: unknown) =>
  (await call(s.baseUrl, method, path, { cookie, ...(body === undefined ? {} : { body }) })).status;
const me = (cookie: string) => status('GET', api.me.path, cookie);
const keyOf = async (email: string) =>
  createDashboardLinkToken((await s.store.memberByEmail(email))!.id, s.config.sessionSecret, s.clock.now());
const useKey = (token: string, cookie?: string) =>
  call<{ id: string }>(s.baseUrl, 'POST', api.signInWithLink.path, { body: { token }, ...(cookie ? { cookie } : {}) });
const checkKey = (token: string, cookie?: string) =>
  call(s.baseUrl, 'POST', api.checkSignInLink.path, { body: { token }, ...(cookie ? { cookie } : {}) });

function expectLinkExpired(answer: Answer): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toEqual({
    error: {
      code: 'validation_failed',
      message: 'Validation failed',
      fields: { token: [SIGN_IN_MESSAGES.linkExpired] },
    },
  });
  expect(memberCookieFrom(answer)).toBeUndefined();
}

const events = (event: string) => lines.filter((l) => l.fields.event === event).map((l) => l.fields);

describe('the pre-hijack', () => {
  it("a stranger joins with Grace's address and keeps the cookie; once Grace proves it, that cookie opens nothing", async () => {
    const stranger = await joinAndSignIn(s.baseUrl, GRACE);
    expect(await me(stranger.cookie)).toBe(200);

    const grace = await signInByCode(s, GRACE.email);
    expect(await status(api.saveReflection.method, api.saveReflection.path, grace.cookie, reflectionRequest(1))).toBe(
      api.saveReflection.status,
    );

    const reads: [string, string][] = [
      ['GET', api.me.path],
      ['GET', api.reflections.path],
      ['GET', api.exportMyData.path],
    ];
    for (const [method, path] of reads) expect(await status(method, path, stranger.cookie), path).toBe(401);
    expect(
      await status('PATCH', api.updateEmailSettings.path, stranger.cookie, {
        emailReminders: false,
        reminderTime: '07:00',
        timezone: 'Europe/Paris',
      }),
    ).toBe(401);
    expect(await status('DELETE', api.deleteAccount.path, stranger.cookie)).toBe(401);
    // Grace is untouched and signed in.
    expect(await me(grace.cookie)).toBe(200);
    expect((await s.store.memberByEmail(GRACE.email))?.emailReminders).toBe(true);
    expect(events('member.session.ended')).toContainEqual(expect.objectContaining({ reason: 'first-proof', count: 1 }));
  });

  it("the welcome e-mail's Confirm (a key) is a first proof too: the stranger's session ends", async () => {
    const stranger = await joinAndSignIn(s.baseUrl, GRACE);
    const confirmed = await useKey(await keyOf(GRACE.email));
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await me(stranger.cookie)).toBe(401);
    expect(await me(memberCookieFrom(confirmed)!)).toBe(200);
    // A later proof is no first proof: it ends nobody's session.
    const again = await signInByCode(s, GRACE.email);
    expect(await me(memberCookieFrom(confirmed)!)).toBe(200);
    expect(await me(again.cookie)).toBe(200);
  });
});

describe('an e-mail key', () => {
  it('opens once: the second use answers 400 linkExpired and starts no session', async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    const key = await keyOf(GRACE.email);
    const first = await useKey(key);
    expect(first.status, first.text).toBe(200);
    expectLinkExpired(await useKey(key));
    expectLinkExpired(await checkKey(key));
  });

  it('checking whose it is uses nothing up and answers the first name; the button then uses it', async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    const key = await keyOf(GRACE.email);
    for (let i = 0; i < 3; i += 1) {
      const check = await checkKey(key);
      expect(check.status, check.text).toBe(200);
      expect(check.body).toEqual({ firstName: 'Grace', sameMember: false });
      expect(check.headers.getSetCookie()).toEqual([]);
    }
    expect((await useKey(key)).status).toBe(200);
  });

  it('a browser signed in as Ada that checks Grace’s key is told, and nothing is switched; as Grace: sameMember', async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    const grace = await signInByCode(s, GRACE.email);
    await joinAndSignIn(s.baseUrl, ADA);
    const ada = await signInByCode(s, ADA.email);
    const key = await keyOf(GRACE.email);
    const asAda = await checkKey(key, ada.cookie);
    expect(asAda.body).toEqual({ firstName: 'Grace', sameMember: false });
    expect(asAda.headers.getSetCookie()).toEqual([]);
    const stillAda = await call<{ email: string }>(s.baseUrl, 'GET', api.me.path, { cookie: ada.cookie });
    expect(stillAda.body.email).toBe(ADA.email);
    expect((await checkKey(key, grace.cookie)).body).toEqual({ firstName: 'Grace', sameMember: true });
  });

  it("a sign-in e-mail's one-time link is checked the same way, and used once", async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    expect((await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: GRACE.email } })).status).toBe(200);
    const { token } = s.mail.lastSignIn(GRACE.email);
    expect((await checkKey(token)).body).toEqual({ firstName: 'Grace', sameMember: false });
    expect((await useKey(token)).status).toBe(200);
    expectLinkExpired(await checkKey(token));
    expectLinkExpired(await useKey(token));
  });

  it('refuses a forged or unknown key on check as on use', async () => {
    for (const token of ['not-a-key', 'A'.repeat(60)]) {
      expectLinkExpired(await checkKey(token));
      expectLinkExpired(await useKey(token));
    }
  });
});

describe('sign out everywhere', () => {
  it('ends every session (this one too, cookie cleared) and kills every key and the pending link', async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    const phone = await signInByCode(s, GRACE.email);
    const laptop = await signInByCode(s, GRACE.email);
    const key = await keyOf(GRACE.email);
    await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: GRACE.email } });
    const { token, code } = s.mail.lastSignIn(GRACE.email);
    s.clock.advance(1);

    const out = await call(s.baseUrl, 'POST', api.signOutEverywhere.path, { cookie: laptop.cookie });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ signedOut: true });
    expect(out.headers.getSetCookie()).toEqual([
      'prr_member=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
    expect(await me(laptop.cookie)).toBe(401);
    expect(await me(phone.cookie)).toBe(401);
    expectLinkExpired(await useKey(key));
    expectLinkExpired(await checkKey(key));
    expectLinkExpired(await useKey(token));
    const byCode = await call(s.baseUrl, 'POST', api.signInWithCode.path, { body: { email: GRACE.email, code } });
    expect(byCode.status).toBe(400);
    expect(events('member.session.ended')).toContainEqual(
      expect.objectContaining({ reason: 'sign-out-everywhere', count: 2 }),
    );

    // A key sent after it works.
    s.clock.advance(1);
    expect((await useKey(await keyOf(GRACE.email))).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await call(s.baseUrl, 'POST', api.signOutEverywhere.path)).status).toBe(401);
  });
});

describe('deleting the account', () => {
  it("kills the member's keys: a key sent before opens nothing", async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    const grace = await signInByCode(s, GRACE.email);
    const key = await keyOf(GRACE.email);
    expect(await status('DELETE', api.deleteAccount.path, grace.cookie)).toBe(200);
    expectLinkExpired(await checkKey(key));
    expectLinkExpired(await useKey(key));
    expect(events('member.session.ended')).toContainEqual(expect.objectContaining({ reason: 'account-deleted' }));
  });
});

describe('security events', () => {
  it('sign-ins, failures and voided codes leave a line each, with no token, code, cookie or address', async () => {
    await joinAndSignIn(s.baseUrl, GRACE);
    await call(s.baseUrl, 'POST', api.requestSignIn.path, { body: { email: GRACE.email } });
    const { code, token } = s.mail.lastSignIn(GRACE.email);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    for (let i = 0; i < 5; i += 1) {
      await call(s.baseUrl, 'POST', api.signInWithCode.path, { body: { email: GRACE.email, code: wrong } });
    }
    const key = await keyOf(GRACE.email);
    const ok = await useKey(key);
    expect(ok.status).toBe(200);

    expect(events('member.sign-in.requested')).toEqual([expect.objectContaining({ outcome: 'success' })]);
    expect(events('member.code.voided')).toEqual([expect.objectContaining({ reason: 'wrong-codes' })]);
    expect(events('member.sign-in').filter((e) => e.outcome === 'failure' && e.method === 'code')).toHaveLength(5);
    expect(events('member.sign-in')).toContainEqual(expect.objectContaining({ outcome: 'success', method: 'key' }));
    const everything = JSON.stringify(lines);
    for (const secret of [code, token, key, GRACE.email, memberCookieFrom(ok)!.split('=')[1]!]) {
      expect(everything).not.toContain(secret);
    }
    for (const line of lines.filter((l) => l.fields.event)) expect(line.fields.requestId).toBeTypeOf('string');
  });
});
