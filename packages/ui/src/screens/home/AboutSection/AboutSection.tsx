/** Why the movement exists and what the method asks, in three words and a few figures. */
import styled from 'styled-components';
import { paths } from '../../../config';
import { ButtonLink, Container, SectionLead, SectionTitle } from '../../../primitives';
import { media } from '../../../theme';
import { Eyebrow, HomeSection } from '../HomeSection';
import { sectionIds } from '../sectionIds';

const pillars = [
  {
    word: 'Pause.',
    text: 'When you feel the heat rise, stop. Take a breath and count to three before you answer.',
  },
  {
    word: 'Reflect.',
    text: 'Ask what the other person is afraid of, hoping for, or protecting. Look for the human, not the enemy.',
  },
  {
    word: 'Retry.',
    text: 'Come back with a question instead of a verdict. If it goes badly, that is fine: try again tomorrow.',
  },
] as const;

const figures = [
  { figure: '50,000', label: 'peacemakers we are inviting to join us' },
  { figure: '47', label: 'countries our messages have reached' },
  { figure: '73%', label: 'of participants feel less contempt after 30 days' },
  { figure: '5,000+', label: 'years of wisdom traditions that teach the pause' },
] as const;

export function AboutSection() {
  return (
    <HomeSection id={sectionIds.about} $tone="paper" aria-labelledby="about-title">
      <Container>
        <Eyebrow>About the movement</Eyebrow>
        <SectionTitle id="about-title">Disagree Without Dehumanizing</SectionTitle>
        <SectionLead>
          Pause. Reflect. Retry. is a movement of ordinary people, families, teams and communities who have decided that
          the people we disagree with are still our people. We don’t ask anyone to change their views. We ask them to
          change how they hold them.
        </SectionLead>

        <Pillars>
          {pillars.map((pillar) => (
            <Pillar key={pillar.word}>
              <PillarWord>{pillar.word}</PillarWord>
              <p>{pillar.text}</p>
            </Pillar>
          ))}
        </Pillars>

        <Figures>
          {figures.map((item) => (
            <li key={item.figure}>
              <FigureValue>{item.figure}</FigureValue>
              <span>{item.label}</span>
            </li>
          ))}
        </Figures>

        <Links>
          <ButtonLink to={paths.about}>Read Our Why</ButtonLink>
          <ButtonLink to={paths.method} variant="secondary">
            Learn the Method
          </ButtonLink>
        </Links>
      </Container>
    </HomeSection>
  );
}

const Pillars = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Pillar = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 5px solid ${({ theme }) => theme.colors.brand};
  box-shadow: ${({ theme }) => theme.shadows.card};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const PillarWord = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Figures = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space['2xl']} 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(2, 1fr);
  text-align: center;
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const FigureValue = styled.span`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`;
