/** A member's earned achievements (awarded by saving reflections, never by this route). */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { listAchievements } from '../domain/achievements.js';
import { requireMember } from '../domain/members.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function achievementRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.achievements, async ({ params }) => {
    await requireMember(deps.store, params.memberId);
    return listAchievements(await deps.store.achievementsOf(params.memberId));
  });
  return router;
}
