/** The share-a-story card's story data: Jordan's latest story in each status. */
import type { MemberStory, StoryStatus } from '@prr/contract';
import { dashboardAnswer } from '@prr/mocks';

const IDS: Record<StoryStatus, string> = {
  pending: '3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f',
  approved: '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d',
  rejected: '9d8c7b6a-5f4e-4d3c-a2b1-0f9e8d7c6b5a',
};

export function jordanStory(status: StoryStatus): MemberStory {
  return {
    id: IDS[status],
    content: 'I paused before answering my brother about the election. We talked for an hour instead of shouting.',
    location: 'New York, NY',
    rating: 5,
    status,
    submittedAt: '2025-10-03T15:00:00.000Z',
    reviewedAt: status === 'pending' ? null : '2025-10-04T10:00:00.000Z',
  };
}

/** The dashboard's answer gives one story of Jordan's in this status. */
export const latestStory = (status: StoryStatus) =>
  dashboardAnswer((dashboard) => ({ ...dashboard, stories: [jordanStory(status)] }));
