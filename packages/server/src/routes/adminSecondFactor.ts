/**
 * The admin's second factor after the password (docs/decisions/027-admin-second-factor.md):
 * proving a passkey, a TOTP code or a recovery code, or enrolling the first factor; and new
 * recovery codes for a signed-in admin. Every login-stage route needs the pending cookie of the
 * right stage, else 401, and counts against the login's limits like a password.
 */
import Router from '@koa/router';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ADMIN_SECOND_FACTOR_MESSAGES, PasskeyOptions, api } from '@prr/contract';
import { AppError } from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import { logSecurityEvent } from '../audit/securityLog.js';
import type { PendingSignIn, PendingStage } from '../auth/adminPending.js';
import { PENDING_SECONDS } from '../auth/adminPending.js';
import { finishSignIn } from '../auth/adminSignIn.js';
import { LoginThrottle } from '../auth/loginThrottle.js';
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  verifiedAuthentication,
  verifiedRegistration,
} from '../auth/passkeys.js';
import { hashRecoveryCode, newRecoveryCodes } from '../auth/recoveryCodes.js';
import { seal, unseal } from '../auth/sealed.js';
import { newTotpSecret, totpEnrolment, totpStep } from '../auth/totp.js';
import type { AppState, RouteContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import type { StoredAdmin } from '../store/schema.js';

const signInAgain = (): AppError => new AppError('unauthenticated', ADMIN_SECOND_FACTOR_MESSAGES.signInAgain);
const wrongCode = (): AppError => new AppError('unauthenticated', ADMIN_SECOND_FACTOR_MESSAGES.wrongCode);
const passkeyRefused = (): AppError => new AppError('unauthenticated', ADMIN_SECOND_FACTOR_MESSAGES.passkeyRefused);

export function adminSecondFactorRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const { adminAuth, store, config, clock } = deps;
  const factors = store.adminFactors;
  const throttle = new LoginThrottle(deps.limiters, deps.config.rateLimits.loginPerAccount.points);
  const secret = () => config.sessionSecret;
  // Read per request: tests set publicUrl once the server listens.
  const rp = () => relyingParty(config);

  /** The pending sign-in of this stage and its admin, or 401. */
  const pendingOf = async (
    ctx: RouteContext,
    stage: PendingStage,
  ): Promise<{ pending: PendingSignIn; admin: StoredAdmin }> => {
    const pending = adminAuth.pendingCookie.read(ctx.get('cookie'), secret(), clock.now());
    const admin = pending?.stage === stage ? await adminAuth.adminById(pending.adminId) : undefined;
    if (!pending || !admin) throw signInAgain();
    return { pending, admin };
  };

  const challengeKey = (kind: string, pending: PendingSignIn): string => `${kind}:${pending.nonce}`;
  const keepChallenge = (key: string, value: string) =>
    factors.putChallenge(key, value, clock.now().getTime() + PENDING_SECONDS * 1000);

  /** A wrong second factor counts as a failed login of the account (auth/loginThrottle.ts). */
  const failed = (ctx: RouteContext, admin: StoredAdmin, method: string, error: AppError): never => {
    logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'failure', method, adminId: admin.id });
    throw error;
  };
  const attempt = async (ctx: RouteContext, admin: StoredAdmin, method: string): Promise<void> => {
    try {
      await throttle.attempt(ctx.ip, admin.email);
    } catch (error) {
      logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'lockout', method, adminId: admin.id });
      throw error;
    }
  };

  /** The first factor is on: recovery codes made, the admin signed in, the codes shown once. */
  const enrolled = async (ctx: RouteContext, admin: StoredAdmin, method: string) => {
    const recoveryCodes = newRecoveryCodes();
    await factors.replaceRecoveryCodes(
      admin.id,
      recoveryCodes.map((code) => hashRecoveryCode(secret(), code)),
    );
    await finishSignIn(deps, ctx, admin, method);
    await recordAdminAction(deps, ctx, 'second-factor.enrol');
    return { admin: { name: admin.name, email: admin.email }, recoveryCodes };
  };

  // ---- proving a factor ----

  mount(router, deps, api.adminPasskeyOptions, async (_input, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'verify');
    const passkeys = (await factors.of(admin.id))?.passkeys ?? [];
    if (passkeys.length === 0) throw new AppError('conflict', 'No passkey is set up for this account');
    const options = await authenticationOptions(rp(), passkeys);
    await keepChallenge(challengeKey('passkey-auth', pending), options.challenge);
    return PasskeyOptions.parse(options);
  });

  mount(router, deps, api.adminPasskeySignIn, async ({ body }, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'verify');
    await attempt(ctx, admin, 'passkey');
    const challenge = await factors.takeChallenge(challengeKey('passkey-auth', pending), clock.now().getTime());
    const passkeys = (await factors.of(admin.id))?.passkeys ?? [];
    const verified =
      challenge &&
      (await verifiedAuthentication(rp(), body as unknown as AuthenticationResponseJSON, challenge, passkeys));
    if (!verified) return failed(ctx, admin, 'passkey', passkeyRefused());
    await factors.setPasskeyCounter(admin.id, verified.passkeyId, verified.counter);
    await throttle.succeeded(ctx.ip, admin.email);
    await finishSignIn(deps, ctx, admin, 'passkey');
    return { admin: { name: admin.name, email: admin.email } };
  });

  mount(router, deps, api.adminTotpSignIn, async ({ body }, ctx) => {
    const { admin } = await pendingOf(ctx, 'verify');
    await attempt(ctx, admin, 'totp');
    const sealed = (await factors.of(admin.id))?.totpSecret;
    const totpSecret = sealed && unseal('admin-totp-secret', sealed, secret());
    const step = totpSecret ? totpStep(totpSecret, body.code, clock.now()) : undefined;
    // A code already used (or an older one) is refused: someone who saw it cannot replay it.
    if (step === undefined || !(await factors.useTotpStep(admin.id, step)))
      return failed(ctx, admin, 'totp', wrongCode());
    await throttle.succeeded(ctx.ip, admin.email);
    await finishSignIn(deps, ctx, admin, 'totp');
    return { admin: { name: admin.name, email: admin.email } };
  });

  mount(router, deps, api.adminRecoveryCodeSignIn, async ({ body }, ctx) => {
    const { admin } = await pendingOf(ctx, 'verify');
    await attempt(ctx, admin, 'recovery-code');
    if (!(await factors.useRecoveryCode(admin.id, hashRecoveryCode(secret(), body.code)))) {
      return failed(ctx, admin, 'recovery-code', wrongCode());
    }
    await throttle.succeeded(ctx.ip, admin.email);
    await finishSignIn(deps, ctx, admin, 'recovery-code');
    return { admin: { name: admin.name, email: admin.email } };
  });

  // ---- enrolling the first factor ----

  mount(router, deps, api.adminPasskeyEnrolOptions, async (_input, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'enrol');
    const options = await registrationOptions(rp(), admin, (await factors.of(admin.id))?.passkeys ?? []);
    await keepChallenge(challengeKey('passkey-reg', pending), options.challenge);
    return PasskeyOptions.parse(options);
  });

  mount(router, deps, api.adminPasskeyEnrol, async ({ body }, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'enrol');
    const challenge = await factors.takeChallenge(challengeKey('passkey-reg', pending), clock.now().getTime());
    const passkey =
      challenge &&
      (await verifiedRegistration(rp(), body as unknown as RegistrationResponseJSON, challenge, clock.now()));
    if (!passkey) return failed(ctx, admin, 'passkey-enrol', passkeyRefused());
    await factors.addPasskey(admin.id, passkey);
    return enrolled(ctx, admin, 'passkey-enrol');
  });

  mount(router, deps, api.adminTotpEnrolStart, async (_input, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'enrol');
    const totpSecret = newTotpSecret();
    // Kept sealed until a code proves the app has it: a secret never confirmed never signs in.
    await keepChallenge(challengeKey('totp-enrol', pending), seal('admin-totp-secret', totpSecret, secret()));
    return { secret: totpSecret, ...(await totpEnrolment(totpSecret, admin.email)) };
  });

  mount(router, deps, api.adminTotpEnrol, async ({ body }, ctx) => {
    const { pending, admin } = await pendingOf(ctx, 'enrol');
    await attempt(ctx, admin, 'totp-enrol');
    const sealed = await factors.takeChallenge(challengeKey('totp-enrol', pending), clock.now().getTime());
    const totpSecret = sealed && unseal('admin-totp-secret', sealed, secret());
    if (!totpSecret) throw new AppError('conflict', 'The set-up expired. Please start again.');
    const step = totpStep(totpSecret, body.code, clock.now());
    if (step === undefined) {
      // The same secret may be tried again until the pending sign-in ends.
      await keepChallenge(challengeKey('totp-enrol', pending), sealed);
      return failed(ctx, admin, 'totp-enrol', wrongCode());
    }
    await throttle.succeeded(ctx.ip, admin.email);
    await factors.setTotp(admin.id, sealed);
    await factors.useTotpStep(admin.id, step);
    return enrolled(ctx, admin, 'totp-enrol');
  });

  // ---- a signed-in admin ----

  mount(router, deps, api.regenerateRecoveryCodes, async (_input, ctx) => {
    const admin = ctx.state.admin;
    if (!admin) throw signInAgain();
    const recoveryCodes = newRecoveryCodes();
    await factors.replaceRecoveryCodes(
      admin.id,
      recoveryCodes.map((code) => hashRecoveryCode(secret(), code)),
    );
    await recordAdminAction(deps, ctx, 'recovery-codes.regenerate');
    return { recoveryCodes };
  });

  return router;
}
