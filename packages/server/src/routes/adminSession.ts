/** The admin's sign-in, session and sign-out. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { AppError, normaliseEmail } from '@prr/domain';
import { clearSessionCookie, readSessionCookie, serializeSessionCookie } from '../auth/cookies.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { consume } from '../middleware/rateLimit.js';

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export function adminSessionRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const secure = deps.config.production;

  mount(router, deps, api.adminLoginInfo, async () => ({ demoCredentials: await deps.adminAuth.demoCredentials() }));

  mount(router, deps, api.adminLogin, async ({ body }, ctx) => {
    const attemptKey = `${ctx.ip}|${normaliseEmail(body.email)}`;
    await consume(deps.limiters.loginPerIp, ctx.ip, TOO_MANY);
    await consume(deps.limiters.login, attemptKey, TOO_MANY);
    const admin = await deps.adminAuth.verify(body.email, body.password);
    // One answer for an unknown e-mail and a wrong password.
    if (!admin) throw new AppError('unauthenticated', 'Invalid credentials');
    await deps.limiters.login.delete(attemptKey);
    // Always a fresh id: a session id planted before login is worthless after it.
    await deps.sessions.destroy(readSessionCookie(ctx.get('cookie')));
    const sessionId = await deps.sessions.create(admin.id);
    ctx.append('Set-Cookie', serializeSessionCookie(sessionId, { secure }));
    return { admin: { name: admin.name, email: admin.email } };
  });

  mount(router, deps, api.adminSession, (_input, ctx) => {
    const admin = ctx.state.admin;
    if (!admin) throw new AppError('unauthenticated', 'Please sign in as the admin');
    return { admin: { name: admin.name, email: admin.email } };
  });

  mount(router, deps, api.adminLogout, async (_input, ctx) => {
    await deps.sessions.destroy(ctx.state.sessionId);
    ctx.append('Set-Cookie', clearSessionCookie(secure));
    return { loggedOut: true as const };
  });

  return router;
}
