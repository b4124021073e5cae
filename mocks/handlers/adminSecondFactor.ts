/**
 * The admin's second factor as the mocks play it (docs/decisions/027-admin-second-factor.md): after
 * the password, a pending cookie of a stage ('verify' or 'enrol') that only the /api/admin/login/
 * routes accept; the authenticator code is MOCK_TOTP_CODE, any passkey answer passes, and the
 * recovery codes are MOCK_RECOVERY_CODES, each once. The scenarios give the admin a passkey, TOTP
 * only, or an enrolment to do (scenarios.ts).
 */
import { ADMIN_SECOND_FACTOR_MESSAGES, api, type AdminLoginResponse } from '@prr/contract';
import { AppError } from '@prr/domain';
import { handle, reply, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { startAdminSession } from '../session.js';
import { recordMockAdminAction } from './adminActivity.js';

/** The code the mocks' "authenticator app" shows, always. */
export const MOCK_TOTP_CODE = '123456';
/** The secret the mocks' TOTP set-up shows (it plays no part: MOCK_TOTP_CODE is the code). */
export const MOCK_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The ten recovery codes the mocks hand out, at enrolment and when regenerated. */
export const MOCK_RECOVERY_CODES = [
  'K7QF2-MXD9P',
  'H3ZRW-8TNC4',
  'PV6YB-2JQ5S',
  'D9WMX-C7KHA',
  'R4TNE-QZ8FY',
  'G2LSB-6WVDM',
  'U8PJC-N3XTE',
  'Y5KQH-R9ZGW',
  'B6MFA-T2SJL',
  'X3VDN-H7CPQ',
] as const;

/** The pending sign-in's cookie, named as outside production. */
export const ADMIN_PENDING_COOKIE = 'prr_admin_pending';
const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; SameSite=Lax';

/** A QR-like picture: the mocks show a fixed one, so screenshots stay the same. */
const MOCK_QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">' +
  '<rect width="7" height="7" fill="#fff"/><path d="M0 0h3v3h-3zM4 0h3v3h-3zM0 4h3v3h-3zM4 4h1v1h-1zM6 6h1v1h-1zM5 5h1v1h-1z" fill="#000"/></svg>';

const adminView = () => ({ name: mockDb.admin.name, email: mockDb.admin.email });

const methods = () => ({
  passkey: mockDb.adminFactors.passkey,
  totp: mockDb.adminFactors.totp,
  recoveryCodes: mockDb.adminFactors.recoveryCodes.length,
});

/**
 * The password was right: signed in when no factor is set up nor required, else a pending cookie
 * for the next step, as the server answers (routes/adminSession.ts).
 */
export function passwordAccepted() {
  const { passkey, totp, required } = mockDb.adminFactors;
  if (!passkey && !totp && !required) {
    const answer: AdminLoginResponse = { admin: adminView(), secondFactor: 'none', methods: methods() };
    return reply(answer, { headers: { 'Set-Cookie': startAdminSession() } });
  }
  const stage = passkey || totp ? 'verify' : 'enrol';
  const token = crypto.randomUUID();
  mockDb.adminPending.set(token, stage);
  const answer: AdminLoginResponse = {
    admin: adminView(),
    secondFactor: stage === 'verify' ? 'required' : 'enrol',
    methods: methods(),
  };
  return reply(answer, { headers: { 'Set-Cookie': `${ADMIN_PENDING_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}` } });
}

/** The browser's pending sign-in of this stage, or the server's 401. */
function pendingOf(cookies: Record<string, string>, stage: 'verify' | 'enrol'): string {
  const token = cookies[ADMIN_PENDING_COOKIE];
  if (token === undefined || mockDb.adminPending.get(token) !== stage) {
    throw new AppError('unauthenticated', ADMIN_SECOND_FACTOR_MESSAGES.signInAgain);
  }
  return token;
}

/** Signed in: a session starts; the pending cookie's token is forgotten, so it opens nothing more. */
function signedIn<T>(token: string, body: T) {
  mockDb.adminPending.delete(token);
  return reply(body, { headers: { 'Set-Cookie': startAdminSession() } });
}

const wrongCode = () => new AppError('unauthenticated', ADMIN_SECOND_FACTOR_MESSAGES.wrongCode);

/** The options a browser's WebAuthn call reads, as @simplewebauthn/server shapes them. */
const passkeyRequestOptions = () => ({
  challenge: 'bW9jay1jaGFsbGVuZ2U',
  rpId: 'localhost',
  timeout: 60_000,
  userVerification: 'required',
  allowCredentials: [{ id: 'bW9jay1wYXNza2V5', type: 'public-key', transports: ['internal'] }],
});

const passkeyCreationOptions = () => ({
  challenge: 'bW9jay1jaGFsbGVuZ2U',
  rp: { name: 'Pause. Reflect. Retry. admin', id: 'localhost' },
  user: { id: 'YWRtaW4', name: mockDb.admin.email, displayName: mockDb.admin.name },
  pubKeyCredParams: [
    { alg: -8, type: 'public-key' },
    { alg: -7, type: 'public-key' },
    { alg: -257, type: 'public-key' },
  ],
  timeout: 60_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
});

/** The first factor is on: fresh recovery codes, signed in, the codes shown this once. */
async function enrolled(token: string) {
  mockDb.adminFactors.recoveryCodes = [...MOCK_RECOVERY_CODES];
  const answer = signedIn(token, { admin: adminView(), recoveryCodes: [...MOCK_RECOVERY_CODES] });
  await recordMockAdminAction('second-factor.enrol');
  return answer;
}

export function createAdminSecondFactorHandlers(options: HandleOptions = {}) {
  return [
    handle(api.adminPasskeyOptions, ({ cookies }) => {
      pendingOf(cookies, 'verify');
      if (!mockDb.adminFactors.passkey) throw new AppError('conflict', 'No passkey is set up for this account');
      return passkeyRequestOptions();
    }),
    handle(api.adminPasskeySignIn, ({ cookies }) => signedIn(pendingOf(cookies, 'verify'), { admin: adminView() })),
    handle(api.adminTotpSignIn, ({ cookies, body }) => {
      const token = pendingOf(cookies, 'verify');
      if (!mockDb.adminFactors.totp || body.code !== MOCK_TOTP_CODE) throw wrongCode();
      return signedIn(token, { admin: adminView() });
    }),
    handle(api.adminRecoveryCodeSignIn, ({ cookies, body }) => {
      const token = pendingOf(cookies, 'verify');
      const typed = body.code.toUpperCase();
      const left = mockDb.adminFactors.recoveryCodes;
      const index = left.findIndex((code) => code.replace('-', '') === typed);
      if (index < 0) throw wrongCode();
      left.splice(index, 1);
      return signedIn(token, { admin: adminView() });
    }),
    handle(api.adminPasskeyEnrolOptions, ({ cookies }) => {
      pendingOf(cookies, 'enrol');
      return passkeyCreationOptions();
    }),
    handle(api.adminPasskeyEnrol, async ({ cookies }) => {
      const token = pendingOf(cookies, 'enrol');
      mockDb.adminFactors.passkey = true;
      return enrolled(token);
    }),
    handle(api.adminTotpEnrolStart, ({ cookies }) => {
      pendingOf(cookies, 'enrol');
      const label = encodeURIComponent(`Pause. Reflect. Retry.:${mockDb.admin.email}`);
      return {
        secret: MOCK_TOTP_SECRET,
        otpauthUri: `otpauth://totp/${label}?issuer=Pause.%20Reflect.%20Retry.&secret=${MOCK_TOTP_SECRET}&algorithm=SHA1&digits=6&period=30`,
        qrSvg: MOCK_QR_SVG,
      };
    }),
    handle(api.adminTotpEnrol, async ({ cookies, body }) => {
      const token = pendingOf(cookies, 'enrol');
      if (body.code !== MOCK_TOTP_CODE) throw wrongCode();
      mockDb.adminFactors.totp = true;
      return enrolled(token);
    }),
    handle(
      api.regenerateRecoveryCodes,
      async () => {
        mockDb.adminFactors.recoveryCodes = [...MOCK_RECOVERY_CODES];
        await recordMockAdminAction('recovery-codes.regenerate');
        return { recoveryCodes: [...MOCK_RECOVERY_CODES] };
      },
      options,
    ),
  ];
}

export const adminSecondFactorHandlers = createAdminSecondFactorHandlers();
