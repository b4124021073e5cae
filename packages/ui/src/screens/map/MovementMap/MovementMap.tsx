/**
 * The participation map and its three cards, Top States, Progress and Coverage
 * (docs/product/screens.md#movement-map): an island on /map, hydrated when it scrolls near.
 */
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useMapStates, useMovementStats } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { Grid } from '../../../primitives';
import { CoverageCard } from '../CoverageCard';
import { MapLoading } from '../MapFrame';
import { withQueries } from '../../../islands/withQueries';
import { mapSummary } from '../mapRules';
import { ProgressCard } from '../ProgressCard';
import { TopStates } from '../TopStates';

// d3-geo, topojson-client and the shapes load only once the map is drawn, in their own chunk.
const UsMap = lazy(async () => ({ default: (await import('../UsMap/UsMap')).UsMap }));

export function MovementMap() {
  const states = useMapStates();
  const stats = useMovementStats();
  const summary = mapSummary(states.data ?? [], stats.data?.goal);

  return (
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
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

/** The island's root: the component with a query client of its own (islands/withQueries.tsx). */
export const MovementMapIsland = withQueries(MovementMap);
