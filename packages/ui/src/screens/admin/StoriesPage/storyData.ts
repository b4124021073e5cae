/**
 * For the Stories page's stories and tests: stories already reviewed, and one whose text looks like
 * HTML, put in the mocks' store beside the fixtures' two pending ones. Fixed ids and dates, so
 * pictures and assertions do not change between runs.
 */
import type { StoredStory } from '@prr/domain';
import { mockDb } from '@prr/mocks';
import { members, stories } from '@prr/mocks/fixtures';

function memberId(name: string): string {
  const found = members.find((member) => member.name === name);
  if (!found) throw new Error(`no fixture member ${name}`);
  return found.id;
}

/** Text a member might type to try the page: it must show as these characters, never as markup. */
export const HTML_LIKE_TEXT = '<b>hi</b><img src=x onerror=alert(1)>';

/** Two approved and one rejected, newest review first as the lists show them. */
export const reviewedStories: readonly StoredStory[] = [
  {
    id: 'story-grace-kim',
    memberId: memberId('Grace Kim'),
    content: 'I paused before replying to my brother about the election. We talked for an hour instead of shouting.',
    location: 'Seattle, WA',
    rating: 5,
    status: 'approved',
    submittedAt: '2025-09-28T15:10:00.000Z',
    reviewedAt: '2025-10-02T09:30:00.000Z',
  },
  {
    id: 'story-luis-ortega',
    memberId: memberId('Luis Ortega'),
    content: 'Buy cheap followers at example dot com!!!',
    location: 'Nowhere',
    rating: 1,
    status: 'rejected',
    submittedAt: '2025-09-30T11:00:00.000Z',
    reviewedAt: '2025-10-01T08:00:00.000Z',
  },
  {
    id: 'story-aisha-thompson',
    memberId: memberId('Aisha Thompson'),
    content: 'Retry is my favourite step.\nI went back to a colleague the next morning and we started over.',
    location: 'Atlanta, GA',
    rating: 4,
    status: 'approved',
    submittedAt: '2025-09-20T18:00:00.000Z',
    reviewedAt: '2025-09-25T12:00:00.000Z',
  },
];

/** A pending story whose text and place look like HTML, first in the queue. */
export const htmlLikeStory: StoredStory = {
  id: 'story-html-like',
  memberId: memberId('Noah Fischer'),
  content: HTML_LIKE_TEXT,
  location: '<i>Boise</i>, ID',
  rating: 3,
  status: 'pending',
  submittedAt: '2025-10-01T10:00:00.000Z',
};

// Copies, as the mocks' own reset makes them: a review changes the store's records in place.

/** The fixtures' pending stories and the reviewed ones. */
export function seedReviewedStories(): void {
  mockDb.stories = structuredClone([...stories, ...reviewedStories]);
}

/** The HTML-like story waits for review before the fixtures' two. */
export function seedHtmlLikeStory(): void {
  mockDb.stories = structuredClone([htmlLikeStory, ...stories]);
}
