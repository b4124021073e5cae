/** The admin's sign-in, session, password change and sign-out. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { AppError, fieldError, isAppError, wrongCurrentPassword } from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import { logSecurityEvent } from '../audit/securityLog.js';
import { hasSecondFactor, methodsOf, secondFactorRequired } from '../auth/adminSignIn.js';
import { LoginThrottle } from '../auth/loginThrottle.js';
import { weakPasswordReason } from '../auth/passwordStrength.js';
import type { AppState, RouteContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

const signInFirst = (): AppError => new AppError('unauthenticated', 'Please sign in as the admin');

export function adminSessionRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const cookie = deps.adminAuth.cookie;
  const throttle = new LoginThrottle(deps.limiters, deps.config.rateLimits.loginPerAccount.points);

  /** A new session for this browser: always a fresh id, so an id known before is worthless after. */
  const startSession = async (ctx: RouteContext, adminId: string): Promise<void> => {
    const sessionId = await deps.sessions.create(adminId);
    ctx.append('Set-Cookie', cookie.serialize(sessionId));
  };

  mount(router, deps, api.adminLoginInfo, async () => ({ demoCredentials: await deps.adminAuth.demoCredentials() }));

  // Each decision is one security event (docs/product/rules.md#security-events); the typed
  // e-mail is never logged, a known admin appears by id.
  mount(router, deps, api.adminLogin, async ({ body }, ctx) => {
    // A browser that signed in before keeps its own back-off (docs/decisions/027-admin-second-factor.md).
    const device = deps.adminAuth.deviceCookie.read(ctx.get('cookie'), deps.config.sessionSecret, deps.clock.now());
    try {
      await throttle.attempt(ctx.ip, body.email, device?.deviceId);
    } catch (error) {
      if (isAppError(error) && error.code === 'rate_limited') {
        logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'lockout', method: 'password' });
      }
      throw error;
    }
    const admin = await deps.adminAuth.verify(body.email, body.password);
    // One answer for an unknown e-mail and a wrong password.
    if (!admin) {
      logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'failure', method: 'password' });
      throw new AppError('unauthenticated', 'Invalid credentials');
    }
    await throttle.succeeded(ctx.ip, body.email, device?.deviceId);
    await deps.sessions.destroy(cookie.read(ctx.get('cookie')));
    const methods = methodsOf(await deps.store.adminFactors.of(admin.id));
    const view = { name: admin.name, email: admin.email };
    if (hasSecondFactor(methods) || secondFactorRequired(deps.config)) {
      // No session yet: only the second-factor routes accept the pending cookie.
      const stage = hasSecondFactor(methods) ? 'verify' : 'enrol';
      ctx.append(
        'Set-Cookie',
        deps.adminAuth.pendingCookie.serialize(admin.id, stage, deps.config.sessionSecret, deps.clock.now()),
      );
      logSecurityEvent(deps.logger, ctx, 'admin.sign-in', {
        outcome: 'success',
        method: 'password',
        reason: stage === 'verify' ? 'second-factor-next' : 'enrolment-next',
        adminId: admin.id,
      });
      return { admin: view, secondFactor: stage === 'verify' ? ('required' as const) : ('enrol' as const), methods };
    }
    logSecurityEvent(deps.logger, ctx, 'admin.sign-in', { outcome: 'success', method: 'password', adminId: admin.id });
    await startSession(ctx, admin.id);
    return { admin: view, secondFactor: 'none' as const, methods };
  });

  mount(router, deps, api.adminSession, (_input, ctx) => {
    const admin = ctx.state.admin;
    if (!admin) throw signInFirst();
    return { admin: { name: admin.name, email: admin.email } };
  });

  // Guessing the current password through a stolen session meets the login's limits.
  mount(router, deps, api.changeAdminPassword, async ({ body }, ctx) => {
    const admin = ctx.state.admin;
    if (!admin) throw signInFirst();
    // Common and guessable passwords are refused (docs/decisions/027-admin-second-factor.md).
    const weak = weakPasswordReason(body.newPassword, [admin.email, admin.name]);
    if (weak) throw fieldError('newPassword', weak);
    await throttle.attempt(ctx.ip, admin.email);
    const outcome = await deps.adminAuth.changePassword(admin.id, body.currentPassword, body.newPassword);
    if (outcome === 'wrong-password') throw wrongCurrentPassword();
    await throttle.succeeded(ctx.ip, admin.email);
    // Every other browser holding a session (a forgotten one, a stolen cookie) is signed out;
    // this one carries on under a new id.
    const ended = await deps.sessions.destroyAllFor(admin.id);
    logSecurityEvent(deps.logger, ctx, 'admin.session.ended', {
      reason: 'password-change',
      count: ended,
      adminId: admin.id,
    });
    await startSession(ctx, admin.id);
    await recordAdminAction(deps, ctx, 'password.change');
    return { changed: true as const };
  });

  mount(router, deps, api.adminLogout, async (_input, ctx) => {
    await deps.sessions.destroy(ctx.state.sessionId);
    logSecurityEvent(deps.logger, ctx, 'admin.session.ended', {
      reason: 'logout',
      count: 1,
      ...(ctx.state.admin ? { adminId: ctx.state.admin.id } : {}),
    });
    ctx.append('Set-Cookie', cookie.clear());
    return { loggedOut: true as const };
  });

  return router;
}
