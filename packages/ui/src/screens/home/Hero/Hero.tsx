/**
 * The first thing a visitor sees: 'There is a Better Way', then, a breath later, why they are
 * here (they care about people and want to keep their relationships), then the two ways in.
 * Beside it, the reach of the movement on social media and its four profiles.
 *
 * The reveal is CSS (Reveal's animation, delayed): the lines and buttons are in the page's HTML
 * from the start, hidden until their time, so the hero needs no script, keeps its size (nothing
 * moves when they appear), counts from the page's first paint, and shows everything at once under
 * reduced motion. The two buttons are links to the page's own sections.
 */
import styled from 'styled-components';
import { Reveal } from '../../../motion';
import { SocialLinks } from '../../../layout/SocialLinks';
import { ButtonLink, Container } from '../../../primitives';
import { media } from '../../../theme';
import { sectionIds } from '../sectionIds';
import { SplitLayout } from '../HomeSection';

/** docs/product/screens.md#hero: "you care about people" at 3.5 s, the relationships at 4 s, the buttons at 5 s. */
export const HERO_TIMINGS = { caresMs: 3500, relationshipsMs: 4000, actionsMs: 5000 } as const;

const seconds = (ms: number) => ms / 1000;

export function Hero() {
  return (
    <HeroBand aria-labelledby="hero-title">
      <Container>
        <SplitLayout $columns="1.5fr 1fr">
          <Copy>
            <Kicker>Pause. Reflect. Retry.</Kicker>
            <Title id="hero-title">There is a Better Way</Title>
            <SubMessage>
              <Reveal delay={seconds(HERO_TIMINGS.caresMs)}>
                <SubLine>You care about people.</SubLine>
              </Reveal>
              <Reveal delay={seconds(HERO_TIMINGS.relationshipsMs)}>
                <SubLine>And you want to preserve your relationships, even when you disagree.</SubLine>
              </Reveal>
            </SubMessage>
            <Actions>
              <Reveal delay={seconds(HERO_TIMINGS.actionsMs)}>
                <ButtonRow>
                  <ButtonLink to={`#${sectionIds.join}`} size="lg">
                    Join the Experiment
                  </ButtonLink>
                  <ButtonLink to={`#${sectionIds.video}`} size="lg" variant="secondary">
                    Watch Our Story
                  </ButtonLink>
                </ButtonRow>
              </Reveal>
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
