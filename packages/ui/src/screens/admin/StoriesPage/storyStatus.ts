/** The three lists of the Stories page and what each says (docs/product/screens.md#admin-stories). */
import { StoryStatus } from '@prr/contract';

export const STORY_TABS: readonly { status: StoryStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Pending', empty: 'No stories waiting for review.' },
  { status: 'approved', label: 'Approved', empty: 'No approved stories yet.' },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected stories.' },
];

/** The list the address names (`?status=approved`); pending, the queue, when it names none or another. */
export function statusFrom(search: URLSearchParams): StoryStatus {
  const parsed = StoryStatus.safeParse(search.get('status'));
  return parsed.success ? parsed.data : 'pending';
}

/** '2 stories waiting for review', '1 approved story'. */
export function storyCount(status: StoryStatus, count: number): string {
  const noun = count === 1 ? 'story' : 'stories';
  return status === 'pending' ? `${count} ${noun} waiting for review` : `${count} ${status} ${noun}`;
}
