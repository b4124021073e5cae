/**
 * Five voices on peace, one at a time, changing every 6 s (arrows, dots and Pause), above the
 * community's own figures.
 */
import styled from 'styled-components';
import { Reveal } from '../../../motion';
import { Carousel, Container, SectionTitle, useCarousel } from '../../../primitives';
import { media } from '../../../theme';
import { quoteStats, quotes, type Quote } from '../content';
import { HomeSection } from '../HomeSection';
import { sectionIds } from '../sectionIds';

/** docs/product/screens.md#quotes-carousel. */
export const QUOTES_INTERVAL_MS = 6000;

export interface QuotesCarouselProps {
  items?: readonly Quote[];
}

export function QuotesCarousel({ items = quotes }: QuotesCarouselProps) {
  const carousel = useCarousel({ count: items.length, windowSize: 1, intervalMs: QUOTES_INTERVAL_MS });

  return (
    <HomeSection id={sectionIds.quotes} $tone="dark" aria-labelledby="quotes-title">
      <Container>
        <Title id="quotes-title">Words That Light the Way</Title>
        <Carousel
          state={carousel}
          items={items}
          getKey={(quote) => quote.author}
          label="Quotes on peace"
          itemName="quote"
          tone="dark"
          renderItem={(quote) => (
            <Reveal>
              <QuoteFigure>
                <QuoteText>
                  <p>{quote.text}</p>
                </QuoteText>
                <Attribution>
                  <Author>{quote.author}</Author>
                  <span>
                    {quote.role} · {quote.location}
                  </span>
                </Attribution>
              </QuoteFigure>
            </Reveal>
          )}
        />
        <Stats>
          {quoteStats.map((stat) => (
            <Stat key={stat.figure}>
              <StatFigure>{stat.figure}</StatFigure>
              <StatLabel>{stat.label}</StatLabel>
            </Stat>
          ))}
        </Stats>
      </Container>
    </HomeSection>
  );
}

const Title = styled(SectionTitle)`
  color: ${({ theme }) => theme.colors.paper};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const QuoteFigure = styled.figure`
  margin: 0 auto;
  max-width: 52rem;
  text-align: center;
  min-height: 14rem;
  display: flex;
  flex-direction: column;
  justify-content: center;
`;

const QuoteText = styled.blockquote`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: clamp(1.3rem, 3vw, 2rem);
  line-height: 1.4;
  p {
    margin: 0;
  }
  p::before {
    content: '“';
  }
  p::after {
    content: '”';
  }
`;

const Attribution = styled.figcaption`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  color: #eadfcf;
`;

const Author = styled.span`
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.brandSoft};
`;

const Stats = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space['2xl']} 0 0;
  padding: ${({ theme }) => theme.space.xl} 0 0;
  border-top: 1px solid rgba(255, 250, 243, 0.2);
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  text-align: center;
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Stat = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const StatFigure = styled.span`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandSoft};
`;

const StatLabel = styled.span`
  color: #eadfcf;
`;
