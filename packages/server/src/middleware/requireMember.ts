/** The server-side guard of every `auth: 'member'` route: a live member session or 401. */
import { SIGN_IN_MESSAGES } from '@prr/contract';
import { AppError } from '@prr/domain';
import type { MemberSessionCookie } from '../auth/cookies.js';
import type { SessionStore } from '../auth/sessions.js';
import type { AppMiddleware } from '../http/context.js';

export function requireMember(sessions: SessionStore, cookie: MemberSessionCookie): AppMiddleware {
  return async (ctx, next) => {
    const sessionId = cookie.read(ctx.get('cookie'));
    const session = await sessions.touch(sessionId);
    if (!session || !sessionId) throw new AppError('unauthenticated', SIGN_IN_MESSAGES.signInNeeded);
    ctx.state.memberId = session.subjectId;
    ctx.state.memberSessionId = sessionId;
    await next();
  };
}
