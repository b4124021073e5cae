/**
 * The steps of the admin's sign-in that the password and second-factor routes share
 * (docs/decisions/027-admin-second-factor.md): which factors the admin has, whether one is
 * required, and finishing a sign-in (a fresh session, the pending cookie gone, the device known).
 */
import type { SecondFactorMethods } from '@prr/contract';
import { logSecurityEvent } from '../audit/securityLog.js';
import type { RouteContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import type { StoredAdmin, StoredAdminFactors } from '../store/schema.js';

export function methodsOf(factors: StoredAdminFactors | undefined): SecondFactorMethods {
  return {
    passkey: (factors?.passkeys.length ?? 0) > 0,
    totp: factors?.totpSecret !== undefined,
    recoveryCodes: factors?.recoveryCodeHashes.length ?? 0,
  };
}

export const hasSecondFactor = (methods: SecondFactorMethods): boolean => methods.passkey || methods.totp;

/** Production always asks; elsewhere ADMIN_SECOND_FACTOR decides (optional by default). */
export const secondFactorRequired = (config: AppDeps['config']): boolean =>
  config.production || config.adminSecondFactor === 'required';

/**
 * The admin is signed in: a new session id (an id known before is worthless after), the pending
 * cookie cleared, and this browser remembered as a known device. Logs the decision.
 */
export async function finishSignIn(
  deps: AppDeps,
  ctx: RouteContext,
  admin: StoredAdmin,
  method: string,
): Promise<void> {
  const { adminAuth, config, clock } = deps;
  await deps.sessions.destroy(adminAuth.cookie.read(ctx.get('cookie')));
  const sessionId = await deps.sessions.create(admin.id);
  ctx.append('Set-Cookie', adminAuth.cookie.serialize(sessionId));
  ctx.append('Set-Cookie', adminAuth.pendingCookie.clear());
  const known = adminAuth.deviceCookie.read(ctx.get('cookie'), config.sessionSecret, clock.now());
  const deviceId = known?.adminId === admin.id ? known.deviceId : undefined;
  ctx.append('Set-Cookie', adminAuth.deviceCookie.serialize(admin.id, config.sessionSecret, clock.now(), deviceId));
  ctx.state.admin = admin;
  ctx.state.sessionId = sessionId;
  logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'success', method, adminId: admin.id });
}
