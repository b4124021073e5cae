/**
 * 'Share your story' on the dashboard (docs/product/screens.md#share-your-story): the status of the
 * member's latest story, and the button that opens the form while none is waiting for review or
 * shared (the server allows one at a time, and +15 once: docs/product/rules.md#stories).
 */
import { POINTS, type Member, type MemberStory } from '@prr/contract';
import { useState } from 'react';
import { useDashboardPart } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Button, Skeleton } from '../../../primitives';
import { EngageCard } from '../EngageCard';
import { ShareStoryDialog } from './ShareStoryDialog';
import * as S from './ShareStory.styles';

export const STORY_STATUS_TEXT: Record<MemberStory['status'], string> = {
  pending: 'Your story is waiting for review. Thank you for sharing it!',
  approved: 'Your story is shared on the home page. Thank you!',
  rejected: 'Your last story was not approved. You may send another.',
};

export interface ShareStoryCardProps {
  member: Member;
}

export function ShareStoryCard({ member }: ShareStoryCardProps) {
  const stories = useDashboardPart((dashboard) => dashboard.stories);
  const [open, setOpen] = useState(false);
  return (
    <EngageCard
      title="Share your story"
      lead={
        <>
          Tell other peacemakers how a pause changed a conversation. Once approved, your story appears on the home page
          and you get <strong>+{POINTS.shareStory} points</strong>.
        </>
      }
    >
      <QueryView
        query={stories}
        loading={
          <S.Loading role="status">
            <Skeleton $height="2.6rem" $width="12rem" />
            <span className="visually-hidden">Loading your stories...</span>
          </S.Loading>
        }
        error="We couldn't load your stories."
      >
        {(list) => {
          // Newest first: the latest story decides what the member may do.
          const latest = list[0];
          const mayShare = latest === undefined || latest.status === 'rejected';
          return (
            <S.StatusRow>
              {latest ? (
                <S.Status>
                  <S.StatusBadge $status={latest.status}>{BADGE[latest.status]}</S.StatusBadge>
                  {STORY_STATUS_TEXT[latest.status]}
                </S.Status>
              ) : null}
              {mayShare ? (
                <div>
                  <Button onClick={() => setOpen(true)}>{latest ? 'Share another story' : 'Share your story'}</Button>
                </div>
              ) : null}
            </S.StatusRow>
          );
        }}
      </QueryView>
      <ShareStoryDialog member={member} open={open} onOpenChange={setOpen} />
    </EngageCard>
  );
}

const BADGE: Record<MemberStory['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Shared',
  rejected: 'Not approved',
};
