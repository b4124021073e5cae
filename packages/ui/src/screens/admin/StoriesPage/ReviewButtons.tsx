/**
 * Approve or Reject one pending story (docs/product/rules.md#stories): approving puts it on the
 * home page's reviews and gives the member +15 points (once); rejecting keeps it off. Each button
 * names the member after its visible word (WCAG 2.5.3, as Deactivate does on the participant list).
 * A 409 or 404 (reviewed or deleted meanwhile, e.g. in another tab) says so, and the list is asked again.
 */
import { POINTS, api, HttpError, type AdminStory, type StoryReviewRequest } from '@prr/contract';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { isReadOf, useReviewStory } from '../../../api';
import { Button, toast } from '../../../primitives';
import { useAdminFailure } from '../useSessionExpiry';

type Decision = StoryReviewRequest['decision'];

interface ReviewButtonsProps {
  story: AdminStory;
  onReviewed: () => void;
}

export function ReviewButtons({ story, onReviewed }: ReviewButtonsProps) {
  const failed = useAdminFailure();
  const queryClient = useQueryClient();
  const review = useReviewStory({
    onSuccess: (reviewed) => {
      toast(
        reviewed.status === 'approved'
          ? {
              title: 'Story approved',
              description: `${reviewed.author}'s story is now among the home page's reviews, and ${reviewed.memberName} earns +${POINTS.shareStory} points.`,
            }
          : { title: 'Story rejected', description: `${reviewed.author}'s story stays off the home page.` },
      );
      onReviewed();
    },
    onError: (error) => {
      failed(error, {
        title: 'Error reviewing story',
        fallback: 'Failed to review the story',
        also: () => {
          if (error instanceof HttpError && (error.status === 409 || error.status === 404)) {
            // Reviewed (or its member deleted) elsewhere: the list is out of date.
            void queryClient.invalidateQueries({ predicate: (query) => isReadOf(api.adminStories, query.queryKey) });
          }
        },
      });
    },
  });

  const pending = review.isPending ? review.variables.body.decision : null;
  const decide = (decision: Decision) => review.mutate({ params: { id: story.id }, body: { decision } });
  const label = (decision: Decision, word: string, busy: string) =>
    `${pending === decision ? busy : word} ${story.memberName}'s story`;

  return (
    <Actions>
      <Button
        size="sm"
        aria-label={label('approve', 'Approve', 'Approving...')}
        disabled={review.isPending}
        onClick={() => decide('approve')}
      >
        {pending === 'approve' ? 'Approving...' : 'Approve'}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={label('reject', 'Reject', 'Rejecting...')}
        disabled={review.isPending}
        onClick={() => decide('reject')}
      >
        {pending === 'reject' ? 'Rejecting...' : 'Reject'}
      </Button>
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
