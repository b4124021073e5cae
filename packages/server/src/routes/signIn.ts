/**
 * Member sign-in (docs/decisions/005-member-sign-in.md, docs/decisions/025-e-mail-key-flow.md):
 * ask for a code and link by e-mail, then sign in with either, or with an e-mail's single-use key.
 * Each success starts a member session in this browser (an HttpOnly cookie for 90 days from
 * sign-in; the store keeps only its hash). The first proof of an address ends every other session
 * of the member. Every decision is a security event (audit/securityLog.ts).
 */
import Router from '@koa/router';
import { SIGN_IN_MESSAGES, SIGN_IN_MINUTES, api } from '@prr/contract';
import {
  AppError,
  firstNameOf,
  isAppError,
  markUndeliverable,
  memberView,
  normaliseEmail,
  type Proof,
  type StoredMember,
} from '@prr/domain';
import { logSecurityEvent } from '../audit/securityLog.js';
import { memberOfLink, signInWithCode, signInWithLink, startSignIn } from '../auth/memberSignIn.js';
import type { AppContext, AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { pointsRaised } from '../http/hooks.js';
import { mount } from '../http/mount.js';
import { errorFields } from '../log.js';
import { signInLinkUrl } from '../mail/links.js';
import type { MailRefused } from '../mail/mailer.js';
import { signInMessage } from '../mail/messages.js';
import { memberRef } from '../mail/privacy.js';
import { consume, ensureUnspent, penalise } from '../middleware/rateLimit.js';

/** Starts a member session in this browser and sets its cookie. */
export async function startMemberSession(deps: AppDeps, ctx: AppContext, member: StoredMember): Promise<void> {
  const id = await deps.memberSessions.create(member.id);
  ctx.append('Set-Cookie', deps.memberCookie.serialize(id));
}

/**
 * After a proof: a first one ends every session of the member from before it (a stranger who
 * joined with this address may hold one) and pays the inviter; then this browser is signed in.
 */
async function signedIn(deps: AppDeps, ctx: AppContext, proof: Proof, method: string): Promise<void> {
  const memberId = proof.member.id;
  if (proof.firstProof) {
    const count = await deps.memberSessions.destroyAllFor(memberId);
    logSecurityEvent(deps.logger, ctx, 'member.session.ended', { memberId, reason: 'first-proof', count });
  }
  if (proof.creditedInviterId !== undefined) pointsRaised(deps, proof.creditedInviterId);
  await startMemberSession(deps, ctx, proof.member);
  logSecurityEvent(deps.logger, ctx, 'member.sign-in', { outcome: 'success', memberId, method });
}

/** Logs a refused sign-in (the member is not named: the request may not be theirs) and rethrows. */
async function logged<T>(deps: AppDeps, ctx: AppContext, method: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      logSecurityEvent(deps.logger, ctx, 'member.sign-in', { outcome: 'failure', method });
    }
    throw error;
  }
}

/** The receiving server refused the address for good: marked undeliverable, and the member told. */
async function refusedSignIn(deps: AppDeps, member: StoredMember, refused: MailRefused): Promise<never> {
  const fields = { member: memberRef(member.id), smtpCode: refused.responseCode, response: refused.response };
  deps.logger.warn('sign-in e-mail refused for good; the address is marked undeliverable', fields);
  try {
    await deps.store.write((tx) => markUndeliverable(tx, member.id, deps.clock.now(), refused.responseCode));
  } catch (error) {
    deps.logger.error('could not mark an address undeliverable', { ...fields, ...errorFields(error) });
  }
  throw new AppError(
    'unavailable',
    'The mail server of this address refused our e-mail. Please check the address with your mail provider, then try again.',
  );
}

export function signInRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const secret = deps.config.sessionSecret;

  mount(router, deps, api.requestSignIn, async ({ body }, ctx) => {
    await consume(deps.limiters.signInPerIp, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    await consume(deps.limiters.signInPerAddress, normaliseEmail(body.email), SIGN_IN_MESSAGES.tooManyForAddress);
    await consume(
      deps.limiters.signInPerAddressPerDay,
      normaliseEmail(body.email),
      SIGN_IN_MESSAGES.tooManyForAddressToday,
    );
    const { member, code, linkToken } = await startSignIn(deps.store, body.email, deps.clock.now(), secret).catch(
      (error: unknown) => {
        logSecurityEvent(deps.logger, ctx, 'member.sign-in.requested', { outcome: 'failure' });
        throw error;
      },
    );
    const message = signInMessage(member, {
      publicUrl: deps.config.publicUrl,
      code,
      linkUrl: signInLinkUrl(deps.config.publicUrl, linkToken),
      minutes: SIGN_IN_MINUTES,
    });
    // Sent to an undeliverable address too: the member asked, and signing in proves it again
    // (docs/product/rules.md#undeliverable-addresses).
    let refused: MailRefused | undefined;
    try {
      refused = await deps.mailer.send({ ...message, date: deps.clock.now() });
    } catch (error) {
      deps.logger.error('sign-in e-mail not sent', { member: memberRef(member.id), ...errorFields(error) });
      throw new AppError('unavailable', 'We could not send the e-mail just now. Please try again in a moment.');
    }
    if (refused) await refusedSignIn(deps, member, refused);
    logSecurityEvent(deps.logger, ctx, 'member.sign-in.requested', { outcome: 'success', memberId: member.id });
    return { sent: true as const, expiresInMinutes: SIGN_IN_MINUTES };
  });

  mount(router, deps, api.signInWithCode, async ({ body }, ctx) => {
    await consume(deps.limiters.signInAttempts, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    // A network that has typed its day's wrong codes is refused before its try can count against,
    // and void, an owner's pending code (docs/decisions/026-limits-and-defaults.md).
    await ensureUnspent(deps.limiters.wrongCodesPerNetwork, ctx.ip, SIGN_IN_MESSAGES.tooManyWrongCodes);
    const proof = await logged(deps, ctx, 'code', () =>
      signInWithCode(deps.store, body.email, body.code, deps.clock.now(), secret, (memberId) =>
        logSecurityEvent(deps.logger, ctx, 'member.code.voided', { memberId, reason: 'wrong-codes' }),
      ),
    ).catch(async (error: unknown) => {
      if (isAppError(error) && error.code === 'validation_failed')
        await penalise(deps.limiters.wrongCodesPerNetwork, ctx.ip);
      throw error;
    });
    await signedIn(deps, ctx, proof, 'code');
    return memberView(proof.member, deps.clock.now());
  });

  mount(router, deps, api.signInWithLink, async ({ body }, ctx) => {
    await consume(deps.limiters.signInAttempts, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    const proof = await logged(deps, ctx, 'key', () =>
      signInWithLink(deps.store, body.token, deps.clock.now(), secret),
    );
    await signedIn(deps, ctx, proof, proof.method);
    return memberView(proof.member, deps.clock.now());
  });

  // Whose key this is, using nothing up, so the page can ask before it switches members. Limited
  // like the sign-ins: a key can be tried here as well as there.
  mount(router, deps, api.checkSignInLink, async ({ body }, ctx) => {
    await consume(deps.limiters.signInAttempts, ctx.ip, SIGN_IN_MESSAGES.tooManyFromNetwork);
    const member = await memberOfLink(deps.store, body.token, deps.clock.now(), secret);
    const session = await deps.memberSessions.touch(deps.memberCookie.read(ctx.get('cookie')));
    return { firstName: firstNameOf(member.name), sameMember: session?.subjectId === member.id };
  });

  return router;
}
