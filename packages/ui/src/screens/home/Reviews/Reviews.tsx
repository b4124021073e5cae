/**
 * Reviews from the movement's members (the server's testimonials): three at a time (one on
 * phones), changing every 8 s with arrows and Pause, each with its star rating and an avatar
 * (drawn from the initials when there is no photo).
 */
import type { Testimonial } from '@prr/contract';
import { useState } from 'react';
import styled from 'styled-components';
import { useTestimonials } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Carousel, Container, SectionLead, SectionTitle, useCarousel } from '../../../primitives';
import { Eyebrow, HomeSection } from '../HomeSection';
import { LoadingCards } from '../LoadingCards';
import { sectionIds } from '../sectionIds';
import { useCarouselWindow } from '../useCarouselWindow';
import { avatarColour, initialsOf } from './avatar';
import { withQueries } from '../../../islands/withQueries';

/** docs/product/screens.md#reviews. */
export const REVIEWS_INTERVAL_MS = 8000;
const MAX_STARS = 5;

export function Reviews() {
  const testimonials = useTestimonials();
  const windowSize = useCarouselWindow();
  const carousel = useCarousel({ count: testimonials.data?.length ?? 0, windowSize, intervalMs: REVIEWS_INTERVAL_MS });

  return (
    <HomeSection id={sectionIds.testimonials} $tone="paper" aria-labelledby="reviews-title">
      <Container>
        <Eyebrow>From our peacemakers</Eyebrow>
        <SectionTitle id="reviews-title">What People Are Saying</SectionTitle>
        <SectionLead>Real people, real relationships, one small pause at a time.</SectionLead>

        <QueryView
          query={testimonials}
          loading={<LoadingCards label="Loading reviews…" variant="review" />}
          error="We couldn’t load the reviews right now. Please try again in a moment."
          isEmpty={(reviews) => reviews.length === 0}
          empty="No reviews yet. Take the 90-Day Experiment and be the first to share yours."
        >
          {(reviews) => (
            <Carousel
              state={carousel}
              items={reviews}
              getKey={(review) => review.id}
              label="Reviews"
              itemName="reviews"
              renderItem={(review) => <ReviewCard review={review} />}
            />
          )}
        </QueryView>
      </Container>
    </HomeSection>
  );
}

function ReviewCard({ review }: { review: Testimonial }) {
  return (
    <Card>
      <Header>
        <Avatar name={review.name} url={review.avatarUrl} />
        <div>
          <Name>{review.name}</Name>
          <Location>{review.location}</Location>
        </div>
      </Header>
      <Stars rating={review.rating} />
      <Content>
        <p>{review.content}</p>
      </Content>
    </Card>
  );
}

/** Decorative: the name is printed beside it. Falls back to initials if the photo fails to load. */
export function Avatar({ name, url }: { name: string; url?: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return <AvatarImage src={url} alt="" width="56" height="56" onError={() => setFailed(true)} />;
  }
  return (
    <Initials aria-hidden="true" data-testid="initials-avatar" $colour={avatarColour(name)}>
      {initialsOf(name)}
    </Initials>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <StarRow role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <Star
          key={i}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          data-filled={i < rating ? 'true' : 'false'}
        >
          <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
        </Star>
      ))}
    </StarRow>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const AvatarImage = styled.img`
  width: 56px;
  height: 56px;
  border-radius: 50%;
  object-fit: cover;
  flex: none;
`;

const Initials = styled.span<{ $colour: string }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  flex: none;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
  color: #fff;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  letter-spacing: 0.04em;
`;

const Name = styled.h3`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin: 0;
`;

const Location = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const StarRow = styled.div`
  display: flex;
  gap: 2px;
`;

const Star = styled.svg`
  width: 20px;
  height: 20px;
  path {
    stroke: #b45309;
    stroke-width: 1.5;
    stroke-linejoin: round;
    fill: transparent;
  }
  &[data-filled='true'] path {
    fill: #d97706;
  }
`;

const Content = styled.blockquote`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  p {
    margin: 0;
  }
`;

/** The island's root: the component with a query client of its own (islands/withQueries.tsx). */
export const ReviewsIsland = withQueries(Reviews);
