/** The admin's review of shared stories (docs/product/rules.md#stories): the list and approve or reject. */
import Router from '@koa/router';
import { api } from '@prr/contract';
import { adminStories, reviewStory } from '@prr/domain';
import { recordAdminAction } from '../audit/adminActions.js';
import type { AppState } from '../http/context.js';
import type { AppDeps } from '../http/deps.js';
import { pointsRaised } from '../http/hooks.js';
import { mount } from '../http/mount.js';

export function adminStoryRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  mount(router, deps, api.adminStories, ({ query }) => adminStories(deps.store, query.status));
  mount(router, deps, api.reviewStory, async ({ params, body }, ctx) => {
    const story = await deps.store.write((tx) => reviewStory(tx, params.id, body.decision, deps.clock.now()));
    await recordAdminAction(deps, ctx, body.decision === 'approve' ? 'story.approve' : 'story.reject', {
      participant: { id: story.memberId, name: story.memberName },
    });
    // A member's first approved story is worth +15; checking after a later one finds nothing owed.
    if (body.decision === 'approve') pointsRaised(deps, story.memberId);
    return story;
  });
  return router;
}
