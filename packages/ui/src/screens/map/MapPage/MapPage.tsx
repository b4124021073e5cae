/**
 * /map, the Movement Map (docs/product/screens.md#movement-map): the goal and how far the movement has come,
 * the participation map, its legend and the Top States, Progress and Coverage cards.
 */
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useMapStates, useMovementStats } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../config';
import { ButtonLink, Container, Grid, Page, Section, SectionLead } from '../../../primitives';
import { media } from '../../../theme';
import { CoverageCard } from '../CoverageCard';
import { MapLoading } from '../MapFrame';
import { formatCount, mapSummary } from '../mapRules';
import { ProgressCard } from '../ProgressCard';
import { TopStates } from '../TopStates';

// d3-geo, topojson-client and the shapes load only once the map is drawn, in their own chunk.
const UsMap = lazy(async () => ({ default: (await import('../UsMap/UsMap')).UsMap }));

export function MapPage() {
  const states = useMapStates();
  const stats = useMovementStats();
  const summary = mapSummary(states.data ?? [], stats.data?.goal);

  return (
    <Page>
      <Hero $tone="sand" aria-labelledby="map-title">
        <Container>
          <Title id="map-title">Join the National Movement</Title>
          <SectionLead>Help Our Country Become More United</SectionLead>
          <Figures>
            <Figure>
              <dt>Our goal</dt>
              <dd>{formatCount(summary.goal)}</dd>
            </Figure>
            <Figure>
              <dt>Peacemakers so far</dt>
              <dd>{states.isSuccess ? formatCount(summary.total) : '…'}</dd>
            </Figure>
          </Figures>
          <Invitation>
            Be one of the {formatCount(summary.goal)} people joining together against polarization and division. One
            pause, one conversation, one state at a time.
          </Invitation>
          <Actions>
            <ButtonLink to={paths.experiment} size="lg">
              Join the Experiment
            </ButtonLink>
          </Actions>
        </Container>
      </Hero>

      <Section aria-labelledby="map-section-title">
        <Container>
          <SectionHeading id="map-section-title">Peacemakers across America</SectionHeading>
          <QueryView
            query={states}
            loading={<MapLoading />}
            error="We couldn't load the map just now. Please try again in a moment."
          >
            {(records) => (
              <Stack>
                <Suspense fallback={<MapLoading />}>
                  <UsMap records={records} />
                </Suspense>
                <Grid $min="260px">
                  <TopStates records={records} />
                  <ProgressCard total={summary.total} goal={summary.goal} />
                  <CoverageCard covered={summary.covered} />
                </Grid>
              </Stack>
            )}
          </QueryView>
        </Container>
      </Section>
    </Page>
  );
}

const Hero = styled(Section)`
  text-align: center;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

const Figures = styled.dl`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.lg};
`;

const Figure = styled.div`
  flex: 1 1 8rem;
  max-width: 13rem;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brandDark};
    font-variant-numeric: tabular-nums;
  }
`;

const Invitation = styled.p`
  max-width: 38rem;
  margin: 0 auto ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
`;

const SectionHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;
