/**
 * /admin/stories (docs/product/screens.md#admin-stories): the stories members share, for the admin to
 * approve or reject, in three lists (Pending, the queue, oldest first; Approved; Rejected) picked
 * with tabs, the list in the address (`?status=approved`). A reviewed story leaves the pending list,
 * and focus moves on to the next one (or to the count when none is left).
 */
import { StoryStatus } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminStories } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Card, Tab, TabList, TabPanel, Tabs } from '../../../primitives';
import { media } from '../../../theme';
import { isUnauthorized } from '../adminErrors';
import { AdminFrame } from '../AdminFrame';
import { StoryCard } from './StoryCard';
import { STORY_TABS, statusFrom, storyCount } from './storyStatus';

export function StoriesPage() {
  return (
    <AdminFrame title="Stories">
      <StoryReview />
    </AdminFrame>
  );
}

function StoryReview() {
  const [search, setSearch] = useSearchParams();
  const status = statusFrom(search);
  const onTab = (value: string) => {
    const next = StoryStatus.catch('pending').parse(value);
    // Replaced, not pushed: Back leaves the page rather than stepping through the tabs.
    setSearch(next === 'pending' ? {} : { status: next }, { replace: true });
  };

  return (
    <Panel>
      <Tabs value={status} onValueChange={onTab}>
        <TabList aria-label="Stories by status">
          {STORY_TABS.map((tab) => (
            <StatusTab key={tab.status} value={tab.status}>
              {tab.label}
            </StatusTab>
          ))}
        </TabList>
        {STORY_TABS.map((tab) => (
          // Only the chosen tab's panel has content (Radix), so only its list is read.
          <TabPanel key={tab.status} value={tab.status}>
            <StoryList status={tab.status} />
          </TabPanel>
        ))}
      </Tabs>
    </Panel>
  );
}

function StoryList({ status }: { status: StoryStatus }) {
  const stories = useAdminStories(status);
  const tab = STORY_TABS.find((candidate) => candidate.status === status);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const countRef = useRef<HTMLParagraphElement>(null);
  /** Where the story just reviewed was in the list; focus goes to whichever story is there now. */
  const [reviewedIndex, setReviewedIndex] = useState<number | null>(null);
  const count = stories.data?.length;

  useEffect(() => {
    // The review's success comes once the list was read again (the mutation refreshes it first).
    if (reviewedIndex === null || count === undefined) return;
    const next = count === 0 ? countRef.current : cards.current[Math.min(reviewedIndex, count - 1)];
    next?.focus();
    setReviewedIndex(null);
  }, [reviewedIndex, count]);

  return (
    <>
      <Count role="status" ref={countRef} tabIndex={-1}>
        {count === undefined ? null : storyCount(status, count)}
      </Count>
      <QueryView
        query={stories}
        loading="Loading stories..."
        // A 401 sends the admin to sign in again (the admin frame); nothing to say here.
        error={(error) => (isUnauthorized(error) ? null : "We couldn't load the stories.")}
        empty={tab?.empty}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <List aria-label={`${tab?.label ?? ''} stories`}>
            {list.map((story, index) => (
              <li key={story.id}>
                <StoryCard
                  story={story}
                  ref={(element) => {
                    cards.current[index] = element;
                  }}
                  onReviewed={() => setReviewedIndex(index)}
                />
              </li>
            ))}
          </List>
        )}
      </QueryView>
    </>
  );
}

/** Narrower on phones, so the three tabs stay on one line. */
const Panel = styled(Card)`
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const StatusTab = styled(Tab)`
  padding-inline: ${({ theme }) => theme.space.sm};
  ${media.sm} {
    padding-inline: ${({ theme }) => theme.space.md};
  }
`;

const Count = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;
