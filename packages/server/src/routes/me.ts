/**
 * The signed-in member's own data. Every route here is `auth: 'member'`: the member comes from the
 * session cookie (ctx.state.memberId, set by requireMember), never from the URL or the body.
 */
import Router from '@koa/router';
import { api, myDailyFiguresExport } from '@prr/contract';
import {
  AppError,
  chooseAfterExperiment,
  dailyFiguresCsv,
  deleteAccount,
  inviteInfo,
  listAchievements,
  listMyStories,
  listReflections,
  listRippleEffects,
  markLevelUpSeen,
  MEMBER_EXPORT_HEADERS,
  memberDashboard,
  memberExport,
  memberView,
  recordRippleEffect,
  requireMember,
  saveReflection,
  shareStory,
  updateEmailSettings,
} from '@prr/domain';
import { logSecurityEvent } from '../audit/securityLog.js';
import type { AppState, RouteContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { pointsRaised } from '../http/hooks.js';
import { mount } from '../http/mount.js';
import { sendCsv } from '../http/csvDownload.js';
import { requireMember as requireMemberSession } from '../middleware/requireMember.js';

/** The session's member; requireMember ran before every handler here. */
function memberOf(ctx: RouteContext): string {
  const id = ctx.state.memberId;
  if (!id) throw new AppError('unauthenticated', 'Please sign in');
  return id;
}

export function meRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const now = () => deps.clock.now();

  mount(router, deps, api.me, async (_input, ctx) => memberView(await requireMember(deps.store, memberOf(ctx)), now()));

  const clearMemberCookie = (ctx: RouteContext) => ctx.append('Set-Cookie', deps.memberCookie.clear());

  mount(router, deps, api.signOut, async (_input, ctx) => {
    await deps.memberSessions.destroy(ctx.state.memberSessionId);
    clearMemberCookie(ctx);
    logSecurityEvent(deps.logger, ctx, 'member.session.ended', {
      memberId: memberOf(ctx),
      reason: 'sign-out',
      count: 1,
    });
    return { signedOut: true as const };
  });

  // Every session (this one too), every e-mail key and the pending code and link of the member
  // (docs/decisions/025-e-mail-key-flow.md). Keys are revoked first: a key used in between cannot
  // start a session that outlives this answer.
  mount(router, deps, api.signOutEverywhere, async (_input, ctx) => {
    const memberId = memberOf(ctx);
    await deps.store.memberKeys.revokeAll(memberId, now());
    await deps.store.signIns.remove(memberId);
    const count = await deps.memberSessions.destroyAllFor(memberId);
    clearMemberCookie(ctx);
    logSecurityEvent(deps.logger, ctx, 'member.session.ended', { memberId, reason: 'sign-out-everywhere', count });
    return { signedOut: true as const };
  });

  mount(router, deps, api.memberDashboard, (_input, ctx) => memberDashboard(deps.store, memberOf(ctx), now()));
  mount(router, deps, api.reflections, (_input, ctx) => listReflections(deps.store, memberOf(ctx)));
  mount(router, deps, api.saveReflection, async ({ body }, ctx) => {
    const memberId = memberOf(ctx);
    const saved = await deps.store.write((tx) => saveReflection(tx, memberId, body, now()));
    if (saved.pointsAwarded > 0 || saved.newAchievements.length > 0) pointsRaised(deps, memberId);
    return saved;
  });

  mount(router, deps, api.achievements, (_input, ctx) => listAchievements(deps.store, memberOf(ctx)));
  mount(router, deps, api.levelUpSeen, ({ body }, ctx) =>
    deps.store.write((tx) => markLevelUpSeen(tx, memberOf(ctx), body.level, now())),
  );

  mount(router, deps, api.rippleEffects, (_input, ctx) => listRippleEffects(deps.store, memberOf(ctx)));
  mount(router, deps, api.recordRippleEffect, ({ body }, ctx) =>
    deps.store.write((tx) => recordRippleEffect(tx, memberOf(ctx), body, now())),
  );

  // No rate limit of its own: a member has at most one story waiting (409 otherwise).
  mount(router, deps, api.myStories, (_input, ctx) => listMyStories(deps.store, memberOf(ctx)));
  mount(router, deps, api.shareStory, ({ body }, ctx) =>
    deps.store.write((tx) => shareStory(tx, memberOf(ctx), body, now())),
  );

  mount(router, deps, api.updateEmailSettings, ({ body }, ctx) =>
    deps.store.write((tx) => updateEmailSettings(tx, memberOf(ctx), body)),
  );

  // A write: a member from before invites gets their code on the first ask.
  mount(router, deps, api.invite, (_input, ctx) => deps.store.write((tx) => inviteInfo(tx, memberOf(ctx))));

  mount(router, deps, api.exportMyData, async (_input, ctx) => {
    const data = await memberExport(deps.store, memberOf(ctx), now());
    ctx.set(MEMBER_EXPORT_HEADERS);
    return data;
  });
  // Beside the JSON: the daily figures as CSV (not JSON, so outside the route table).
  router.get(myDailyFiguresExport.path, requireMemberSession(deps.memberSessions, deps.memberCookie), async (ctx) => {
    const reflections = await listReflections(deps.store, memberOf(ctx));
    sendCsv(ctx, deps.logger, myDailyFiguresExport, dailyFiguresCsv(reflections));
  });
  // The store removes the member's sessions, pending sign-in and used keys with the rest of their
  // data, and a key of a member who is gone opens nothing; the cookie goes as at sign-out.
  mount(router, deps, api.deleteAccount, async (_input, ctx) => {
    const memberId = memberOf(ctx);
    const answer = await deps.store.write((tx) => deleteAccount(tx, memberId));
    clearMemberCookie(ctx);
    logSecurityEvent(deps.logger, ctx, 'member.session.ended', { memberId, reason: 'account-deleted' });
    return answer;
  });

  mount(router, deps, api.chooseAfterExperiment, ({ body }, ctx) =>
    deps.store.write((tx) => chooseAfterExperiment(tx, memberOf(ctx), body.choice, now())),
  );
  return router;
}
