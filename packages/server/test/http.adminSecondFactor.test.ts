/**
 * The admin's second factor over real HTTP (docs/decisions/027-admin-second-factor.md): the
 * password alone opens nothing, TOTP and recovery codes sign in once each, a known device is not
 * held back by strangers' guesses, and a guessable new password is refused. Passkeys are proved
 * in the browser journey (e2e/adminSecondFactor.test.ts), where Chromium's virtual authenticator
 * makes real attestations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@prr/contract';
import { totpCode } from '../src/auth/totp.js';
import { DEMO_CREDENTIALS, enrolTotp, passwordStep, signInAdmin, withCookies } from './adminSignIn.js';
import { call, startTestServer, testRateLimits, type TestServer } from './helpers.js';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describe('an admin who must use a second factor', () => {
  let s: TestServer;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    s = await startTestServer({ config: { adminSecondFactor: 'required' } });
  });
  afterAll(() => s.close());

  it('gets no admin data from the password alone, only the enrolment', async () => {
    const { answer, cookie } = await passwordStep(s);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ secondFactor: 'enrol', methods: { passkey: false, totp: false } });
    for (const route of [api.adminSession, api.adminStats, api.adminMembers]) {
      const res = await call<ErrorAnswer>(s.baseUrl, route.method, route.path, { cookie });
      expect(res.status, route.path).toBe(401);
    }
    // The sign-in routes of the other stage refuse it too.
    expect((await call(s.baseUrl, 'POST', api.adminTotpSignIn.path, { cookie, body: { code: '123456' } })).status).toBe(
      401,
    );
    // Without the pending cookie, nothing at all.
    expect((await call(s.baseUrl, 'POST', api.adminTotpEnrolStart.path)).status).toBe(401);
  });

  it('enrols TOTP with a code from the app, and gets ten recovery codes once', async () => {
    const { cookie } = await passwordStep(s);
    const setup = await call<{ secret: string; otpauthUri: string; qrSvg: string }>(
      s.baseUrl,
      'POST',
      api.adminTotpEnrolStart.path,
      { cookie },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qrSvg).toContain('<svg');
    const wrong = await call<ErrorAnswer>(s.baseUrl, 'POST', api.adminTotpEnrol.path, {
      cookie,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(401);
    const done = await call<{ recoveryCodes: string[] }>(s.baseUrl, 'POST', api.adminTotpEnrol.path, {
      cookie,
      body: { code: totpCode(setup.body.secret, s.clock.now()) },
    });
    expect(done.status).toBe(201);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(new Set(done.body.recoveryCodes).size).toBe(10);
    secret = setup.body.secret;
    recoveryCodes = done.body.recoveryCodes;
    const signedIn = withCookies(cookie, done);
    expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie: signedIn })).status).toBe(200);
    // Stored sealed, never in clear.
    expect(JSON.stringify(await s.store.adminFactors.of((await s.store.admins())[0]!.id))).not.toContain(secret);
  });

  it('signs in with a TOTP code, and refuses the same code a second time', async () => {
    s.clock.advance(30_000);
    const code = totpCode(secret, s.clock.now());
    const first = await passwordStep(s);
    expect(first.answer.body).toMatchObject({ secondFactor: 'required', methods: { totp: true, recoveryCodes: 10 } });
    const ok = await call(s.baseUrl, 'POST', api.adminTotpSignIn.path, { cookie: first.cookie, body: { code } });
    expect(ok.status).toBe(200);
    expect((await call(s.baseUrl, 'GET', api.adminStats.path, { cookie: withCookies(first.cookie, ok) })).status).toBe(
      200,
    );

    const second = await passwordStep(s);
    const replay = await call<ErrorAnswer>(s.baseUrl, 'POST', api.adminTotpSignIn.path, {
      cookie: second.cookie,
      body: { code },
    });
    expect(replay.status).toBe(401);
    expect(withCookies(second.cookie, replay)).not.toMatch(/(^|; )prr_admin=/);
  });

  it('signs in with a recovery code once', async () => {
    const code = recoveryCodes[0]!;
    const first = await passwordStep(s);
    const ok = await call(s.baseUrl, 'POST', api.adminRecoveryCodeSignIn.path, {
      cookie: first.cookie,
      body: { code: code.toLowerCase() },
    });
    expect(ok.status).toBe(200);
    const second = await passwordStep(s);
    expect(second.answer.body.methods.recoveryCodes).toBe(9);
    const again = await call(s.baseUrl, 'POST', api.adminRecoveryCodeSignIn.path, {
      cookie: second.cookie,
      body: { code },
    });
    expect(again.status).toBe(401);
  });

  it('gives new recovery codes to a signed-in admin; the old ones stop working', async () => {
    const cookie = await signInAdmin(s, { totpSecret: secret });
    const fresh = await call<{ recoveryCodes: string[] }>(s.baseUrl, 'POST', api.regenerateRecoveryCodes.path, {
      cookie,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const pending = await passwordStep(s);
    const old = await call(s.baseUrl, 'POST', api.adminRecoveryCodeSignIn.path, {
      cookie: pending.cookie,
      body: { code: recoveryCodes[1]! },
    });
    expect(old.status).toBe(401);
  });

  it('refuses a guessable new password with a field message', async () => {
    const cookie = await signInAdmin(s, { totpSecret: secret });
    const res = await call<ErrorAnswer>(s.baseUrl, 'POST', api.changeAdminPassword.path, {
      cookie,
      body: { currentPassword: DEMO_CREDENTIALS.password, newPassword: 'aaaaaaaaaaaa' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.newPassword?.[0]).toMatch(/too easy to guess/);
  });
});

describe('a known device', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      config: {
        adminSecondFactor: 'required',
        rateLimits: testRateLimits({ loginPerAccount: { points: 2, duration: 24 * 60 * 60 } }),
      },
    });
  });
  afterAll(() => s.close());

  it('still signs in while strangers have locked the account into back-off', async () => {
    const { answer, cookie: pending } = await passwordStep(s);
    expect(answer.body.secondFactor).toBe('enrol');
    const enrolled = await enrolTotp(s, pending);
    const device = enrolled.cookie.split('; ').find((c) => c.startsWith('prr_admin_device='));
    expect(device).toBeDefined();

    const stranger = { email: DEMO_CREDENTIALS.email, password: 'wrong-password-guess' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await passwordStep(s, stranger)).answer.status);
    expect(statuses).toContain(429);
    // Even the right password from a stranger's browser waits now.
    expect((await passwordStep(s)).answer.status).toBe(429);

    const known = await passwordStep(s, DEMO_CREDENTIALS, device);
    expect(known.answer.status).toBe(200);
    expect(known.answer.body.secondFactor).toBe('required');
  });
});

describe('outside production, without ADMIN_SECOND_FACTOR=required', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('signs the demo admin in with the password while no factor is enrolled', async () => {
    const { answer, cookie } = await passwordStep(s);
    expect(answer.body.secondFactor).toBe('none');
    expect((await call(s.baseUrl, 'GET', api.adminSession.path, { cookie })).status).toBe(200);
  });
});
