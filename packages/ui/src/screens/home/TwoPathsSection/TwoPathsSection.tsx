/**
 * Two paths from the same disagreement: the climb (curiosity up to success) and the slide
 * (assumptions down to violence). Hovering or focusing a card walks its steps one by one; all
 * steps are always readable, so nothing depends on hover. Then three ways to act.
 */
import { useSiteNavigate } from '../../../navigation';
import styled, { css } from 'styled-components';
import { paths } from '../../../config';
import { Button, ButtonLink, Container, SectionLead, SectionTitle } from '../../../primitives';
import { media } from '../../../theme';
import { climbSteps, slideSteps } from '../content';
import { Eyebrow, HomeSection } from '../HomeSection';
import { sectionIds } from '../sectionIds';

type PathKind = 'climb' | 'slide';

const rippleShare = {
  title: 'Pause. Reflect. Retry.',
  text: 'I am choosing a better way than contempt. Take the 90-Day Experiment with me.',
};

export function TwoPathsSection() {
  const navigate = useSiteNavigate();

  // A ripple starts by inviting someone: the device's share sheet where there is one,
  // otherwise straight to the experiment sign-up.
  const startRipple = async () => {
    const data = { ...rippleShare, url: new URL(paths.experiment, window.location.origin).href };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
      } catch (error) {
        // A cancelled share is only logged (docs/product/screens.md#share-button).
        console.info('Share cancelled', error);
      }
      return;
    }
    navigate(paths.experiment);
  };

  return (
    <HomeSection id={sectionIds.twoPaths} aria-labelledby="two-paths-title">
      <Container>
        <Eyebrow>Every disagreement is a fork in the road</Eyebrow>
        <SectionTitle id="two-paths-title">Two Paths</SectionTitle>
        <SectionLead>
          The moment someone says something we can’t stand, we choose a direction. One path climbs toward understanding.
          The other slides toward contempt. Pausing is how we choose.
        </SectionLead>

        <Cards>
          <PathCard
            kind="climb"
            title="The Climb"
            summary="Pause, get curious, and every step builds on the last."
            steps={climbSteps}
            linkLabel="Walk the Climb"
          />
          <PathCard
            kind="slide"
            title="The Slide"
            summary="React on autopilot, and each step makes the next one easier."
            steps={slideSteps}
            linkLabel="See Where the Slide Leads"
          />
        </Cards>

        <CallToAction>
          <ButtonLink to={paths.experiment} size="lg">
            Join the 90-Day Challenge
          </ButtonLink>
          <ButtonLink to={paths.symbols} size="lg" variant="secondary">
            Get the Symbol
          </ButtonLink>
          <Button size="lg" variant="secondary" onClick={() => void startRipple()}>
            Start a Ripple
          </Button>
        </CallToAction>
      </Container>
    </HomeSection>
  );
}

interface PathCardProps {
  kind: PathKind;
  title: string;
  summary: string;
  steps: readonly string[];
  linkLabel: string;
}

function PathCard({ kind, title, summary, steps, linkLabel }: PathCardProps) {
  const titleId = `path-${kind}-title`;
  return (
    <Card $kind={kind} aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
      <Summary>{summary}</Summary>
      <Steps $kind={kind}>
        {steps.map((step, i) => (
          <Step key={step} $kind={kind} $index={i}>
            <StepNumber aria-hidden="true">{i + 1}</StepNumber>
            {step}
          </Step>
        ))}
      </Steps>
      <ButtonLink to={paths.twoPaths} variant={kind === 'climb' ? 'primary' : 'secondary'} block>
        {linkLabel}
      </ButtonLink>
    </Card>
  );
}

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Card = styled.article<{ $kind: PathKind }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme, $kind }) => ($kind === 'climb' ? theme.colors.olive : theme.colors.danger)};
  background: ${({ theme, $kind }) => ($kind === 'climb' ? theme.colors.oliveSoft : theme.colors.dangerSoft)};
  box-shadow: ${({ theme }) => theme.shadows.card};
  transition:
    transform 250ms ease,
    box-shadow 250ms ease;
  &:hover,
  &:focus-within {
    transform: translateY(-4px);
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
`;

const CardTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0;
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** The climb is drawn bottom-up, the slide top-down; the reading order stays first to last. */
const Steps = styled.ol<{ $kind: PathKind }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: ${({ $kind }) => ($kind === 'climb' ? 'column-reverse' : 'column')};
  gap: 6px;
  flex: 1;
`;

/** `$index` sets the step's indent and its turn in the hover walk. */
const Step = styled.li<{ $kind: PathKind; $index: number }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: ${({ $index }) => $index * 5}%;
  padding: 0.4rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
  border-left: 4px solid transparent;
  transition:
    border-color 200ms ease,
    background 200ms ease;
  transition-delay: ${({ $index }) => $index * 90}ms;
  ${({ $kind, theme }) => css`
    ${Card}:hover &,
    ${Card}:focus-within & {
      border-left-color: ${$kind === 'climb' ? theme.colors.olive : theme.colors.danger};
      background: ${theme.colors.paper};
    }
  `}
`;

const StepNumber = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.6rem;
  height: 1.6rem;
  flex: none;
  border-radius: 50%;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.paper};
`;

const CallToAction = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space['2xl']};
`;
