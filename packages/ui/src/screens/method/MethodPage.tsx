/**
 * /method: the three steps with practice tips, one story, the diagram download and the
 * practice guide made in the browser, and the way into the experiment.
 */
import { downloads } from '@prr/contract';
import styled from 'styled-components';
import { METHOD_STEPS, METHOD_STORY } from '../../content';
import { paths } from '../../config';
import {
  ButtonLink,
  Card,
  CardTitle,
  Container,
  ExternalButtonLink,
  Grid,
  Section,
  SectionLead,
  SectionTitle,
} from '../../primitives';
import { media } from '../../theme';
import { Island } from '../../islands/Island';
import { PracticeGuideButton } from './PracticeGuideButton';

export function MethodPage() {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">Pause. Reflect. Retry.</SectionTitle>
          <SectionLead>
            Three small steps that turn a reaction into a response. Simple enough to teach a child, strong enough for
            the hardest family argument.
          </SectionLead>
        </Container>
      </Section>

      <Section aria-labelledby="method-steps">
        <Container>
          <SectionTitle id="method-steps">The Method in Three Steps</SectionTitle>
          <SectionLead>
            Practise them in order. With time they become one motion: a breath, a thought, a better try.
          </SectionLead>
          <Steps>
            {METHOD_STEPS.map((step) => (
              <Step key={step.title}>
                <StepNumber aria-hidden="true">{step.number}</StepNumber>
                <CardTitle as="h3">
                  <span className="visually-hidden">Step {step.number}:</span> {step.title}
                </CardTitle>
                <Summary>{step.summary}</Summary>
                <p>{step.detail}</p>
                <TipsTitle>Practice tips</TipsTitle>
                <Tips>
                  {step.tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </Tips>
              </Step>
            ))}
          </Steps>
        </Container>
      </Section>

      <Section $tone="sand" aria-labelledby="method-story">
        <Container>
          <Story>
            <StoryLabel>A story from the experiment</StoryLabel>
            <h2 id="method-story">{METHOD_STORY.title}</h2>
            {METHOD_STORY.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
            <Attribution>{METHOD_STORY.attribution}</Attribution>
          </Story>
        </Container>
      </Section>

      <Section aria-labelledby="method-downloads">
        <Container>
          <SectionTitle id="method-downloads">Take the Method With You</SectionTitle>
          <SectionLead>
            Print the diagram for the fridge or the staff room, and keep the guide on your phone.
          </SectionLead>
          <Grid $min="300px">
            <Resource>
              <Preview src={`/${downloads.twoPathsDiagram.file}`} alt="" width={640} height={400} />
              <CardTitle>The Two Paths Diagram</CardTitle>
              <p>One page showing where vilifying leads and where pausing leads, stage by stage.</p>
              <ExternalButtonLink href={paths.twoPathsDiagram} rel="noopener" variant="secondary">
                Download the Diagram
              </ExternalButtonLink>
            </Resource>
            <Resource>
              <GuideArt aria-hidden="true">
                <span>1 Pause</span>
                <span>2 Reflect</span>
                <span>3 Retry</span>
              </GuideArt>
              <CardTitle>The Practice Guide</CardTitle>
              <p>The three steps, the practice tips and a short daily routine, as a plain text file.</p>
              <Island component={PracticeGuideButton} load="intent" />
            </Resource>
          </Grid>
        </Container>
      </Section>

      <Section $tone="surface">
        <Container>
          <Cta>
            <h2>Make it a habit in 90 days</h2>
            <p>
              Join the 90-Day Experiment: a short daily reflection, a growing streak, and thousands of peacemakers
              practising alongside you.
            </p>
            <Actions>
              <ButtonLink to={paths.experiment} size="lg">
                Join the 90-Day Experiment
              </ButtonLink>
              <ButtonLink to={paths.twoPaths} variant="secondary" size="lg">
                Explore the Two Paths
              </ButtonLink>
            </Actions>
          </Cta>
        </Container>
      </Section>
    </>
  );
}

const Steps = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space['2xl']} ${({ theme }) => theme.space.lg};
  ${media.lg} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Step = styled(Card).attrs({ as: 'li' })`
  position: relative;
  padding-top: ${({ theme }) => theme.space['2xl']};
`;

const StepNumber = styled.span`
  position: absolute;
  top: -1.25rem;
  left: ${({ theme }) => theme.space.lg};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Summary = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const TipsTitle = styled.h4`
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  margin-top: ${({ theme }) => theme.space.md};
`;

const Tips = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
  li::marker {
    color: ${({ theme }) => theme.colors.olive};
  }
`;

const Story = styled.article`
  max-width: 44rem;
  margin: 0 auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.xl};
  border-left: 6px solid ${({ theme }) => theme.colors.olive};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const StoryLabel = styled.p`
  && {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.08em;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const Attribution = styled.p`
  && {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-style: italic;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Resource = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  p {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  > :last-child {
    margin-top: auto;
  }
`;

const Preview = styled.img`
  width: 100%;
  height: 180px;
  object-fit: contain;
  background: ${({ theme }) => theme.colors.paper};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const GuideArt = styled.div`
  width: 100%;
  height: 180px;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.oliveSoft};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.ink};
`;

const Cta = styled.div`
  text-align: center;
  max-width: 42rem;
  margin: 0 auto;
  p {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`;
