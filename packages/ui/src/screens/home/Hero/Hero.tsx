/**
 * The first thing a visitor sees: 'There is a Better Way', then, a breath later, why they are
 * here (they care about people and want to keep their relationships), then the two ways in.
 * Beside it, the reach of the movement on social media and its four profiles.
 */
import styled from 'styled-components';
import { Reveal, scrollToId } from '../../../motion';
import { SocialLinks } from '../../../layout/SocialLinks';
import { Button, Container } from '../../../primitives';
import { media } from '../../../theme';
import { sectionIds } from '../sectionIds';
import { useHeroReveal } from './useHeroReveal';
import { SplitLayout } from '../HomeSection';

export function Hero() {
  const stage = useHeroReveal();

  return (
    <HeroBand aria-labelledby="hero-title">
      <Container>
        <SplitLayout $columns="1.5fr 1fr">
          <Copy>
            <Kicker>Pause. Reflect. Retry.</Kicker>
            <Title id="hero-title">There is a Better Way</Title>
            <SubMessage>
              {stage >= 1 ? (
                <Reveal>
                  <SubLine>You care about people.</SubLine>
                </Reveal>
              ) : null}
              {stage >= 2 ? (
                <Reveal>
                  <SubLine>And you want to preserve your relationships, even when you disagree.</SubLine>
                </Reveal>
              ) : null}
            </SubMessage>
            <Actions>
              {stage >= 3 ? (
                <Reveal>
                  <ButtonRow>
                    <Button size="lg" onClick={() => scrollToId(sectionIds.join)}>
                      Join the Experiment
                    </Button>
                    <Button size="lg" variant="secondary" onClick={() => scrollToId(sectionIds.video)}>
                      Watch Our Story
                    </Button>
                  </ButtonRow>
                </Reveal>
              ) : null}
            </Actions>
          </Copy>

          <Aside>
            <AwarenessCard>
              <Figure>1,000,000+</Figure>
              <FigureLabel>awareness messages viewed on social media</FigureLabel>
              <CardText>
                Every share is a small invitation to choose understanding over contempt. Follow along and pass it on.
              </CardText>
              <SocialLinks />
            </AwarenessCard>
          </Aside>
        </SplitLayout>
      </Container>
    </HeroBand>
  );
}

const HeroBand = styled.section`
  position: relative;
  overflow: hidden;
  padding: ${({ theme }) => theme.space['2xl']} 0;
  background:
    url('/assets/home/hero-olive-branch.svg') no-repeat right -60px bottom -40px / 420px auto,
    linear-gradient(160deg, ${({ theme }) => theme.colors.paper} 0%, ${({ theme }) => theme.colors.brandSoft} 100%);
  ${media.md} {
    padding: ${({ theme }) => theme.space['3xl']} 0;
    min-height: calc(88vh - ${({ theme }) => theme.layout.navHeight});
    display: flex;
    align-items: center;
  }
`;

const Copy = styled.div``;

const Kicker = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  text-transform: uppercase;
  letter-spacing: 0.14em;
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Title = styled.h1`
  font-size: clamp(2.6rem, 8vw, 4.5rem);
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

/** Space is kept for the lines that arrive later, so nothing below jumps. */
const SubMessage = styled.div`
  min-height: 7.5rem;
  ${media.md} {
    min-height: 5.5rem;
  }
`;

const SubLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  min-height: 8rem;
  margin-top: ${({ theme }) => theme.space.lg};
  ${media.sm} {
    min-height: 3.5rem;
  }
`;

const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

const Aside = styled.div``;

const AwarenessCard = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: ${({ theme }) => theme.space.xl};
`;

const Figure = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  font-weight: 700;
  line-height: 1.1;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const FigureLabel = styled.p`
  font-weight: 700;
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
`;

const CardText = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
`;
