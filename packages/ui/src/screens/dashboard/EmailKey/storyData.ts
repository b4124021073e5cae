/**
 * The e-mail key of the stories and component tests: STORY_KEY, issued to a chosen member as a
 * welcome or daily e-mail would carry it. The mocks' own handlers then check it without using it,
 * and use it once (docs/decisions/025-e-mail-key-flow.md); a key never issued answers as one that
 * expired, was used or revoked.
 */
import type { StoredMember } from '@prr/domain';
import { mockDb } from '@prr/mocks';

/** The key in the stories' addresses: `/dashboard#key=story-key`. */
export const STORY_KEY = 'story-key';

/** Issues STORY_KEY to the member (call it after the mocks are reset, e.g. in a story's beforeEach). */
export function issueStoryKey(owner: Pick<StoredMember, 'id'>): void {
  mockDb.emailKeys.set(STORY_KEY, owner.id);
}

/** STORY_KEY is used up or revoked from now on. */
export function revokeStoryKey(): void {
  mockDb.emailKeys.delete(STORY_KEY);
}
