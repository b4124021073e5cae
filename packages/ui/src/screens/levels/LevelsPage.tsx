/**
 * /levels: the peacemaker ladder, how points are earned, and the two ways in (docs/product/screens.md#peacemaker-levels).
 * Thresholds and point values come from the contract, the one place the server reads them too.
 */
import { POINTS } from '@prr/contract';
import styled from 'styled-components';
import { LevelsLadder } from '../../components/LevelsLadder';
import { Island } from '../../islands/Island';
import { paths } from '../../config';
import { ButtonLink, Container, Page, Section, SectionLead, SectionTitle } from '../../primitives';
import { media } from '../../theme';

/** The points table of docs/product/screens.md#peacemaker-levels, in the order the page lists it. */
export const POINT_ACTIVITIES = [
  { activity: 'Join the 90-Day Challenge', points: POINTS.joinChallenge },
  { activity: 'Each daily reflection', points: POINTS.dailyReflection },
  { activity: 'Share a story', points: POINTS.shareStory },
  { activity: 'Invite a friend', points: POINTS.inviteFriend },
] as const;

export function LevelsPage() {
  return (
    <Page>
      <Hero>
        <Container>
          <Eyebrow>Community</Eyebrow>
          <h1>Peacemaker Levels</h1>
          <Lead>
            Every pause counts. As you practise Pause. Reflect. Retry., you grow from a curious Prospect into a Guardian
            who keeps the peace for the people around you.
          </Lead>
          <Actions>
            <ButtonLink to={paths.experiment} size="lg">
              Start the 90-Day Challenge
            </ButtonLink>
            <ButtonLink to={paths.dashboard} size="lg" variant="secondary">
              View Your Progress
            </ButtonLink>
          </Actions>
        </Container>
      </Hero>

      <Section aria-labelledby="ladder-title">
        <Narrow>
          <SectionTitle id="ladder-title">The Ladder</SectionTitle>
          <SectionLead>
            Five levels, one practice. Open a level to see what it asks of you and what it opens up.
          </SectionLead>
          <Island component={LevelsLadder} load="intent" />
        </Narrow>
      </Section>

      <Section $tone="sand" aria-labelledby="points-title">
        <Narrow>
          <SectionTitle id="points-title">How Points Work</SectionTitle>
          <SectionLead>
            Levels advance automatically when you reach each point threshold, and we will let you know every time you
            move up. There is nothing to apply for: keep practising and the points follow.
          </SectionLead>
          <PointsTable>
            <caption className="visually-hidden">Points for each activity</caption>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {POINT_ACTIVITIES.map(({ activity, points }) => (
                <tr key={activity}>
                  <th scope="row">{activity}</th>
                  <td>+{points}</td>
                </tr>
              ))}
            </tbody>
          </PointsTable>
        </Narrow>
      </Section>
    </Page>
  );
}

const Hero = styled.section`
  padding: ${({ theme }) => theme.space['2xl']} 0 ${({ theme }) => theme.space.xl};
  text-align: center;
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.paper});
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const Lead = styled.p`
  max-width: 40rem;
  margin: 0 auto ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Narrow = styled(Container)`
  max-width: 820px;
`;

const PointsTable = styled.table`
  width: 100%;
  max-width: 32rem;
  margin: 0 auto;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  box-shadow: ${({ theme }) => theme.shadows.card};
  th,
  td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    background: ${({ theme }) => theme.colors.ink};
    color: ${({ theme }) => theme.colors.paper};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.05em;
    text-transform: uppercase;
  }
  tbody th {
    font-weight: 600;
  }
  td {
    text-align: right;
    font-weight: 700;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.olive};
  }
  thead th:last-child {
    text-align: right;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  ${media.md} {
    th,
    td {
      padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
    }
  }
`;
