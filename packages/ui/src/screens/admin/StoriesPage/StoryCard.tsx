/**
 * One member's story as the admin reviews it: who sent it (name, e-mail, and the short name the home
 * page would show), where from, the rating, when, and the text. Everything the member typed is
 * rendered as plain text (React escapes it), never as HTML (docs/product/rules.md#stories).
 */
import type { AdminStory } from '@prr/contract';
import { useId, type Ref } from 'react';
import styled from 'styled-components';
import { media } from '../../../theme';
import { Stars } from '../../home/Reviews';
import { formatJoinDate } from '../RecentParticipants';
import { ReviewButtons } from './ReviewButtons';

interface StoryCardProps {
  story: AdminStory;
  /** The article, so the page can move focus to it once a neighbour leaves the list. */
  ref?: Ref<HTMLElement>;
  /** The story was approved or rejected. */
  onReviewed: () => void;
}

export function StoryCard({ story, ref, onReviewed }: StoryCardProps) {
  const titleId = useId();
  return (
    // tabIndex -1: focus lands here, not on the body, when the story before it leaves the list.
    <Article ref={ref} aria-labelledby={titleId} tabIndex={-1}>
      <Header>
        <div>
          <Name id={titleId}>{story.memberName}</Name>
          <Email>{story.memberEmail}</Email>
        </div>
        <Stars rating={story.rating} />
      </Header>
      <Text>{story.content}</Text>
      <Details>
        <div>
          <dt>Shown as</dt>
          <dd>{story.author}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{story.location}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <time dateTime={story.submittedAt}>{formatJoinDate(story.submittedAt)}</time>
          </dd>
        </div>
        {story.reviewedAt ? (
          <div>
            <dt>{story.status === 'approved' ? 'Approved' : 'Rejected'}</dt>
            <dd>
              <time dateTime={story.reviewedAt}>{formatJoinDate(story.reviewedAt)}</time>
            </dd>
          </div>
        ) : null}
      </Details>
      {story.status === 'pending' ? <ReviewButtons story={story} onReviewed={onReviewed} /> : null}
    </Article>
  );
}

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} {
    padding: ${({ theme }) => theme.space.lg};
  }
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Name = styled.h2`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: 0;
`;

const Email = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** The member's words: their line breaks kept, a long unbroken string wrapped rather than overflowing. */
const Text = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.md};
  border-left: 3px solid ${({ theme }) => theme.colors.brandSoft};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Details = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
  }
  dt {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dt::after {
    content: ':';
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
