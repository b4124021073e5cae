/** 'Update Map': what it would change, the update itself, and its one undo. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { recalculatePreview, recalculateStates, undoRecalculateStates } from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/mount.js';

export function adminMapRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.recalculatePreview, () => recalculatePreview(deps.store));
  mount(router, deps, api.recalculateStates, async (_input, ctx) => {
    const answer = await deps.store.write(recalculateStates);
    await recordAdminAction(deps, ctx, 'map.update');
    return answer;
  });
  mount(router, deps, api.undoRecalculateStates, async (_input, ctx) => {
    const answer = await deps.store.write(undoRecalculateStates);
    await recordAdminAction(deps, ctx, 'map.undo');
    return answer;
  });
  return router;
}
