/**
 * The upcoming event: FUNFest 2025, Mission: Possible. Two images rotate every 3 s (dots to pick
 * one, Pause to stop); the image and 'Learn More About FUNFest 2025' open the event page in a new tab.
 */
import styled from 'styled-components';
import { externalLinks } from '../../../config';
import { Carousel, Container, ExternalButtonLink, useCarousel } from '../../../primitives';
import { funfestImages } from '../content';
import { Eyebrow, HomeSection, SplitLayout } from '../HomeSection';
import { sectionIds } from '../sectionIds';

/** docs/product/screens.md#upcoming-event: the event images change every 3 s. */
export const EVENT_INTERVAL_MS = 3000;

export function EventSection() {
  const carousel = useCarousel({ count: funfestImages.length, windowSize: 1, intervalMs: EVENT_INTERVAL_MS });

  return (
    <HomeSection id={sectionIds.event} $tone="sand" aria-labelledby="funfest-title">
      <Container>
        <SplitLayout $columns="1fr 1fr">
          <div>
            <Eyebrow $align="left">Upcoming event</Eyebrow>
            <Title id="funfest-title">FUNFest 2025</Title>
            <Mission>Mission: Possible</Mission>
            <p>
              A day of music, games and good company built around one idea: conflict can be transformed. Our symbol for
              the day is a gun turned into an olive branch, because every story of hostility can become a story of peace
              when someone chooses to pause.
            </p>
            <p>
              Bring your family, your neighbours and the friend you last argued with. Meet the Pause. Reflect. Retry.
              community, try the method in playful challenges, and leave with a mission that is entirely possible.
            </p>
            <ExternalButtonLink href={externalLinks.funfestEvent} size="lg">
              Learn More About FUNFest 2025
            </ExternalButtonLink>
          </div>

          <Carousel
            state={carousel}
            items={funfestImages}
            getKey={(image) => image.src}
            label="FUNFest 2025 images"
            itemName="image"
            showArrows={false}
            renderItem={(image) => (
              <ImageLink href={externalLinks.funfestEvent} target="_blank" rel="noopener noreferrer">
                <img src={image.src} alt={image.alt} width="640" height="480" />{' '}
                <span className="visually-hidden">(opens the FUNFest 2025 page in a new tab)</span>
              </ImageLink>
            )}
          />
        </SplitLayout>
      </Container>
    </HomeSection>
  );
}

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Mission = styled.p`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  color: ${({ theme }) => theme.colors.brandDark};
  font-style: italic;
`;

const ImageLink = styled.a`
  display: block;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  box-shadow: ${({ theme }) => theme.shadows.raised};
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    transition: transform 300ms ease;
  }
  &:hover img {
    transform: scale(1.02);
  }
`;
