/**
 * The admin's sign-in against a server on the real clock: the production entry in the proof
 * tests, the bench and the browser journeys, where a second factor is always asked
 * (docs/decisions/027-admin-second-factor.md). The first sign-in enrols TOTP through the real
 * routes; later ones give a TOTP code computed here, as the admin's authenticator app would, or a
 * recovery code when both codes the server accepts now were used. No test-only route exists.
 * Kept free of the in-process test server, so the bench and the browser journeys can import it.
 */
import { DEMO_ADMIN, api, type AdminLoginResponse, type AdminEnrolled, type TotpSetup } from '@prr/contract';
import { totpCode } from '../src/auth/totp.js';

const STEP_MS = 30_000;

export interface AdminCredentials {
  email: string;
  password: string;
}

export const DEMO_CREDENTIALS: AdminCredentials = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };

/** The `name=value` pairs a response set (cleared ones dropped), merged over `jar`. */
export function withCookies(jar: string | undefined, answer: { headers: Headers }): string {
  const cookies = new Map<string, string>();
  for (const pair of (jar ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  for (const line of answer.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    if (value && !/Max-Age=0/i.test(line)) cookies.set(pair.slice(0, eq), value);
    else cookies.delete(pair.slice(0, eq));
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * The admin's authenticator app on the real clock. The server takes a code of its current step or
 * one step either side, each step once; so a second sign-in within the same 30 seconds gives the
 * next step's code, and a third gets none (the caller then uses a recovery code).
 */
export class AuthenticatorApp {
  #lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: string) {}

  /** A code the server takes now and has not taken before, or undefined. */
  code(now: Date = new Date()): string | undefined {
    const step = Math.floor(now.getTime() / STEP_MS);
    const next = Math.max(step, this.#lastStep + 1);
    if (next > step + 1) return undefined;
    this.#lastStep = next;
    return totpCode(this.secret, new Date(next * STEP_MS));
  }

  /** The server took the code of this moment elsewhere (the enrolment). */
  usedAt(moment: Date): void {
    this.#lastStep = Math.max(this.#lastStep, Math.floor(moment.getTime() / STEP_MS));
  }
}

/** What the test knows of the admin: the password, and once enrolled the app and unused recovery codes. */
export interface RealClockAdmin {
  credentials: AdminCredentials;
  app?: AuthenticatorApp;
  recoveryCodes: string[];
}

export const realClockAdmin = (credentials: AdminCredentials = DEMO_CREDENTIALS): RealClockAdmin => ({
  credentials,
  recoveryCodes: [],
});

async function post<T>(baseUrl: string, path: string, jar: string, body?: unknown) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(jar ? { Cookie: jar } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return { body: JSON.parse(text) as T, jar: withCookies(jar, res) };
}

/**
 * Signs the admin in on the server at `baseUrl`: the password, then enrolment (first time), a TOTP
 * code or a recovery code. Answers the cookies carrying the session, merged over `jar`.
 */
export async function signInAdminNow(baseUrl: string, admin: RealClockAdmin, jar = ''): Promise<string> {
  const login = await post<AdminLoginResponse>(baseUrl, api.adminLogin.path, jar, admin.credentials);
  if (login.body.secondFactor === 'none') return login.jar;
  if (login.body.secondFactor === 'enrol') {
    const setup = await post<TotpSetup>(baseUrl, api.adminTotpEnrolStart.path, login.jar);
    const now = new Date();
    const done = await post<AdminEnrolled>(baseUrl, api.adminTotpEnrol.path, setup.jar, {
      code: totpCode(setup.body.secret, now),
    });
    admin.app = new AuthenticatorApp(setup.body.secret);
    admin.app.usedAt(now);
    admin.recoveryCodes = [...done.body.recoveryCodes];
    return done.jar;
  }
  if (!admin.app) throw new Error('the admin has a second factor this test does not know: sign in once with it first');
  const code = admin.app.code();
  if (code !== undefined) return (await post(baseUrl, api.adminTotpSignIn.path, login.jar, { code })).jar;
  const recovery = admin.recoveryCodes.shift();
  if (recovery === undefined) throw new Error('no TOTP code left this half-minute and no recovery code left');
  return (await post(baseUrl, api.adminRecoveryCodeSignIn.path, login.jar, { code: recovery })).jar;
}
