/**
 * /impact, the movement's evidence (docs/product/insights.md): the snapshot the organiser published,
 * with its date. Every figure comes from `texts` and nothing else, so the build can render the page
 * with a placeholder in each slot and the server fill them as it serves it
 * (docs/decisions/018-prerendered-public-pages.md). A hidden figure's value reads 'fewer than 10'
 * and its other slots are empty: what would stand beside them (the members line, the arrow to the
 * twelfth week) goes with them, so nothing else is said about it.
 */
import { SCORE_MAX, SCORE_MIN } from '@prr/contract';
import { MIN_MEMBERS_PER_FIGURE, type ImpactTexts } from '@prr/domain';
import styled from 'styled-components';
import { paths } from '../../config';
import { ButtonLink, Card, Container, Section, SectionLead, SectionTitle } from '../../primitives';
import { media } from '../../theme';

export interface ImpactPageProps {
  texts: ImpactTexts;
}

export function ImpactPage({ texts }: ImpactPageProps) {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">The Evidence</SectionTitle>
          <SectionLead>
            What ninety days of pausing, reflecting and retrying has shown so far, in the figures of the members who
            took part in the experiment.
          </SectionLead>
          <Dated>
            Snapshot of <strong>{texts.date}</strong>
          </Dated>
        </Container>
      </Section>

      <Section aria-labelledby="impact-kept-going">
        <Container>
          <SectionTitle id="impact-kept-going">Who Took Part and Kept Going</SectionTitle>
          <SectionLead>
            How many members took part and, of those whose thirtieth or ninetieth day of the experiment had come, the
            share who saved a reflection for that day.
          </SectionLead>
          <Figures>
            <Figure>
              <FigureLabel>Members who took part</FigureLabel>
              <Value>{texts.members}</Value>
            </Figure>
            <Figure>
              <FigureLabel>Reflected on day 30</FigureLabel>
              <Value>{texts.retentionDay30}</Value>
              <Basis>{texts.retentionDay30Members}</Basis>
            </Figure>
            <Figure>
              <FigureLabel>Reflected on day 90</FigureLabel>
              <Value>{texts.retentionDay90}</Value>
              <Basis>{texts.retentionDay90Members}</Basis>
            </Figure>
          </Figures>
        </Container>
      </Section>

      <Section $tone="sand" aria-labelledby="impact-change">
        <Container>
          <SectionTitle id="impact-change">How Members Felt, Week 1 to Week 12</SectionTitle>
          <SectionLead>
            Each reflection rates the day’s mood and empathy from {SCORE_MIN} to {SCORE_MAX}. These are the averages of
            the first week and of the twelfth, over the members who reflected in both.
          </SectionLead>
          <Changes>
            <Change label="Average mood" from={texts.moodFrom} to={texts.moodTo} members={texts.moodMembers} />
            <Change
              label="Average empathy"
              from={texts.empathyFrom}
              to={texts.empathyTo}
              members={texts.empathyMembers}
            />
          </Changes>
        </Container>
      </Section>

      <Section aria-labelledby="impact-reading">
        <Container>
          <Note>
            <h2 id="impact-reading">Reading the Figures</h2>
            <p>
              This is a snapshot: the figures as they stood on {texts.date}. They change only when the organiser
              publishes a new one.
            </p>
            <p>
              No figure stands on fewer than {MIN_MEMBERS_PER_FIGURE} members. Where a group is smaller, its figure
              reads ‘fewer than {MIN_MEMBERS_PER_FIGURE}’ and nothing more, so no one can be picked out of it.
            </p>
            <p>Days and weeks count from each member’s own first day of the experiment, whenever they joined.</p>
          </Note>
        </Container>
      </Section>

      <Section $tone="surface">
        <Container>
          <Cta>
            <h2>Be Part of the Next Snapshot</h2>
            <p>One short reflection a day, for ninety days. Your days add to these figures, and never stand alone.</p>
            <ButtonLink to={paths.experiment} size="lg">
              Join the 90-Day Experiment
            </ButtonLink>
          </Cta>
        </Container>
      </Section>
    </>
  );
}

interface ChangeProps {
  label: string;
  from: string;
  to: string;
  members: string;
}

function Change({ label, from, to, members }: ChangeProps) {
  return (
    <Figure>
      <FigureLabel>{label}</FigureLabel>
      <Weeks>Week 1 to week 12</Weeks>
      <Value>
        {from}
        <To>{to}</To>
      </Value>
      <Basis>{members}</Basis>
    </Figure>
  );
}

const Dated = styled.p`
  display: table;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong {
    color: ${({ theme }) => theme.colors.ink};
  }
`;

const Figures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Changes = styled(Figures)`
  max-width: 52rem;
  margin: 0 auto;
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const Figure = styled(Card).attrs({ as: 'li' })`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  border-top: 6px solid ${({ theme }) => theme.colors.olive};
`;

const FigureLabel = styled.h3`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Weeks = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Value = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.brandDark};
`;

/** The week-12 average after an arrow; an empty one (a hidden figure) takes its arrow with it. */
const To = styled.span`
  &::before {
    content: '→';
    /* Read as a word, not as an arrow's name, where alternative text for content is understood. */
    content: '→' / ' to ';
    margin: 0 0.4em;
    color: ${({ theme }) => theme.colors.olive};
    font-weight: 400;
  }
  &:empty {
    display: none;
  }
`;

/** How many members the figure stands on; empty (and not drawn) for a hidden one. */
const Basis = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  &:empty {
    display: none;
  }
`;

const Note = styled.article`
  max-width: 44rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  border-left: 6px solid ${({ theme }) => theme.colors.olive};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

const Cta = styled.div`
  text-align: center;
  max-width: 42rem;
  margin: 0 auto;
  p {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;
