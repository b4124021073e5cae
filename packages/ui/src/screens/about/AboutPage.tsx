/** /about, the Why page: why the movement exists, its theme song, its timeline and the responsibility section. */
import styled from 'styled-components';
import { ThemeSongPlayer } from '../../components/AudioPlayer';
import { Island } from '../../islands/Island';
import { MOVEMENT_COMMITMENTS, PERSONAL_RESPONSIBILITY, TIMELINE, type ResponsibilityPoint } from '../../content';
import { externalLinks, paths } from '../../config';
import { ButtonLink, Container, Section, SectionLead, SectionTitle } from '../../primitives';
import { media } from '../../theme';
import { Timeline } from './Timeline';

export function AboutPage() {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">Our Why</SectionTitle>
          <SectionLead>
            We have learned to see the people we disagree with as enemies. It is wearing out our families, our teams and
            our country. We believe there is a better way, and that it starts with a single pause.
          </SectionLead>
        </Container>
      </Section>

      <Section aria-labelledby="about-why">
        <Container>
          <Why>
            <div>
              <h2 id="about-why">Why Three Small Words?</h2>
              <p>
                Most conflict is not about what we think it is about. Underneath the argument are people who feel
                unheard, afraid or disrespected. When we react straight away, we answer the words. When we pause, we can
                answer the person.
              </p>
              <p>
                Pause. Reflect. Retry. is our alternative to vilifying others. It is simple on purpose, so that a
                six-year-old, a CEO and a grandparent can all use it in the same afternoon.
              </p>
            </div>
            <Quote>
              <p>“You can disagree with someone without deciding they are your enemy.”</p>
              <footer>The idea at the heart of the movement</footer>
            </Quote>
          </Why>
        </Container>
      </Section>

      <Section aria-labelledby="about-song" $tone="surface">
        <Container>
          <SectionTitle id="about-song">Our Theme Song</SectionTitle>
          <SectionLead>
            A song about the moment before we react. Press play, and read the lyrics along the way.
          </SectionLead>
          <Narrow>
            <Island component={ThemeSongPlayer} load="intent" />
          </Narrow>
        </Container>
      </Section>

      <Section aria-labelledby="about-timeline">
        <Container>
          <SectionTitle id="about-timeline">How the Movement Grew</SectionTitle>
          <SectionLead>From one quiet dinner table to peacemakers in every state.</SectionLead>
          <Timeline entries={TIMELINE} />
        </Container>
      </Section>

      <Section aria-labelledby="about-responsibility" $tone="sand">
        <Container>
          <SectionTitle id="about-responsibility">Taking Responsibility</SectionTitle>
          <SectionLead>
            Peace is not something someone else owes us. It is something each of us can practise, starting with our own
            next sentence.
          </SectionLead>
          <Columns>
            <Column aria-labelledby="about-own">
              <h3 id="about-own">What I can own</h3>
              <Points points={PERSONAL_RESPONSIBILITY} />
            </Column>
            <Column aria-labelledby="about-promise">
              <h3 id="about-promise">What we promise</h3>
              <Points points={MOVEMENT_COMMITMENTS} />
              <Orgs>
                Learn more:{' '}
                {externalLinks.organisations.map((organisation, index) => (
                  <span key={organisation.url}>
                    {index > 0 ? ' · ' : null}
                    <a href={organisation.url} target="_blank" rel="noopener noreferrer">
                      {organisation.name} <span className="visually-hidden">(opens in a new tab)</span>
                    </a>
                  </span>
                ))}
              </Orgs>
            </Column>
          </Columns>
          <Actions>
            <ButtonLink to={paths.experiment} size="lg">
              Join the Experiment
            </ButtonLink>
            <ButtonLink to={paths.method} variant="secondary" size="lg">
              Learn the Method
            </ButtonLink>
          </Actions>
        </Container>
      </Section>
    </>
  );
}

function Points({ points }: { points: readonly ResponsibilityPoint[] }) {
  return (
    <PointList>
      {points.map((point) => (
        <li key={point.title}>
          <strong>{point.title}</strong>
          <span>{point.text}</span>
        </li>
      ))}
    </PointList>
  );
}

const Why = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  max-width: 64rem;
  margin: 0 auto;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.paper};
  p {
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  footer {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.sand};
  }
`;

const Narrow = styled.div`
  max-width: 48rem;
  margin: 0 auto;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Column = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.xl};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const PointList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-direction: column;
    padding: ${({ theme }) => theme.space.sm} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  span {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Orgs = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.xl};
`;
