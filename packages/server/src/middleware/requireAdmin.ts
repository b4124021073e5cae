/**
 * The server-side guard of every `auth: 'admin'` route: a live session (idle and absolute
 * lifetime, auth/sessions.ts) in the admin cookie as this deployment names it, or 401.
 */
import { AppError } from '@prr/domain';
import type { AdminAuth } from '../auth/adminAccount.js';
import type { SessionStore } from '../auth/sessions.js';
import { logSecurityEvent } from '../audit/securityLog.js';
import type { AppMiddleware } from '../http/context.js';
import type { Logger } from '../log.js';

const SIGN_IN_FIRST = 'Please sign in as the admin';

/**
 * With a logger, a cookie that names no live session (it expired, or ended in another browser)
 * is logged as an ended session (docs/product/rules.md#security-events) and cleared, so the
 * line is written once per browser rather than on every request it makes.
 */
export function requireAdmin(sessions: SessionStore, adminAuth: AdminAuth, logger?: Logger): AppMiddleware {
  return async (ctx, next) => {
    const sessionId = adminAuth.cookie.read(ctx.get('cookie'));
    const session = await sessions.touch(sessionId);
    const admin = session ? await adminAuth.adminById(session.subjectId) : undefined;
    if (sessionId && !admin && logger) {
      logSecurityEvent(logger, ctx, 'admin.session.ended', { reason: 'expired', count: 1 });
      throw new AppError('unauthenticated', SIGN_IN_FIRST, { headers: { 'Set-Cookie': adminAuth.cookie.clear() } });
    }
    if (!admin || !sessionId) throw new AppError('unauthenticated', SIGN_IN_FIRST);
    ctx.state.admin = admin;
    ctx.state.sessionId = sessionId;
    await next();
  };
}
