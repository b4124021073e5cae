/**
 * The contract suite's cases for the admin's second factor (docs/decisions/027-admin-second-factor.md,
 * docs/product/api.md#admin): the password's pending cookie opens only the /api/admin/login/
 * routes of its stage, a wrong code answers 401 with its message, TOTP and recovery codes sign in
 * (a recovery code once), and the passkey routes answer with a target's stand-in authenticator.
 * A case that needs an enrolment, a TOTP code or an authenticator skips on a target without it.
 */
import { expect } from 'vitest';
import { ADMIN_SECOND_FACTOR_MESSAGES, DEMO_ADMIN, api, type AdminLoginResponse } from '@prr/contract';
import { asAdmin, row, type Case, type Flow, type Req, type World } from './world.js';

const SIGN_IN_AGAIN = {
  status: 401,
  code: 'unauthenticated' as const,
  message: ADMIN_SECOND_FACTOR_MESSAGES.signInAgain,
};
const WRONG_CODE = { status: 401, code: 'unauthenticated' as const, message: ADMIN_SECOND_FACTOR_MESSAGES.wrongCode };

/** A credential's shape as the browser library sends it; the server verifies the rest. */
const SOME_CREDENTIAL = {
  id: 'c29tZS1wYXNza2V5',
  rawId: 'c29tZS1wYXNza2V5',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

/** Every 'name=value' an answer sets (cleared ones dropped), merged over `jar`. */
function cookiesOf(jar: string, headers: Headers): string {
  const cookies = new Map(
    jar
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const line of headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (value && !/Max-Age=0/i.test(line)) cookies.set(name, value);
    else cookies.delete(name);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The password step: its answer and the cookies after it. */
async function password(w: World): Promise<{ answer: AdminLoginResponse; cookie: string }> {
  const res = await w.call(api.adminLogin, { json: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { answer: api.adminLogin.response.parse(res.body), cookie: cookiesOf('', res.headers) };
}

/** The password with a second factor required and none set up: the enrolment's pending cookie. */
async function enrolmentPending(w: World): Promise<string> {
  if (!w.target.requireAdminSecondFactor) w.skip();
  await w.target.requireAdminSecondFactor();
  const { answer, cookie } = await password(w);
  expect(answer.secondFactor).toBe('enrol');
  return cookie;
}

/** The TOTP set-up started: its secret and the cookies. */
async function totpSetup(w: World): Promise<{ secret: string; cookie: string }> {
  if (!w.target.adminTotpCode) w.skip();
  const cookie = await enrolmentPending(w);
  const setup = await w.ok(api.adminTotpEnrolStart, { cookie });
  return { secret: setup.secret, cookie };
}

/** TOTP enrolled; then the password again, whose answer asks for the second factor. */
async function verifyPending(w: World): Promise<{ secret: string; recoveryCodes: string[]; cookie: string }> {
  const { secret, cookie } = await totpSetup(w);
  const enrolled = await w.ok(api.adminTotpEnrol, { cookie, json: { code: w.target.adminTotpCode!(secret) } });
  const again = await password(w);
  expect(again.answer).toMatchObject({ secondFactor: 'required', methods: { totp: true } });
  return { secret, recoveryCodes: enrolled.recoveryCodes, cookie: again.cookie };
}

const authenticator = (w: World) => w.target.passkeyAuthenticator ?? w.skip();

/** A passkey enrolled with the target's stand-in authenticator; then the password again. */
async function passkeyPending(w: World): Promise<string> {
  const passkeys = authenticator(w);
  const cookie = await enrolmentPending(w);
  const options = await w.ok(api.adminPasskeyEnrolOptions, { cookie });
  await w.ok(api.adminPasskeyEnrol, { cookie, json: passkeys.register(options) });
  const again = await password(w);
  expect(again.answer).toMatchObject({ secondFactor: 'required', methods: { passkey: true } });
  return again.cookie;
}

const withCode = (cookie: string, code: string): Req => ({ cookie, json: { code } });

export const adminSecondFactorCases: Case[] = [
  // Without the password's pending cookie, each step answers 401, whatever it is sent.
  row(api.adminPasskeyOptions, 'answers 401 without the password step', () => ({}), SIGN_IN_AGAIN),
  row(
    api.adminPasskeySignIn,
    'answers 401 without the password step',
    () => ({ json: SOME_CREDENTIAL }),
    SIGN_IN_AGAIN,
  ),
  row(
    api.adminTotpSignIn,
    'answers 401 without the password step',
    () => ({ json: { code: '123456' } }),
    SIGN_IN_AGAIN,
  ),
  row(
    api.adminRecoveryCodeSignIn,
    'answers 401 without the password step',
    () => ({ json: { code: 'ABCDE-FGHJK' } }),
    SIGN_IN_AGAIN,
  ),
  row(api.adminPasskeyEnrolOptions, 'answers 401 without the password step', () => ({}), SIGN_IN_AGAIN),
  row(api.adminPasskeyEnrol, 'answers 401 without the password step', () => ({ json: SOME_CREDENTIAL }), SIGN_IN_AGAIN),
  row(api.adminTotpEnrolStart, 'answers 401 without the password step', () => ({}), SIGN_IN_AGAIN),
  row(api.adminTotpEnrol, 'answers 401 without the password step', () => ({ json: { code: '123456' } }), SIGN_IN_AGAIN),
  row(api.regenerateRecoveryCodes, 'answers 401 without the admin session', () => ({}), {
    status: 401,
    code: 'unauthenticated',
  }),
  row(api.adminTotpSignIn, 'refuses an empty code', () => ({ json: { code: '' } }), {
    status: 400,
    code: 'validation_failed',
    fields: { code: 'Enter the code' },
  }),

  // The enrolment.
  row(
    api.adminTotpEnrolStart,
    'answers a new secret, its otpauth URI and QR code',
    async (w) => ({
      cookie: await enrolmentPending(w),
    }),
    {
      status: 200,
      then: (setup) => {
        expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
        expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
        expect(setup.qrSvg).toMatch(/^<svg|<\?xml/);
      },
    },
  ),
  row(
    api.adminTotpEnrol,
    'refuses a wrong code',
    async (w) => withCode((await totpSetup(w)).cookie, '000000'),
    WRONG_CODE,
  ),
  row(
    api.adminTotpEnrol,
    'turns TOTP on with the right code: signed in, with the recovery codes shown once',
    async (w) => {
      const { secret, cookie } = await totpSetup(w);
      return withCode(cookie, w.target.adminTotpCode!(secret));
    },
    {
      status: 201,
      then: (enrolled, _w, res) => {
        expect(enrolled.admin.email).toBe(DEMO_ADMIN.email);
        expect(enrolled.recoveryCodes).toHaveLength(10);
        expect(res.headers.getSetCookie().some((line) => /^(__Host-)?prr_admin=[^;]+/.test(line))).toBe(true);
      },
    },
  ),
  row(
    api.adminPasskeyEnrolOptions,
    'answers the options for a new passkey, user verification required',
    async (w) => ({ cookie: await enrolmentPending(w) }),
    {
      status: 200,
      then: (options) => {
        expect(options.challenge).toEqual(expect.any(String));
        expect(options).toMatchObject({ authenticatorSelection: { userVerification: 'required' } });
      },
    },
  ),
  row(
    api.adminPasskeyEnrol,
    'turns the passkey on: signed in, with the recovery codes shown once',
    async (w) => {
      const passkeys = authenticator(w);
      const cookie = await enrolmentPending(w);
      return { cookie, json: passkeys.register(await w.ok(api.adminPasskeyEnrolOptions, { cookie })) };
    },
    { status: 201, then: (enrolled) => expect(enrolled.recoveryCodes).toHaveLength(10) },
  ),

  // Proving a factor.
  row(
    api.adminTotpSignIn,
    'signs in with the code of a later half-minute',
    async (w) => {
      const { secret, cookie } = await verifyPending(w);
      return withCode(cookie, w.target.adminTotpCode!(secret, 1));
    },
    { status: 200, then: (signedIn) => expect(signedIn.admin.email).toBe(DEMO_ADMIN.email) },
  ),
  row(
    api.adminTotpSignIn,
    'refuses a wrong code',
    async (w) => withCode((await verifyPending(w)).cookie, '000000'),
    WRONG_CODE,
  ),
  row(
    api.adminRecoveryCodeSignIn,
    'signs in with a recovery code, typed in lower case without the dash',
    async (w) => {
      const { recoveryCodes, cookie } = await verifyPending(w);
      return withCode(cookie, recoveryCodes[0]!.replace('-', '').toLowerCase());
    },
    { status: 200, then: (signedIn) => expect(signedIn.admin.email).toBe(DEMO_ADMIN.email) },
  ),
  row(
    api.adminPasskeyOptions,
    'answers the options to prove the passkey',
    async (w) => ({ cookie: await passkeyPending(w) }),
    { status: 200, then: (options) => expect(options.challenge).toEqual(expect.any(String)) },
  ),
  row(
    api.adminPasskeySignIn,
    'signs in with the passkey',
    async (w) => {
      const passkeys = authenticator(w);
      const cookie = await passkeyPending(w);
      return { cookie, json: passkeys.authenticate(await w.ok(api.adminPasskeyOptions, { cookie })) };
    },
    { status: 200, then: (signedIn) => expect(signedIn.admin.email).toBe(DEMO_ADMIN.email) },
  ),

  // A signed-in admin.
  row(api.regenerateRecoveryCodes, 'answers ten new recovery codes', (w) => asAdmin(w), {
    status: 200,
    then: (codes) => expect(codes.recoveryCodes).toHaveLength(10),
  }),
];

export const adminSecondFactorFlows: Flow[] = [
  {
    title: 'the pending cookie of the password step opens no admin route',
    async run(w) {
      const cookie = await enrolmentPending(w);
      expect((await w.call(api.adminSession, { cookie })).status).toBe(401);
      expect((await w.call(api.adminStats, { cookie })).status).toBe(401);
      // And the enrolment's cookie does not prove a factor either.
      expect((await w.call(api.adminTotpSignIn, withCode(cookie, '123456'))).status).toBe(401);
    },
  },
  {
    title: 'a recovery code signs in once; the second time it is refused',
    async run(w) {
      const { recoveryCodes, cookie } = await verifyPending(w);
      const code = recoveryCodes[1]!;
      const first = await w.call(api.adminRecoveryCodeSignIn, withCode(cookie, code));
      expect(first.status).toBe(200);
      const signedIn = cookiesOf(cookie, first.headers);
      expect((await w.call(api.adminSession, { cookie: signedIn })).status).toBe(200);
      const again = await password(w);
      const second = await w.call(api.adminRecoveryCodeSignIn, withCode(again.cookie, code));
      expect(second.status).toBe(401);
      expect(second.body).toMatchObject({ error: { message: ADMIN_SECOND_FACTOR_MESSAGES.wrongCode } });
    },
  },
];
