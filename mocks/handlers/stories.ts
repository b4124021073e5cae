/**
 * Shared stories (docs/product/rules.md#stories): the member's own and their share, and the
 * admin's list and review, by the domain's rules over the mocks' store.
 */
import { api } from '@prr/contract';
import { adminStories, listMyStories, reviewStory, shareStory } from '@prr/domain';
import { handle, type HandleOptions } from '../contractHandler.js';
import { mockDb } from '../db.js';
import { signedIn } from '../session.js';
import { mockStore } from '../store.js';
import { recordMockAdminAction } from './adminActivity.js';

/** A factory, like createAdminHandlers, so the `adminSignedIn` scenario reuses these resolvers without the session check. */
export function createStoryAdminHandlers(options: HandleOptions = {}) {
  return [
    handle(api.adminStories, ({ query }) => adminStories(mockStore, query.status), options),
    handle(
      api.reviewStory,
      async ({ params, body }) => {
        const story = await reviewStory(mockStore, params.id, body.decision, mockDb.now());
        await recordMockAdminAction(body.decision === 'approve' ? 'story.approve' : 'story.reject', {
          name: story.memberName,
        });
        return story;
      },
      options,
    ),
  ];
}

export const storyHandlers = [
  handle(api.myStories, ({ memberId }) => listMyStories(mockStore, signedIn(memberId))),
  handle(api.shareStory, ({ memberId, body }) => shareStory(mockStore, signedIn(memberId), body, mockDb.now())),
  ...createStoryAdminHandlers(),
];
