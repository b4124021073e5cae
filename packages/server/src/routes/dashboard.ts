/** The member dashboard's lookup by e-mail: rate-limited per client, answers only the Member view. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { findMemberView } from '../domain/members.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';
import { limitMemberLookups } from '../middleware/rateLimit.js';

export function dashboardRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.dashboardMember, ({ params }) => findMemberView(deps.store, params.email, deps.clock.now()), {
    before: [limitMemberLookups(deps.limiters)],
  });
  return router;
}
