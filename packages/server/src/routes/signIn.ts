/**
 * Member sign-in (docs/decisions/005-member-sign-in.md): ask for a code and link by e-mail, then
 * sign in with either, or with an e-mail's dashboard link. Each success starts a member session in
 * this browser (an HttpOnly cookie for 90 days; the store keeps only its hash).
 */
import Router from '@koa/router';
import { MEMBER_SESSION_DAYS, SIGN_IN_MESSAGES, SIGN_IN_MINUTES, api } from '@prr/contract';
import { AppError, memberView, normaliseEmail, type StoredMember } from '@prr/domain';
import { MEMBER_SESSION_COOKIE, serializeCookie } from '../auth/cookies.js';
import { signInWithCode, signInWithLink, startSignIn } from '../domain/signIn.js';
import type { AppContext, AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { errorFields } from '../log.js';
import { signInLinkUrl } from '../mail/links.js';
import { signInMessage } from '../mail/messages.js';
import { memberRef } from '../mail/privacy.js';
import { consume } from '../middleware/rateLimit.js';

/** Starts a member session in this browser and sets its cookie. */
export async function startMemberSession(deps: AppDeps, ctx: AppContext, member: StoredMember): Promise<void> {
  const id = await deps.memberSessions.create(member.id);
  ctx.append(
    'Set-Cookie',
    serializeCookie(MEMBER_SESSION_COOKIE, id, {
      secure: deps.config.production,
      maxAge: MEMBER_SESSION_DAYS * 86_400,
    }),
  );
}

export function signInRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const secret = deps.config.sessionSecret;

  mount(router, deps, api.requestSignIn, async ({ body }, ctx) => {
    await consume(deps.limiters.signInPerIp, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    await consume(deps.limiters.signInPerAddress, normaliseEmail(body.email), SIGN_IN_MESSAGES.tooManyForAddress);
    const { member, code, linkToken } = await startSignIn(deps.store, body.email, deps.clock.now(), secret);
    const message = signInMessage(member, {
      publicUrl: deps.config.publicUrl,
      code,
      linkUrl: signInLinkUrl(deps.config.publicUrl, linkToken),
      minutes: SIGN_IN_MINUTES,
    });
    try {
      await deps.mailer.send({ ...message, date: deps.clock.now() });
    } catch (error) {
      deps.logger.error('sign-in e-mail not sent', { member: memberRef(member.id), ...errorFields(error) });
      throw new AppError('unavailable', 'We could not send the e-mail just now. Please try again in a moment.');
    }
    return { sent: true as const, expiresInMinutes: SIGN_IN_MINUTES };
  });

  mount(router, deps, api.signInWithCode, async ({ body }, ctx) => {
    await consume(deps.limiters.signInAttempts, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    const member = await signInWithCode(deps.store, body.email, body.code, deps.clock.now(), secret);
    await startMemberSession(deps, ctx, member);
    return memberView(member, deps.clock.now());
  });

  mount(router, deps, api.signInWithLink, async ({ body }, ctx) => {
    await consume(deps.limiters.signInAttempts, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    const member = await signInWithLink(deps.store, body.token, deps.clock.now(), secret);
    await startMemberSession(deps, ctx, member);
    return memberView(member, deps.clock.now());
  });

  return router;
}
