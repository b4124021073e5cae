/**
 * The admin's sign-in for tests, through the same steps as the login screen: the password, then
 * the second factor when one is asked (docs/decisions/027-admin-second-factor.md). A test that
 * only needs a signed-in admin calls signInAdmin; the second-factor tests use the steps.
 */
import { api, type AdminLoginResponse, type TotpSetup } from '@prr/contract';
import { totpCode } from '../src/auth/totp.js';
import { DEMO_CREDENTIALS, withCookies, type AdminCredentials } from './adminOnRealClock.js';
import { call, type Answer, type TestServer } from './helpers.js';

// Shared with the sign-in on the real clock (adminOnRealClock.ts).
export { DEMO_CREDENTIALS, withCookies, type AdminCredentials } from './adminOnRealClock.js';

/** The password step: its answer and the browser's cookies after it. */
export async function passwordStep(
  s: Pick<TestServer, 'baseUrl'>,
  credentials: AdminCredentials = DEMO_CREDENTIALS,
  jar?: string,
): Promise<{ answer: Answer<AdminLoginResponse>; cookie: string }> {
  const answer = await call<AdminLoginResponse>(s.baseUrl, 'POST', api.adminLogin.path, {
    body: credentials,
    ...(jar ? { cookie: jar } : {}),
  });
  return { answer, cookie: withCookies(jar, answer) };
}

/** Enrols TOTP in a pending 'enrol' state: the secret and the recovery codes shown once. */
export async function enrolTotp(
  s: Pick<TestServer, 'baseUrl' | 'clock'>,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[]; cookie: string; answer: Answer }> {
  const setup = await call<TotpSetup>(s.baseUrl, 'POST', api.adminTotpEnrolStart.path, { cookie });
  if (setup.status !== 200) throw new Error(`TOTP set-up answered ${setup.status}: ${setup.text}`);
  const code = totpCode(setup.body.secret, s.clock.now());
  const done = await call<{ recoveryCodes: string[] }>(s.baseUrl, 'POST', api.adminTotpEnrol.path, {
    cookie,
    body: { code },
  });
  if (done.status !== 201) throw new Error(`TOTP enrolment answered ${done.status}: ${done.text}`);
  return {
    secret: setup.body.secret,
    recoveryCodes: done.body.recoveryCodes,
    cookie: withCookies(cookie, done),
    answer: done,
  };
}

/**
 * A signed-in admin's cookies: the password, then TOTP with `totpSecret` when a second factor is
 * asked (the clock moves on a step first, since a TOTP code works once), or enrolment of one when
 * it must be enrolled.
 */
export async function signInAdmin(
  s: Pick<TestServer, 'baseUrl' | 'clock'>,
  options: { credentials?: AdminCredentials; totpSecret?: string; jar?: string } = {},
): Promise<string> {
  const { answer, cookie } = await passwordStep(s, options.credentials, options.jar);
  if (answer.status !== 200) throw new Error(`admin login answered ${answer.status}: ${answer.text}`);
  if (answer.body.secondFactor === 'none') return cookie;
  if (answer.body.secondFactor === 'enrol') return (await enrolTotp(s, cookie)).cookie;
  if (!options.totpSecret) throw new Error('this admin has a second factor: pass its TOTP secret');
  s.clock.advance(30_000);
  const done = await call(s.baseUrl, 'POST', api.adminTotpSignIn.path, {
    cookie,
    body: { code: totpCode(options.totpSecret, s.clock.now()) },
  });
  if (done.status !== 200) throw new Error(`TOTP sign-in answered ${done.status}: ${done.text}`);
  return withCookies(cookie, done);
}
