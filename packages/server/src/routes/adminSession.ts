/** The admin's sign-in, session, password change and sign-out. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { AppError, wrongCurrentPassword } from '@prr/domain';
import { LoginThrottle } from '../auth/loginThrottle.js';
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

  mount(router, deps, api.adminLogin, async ({ body }, ctx) => {
    await throttle.attempt(ctx.ip, body.email);
    const admin = await deps.adminAuth.verify(body.email, body.password);
    // One answer for an unknown e-mail and a wrong password.
    if (!admin) throw new AppError('unauthenticated', 'Invalid credentials');
    await throttle.succeeded(ctx.ip, body.email);
    await deps.sessions.destroy(cookie.read(ctx.get('cookie')));
    await startSession(ctx, admin.id);
    return { admin: { name: admin.name, email: admin.email } };
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
    await throttle.attempt(ctx.ip, admin.email);
    const outcome = await deps.adminAuth.changePassword(admin.id, body.currentPassword, body.newPassword);
    if (outcome === 'wrong-password') throw wrongCurrentPassword();
    await throttle.succeeded(ctx.ip, admin.email);
    // Every other browser holding a session (a forgotten one, a stolen cookie) is signed out;
    // this one carries on under a new id.
    await deps.sessions.destroyAllFor(admin.id);
    await startSession(ctx, admin.id);
    return { changed: true as const };
  });

  mount(router, deps, api.adminLogout, async (_input, ctx) => {
    await deps.sessions.destroy(ctx.state.sessionId);
    ctx.append('Set-Cookie', cookie.clear());
    return { loggedOut: true as const };
  });

  return router;
}
