/**
 * The signed-in member's own data. Every route here is `auth: 'member'`: the member comes from the
 * session cookie (ctx.state.memberId, set by requireMember), never from the URL or the body.
 */
import Router from '@koa/router';
import { api } from '@prr/contract';
import {
  AppError,
  listAchievements,
  listReflections,
  listRippleEffects,
  memberView,
  recordRippleEffect,
  requireMember,
  saveReflection,
  updateEmailSettings,
} from '@prr/domain';
import { MEMBER_SESSION_COOKIE, serializeCookie } from '../auth/cookies.js';
import type { AppState, RouteContext } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

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

  mount(router, deps, api.signOut, async (_input, ctx) => {
    await deps.memberSessions.destroy(ctx.state.memberSessionId);
    ctx.append('Set-Cookie', serializeCookie(MEMBER_SESSION_COOKIE, '', { secure: deps.config.production, maxAge: 0 }));
    return { signedOut: true as const };
  });

  mount(router, deps, api.reflections, (_input, ctx) => listReflections(deps.store, memberOf(ctx)));
  mount(router, deps, api.saveReflection, ({ body }, ctx) =>
    deps.store.write((tx) => saveReflection(tx, memberOf(ctx), body, now())),
  );

  mount(router, deps, api.achievements, (_input, ctx) => listAchievements(deps.store, memberOf(ctx)));

  mount(router, deps, api.rippleEffects, (_input, ctx) => listRippleEffects(deps.store, memberOf(ctx)));
  mount(router, deps, api.recordRippleEffect, ({ body }, ctx) =>
    deps.store.write((tx) => recordRippleEffect(tx, memberOf(ctx), body, now())),
  );

  mount(router, deps, api.updateEmailSettings, ({ body }, ctx) =>
    deps.store.write((tx) => updateEmailSettings(tx, memberOf(ctx), body)),
  );
  return router;
}
