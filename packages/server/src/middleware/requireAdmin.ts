/**
 * The server-side guard of every `auth: 'admin'` route: a live session (idle and absolute
 * lifetime, auth/sessions.ts) in the admin cookie as this deployment names it, or 401.
 */
import { AppError } from '@prr/domain';
import type { AdminAuth } from '../auth/adminAccount.js';
import type { SessionStore } from '../auth/sessions.js';
import type { AppMiddleware } from '../http/context.js';

export function requireAdmin(sessions: SessionStore, adminAuth: AdminAuth): AppMiddleware {
  return async (ctx, next) => {
    const sessionId = adminAuth.cookie.read(ctx.get('cookie'));
    const session = await sessions.touch(sessionId);
    const admin = session ? await adminAuth.adminById(session.subjectId) : undefined;
    if (!admin || !sessionId) throw new AppError('unauthenticated', 'Please sign in as the admin');
    ctx.state.admin = admin;
    ctx.state.sessionId = sessionId;
    await next();
  };
}
